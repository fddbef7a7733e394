import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEDULED } from "#server/schedules";
import { createServices } from "#server/wiring/services";
import { CookieJar, createAccount } from "#tests/support/auth-browser";
import { type RoundRobinProxy, startRoundRobinProxy } from "#tests/support/reverse-proxy";
import { type S3Server, startS3Server } from "#tests/support/s3-server";
import { type ShopProcess, startShopProcess } from "#tests/support/server-process";
import { checkoutBody, insertShoppingCatalog, setStock } from "#tests/support/shop-fixture";
import { type TestSmtpServer, startSmtpServer } from "#tests/support/smtp";
import { type TestDb, bootEnv, createTestDb } from "#tests/support/test-shop";

// Two shop processes on one PostgreSQL database and one S3 bucket, behind a load balancer that
// sends each request to the next instance in turn: the shop must behave as one.

const ORIGIN = "http://shop.test";
const ADMIN = { email: "owner@shop.test", password: "owner-password-1" };
const SHOPPER = { email: "ada@example.com", password: "ada-password-1" };
const TARGET = { email: "target@example.com", password: "target-password-1" };
/** Wrong passwords per (e-mail, address) before the sign-in lock (AUTH_EMAIL_RATE_LIMIT). */
const LOCK_AFTER = 3;
/** Orders one browser may place per hour (ORDER_LIMIT_PER_SHOPPER). */
const ORDERS_PER_SHOPPER = 3;
/** The default of the settings' maxOpenOrdersPerContact. */
const OPEN_ORDERS_PER_CONTACT = 3;

interface Instance {
  name: "A" | "B";
  process: ShopProcess;
  port: number;
}

/** A browser: keeps its cookies and sends the shop's Origin, to whichever address it is pointed at. */
function visitor() {
  const jar = new CookieJar();
  async function request(base: string, pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", ORIGIN);
    const cookie = jar.header();
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(base + pathname, { ...init, headers, redirect: "manual" });
    jar.store(res);
    return res;
  }
  return {
    jar,
    request,
    get: (base: string, pathname: string) => request(base, pathname),
    post: (base: string, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      request(base, pathname, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }),
    patch: (base: string, pathname: string, body: unknown) =>
      request(base, pathname, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  };
}
type Visitor = ReturnType<typeof visitor>;

const dataOf = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const upstreamOf = (res: Response) => Number(res.headers.get("x-upstream-port"));

describe.skipIf(process.env.TEST_DB !== "postgres")("two instances behind a load balancer (PostgreSQL only: SQLite is one machine's database)", () => {
  let testDb: TestDb;
  let s3: S3Server;
  let smtp: TestSmtpServer;
  let proxy: RoundRobinProxy;
  let a: Instance;
  let b: Instance;
  let lb: string;
  let mug: string;
  let dir: string;
  const figures: Record<string, number | string> = {};
  /** Every order the shop answered 201 for: its number and contact address. */
  const placed: Array<{ number: string; email: string }> = [];
  const suiteStarted = Date.now();
  const base = (i: Instance) => `http://127.0.0.1:${i.port}`;

  beforeAll(async () => {
    const t0 = Date.now();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-two-"));
    [testDb, s3, smtp] = await Promise.all([createTestDb(), startS3Server(), startSmtpServer()]);
    mug = (await insertShoppingCatalog(testDb.db)).mug;
    // Far above the low-stock threshold: the only mails are the ones each step expects.
    await setStock(testDb.db, mug, 1000);
    // Accounts written straight to the shared database, as either instance would.
    const services = createServices(testDb.db, bootEnv(testDb.url, dir));
    await createAccount({ services }, { ...ADMIN, role: "admin" });
    await createAccount({ services }, SHOPPER);
    await createAccount({ services }, TARGET);

    // What every instance of one shop shares.
    const shared = {
      ...s3.env,
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: "two-instances-share-this-secret-0123456789",
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      AUTH_EMAIL_RATE_LIMIT: String(LOCK_AFTER),
      AUTH_RATE_LIMIT: "1000",
      ORDER_LIMIT_PER_IP: "1000/1h",
      ORDER_LIMIT_PER_SHOPPER: `${ORDERS_PER_SHOPPER}/1h`,
      ORDER_LIMIT_PER_CONTACT: "1000/1h",
      MAIL_LIMIT_PER_RECIPIENT: "1000/1h",
    };
    const t1 = Date.now();
    const [pa, pb] = await Promise.all([startShopProcess(testDb.url, shared), startShopProcess(testDb.url, shared)]);
    figures.startBothMs = Date.now() - t1;
    const portOf = (p: ShopProcess) => Number(new URL(p.base).port);
    a = { name: "A", process: pa, port: portOf(pa) };
    b = { name: "B", process: pb, port: portOf(pb) };
    proxy = await startRoundRobinProxy([a.port, b.port]);
    lb = `http://127.0.0.1:${proxy.port}`;
    figures.setupMs = Date.now() - t0;
  }, 90_000);

  afterAll(async () => {
    figures.totalMs = Date.now() - suiteStarted;
    if (proxy) figures.answeredByAB = proxy.answered.join(" / ");
    console.log("two-instances figures", figures);
    await proxy?.close();
    await Promise.all([a?.process.stop(), b?.process.stop()]);
    await smtp?.close();
    await s3?.close();
    await testDb?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  let owner: Visitor;
  let shopper: Visitor;

  it("alternates requests between the instances, and a session signed in through one is valid on both", async () => {
    owner = visitor();
    const signIn = await owner.post(lb, "/api/auth/sign-in/email", ADMIN);
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const ports = [];
    for (let i = 0; i < 4; i++) {
      const res = await owner.get(lb, "/api/auth/get-session?disableCookieCache=true");
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
      ports.push(upstreamOf(res));
    }
    expect(new Set(ports)).toEqual(new Set([a.port, b.port]));
    expect(ports[0]).not.toBe(ports[1]);
    for (const i of [a, b]) {
      const res = await owner.get(base(i), "/api/auth/get-session?disableCookieCache=true");
      expect(((await res.json()) as { user: { email: string } }).user.email, `session on ${i.name}`).toBe(ADMIN.email);
    }
  });

  it("a picture uploaded through one instance is served by the other, which accepts it for a product", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="100%" height="100%" fill="#b45309"/><circle cx="450" cy="300" r="200" fill="#1e3a8a"/></svg>`;
    const form = new FormData();
    form.set("kind", "product");
    form.set("file", new Blob([new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer())], { type: "image/jpeg" }), "lamp.jpg");
    const started = Date.now();
    const uploaded = await owner.request(base(a), "/api/admin/uploads", { method: "POST", body: form });
    figures.uploadMs = Date.now() - started;
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { url } = await dataOf<{ url: string }>(uploaded);

    // B has never seen the file: its /uploads/ address sends the browser to the bucket, which has it.
    const onB = await fetch(base(b) + url, { redirect: "manual" });
    expect(onB.status).toBe(302);
    const location = onB.headers.get("location")!;
    expect(location).toBe(s3.objectUrl(url.slice("/uploads/".length)));
    const picture = await fetch(location);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe("webp");

    // B checks that the picture exists before a product may name it.
    const created = await owner.post(base(b), "/api/admin/products", { name: "Desk Lamp", categorySlug: "home", price: 30, image: [url], variants: [] });
    expect(created.status, await created.clone().text()).toBe(201);
    const onA = await dataOf<{ image: string[] }>(await owner.get(base(a), "/api/products/desk-lamp"));
    expect(onA.image).toEqual([url]);
  });

  it("a price saved on one instance shows on the other's answers at once, though both had it cached", async () => {
    const priceOn = async (at: string) => (await dataOf<{ price: number }>(await fetch(`${at}/api/products/mug`))).price;
    // Twice each: the second answer comes from the instance's answer cache.
    for (const i of [a, b, a, b]) expect(await priceOn(base(i))).toBe(10);
    const { version } = await dataOf<{ version: number }>(await owner.get(base(b), `/api/admin/products/${mug}`));
    const saved = await owner.patch(base(a), `/api/admin/products/${mug}`, { price: 12.5, version });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const savedAt = Date.now();
    let reads = 0;
    await expect
      .poll(
        async () => {
          reads += 1;
          return priceOn(base(b));
        },
        { timeout: 2_000, interval: 5 },
      )
      .toBe(12.5);
    figures.priceVisibleOnOtherMs = Date.now() - savedAt;
    figures.priceReadsOnOther = reads;
    // Through the load balancer, from both.
    const seen = new Map<number, number>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${lb}/api/products/mug`);
      seen.set(upstreamOf(res), (await dataOf<{ price: number }>(res)).price);
    }
    expect(Object.fromEntries(seen)).toEqual({ [a.port]: 12.5, [b.port]: 12.5 });
  });

  it("a cart filled on one instance is the same cart on the other; a signed-in shopper's too", async () => {
    shopper = visitor();
    expect((await shopper.post(base(a), "/api/cart/items", { productId: mug, quantity: 2 })).status).toBe(201);
    const cartOnB = await dataOf<{ lines: Array<{ quantity: number }> }>(await shopper.get(base(b), "/api/cart"));
    expect(cartOnB.lines.map((l) => l.quantity)).toEqual([2]);
    // Signing in on B takes the visitor's cart into the account; A sees it through the session.
    const signIn = await shopper.post(base(b), "/api/auth/sign-in/email", SHOPPER);
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cartOnA = await dataOf<{ lines: Array<{ quantity: number }> }>(await shopper.get(base(a), "/api/cart"));
    expect(cartOnA.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it("the sign-in lock counts wrong passwords sent to either instance", async () => {
    const guesser = visitor();
    const order = [a, b, a, b];
    for (const [n, i] of order.slice(0, LOCK_AFTER).entries()) {
      expect((await guesser.post(base(i), "/api/auth/sign-in/email", { email: TARGET.email, password: `guess-${n}` })).status, `guess ${n} on ${i.name}`).toBe(
        401,
      );
    }
    const next = order[LOCK_AFTER]!;
    expect((await guesser.post(base(next), "/api/auth/sign-in/email", { email: TARGET.email, password: "guess-more" })).status).toBe(429);
    // Even the right password, from the locked-out address, on the other instance.
    const other = next === a ? b : a;
    expect((await guesser.post(base(other), "/api/auth/sign-in/email", TARGET)).status).toBe(429);
  });

  // Open orders count per e-mail and per phone: each address gets a phone of its own.
  const phones = new Map<string, string>();
  const phoneOf = (email: string) => phones.get(email) ?? phones.set(email, `+1 555 ${String(1000 + phones.size)}`).get(email)!;

  /** Places the cart's order on `at`; answers the response. */
  async function order(who: Visitor, at: string, email: string, key?: string) {
    const contact = { name: "Ada Byron", email, phone: phoneOf(email) };
    const res = await who.post(at, "/api/orders", checkoutBody({ contact }), key ? { "idempotency-key": key } : {});
    // A replay (200) answers an order whose first answer was lost on the way: it counts as placed.
    if (res.status === 201 || res.status === 200) {
      const { number } = (await dataOf<{ order: { number: string } }>(res.clone())).order;
      if (!placed.some((p) => p.number === number)) placed.push({ number, email });
    }
    return res;
  }

  it("order limits count orders placed on either instance: per shopper, and open orders per contact", async () => {
    // The signed-in shopper: its limit per hour, alternating instances, then refused on the next.
    const turns = [a, b, a, b];
    for (const [n, i] of turns.slice(0, ORDERS_PER_SHOPPER).entries()) {
      if (n > 0) expect((await shopper.post(base(i), "/api/cart/items", { productId: mug })).status).toBe(201);
      const res = await order(shopper, base(i), `shopper-${n}@example.com`);
      expect(res.status, `order ${n} on ${i.name}: ${await res.clone().text()}`).toBe(201);
    }
    const last = turns[ORDERS_PER_SHOPPER]!;
    expect((await shopper.post(base(last), "/api/cart/items", { productId: mug })).status).toBe(201);
    const refused = await order(shopper, base(last), "shopper-over@example.com");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");

    // One contact, from a new browser each time: its open orders, alternating, then refused.
    for (const [n, i] of turns.slice(0, OPEN_ORDERS_PER_CONTACT).entries()) {
      const guest = visitor();
      expect((await guest.post(base(i), "/api/cart/items", { productId: mug })).status).toBe(201);
      expect((await order(guest, base(i), "grace@example.com")).status, `contact order ${n} on ${i.name}`).toBe(201);
    }
    const guest = visitor();
    const over = turns[OPEN_ORDERS_PER_CONTACT]!;
    expect((await guest.post(base(over), "/api/cart/items", { productId: mug })).status).toBe(201);
    expect((await order(guest, base(over), "grace@example.com")).status).toBe(409);
  });

  it("each scheduled job ran once per slot, though both instances enqueue every slot", async () => {
    const names = Object.values(SCHEDULED).map((s) => s.name);
    const jobs = async () =>
      (
        await testDb.db.kysely.executeQuery<{ name: string; slot: Date; state: string; retries: number }>(
          CompiledQuery.raw(
            `SELECT name, start_after AS slot, state, retry_count AS retries FROM pgboss.job WHERE name = ANY($1)
             UNION ALL SELECT name, start_after, state, retry_count FROM pgboss.archive WHERE name = ANY($1)`,
            [names],
          ),
        )
      ).rows;
    // Both instances have polled for a few seconds: every slot they enqueued has run by now.
    await expect.poll(async () => (await jobs()).every((j) => j.state === "completed"), { timeout: 10_000 }).toBe(true);
    const rows = await jobs();
    const perSlot = new Map<string, number>();
    for (const { name, slot } of rows) {
      const key = `${name}@${new Date(slot).toISOString()}`;
      perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
    }
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(names));
    expect(Object.fromEntries(perSlot)).toEqual(Object.fromEntries([...perSlot.keys()].map((k) => [k, 1])));
    expect(rows.map((r) => r.retries)).toEqual(rows.map(() => 0));
    figures.scheduledJobs = `${rows.length} jobs for ${perSlot.size} slots`;
  });

  it("killing one instance mid-journey loses no order and no mail", async () => {
    // Every mail from now on is read and left unanswered: the senders hang, as on a slow server.
    smtp.pause();
    const heldBefore = smtp.held();
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async (_, n) => {
        const who = visitor();
        // Through the load balancer: half the carts are on each instance.
        expect((await who.post(lb, "/api/cart/items", { productId: mug })).status).toBe(201);
        return { who, email: `buyer-${n}@example.com`, key: `two-instances-${n}` };
      }),
    );
    /** Places a buyer's order through the load balancer, repeating it (same key) while the answer is lost. */
    const placeThroughLb = async ({ who, email, key }: (typeof buyers)[number]) => {
      for (let attempt = 1; ; attempt++) {
        const res = await order(who, lb, email, key).catch(() => null);
        if (res && (res.status === 201 || res.status === 200)) return { status: res.status, attempts: attempt };
        if (attempt === 10) throw new Error(`order of ${email} failed ${attempt} times (last: ${res?.status ?? "no answer"})`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    // Two orders first; wait until their confirmations are being sent (held by the SMTP server).
    for (const buyer of buyers.slice(0, 2)) expect((await placeThroughLb(buyer)).status).toBe(201);
    await expect.poll(() => smtp.held() - heldBefore, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // The instance holding a confirmation dies, with more orders on their way through the balancer.
    // Which instance is sending each held mail: the one that owns the connection it came over.
    const held = smtp
      .heldMails()
      .slice(heldBefore)
      .map((m) => ({ ...m, by: a.process.ownsConnectionFrom(m.clientPort) ? a : b.process.ownsConnectionFrom(m.clientPort) ? b : null }));
    expect(
      held.every((m) => m.by),
      "every held mail's sender is one of the instances",
    ).toBe(true);
    const victim = held[0]!.by!;
    const survivor = victim === a ? b : a;
    const inFlight = buyers.slice(2, 5).map(placeThroughLb);
    const killedAt = Date.now();
    await victim.process.kill();
    const answers = await Promise.all(inFlight);
    const orphaned = held.filter((m) => m.by === victim);
    figures.killed = `${victim.name}, sending ${orphaned.length} of ${held.length} held mails`;
    figures.ordersRepeatedAfterKill = answers.filter((x) => x.attempts > 1).length;
    // The journey goes on through the balancer, which skips the dead instance.
    const after = await placeThroughLb(buyers[5]!);
    expect(after).toEqual({ status: 201, attempts: 1 });
    expect((await fetch(`${lb}/api/products/mug`)).headers.get("x-upstream-port")).toBe(String(survivor.port));

    // The SMTP server answers again: the survivor's held mails are sent again after their timeout,
    // the victim's once its lease runs out and the survivor takes them.
    smtp.resume();
    const buyerEmails = buyers.map((x) => x.email);
    await expect
      .poll(() => placed.filter((p) => smtp.messages.some((m) => m.subject.includes(p.number))).length, { timeout: 45_000, interval: 250 })
      .toBe(placed.length);
    figures.allMailsAfterKillMs = Date.now() - killedAt;
    await new Promise((r) => setTimeout(r, 1_500));

    // The mails the victim was sending went out all the same: the survivor took them over.
    for (const { subject } of orphaned)
      expect(
        smtp.messages.filter((m) => m.subject === subject),
        subject,
      ).toHaveLength(1);
    figures.takenOverBySurvivor = orphaned.length;

    // Each order answered 201 is stored once, and its confirmation reached the mail server once.
    for (const email of buyerEmails)
      expect(
        placed.filter((p) => p.email === email),
        email,
      ).toHaveLength(1);
    const rows = await testDb.db.kysely.selectFrom("orders").select(["number", "contact_email"]).execute();
    expect(rows.map((r) => r.number).sort()).toEqual(placed.map((p) => p.number).sort());
    for (const p of placed)
      expect(
        smtp.messages.filter((m) => m.subject.includes(p.number)),
        p.number,
      ).toHaveLength(1);
    figures.orders = placed.length;
    figures.mailsDelivered = smtp.messages.length;
    figures.mailsHeld = smtp.held();
  }, 70_000);
});
