import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/lib/logger";
import { createJobQueue } from "#modules/jobs";
import { type ShopProcess, startShopProcess } from "#tests/support/server-process";
import { type ShoppingCatalog, checkoutBody, insertShoppingCatalog } from "#tests/support/shop-fixture";
import { type TestSmtpServer, startSmtpServer } from "#tests/support/smtp";
import { type TestDb, createTestDb } from "#tests/support/test-shop";

const ORIGIN = "http://shop.test";

/** A shopper's requests to a shop process, keeping its cookies. */
function shopper(base: string) {
  const cookies = new Map<string, string>();
  return async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "), ...headers },
      body: JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
}

describe("an order's confirmation when the shop dies while sending it", () => {
  let testDb: TestDb;
  let ids: ShoppingCatalog;
  let smtp: TestSmtpServer;
  const shops: ShopProcess[] = [];
  beforeAll(async () => {
    testDb = await createTestDb();
    ids = await insertShoppingCatalog(testDb.db);
    // The first mail is read and never answered: the shop is killed while it waits.
    smtp = await startSmtpServer(0, { holdFirst: 1 });
  });
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await smtp?.close();
    await testDb?.drop();
  });

  it("reaches the mail server exactly once after a restart, within 30 seconds", async () => {
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, MAIL_LIMIT_PER_RECIPIENT: "100/1h" };
    const first = await startShopProcess(testDb.url, env);
    shops.push(first);
    const send = shopper(first.base);
    expect((await send("/api/cart/items", { productId: ids.mug })).status).toBe(201);
    const res = await send("/api/orders", checkoutBody({ contact: { name: "Ada Byron", email: "ada@example.com", phone: "+1 555 0100" } }));
    expect(res.status).toBe(201);
    const { number } = ((await res.json()) as { data: { order: { number: string } } }).data.order;

    // The worker is sending the confirmation (the server holds it): kill the shop now.
    await expect.poll(() => smtp.held(), { timeout: 10_000 }).toBe(1);
    await first.kill();
    expect(smtp.to("ada@example.com")).toHaveLength(0);

    const restartedAt = Date.now();
    const second = await startShopProcess(testDb.url, env);
    shops.push(second);
    const mail = await smtp.waitFor((m) => m.to.includes("ada@example.com"), 40_000);
    expect(Date.now() - restartedAt).toBeLessThan(30_000);
    expect(mail.subject).toContain(number);
    // And once: nothing sends it again.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.to("ada@example.com")).toHaveLength(1);
    const jobs = createJobQueue(testDb.db, { logger: createLogger("silent") });
    const delivered = (await jobs.list("done")).filter((j) => j.name === "mail.deliver");
    expect(delivered).toEqual([expect.objectContaining({ state: "done", attempts: 2 })]);
  }, 90_000);
});
