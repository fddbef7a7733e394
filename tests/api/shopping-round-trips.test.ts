import pg from "pg";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as cartPageAction } from "../../app/routes/shopping-cart";
import { action as wishlistPageAction } from "../../app/routes/wishlist";
import { browser } from "../support/auth-browser";
import { type ShoppingCatalog, checkoutBody, insertShoppingCatalog } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  // One add first: the shop's settings are read once and then cached, which is not the add's cost.
  await browser(shop).post("/api/cart/items", { productId: ids.mug });
});
afterAll(async () => {
  await shop?.close();
});

const postgres = process.env.TEST_DB === "postgres";

/** The SQL sent to PostgreSQL while `fn` runs (every pg client of this process). */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    sent.push(typeof q === "string" ? q : (q.text ?? ""));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** A page action's arguments for a form posted by a browser with these cookies. */
function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  const request = new Request(`http://shop.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  const context = { services: shop.services, user: null, clientIp: "10.9.9.9", requestId: "test", cspNonce: () => "n" } as unknown as AppLoadContext;
  return { request, context, params: {} } as never;
}
const visitorCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("shop.visitor="));

describe("a new visitor's first add to cart", () => {
  it("through the API, reads the product once and writes cart and line in one statement (PostgreSQL: two round trips)", async () => {
    const b = browser(shop);
    let res!: Response;
    const sent = await statementsOf(async () => {
      res = await b.post("/api/cart/items", { productId: ids.mug, quantity: 2 });
    });
    expect(res.status).toBe(201);
    const cart = ((await res.json()) as { data: { lines: Array<{ name: string; quantity: number; lineTotal: number; category: string }> } }).data;
    expect(cart.lines).toMatchObject([{ name: "Mug", quantity: 2, lineTotal: 20, category: "Home" }]);
    if (postgres) expect(sent).toHaveLength(2);
  });

  it("from the cart page's form takes the same one-statement path, and the cookie it gets holds the line", async () => {
    let res!: Response;
    const sent = await statementsOf(async () => {
      res = (await cartPageAction(
        formPost("/shopping-cart", { intent: "add-to-cart", productId: ids.shirt, color: "Blue", size: "L", quantity: "1" }),
      )) as Response;
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/shopping-cart");
    if (postgres) expect(sent).toHaveLength(2);
    const cookie = visitorCookie(res);
    expect(cookie).toBeTruthy();
    const view = await shop.request("/api/cart", { headers: { cookie: cookie! } });
    const cart = (
      (await view.json()) as { data: { lines: Array<{ name: string; selectedColor: string; selectedSize: string; price: number; finalPrice: number }> } }
    ).data;
    expect(cart.lines).toMatchObject([{ name: "Linen Shirt", selectedColor: "Blue", selectedSize: "L", price: 40, finalPrice: 36 }]);
  });

  it("from the wishlist's move-to-cart takes it too", async () => {
    let res!: Response;
    const sent = await statementsOf(async () => {
      res = (await wishlistPageAction(formPost("/wishlist", { intent: "move-to-cart", productId: ids.mug }))) as Response;
    });
    expect(res.status).toBe(302);
    // The add's two, then the wishlist's delete of the entry (a new visitor has none).
    if (postgres) expect(sent).toHaveLength(3);
    const view = await shop.request("/api/cart", { headers: { cookie: visitorCookie(res)! } });
    expect(((await view.json()) as { data: { lines: Array<{ name: string }> } }).data.lines).toMatchObject([{ name: "Mug" }]);
  });

  it("refused (a colour missing, more than the stock) stores nothing and gives no cookie", async () => {
    const count = async () =>
      Number(
        (
          await shop.db.kysely
            .selectFrom("carts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const noColour = (await cartPageAction(formPost("/shopping-cart", { intent: "add-to-cart", productId: ids.cap, quantity: "1" }))) as unknown as {
      data: { ok: boolean; message: string };
      init: ResponseInit;
    };
    expect(noColour.data).toMatchObject({ ok: false, message: "Please choose a colour" });
    const res = await browser(shop).post("/api/cart/items", { productId: ids.mug, quantity: 6 });
    expect(res.status).toBe(409);
    expect(res.headers.getSetCookie().join()).not.toMatch(/shop\.visitor=/);
    expect(await count()).toBe(before);
  });
});

describe("an add to a cart that exists", () => {
  it("answers the cart as a read of it would, without reading it back (PostgreSQL: six round trips, seven with another product's lines)", async () => {
    const b = browser(shop);
    expect((await b.post("/api/cart/items", { productId: ids.shirt, color: "Blue", size: "M" })).status).toBe(201);
    const cartView = async () => {
      const { notices: _, ...view } = ((await (await b.get("/api/cart")).json()) as { data: { notices: unknown } }).data;
      return view;
    };
    const add = async (body: Record<string, unknown>) => {
      let res!: Response;
      const sent = await statementsOf(async () => {
        res = await b.post("/api/cart/items", body);
      });
      expect(res.status).toBe(201);
      const answered = ((await res.json()) as { data: unknown }).data;
      // What the add answers is what the cart reads as afterwards: lines in order, prices, totals.
      expect(answered).toEqual(await cartView());
      return { sent, answered: answered as { lines: Array<{ name: string; selectedSize: string | null; quantity: number }> } };
    };
    // Another size of the same product: its lines are priced from the product read to resolve it.
    const same = await add({ productId: ids.shirt, color: "Blue", size: "L", quantity: 2 });
    expect(same.answered.lines.map((l) => [l.name, l.selectedSize, l.quantity])).toEqual([
      ["Linen Shirt", "M", 1],
      ["Linen Shirt", "L", 2],
    ]);
    if (postgres) expect(same.sent).toHaveLength(6);
    // Another product: the shirt's lines are read from the catalogue once.
    const other = await add({ productId: ids.mug });
    expect(other.answered.lines.map((l) => l.name)).toEqual(["Linen Shirt", "Linen Shirt", "Mug"]);
    if (postgres) expect(other.sent).toHaveLength(7);
    // More of a line already there: it keeps its place.
    const more = await add({ productId: ids.shirt, color: "blue", size: "m" });
    expect(more.answered.lines.map((l) => [l.name, l.selectedSize, l.quantity])).toEqual([
      ["Linen Shirt", "M", 2],
      ["Linen Shirt", "L", 2],
      ["Mug", null, 1],
    ]);
  });
});

describe("placing an order", () => {
  it("admits it, counts its limits and its confirmation mail in one statement, and writes it in one transaction (PostgreSQL: eight round trips)", async () => {
    const order = (b: ReturnType<typeof browser>, key: string) =>
      b.request("/api/orders", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(checkoutBody()),
      });
    // A first order: the rate-limit store prunes old counts on its first use (then every five minutes).
    const warm = browser(shop);
    expect((await warm.post("/api/cart/items", { productId: ids.mug })).status).toBe(201);
    expect((await order(warm, "round-trips-0")).status).toBe(201);
    // The reports' roll-ups summed, as they are once a report has been read: every order then adds to them.
    const today = new Date().toISOString().slice(0, 10);
    await shop.services.reports.salesReport({ from: today, to: today });
    const b = browser(shop);
    expect((await b.post("/api/cart/items", { productId: ids.mug })).status).toBe(201);
    let res!: Response;
    const sent = await statementsOf(async () => {
      res = await order(b, "round-trips-1");
      await shop.services.orders.idle(); // the confirmation mail, sent after the answer
    });
    expect(res.status).toBe(201);
    expect(shop.services.mailer.outbox.at(-1)).toMatchObject({ to: "grace@example.com", subject: expect.stringMatching(/order/i) });
    if (postgres) {
      // The limits and the mail's count; the replay and open-orders read; begin, the cart's lines, their prices, the stock, the order, commit.
      // The job queue's statements (the mail stored in the order's transaction, and the worker taking
      // and finishing jobs on its own connection) are counted apart: the order's own are eight, and
      // the reports' roll-ups four more: their time zone (held shared), the day's sales, the
      // products' day and month (an untaxed order has no tax row).
      const ofJobs = (q: string) => /"jobs"|\bpgboss\./.test(q);
      const ofOrder = sent.filter((q) => !ofJobs(q));
      const ofRollups = (q: string) => /(from|into) "\w*rollups"/.test(q);
      expect(ofOrder.filter((q) => !ofRollups(q))).toHaveLength(8);
      expect(ofOrder.filter(ofRollups)).toHaveLength(4);
      expect(ofOrder.filter((q) => /rate_limits/.test(q))).toHaveLength(1);
      // The confirmation is stored in the order's transaction: between its begin and its commit.
      const inserts = sent.flatMap((q, i) => (/^\s*insert into ("jobs"|pgboss\.job)/i.test(q) ? [i] : []));
      expect(inserts).toHaveLength(1);
      const begin = sent.findIndex((q) => /^begin/i.test(q));
      const commit = sent.findIndex((q) => /^commit/i.test(q));
      expect(begin).toBeGreaterThanOrEqual(0);
      expect(inserts[0]).toBeGreaterThan(begin);
      expect(inserts[0]).toBeLessThan(commit);
    }
  });
});
