import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog } from "#tests/support/shop-fixture";
import { type TestSmtpServer, startSmtpServer } from "#tests/support/smtp";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

/** A port nothing listens on now (the mail server is down), for the test to start it on later. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("mail while the mail server is down", () => {
  let shop: TestShop;
  let ids: ShoppingCatalog;
  let port: number;
  let smtp: TestSmtpServer | null = null;
  beforeAll(async () => {
    port = await freePort();
    shop = await createTestShop({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    ids = await insertShoppingCatalog(shop.db);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("keeps the order's confirmation and sends it once when the server comes back", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug }]);
    const res = await b.request("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checkoutBody({ contact: { name: "Ada Byron", email: "ada@example.com", phone: "+1 555 0100" } })),
    });
    expect(res.status).toBe(201);
    const { number } = ((await res.json()) as { data: { order: { number: string } } }).data.order;

    // The first try finds no server: the mail waits in the queue with the error.
    const tries = async () => (await shop.services.jobs.list("queued")).filter((j) => j.name === "mail.deliver");
    await expect
      .poll(tries, { timeout: 5_000 })
      .toEqual([expect.objectContaining({ state: "queued", attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) })]);

    smtp = await startSmtpServer(port);
    const mail = await smtp.waitFor((m) => m.to.includes("ada@example.com"), 15_000);
    expect(mail.subject).toContain(number);
    // Once: the worker does not send it again.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to("ada@example.com")).toHaveLength(1);
    expect(await shop.services.jobs.counts()).toMatchObject({ queued: 0, active: 0, failed: 0 });
  }, 30_000);
});
