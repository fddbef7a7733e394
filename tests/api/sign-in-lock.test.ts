import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, createAccount, uniqueIp } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";

// Wrong passwords lock the (account, address) pair, not the account: a guesser cannot lock the
// owner out. Per-IP limits are set high here so that only the per-account rules answer 429.
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ AUTH_RATE_LIMIT: "30", AUTH_EMAIL_RATE_LIMIT: "3" });
  await createAccount(shop, { email: "known@example.com", password: "known-password-1" });
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

const signIn = (ip: string, email: string, password: string) => browser(shop, { ip }).post("/api/auth/sign-in/email", { email, password });

describe("failed sign-ins", () => {
  it("locks one address out of an account after repeated wrong passwords, while the owner signs in from another", async () => {
    await createAccount(shop, { email: "target@example.com", password: "the-real-password" });
    const attacker = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await signIn(attacker, "target@example.com", "guess-number-" + i)).status).toBe(401);
    const blocked = await signIn(attacker, "target@example.com", "another-guess");
    expect(blocked.status).toBe(429);
    // The owner, from an address that has not failed, signs in as usual.
    expect((await signIn(uniqueIp(), "target@example.com", "the-real-password")).status).toBe(200);
    expect((await blocked.json()).message).toMatch(/too many failed sign-ins for this account from your address.*wait 15 minutes/i);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    // Even the right password waits there: the attacker learns nothing from a guess during the lock.
    expect((await signIn(attacker, "target@example.com", "the-real-password")).status).toBe(429);
    // The attacker's address may still try other accounts.
    expect((await signIn(attacker, "known@example.com", "known-password-1")).status).toBe(200);
  });

  it("mails the owner once when a lock starts, with a one-time link that signs in", async () => {
    await createAccount(shop, { email: "mailed@example.com", password: "mailed-password-1", name: "Mai Led" });
    const lockMails = () => shop.services.mailer.outbox.filter((m) => m.to === "mailed@example.com" && /failed sign-ins/i.test(m.subject));
    for (const attacker of [uniqueIp(), uniqueIp()]) {
      for (let i = 0; i < 3; i++) await signIn(attacker, "mailed@example.com", "wrong-" + i);
      expect((await signIn(attacker, "mailed@example.com", "wrong-again")).status).toBe(429);
    }
    await shop.services.auth.idle();
    expect(lockMails()).toHaveLength(1);
    const [mail] = lockMails();
    expect(mail!.text).toMatch(/^Hello Mai,/);
    expect(mail!.text).toMatch(/tried to sign in to your account .* several times with a wrong password/);
    const link = mail!.text.match(/https?:\/\/\S+magic-link\/verify\S+/)?.[0];
    expect(link).toBeDefined();
    const owner = browser(shop);
    expect((await owner.get(link!)).status).toBe(302);
    expect((await owner.session())?.user.email).toBe("mailed@example.com");
    // Once only.
    expect((await browser(shop).get(link!)).headers.get("location")).toMatch(/error=/);

    // No account, no mail (and the same answers as for an account).
    const stranger = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await signIn(stranger, "nobody-here@example.com", "wrong-" + i)).status).toBe(401);
    expect((await signIn(stranger, "nobody-here@example.com", "wrong-again")).status).toBe(429);
    await shop.services.auth.idle();
    expect(shop.services.mailer.outbox.some((m) => m.to === "nobody-here@example.com")).toBe(false);
  });

  it("a guesser spread over many addresses gets one guess per address past the account's threshold; a clean address still signs in", async () => {
    await createAccount(shop, { email: "spread@example.com", password: "spread-password-1" });
    // AUTH_EMAIL_RATE_LIMIT is 3 here: the account's threshold is 4 × 3 = 12 failures.
    const guessers = Array.from({ length: 6 }, () => uniqueIp());
    for (const ip of guessers) for (let i = 0; i < 2; i++) expect((await signIn(ip, "spread@example.com", `guess-${ip}-${i}`)).status).toBe(401);
    for (const ip of guessers) {
      const refused = await signIn(ip, "spread@example.com", "spread-password-1");
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/too many failed sign-ins for this account/i);
    }
    // A new address gets one guess, then is refused too.
    const late = uniqueIp();
    expect((await signIn(late, "spread@example.com", "one-more-guess")).status).toBe(401);
    expect((await signIn(late, "spread@example.com", "spread-password-1")).status).toBe(429);
    // The owner, from an address that has not failed, signs in.
    expect((await signIn(uniqueIp(), "spread@example.com", "spread-password-1")).status).toBe(200);
    await shop.services.auth.idle();
    expect(shop.services.mailer.outbox.filter((m) => m.to === "spread@example.com" && /failed sign-ins/i.test(m.subject))).toHaveLength(1);
  });

  it("a successful sign-in clears that address's failures for the account", async () => {
    await createAccount(shop, { email: "typist@example.com", password: "typist-password" });
    const ip = uniqueIp();
    for (let i = 0; i < 2; i++) expect((await signIn(ip, "typist@example.com", "typo-" + i)).status).toBe(401);
    expect((await signIn(ip, "typist@example.com", "typist-password")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(ip, "typist@example.com", "typo-again-" + i)).status).toBe(401);
    expect((await signIn(ip, "typist@example.com", "typist-password")).status).toBe(200);
  });
});
