import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Listening, requestFrom, serveShop, startReverseProxy } from "../support/reverse-proxy";
import { type TestShop, createTestShop } from "../support/test-shop";

// The shop over real HTTP behind a real reverse proxy that appends the socket address to
// X-Forwarded-For as nginx does. Clients are real sockets bound to distinct loopback addresses.
const ATTACKER = "127.0.0.2";
const OTHER_CLIENT = "127.0.0.3";
const contact = { name: "Flood Bot", email: "bot@example.com", message: "Buy cheap watches now!!" };

describe.each([
  ["1", "one proxy by count"],
  ["true", "true, which means one proxy"],
  ["127.0.0.1", "the proxy's address"],
])("TRUST_PROXY=%s (%s) behind a reverse proxy", (trustProxy) => {
  let shop: TestShop;
  let server: Listening;
  let proxy: Listening;
  let n = 0;
  // Every request claims another address of its own, followed by a trusted-looking hop.
  const spoofed = () => `203.0.113.${++n}, 127.0.0.1`;

  beforeAll(async () => {
    shop = await createTestShop({ TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: "3", CONTACT_RATE_LIMIT: "2" });
    server = await serveShop(shop);
    proxy = await startReverseProxy(server.port);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
    await shop?.services.auth.idle();
    await shop?.close();
  });

  const signIn = (from: string, headers: Record<string, string> = {}) =>
    requestFrom(from, proxy.port, "/api/auth/sign-in/email", {
      headers: { origin: "http://shop.test", ...headers },
      body: { email: `guess-${++n}@example.com`, password: "wrong-password" },
    });

  it("a client writing X-Forwarded-For itself still runs out of sign-ins, and another client does not", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(ATTACKER, { "x-forwarded-for": spoofed() })).status).toBe(401);
    const blocked = await signIn(ATTACKER, { "x-forwarded-for": spoofed() });
    expect(blocked.status).toBe(429);
    expect((blocked.json() as { message: string }).message).toMatch(/too many attempts.*wait \d+ seconds/i);
    expect((await signIn(ATTACKER)).status).toBe(429);
    expect((await signIn(OTHER_CLIENT)).status).toBe(401);
  });

  it("a client writing X-Forwarded-For itself still runs out of contact messages, and another client does not", async () => {
    const post = (from: string, xff?: string) =>
      requestFrom(from, proxy.port, "/api/contact", { headers: xff ? { "x-forwarded-for": xff } : {}, body: contact });
    for (let i = 0; i < 2; i++) expect((await post(ATTACKER, spoofed())).status).toBe(201);
    const blocked = await post(ATTACKER, spoofed());
    expect(blocked.status).toBe(429);
    expect((blocked.json() as { error: { message: string } }).error.message).toMatch(/too many/i);
    expect((await post(OTHER_CLIENT)).status).toBe(201);
    // The message is stored with the address the proxy saw.
    const stored = await shop.db.kysely.selectFrom("contact_messages").select("ip").execute();
    expect(new Set(stored.map((m) => m.ip))).toEqual(new Set([ATTACKER, OTHER_CLIENT]));
  });
});

describe("TRUST_PROXY=<proxy address>: a client that goes around the proxy", () => {
  let shop: TestShop;
  let server: Listening;
  beforeAll(async () => {
    shop = await createTestShop({ TRUST_PROXY: "127.0.0.1", CONTACT_RATE_LIMIT: "1" });
    server = await serveShop(shop);
  });
  afterAll(async () => {
    await server?.close();
    await shop?.close();
  });

  it("is its own socket address: its header is not believed", async () => {
    const post = (xff: string) => requestFrom(ATTACKER, server.port, "/api/contact", { headers: { "x-forwarded-for": xff }, body: contact });
    expect((await post("203.0.113.1")).status).toBe(201);
    expect((await post("203.0.113.2")).status).toBe(429);
  });
});
