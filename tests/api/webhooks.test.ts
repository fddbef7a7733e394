import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors";
import { RETRY, createWebhooks, isPublicAddress, retrySpanMs } from "#modules/webhooks";
import { createLogger } from "../../server/lib/logger";
import { type TestBrowser, createAccount, signedIn, uniqueIp } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "../support/shop-fixture";
import { freshReturn } from "../support/returns-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

let shop: TestShop;
let admin: TestBrowser;
let catalog: ShoppingCatalog;
let receiver: Receiver;

const ACTOR = { id: "webhook-test", email: "webhook-test@example.com", requestId: null };

beforeAll(async () => {
  shop = await createTestShop();
  catalog = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, catalog.mug, 1000);
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  receiver = await startReceiver();
});
afterAll(async () => {
  await shop?.services.webhooks.settle();
  await shop?.close();
  await receiver?.close();
});

type Endpoint = { id: string; url: string; events: string[]; active: boolean; secret: string; description: string | null; disabledReason: string | null };
type Delivery = { id: string; event: string; status: string; attempts: number; responseStatus: number | null; createdAt: string; deliveredAt: string | null };

const api = (method: string, path: string, body?: unknown) => send(admin, method, `/api/admin${path}`, body);

async function createEndpoint(body: Record<string, unknown>): Promise<Endpoint> {
  const res = await api("POST", "/webhooks", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data;
}

async function deliveriesOf(id: string): Promise<Delivery[]> {
  const res = await api("GET", `/webhooks/${id}/deliveries`);
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

/** Places a cash-on-delivery order of one mug through the API; the order as answered. */
async function placeMugOrder(): Promise<{ id: string; number: string }> {
  const b = await browserWithCart(shop, [{ productId: catalog.mug }]);
  const res = await b.post("/api/orders", checkoutBody());
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data.order;
}

/** The hooks the receiver got since `from`, each verified with the endpoint's secret by the standardwebhooks library (throws on a bad signature). */
function verified(secret: string, from = 0) {
  const wh = new Webhook(secret);
  return receiver.received
    .slice(from)
    .map((hook) => ({ hook, event: wh.verify(hook.body, hook.headers) as { id: string; type: string; createdAt: string; data: any } }));
}

describe("the webhooks admin API", () => {
  it("creates an endpoint with its secret shown once, masks it after, changes, rotates and deletes it", async () => {
    const created = await createEndpoint({
      url: "http://127.0.0.1:9/contract",
      events: ["order.created", "order.created", "product.updated"],
      description: "ERP",
    });
    expect(created).toMatchObject({ url: "http://127.0.0.1:9/contract", events: ["order.created", "product.updated"], active: true, description: "ERP" });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const read = (await (await api("GET", `/webhooks/${created.id}`)).json()).data as Endpoint;
    expect(read.secret).toBe(`whsec_…${created.secret.slice(-4)}`);
    const list = (await (await api("GET", "/webhooks")).json()).data as Endpoint[];
    expect(list.find((e) => e.id === created.id)?.secret).toBe(read.secret);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const patched = await api("PATCH", `/webhooks/${created.id}`, { events: ["order.refunded"], active: false, description: null });
    expect(patched.status).toBe(200);
    const after = (await patched.json()).data as Endpoint;
    expect(after).toMatchObject({ events: ["order.refunded"], active: false, description: null });
    expect(after.secret).toBe(read.secret);

    const rotated = (await (await api("PATCH", `/webhooks/${created.id}`, { rotateSecret: true })).json()).data as Endpoint;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);

    const audit = await shop.db.kysely.selectFrom("audit_log").select(["action", "changes"]).where("entity_id", "=", created.id).execute();
    expect(audit.map((a) => a.action)).toEqual(["webhook.create", "webhook.update", "webhook.update"]);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
    expect(JSON.stringify(audit)).not.toContain(rotated.secret);

    expect((await api("DELETE", `/webhooks/${created.id}`)).status).toBe(204);
    expect((await api("GET", `/webhooks/${created.id}`)).status).toBe(404);
    expect((await api("GET", `/webhooks/${created.id}/deliveries`)).status).toBe(404);
  });

  it("answers 400 naming each bad field, 404 for unknown ids, and stores nothing", async () => {
    const before = (await (await api("GET", "/webhooks")).json()).data.length;
    const cases: Array<[unknown, string]> = [
      [{ events: ["order.created"] }, "url"],
      [{ url: "ftp://example.com/x", events: ["order.created"] }, "url"],
      [{ url: "not a url", events: ["order.created"] }, "url"],
      [{ url: "https://example.com/x", events: [] }, "events"],
      [{ url: "https://example.com/x", events: ["order.shipped"] }, "events.0"],
      [{ url: "https://example.com/x", events: "order.created" }, "events"],
      [{ url: "https://example.com/x", events: ["order.created"], active: "yes" }, "active"],
      [{ url: "https://example.com/x", events: ["order.created"], description: "d".repeat(201) }, "description"],
    ];
    for (const [body, field] of cases) {
      const res = await api("POST", "/webhooks", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("invalid_input");
      expect(error.fields?.[field], `${JSON.stringify(body)} → ${JSON.stringify(error.fields)}`).toBeTruthy();
    }
    const malformed = await admin.request("/api/admin/webhooks", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    const endpoint = await createEndpoint({ url: "http://127.0.0.1:9/bad-input", events: ["order.created"], active: false });
    expect((await api("PATCH", `/webhooks/${endpoint.id}`, { rotateSecret: false })).status).toBe(400);
    expect((await api("PATCH", `/webhooks/${endpoint.id}`, { events: [] })).status).toBe(400);
    expect((await api("PATCH", "/webhooks/nope", { active: true })).status).toBe(404);
    expect((await api("POST", "/webhooks/nope/test")).status).toBe(404);
    expect((await api("POST", `/webhooks/${endpoint.id}/deliveries/nope/redeliver`)).status).toBe(404);
    expect((await api("GET", `/webhooks/${endpoint.id}/deliveries/nope`)).status).toBe(404);
    expect((await api("GET", `/webhooks/${endpoint.id}/deliveries?status=lost`)).status).toBe(400);
    expect((await (await api("GET", "/webhooks")).json()).data.length).toBe(before + 1);
    await api("DELETE", `/webhooks/${endpoint.id}`);
  });
});

describe("deliveries to a real receiver", () => {
  it("delivers order.created after a real order, signed so the standardwebhooks library verifies it", async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ["order.created"] });
    const from = receiver.received.length;
    const order = await placeMugOrder();
    await shop.services.webhooks.settle();
    await receiver.waitFor(from + 1);
    const [{ hook, event }] = verified(endpoint.secret, from);
    expect(event.type).toBe("order.created");
    expect(event.id).toMatch(/^evt_/);
    expect(Date.parse(event.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(event.data).toMatchObject({ id: order.id, number: order.number, status: "pending" });
    expect(hook.headers["webhook-id"]).toMatch(/^msg_/);
    expect(hook.headers["content-type"]).toBe("application/json");
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`).verify(hook.body, hook.headers)).toThrow();

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ id: hook.headers["webhook-id"], event: "order.created", status: "delivered", attempts: 1, responseStatus: 200 });
    expect(delivery.deliveredAt).not.toBeNull();
    const detail = (await (await api("GET", `/webhooks/${endpoint.id}/deliveries/${delivery.id}`)).json()).data;
    expect(detail.request.body).toBe(hook.body);
    expect(detail.request.headers["webhook-signature"]).toBe(hook.headers["webhook-signature"]);
    expect(detail.response).toEqual({ status: 200, body: "ok" });
    await api("DELETE", `/webhooks/${endpoint.id}`);
  });

  it("stores no delivery when the write rolls back", async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ["order.created"] });
    const from = receiver.received.length;
    // An order that cannot be had (more mugs than there are) rolls back whole.
    await setStock(shop.db, catalog.mug, 1);
    const b = await browserWithCart(shop, [{ productId: catalog.mug, quantity: 1 }]);
    await setStock(shop.db, catalog.mug, 0);
    const refused = await b.post("/api/orders", checkoutBody());
    expect(refused.status).toBe(409);
    await setStock(shop.db, catalog.mug, 1000);
    // And an emit inside a transaction that then fails.
    await expect(
      shop.db.kysely.transaction().execute(async (trx) => {
        expect(await shop.services.webhooks.emit(trx, "order.created", { id: "rolled-back" })).toBe(1);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await shop.services.webhooks.settle();
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(receiver.received.slice(from)).toEqual([]);
    await api("DELETE", `/webhooks/${endpoint.id}`);
  });

  it("sends a ping on test, and a delivery again on redeliver with the same webhook-id", async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ["product.deleted"] });
    const from = receiver.received.length;
    const test = await api("POST", `/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    const pending = (await test.json()).data;
    expect(pending).toMatchObject({ event: "ping", status: "pending", attempts: 0 });
    await shop.services.webhooks.settle();
    await receiver.waitFor(from + 1);
    const [ping] = verified(endpoint.secret, from);
    expect(ping.event).toMatchObject({ type: "ping", data: { endpointId: endpoint.id } });
    expect(ping.hook.headers["webhook-id"]).toBe(pending.id);

    const again = await api("POST", `/webhooks/${endpoint.id}/deliveries/${pending.id}/redeliver`);
    expect(again.status).toBe(202);
    expect((await again.json()).data.status).toBe("pending");
    await shop.services.webhooks.settle();
    await receiver.waitFor(from + 2);
    const [, redelivered] = verified(endpoint.secret, from);
    expect(redelivered.hook.headers["webhook-id"]).toBe(pending.id);
    expect(redelivered.hook.body).toBe(ping.hook.body);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ id: pending.id, status: "delivered", attempts: 2 });
    await api("DELETE", `/webhooks/${endpoint.id}`);
  });

  it("emits each event from the write that makes it, with the API's shapes", async () => {
    const endpoint = await createEndpoint({
      url: receiver.url,
      events: [
        "order.status_changed",
        "order.refunded",
        "return.requested",
        "product.created",
        "product.updated",
        "product.deleted",
        "customer.created",
        "contact_message.created",
        "inventory.low",
      ],
    });
    const from = receiver.received.length;
    const product = (await (await api("POST", "/products", { name: "Webhook lamp", categorySlug: "home", price: 20, stock: 10, image: [] })).json()).data;
    expect(product.id).toBeTruthy();
    const updated = await api("PATCH", `/products/${product.id}`, { version: product.version, price: 22 });
    expect(updated.status).toBe(200);
    expect((await api("DELETE", `/products/${product.id}`)).status).toBe(204);
    const contact = await shop.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
      body: JSON.stringify({ name: "Ada", email: "ada@example.com", message: "Do you ship to Mars, please?" }),
    });
    expect(contact.status).toBe(201);
    await createAccount(shop, { email: "new-customer@example.com", password: "customer-password" });
    const order = await placeMugOrder();
    expect((await api("POST", `/orders/${order.id}/transition`, { status: "processing" })).status).toBe(200);
    const { order: returned, ret } = await freshReturn(shop);
    expect((await api("POST", `/orders/${returned.id}/refunds`, { amount: 1, reason: "Goodwill" })).status).toBe(201);
    // The low-stock threshold is crossed by an order.
    const threshold = (await shop.services.content.getSettings()).lowStockThreshold;
    await setStock(shop.db, catalog.mug, threshold + 1);
    await placeMugOrder();
    await setStock(shop.db, catalog.mug, 1000);

    await shop.services.webhooks.settle();
    const events = verified(endpoint.secret, from).map((v) => v.event);
    const of = (type: string) => events.filter((e) => e.type === type);
    expect(of("product.created")[0]?.data).toMatchObject({ id: product.id, name: "Webhook lamp", price: 20 });
    expect(of("product.updated").find((e) => e.data.id === product.id)?.data).toMatchObject({ price: 22 });
    expect(of("product.deleted")[0]?.data).toMatchObject({ id: product.id, name: "Webhook lamp" });
    expect(of("contact_message.created")[0]?.data).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      status: "new",
      message: "Do you ship to Mars, please?",
    });
    expect(of("customer.created")[0]?.data).toMatchObject({ email: "new-customer@example.com", role: "customer" });
    expect(of("customer.created")[0]?.data).not.toHaveProperty("banReason");
    expect(of("order.status_changed").find((e) => e.data.id === order.id)?.data).toMatchObject({ status: "processing", previousStatus: "pending" });
    expect(of("return.requested")[0]?.data).toMatchObject({ id: ret.id, orderId: returned.id, status: "requested" });
    expect(of("order.refunded")[0]?.data).toMatchObject({ orderId: returned.id, amount: 1, reason: "Goodwill", status: "succeeded" });
    expect(of("inventory.low")[0]?.data).toMatchObject({ threshold, items: [{ productId: catalog.mug, stock: threshold }] });
    // Events it did not subscribe to are not sent.
    expect(of("order.created")).toEqual([]);
    await api("DELETE", `/webhooks/${endpoint.id}`);
  });
});

describe("retries, failures and switching off", () => {
  // A queue of its own: its deliveries are tried quickly, and the shop's contact address hears of a switched-off endpoint.
  let local: TestShop;
  let hooks: ReturnType<typeof createWebhooks>;
  let flaky: Receiver;

  beforeAll(async () => {
    local = await createTestShop();
    await local.services.content.saveSettings({ ...(await local.services.content.getSettings()), contactEmail: "owner@shop.example" });
    hooks = createWebhooks({
      db: local.db,
      jobs: local.services.jobs,
      mailer: local.services.mailer,
      settings: () => local.services.content.getSettings(),
      logger: createLogger("silent"),
      epoch: local.services.dataEpoch,
      publicUrl: "http://shop.test",
      network: { allowPrivate: true },
      // Three tries, a second and then two seconds apart.
      retry: { attempts: 3, firstDelayMs: 1_000 },
      disableAfterMs: 2 * 24 * 60 * 60_000,
    });
    flaky = await startReceiver();
  });
  afterAll(async () => {
    await local?.close();
    await flaky?.close();
  });

  /** Emits one order.created event in a transaction of its own. */
  const emitOrder = (id: string) => local.db.kysely.transaction().execute((trx) => hooks.emit(trx, "order.created", { id }));

  it("retries with backoff for about a day, the first retry within a minute", () => {
    expect(RETRY.firstDelayMs).toBeLessThan(60_000);
    expect(retrySpanMs(RETRY)).toBeGreaterThan(20 * 60 * 60_000);
    expect(retrySpanMs(RETRY)).toBeLessThan(30 * 60 * 60_000);
  });

  it("keeps the webhook-id when it tries again after a failure", async () => {
    const endpoint = await hooks.create(ACTOR, { url: flaky.url, events: ["order.created"] });
    flaky.answer((n) => (n === 0 ? { status: 503, body: "down for maintenance" } : { status: 204 }));
    expect(await emitOrder("retry-1")).toBe(1);
    await flaky.waitFor(2);
    await hooks.settle();
    const [first, second] = flaky.received;
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.body).toBe(first.body);
    new Webhook(endpoint.secret).verify(second.body, second.headers);
    const [delivery] = (await hooks.listDeliveries(endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 204 });
    expect((await hooks.get(endpoint.id)).failingSince).toBeNull();
    await hooks.remove(ACTOR, endpoint.id);
  });

  it("fails a delivery after its last try, keeping the answer", async () => {
    const endpoint = await hooks.create(ACTOR, { url: flaky.url, events: ["order.created"] });
    flaky.answer(() => ({ status: 500, body: "boom" }));
    const from = flaky.received.length;
    await emitOrder("fail-1");
    await flaky.waitFor(from + 3);
    await hooks.settle();
    const [delivery] = (await hooks.listDeliveries(endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "failed", attempts: 3, responseStatus: 500, deliveredAt: null, error: "The endpoint answered 500." });
    expect((await hooks.getDelivery(endpoint.id, delivery.id)).response).toEqual({ status: 500, body: "boom" });
    // No more tries after the last.
    await new Promise((r) => setTimeout(r, 200));
    expect(flaky.received.length).toBe(from + 3);
    expect((await hooks.get(endpoint.id)).failingSince).not.toBeNull();
    await hooks.remove(ACTOR, endpoint.id);
  });

  it("gives up the tries still queued for an endpoint switched off meanwhile, without sending them", async () => {
    const endpoint = await hooks.create(ACTOR, { url: flaky.url, events: ["order.created"] });
    const from = flaky.received.length;
    // The event is stored while the endpoint is on; it is off by the time its job runs.
    await local.db.kysely.transaction().execute(async (trx) => {
      expect(await hooks.emit(trx, "order.created", { id: "off-meanwhile" })).toBe(1);
      await trx.updateTable("webhook_endpoints").set({ active: 0 }).where("id", "=", endpoint.id).execute();
    });
    await hooks.settle();
    const [delivery] = (await hooks.listDeliveries(endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "failed", attempts: 0, error: "The endpoint is switched off." });
    expect(flaky.received.length).toBe(from);
    await hooks.remove(ACTOR, endpoint.id);
  });

  it("switches off an endpoint that has failed for days, tells the shop, and sends it nothing more", async () => {
    const endpoint = await hooks.create(ACTOR, { url: flaky.url, events: ["order.created"] });
    flaky.answer(() => ({ status: 502 }));
    // It has failed for three days already.
    await local.db.kysely
      .updateTable("webhook_endpoints")
      .set({ failing_since: new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString() })
      .where("id", "=", endpoint.id)
      .execute();
    const from = flaky.received.length;
    await emitOrder("off-1");
    await flaky.waitFor(from + 1);
    await hooks.settle();
    await local.services.mailer.idle();
    const after = await hooks.get(endpoint.id);
    expect(after).toMatchObject({ active: false, disabledReason: "every try failed for 2 days." });
    expect(after.disabledAt).not.toBeNull();
    const [delivery] = (await hooks.listDeliveries(endpoint.id)).data;
    expect(delivery.status).toBe("failed");
    expect(flaky.received.length).toBe(from + 1);
    const mail = local.services.mailer.outbox.find((m) => m.subject.includes("webhook endpoint was switched off"));
    expect(mail?.to).toBe("owner@shop.example");
    expect(mail?.text).toContain(flaky.url);
    expect(mail?.text).toContain("http://shop.test/admin-dashboard/webhooks");
    expect(await emitOrder("off-2")).toBe(0);
    // Switched on again, it starts afresh.
    const on = await hooks.update(ACTOR, endpoint.id, { active: true });
    expect(on).toMatchObject({ active: true, disabledReason: null, failingSince: null });
    await hooks.remove(ACTOR, endpoint.id);
  });
});

describe("keeping deliveries", () => {
  it("deletes deliveries done more than a month ago and keeps the rest", async () => {
    const endpoint = await createEndpoint({ url: "http://127.0.0.1:9/prune", events: ["order.created"], active: false });
    const old = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString();
    const row = (id: string, status: string, created_at: string) => ({
      id,
      endpoint_id: endpoint.id,
      event_id: `evt_${id}`,
      event: "order.created",
      status,
      request_body: "{}",
      created_at,
    });
    await shop.db.kysely
      .insertInto("webhook_deliveries")
      .values([row("msg_old_done", "delivered", old), row("msg_old_pending", "pending", old), row("msg_new_failed", "failed", new Date().toISOString())])
      .execute();
    expect(await shop.services.webhooks.pruneDeliveries()).toBe(1);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.id).sort()).toEqual(["msg_new_failed", "msg_old_pending"]);
    await api("DELETE", `/webhooks/${endpoint.id}`);
  });
});

describe("addresses webhooks may go to", () => {
  it("tells public addresses from private, loopback, link-local and unique-local ones", () => {
    for (const address of ["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001::200e"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "127.8.9.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.254",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc12::3",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuses http and private addresses after DNS resolution in production, at creation and before every try", async () => {
    let answer = [{ address: "93.184.216.34", family: 4 }];
    const production = createWebhooks({
      db: shop.db,
      // A queue nobody runs: this instance only checks addresses and stores.
      jobs: { register() {}, enqueue: async () => null, settle: async () => {} } as never,
      mailer: shop.services.mailer,
      settings: () => shop.services.content.getSettings(),
      logger: createLogger("silent"),
      epoch: shop.services.dataEpoch,
      publicUrl: "http://shop.test",
      network: { allowPrivate: false, resolve: async (host) => (host === "localhost" ? [{ address: "127.0.0.1", family: 4 }] : answer) },
    });
    const refusal = async (url: string) => {
      try {
        await production.create(ACTOR, { url, events: ["order.created"] });
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe("invalid_input");
        return (err as AppError).fields?.url ?? null;
      }
    };
    expect(await refusal("http://hooks.example.com/in")).toMatch(/https/);
    expect(await refusal("https://10.0.0.7/in")).toMatch(/private network/);
    expect(await refusal("https://169.254.169.254/latest/meta-data")).toMatch(/private network/);
    expect(await refusal("https://[::1]:8443/in")).toMatch(/private network/);
    expect(await refusal("https://[::ffff:127.0.0.1]/in")).toMatch(/private network/);
    expect(await refusal("https://localhost/in")).toMatch(/127\.0\.0\.1/);
    expect(await refusal("https://user:pass@hooks.example.com/in")).toMatch(/password/);
    answer = [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    expect(await refusal("https://mixed.example.com/in")).toMatch(/10\.0\.0\.1/);
    answer = [{ address: "93.184.216.34", family: 4 }];
    expect(await refusal("https://hooks.example.com/in")).toBeNull();

    // The name later resolves inside (DNS rebinding): the try is refused before any connection.
    const endpoint = (await production.list()).find((e) => e.url === "https://hooks.example.com/in")!;
    answer = [{ address: "127.0.0.1", family: 4 }];
    const deliveryId = await shop.db.kysely.transaction().execute(async (trx) => {
      await production.emit(trx, "order.created", { id: "rebound" });
      return (await trx.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", endpoint.id).executeTakeFirstOrThrow()).id;
    });
    // The production instance's handler, run as the queue would run its last try.
    const registered: Array<[string, { handle: (p: unknown, info: unknown) => Promise<void> }]> = [];
    createWebhooks({
      db: shop.db,
      jobs: { register: (name: string, d: never) => registered.push([name, d]) } as never,
      mailer: shop.services.mailer,
      settings: () => shop.services.content.getSettings(),
      logger: createLogger("silent"),
      epoch: shop.services.dataEpoch,
      publicUrl: "http://shop.test",
      network: { allowPrivate: false, resolve: async () => answer },
    });
    const [, deliver] = registered.find(([name]) => name === "webhooks.deliver")!;
    await deliver.handle({ deliveryId }, { id: "job", name: "webhooks.deliver", attempt: 10, maxAttempts: 10 });
    const detail = await production.getDelivery(endpoint.id, deliveryId);
    expect(detail).toMatchObject({ status: "failed", attempts: 1, responseStatus: null });
    expect(detail.error).toMatch(/^Refused: .*127\.0\.0\.1/);
    await production.remove(ACTOR, endpoint.id);
  });
});
