import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, send, setStock } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";
import type { AuthTables } from "../../server/db/auth-tables";

// Discount codes and automatic promotions in the cart and at the order: what a shopper is given
// and told, what the order keeps, and usage limits that hold under concurrency.

let shop: TestShop;
let admin: TestBrowser;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.services.auth.idle();
  await shop?.close();
});
beforeEach(async () => {
  // Each test starts without promotions, with mugs enough.
  await shop.db.kysely.deleteFrom("promotion_uses").execute();
  await shop.db.kysely.deleteFrom("promotions").execute();
  shop.services.dataEpoch.bump();
  await setStock(shop.db, ids.mug, 500);
  // Guesses are counted per client address: every test starts with none.
  await shop.db.kysely.withTables<AuthTables>().deleteFrom("rate_limits").execute();
});

type Cart = {
  totals: { subtotal: number; itemsSubtotal: number; shipping: number; total: number; discountTotal: number; currency: string };
  discounts: Array<{ code?: string; label: string; amount: number }>;
  codes: Array<{ code: string; applied: boolean; problem: string | null }>;
};
type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

async function promotion(body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await send(admin, "POST", "/api/admin/promotions", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

const cartOf = async (b: TestBrowser) => ((await (await b.get("/api/cart")).json()) as { data: Cart }).data;

async function apply(b: TestBrowser, code: string, status = 200): Promise<Cart & Failure> {
  const res = await b.post("/api/cart/discount-codes", { code });
  expect(res.status, await res.clone().text()).toBe(status);
  const body = (await res.json()) as { data: Cart } & Failure;
  return { ...body.data, error: body.error };
}

type Sales = { totals: { grossSales: number; discounts: number; netSales: number }; byProduct: Array<{ name: string; sales: number }> };
async function salesToday(): Promise<Sales> {
  const day = new Date().toISOString().slice(0, 10);
  return ((await (await admin.get(`/api/admin/reports/sales?from=${day}&to=${day}&groupBy=day`)).json()) as { data: Sales }).data;
}
const mugSales = (s: Sales) => s.byProduct.find((p) => p.name === "Mug")?.sales ?? 0;

const mugs = (quantity: number) => browserWithCart(shop, [{ productId: ids.mug, quantity }]);

describe("a discount code in the cart", () => {
  it("takes its percent off the items, typed in any case, and shows it with its name and code until removed", async () => {
    await promotion({ name: "Spring sale", code: "SPRING10", kind: "percentage", value: 10 });
    const b = await mugs(3);
    const before = await cartOf(b);
    expect(before.totals.discountTotal).toBe(0);

    const cart = await apply(b, "  spring10 ");
    expect(cart.discounts).toEqual([{ code: "SPRING10", label: "Spring sale", amount: 3 }]);
    expect(cart.totals.discountTotal).toBe(3);
    expect(cart.totals.total).toBeCloseTo(before.totals.total - 3, 2);
    expect(cart.codes).toEqual([{ code: "SPRING10", applied: true, problem: null, refusal: null }]);
    // Kept on the cart: the next read has it too.
    expect((await cartOf(b)).totals.discountTotal).toBe(3);

    const removed = (await (await send(b, "DELETE", "/api/cart/discount-codes/spring10")).json()) as { data: Cart };
    expect(removed.data.discounts).toEqual([]);
    expect(removed.data.totals.total).toBeCloseTo(before.totals.total, 2);
    expect((await send(b, "DELETE", "/api/cart/discount-codes/SPRING10")).status).toBe(404);
  });

  it("is refused with the reason a shopper reads: not valid, expired, not enough in the cart, used up", async () => {
    await promotion({ name: "Old sale", code: "OLD", kind: "percentage", value: 10, startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-03-03T12:00:00Z" });
    await promotion({ name: "Big baskets", code: "BIG", kind: "fixed_amount", value: 5, minSubtotal: 50 });
    await promotion({ name: "Once only", code: "ONCE", kind: "percentage", value: 5, usageLimit: 1 });
    const b = await mugs(2);

    const unknown = await apply(b, "NOPE", 400);
    expect(unknown.error).toMatchObject({ code: "invalid_input", message: "This code is not valid. Please check it and try again." });
    expect((await apply(b, "OLD", 400)).error.message).toBe("This code expired on March 3");
    expect((await apply(b, "BIG", 400)).error.message).toBe("Add $30.00 more to use this code");
    // Nothing refused is kept on the cart.
    expect((await cartOf(b)).codes).toEqual([]);

    // ONCE is used by an order, then refused to the next shopper with 409.
    const first = await mugs(1);
    await apply(first, "ONCE");
    expect((await first.post("/api/orders", checkoutBody())).status).toBe(201);
    const usedUp = await apply(b, "once", 409);
    expect(usedUp.error).toMatchObject({ code: "conflict", message: "This code has been used up" });
  });

  it("stays on the cart when it stops applying, saying why, and applies again when the cart grows", async () => {
    await promotion({ name: "Big baskets", code: "BIG", kind: "fixed_amount", value: 5, minSubtotal: 25 });
    const b = await mugs(3);
    expect((await apply(b, "BIG")).totals.discountTotal).toBe(5);
    const line = ((await (await b.get("/api/cart")).json()) as { data: { lines: Array<{ id: string }> } }).data.lines[0]!;
    await send(b, "PATCH", `/api/cart/items/${line.id}`, { quantity: 2 });
    const smaller = await cartOf(b);
    expect(smaller.totals.discountTotal).toBe(0);
    expect(smaller.codes).toMatchObject([{ code: "BIG", applied: false, problem: "Add $5.00 more to use this code" }]);
    await send(b, "PATCH", `/api/cart/items/${line.id}`, { quantity: 4 });
    expect((await cartOf(b)).totals.discountTotal).toBe(5);
  });

  it("limits guessing per client address: past ten unknown codes, even a good one waits (429)", async () => {
    await promotion({ name: "Spring sale", code: "SPRING10", kind: "percentage", value: 10 });
    const b = await mugs(1);
    for (let i = 0; i < 10; i++) await apply(b, `GUESS${i}`, 400);
    const res = await b.post("/api/cart/discount-codes", { code: "SPRING10" });
    expect(res.status).toBe(429);
    expect(((await res.json()) as Failure).error.message).toMatch(/^Too many codes tried\. Please try again in \d+ minutes\.$/);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("stays on the cart when the shopper signs in, beside the account's own codes", async () => {
    await promotion({ name: "Spring sale", code: "SPRING10", kind: "percentage", value: 10, combinable: true });
    await promotion({ name: "Loyal", code: "LOYAL5", kind: "fixed_amount", value: 5, combinable: true });
    await createAccount(shop, { email: "coded@example.com", password: "coded-password-1" });
    const account = await signedIn(shop, "coded@example.com", "coded-password-1");
    expect((await account.post("/api/cart/items", { productId: ids.mug, quantity: 1 })).status).toBe(201);
    await apply(account, "LOYAL5");

    const b = await mugs(3);
    await apply(b, "SPRING10");
    expect((await b.post("/api/auth/sign-in/email", { email: "coded@example.com", password: "coded-password-1" })).status).toBe(200);
    const cart = await cartOf(b);
    expect(cart.codes.map((c) => c.code).sort()).toEqual(["LOYAL5", "SPRING10"]);
    expect(cart.discounts.map((d) => d.code).sort()).toEqual(["LOYAL5", "SPRING10"]);
  });

  it("refuses an empty code and an empty cart with a 400, not a 500", async () => {
    await promotion({ name: "Spring sale", code: "SPRING10", kind: "percentage", value: 10 });
    const b = await mugs(1);
    expect((await apply(b, "   ", 400)).error.message).toBe("Please enter a code");
    const empty = await (await import("../support/auth-browser")).browser(shop).post("/api/cart/discount-codes", { code: "SPRING10" });
    expect(empty.status).toBe(400);
    expect((await b.post("/api/cart/discount-codes", { code: 12 })).status).toBe(400);
  });
});

describe("automatic promotions", () => {
  it("apply by themselves when their conditions hold, and the best option wins over a code that does not combine", async () => {
    await promotion({ name: "Free shipping over $25", kind: "free_shipping", minSubtotal: 25 });
    await promotion({ name: "Tiny code", code: "TINY", kind: "fixed_amount", value: 1, combinable: false });
    const small = await cartOf(await mugs(2));
    expect(small.discounts).toEqual([]);
    const b = await mugs(3);
    const cart = await cartOf(b);
    expect(cart.discounts).toEqual([{ label: "Free shipping over $25", amount: cart.totals.shipping }]);
    expect(cart.totals.total).toBeCloseTo(cart.totals.itemsSubtotal, 2);
    const refused = await apply(b, "TINY", 409);
    expect(refused.error.message).toBe("This code cannot be combined with “Free shipping over $25”, which saves you more");
  });
});

describe("an order placed with promotions", () => {
  it("keeps each discount and the total the shopper saw, counts the use, and empties the cart's codes", async () => {
    const spring = await promotion({ name: "Spring sale", code: "SPRING10", kind: "percentage", value: 10 });
    const before = await salesToday();
    const b = await mugs(3);
    const cart = await apply(b, "SPRING10");
    const res = await b.post("/api/orders", checkoutBody());
    expect(res.status, await res.clone().text()).toBe(201);
    const order = ((await res.json()) as { data: { order: { id: string; totals: Cart["totals"]; discounts: Cart["discounts"] } } }).data.order;
    expect(order.discounts).toEqual([{ code: "SPRING10", label: "Spring sale", amount: 3 }]);
    expect(order.totals.discountTotal).toBe(3);
    expect(order.totals.total).toBeCloseTo(cart.totals.total, 2);
    expect((await b.get(`/api/orders/${order.id}`)).status).toBe(200);
    const lines = await shop.db.kysely.selectFrom("order_lines").select(["promotion_discount"]).where("order_id", "=", order.id).execute();
    expect(lines.map((l) => l.promotion_discount)).toEqual([300]);

    const figures = (
      (await (await admin.get(`/api/admin/promotions/${spring.id}`)).json()) as { data: { uses: number; discountTotal: number; revenue: number } }
    ).data;
    expect(figures).toMatchObject({ uses: 1, discountTotal: 3, revenue: order.totals.total });
    // The sales report counts it among the discounts (off the goods), its net sales and product sales after it.
    const after = await salesToday();
    expect(after.totals.grossSales - before.totals.grossSales).toBe(30);
    expect(after.totals.discounts - before.totals.discounts).toBeCloseTo(3, 2);
    expect(after.totals.netSales - before.totals.netSales).toBeCloseTo(27, 2);
    expect(mugSales(after) - mugSales(before)).toBeCloseTo(27, 2);
    // And the report's table per promotion: its orders, the discount it gave and their revenue.
    const day = new Date().toISOString().slice(0, 10);
    const byPromotion = await shop.services.promotions.report({ from: day, to: day, timeZone: "UTC" });
    expect(byPromotion).toEqual([{ id: spring.id, name: "Spring sale", code: "SPRING10", orders: 1, discount: 3, revenue: order.totals.total }]);
    // The next cart starts without the code.
    const next = await browserWithCart(shop, []);
    expect((await cartOf(b)).codes).toEqual([]);
    expect((await cartOf(next)).codes).toEqual([]);
  });

  it("gives its use back when the order is cancelled", async () => {
    await promotion({ name: "Once only", code: "ONCE", kind: "percentage", value: 5, usageLimit: 1 });
    const b = await mugs(1);
    await apply(b, "ONCE");
    const order = ((await (await b.post("/api/orders", checkoutBody())).json()) as { data: { order: { id: string } } }).data.order;
    const other = await mugs(1);
    await apply(other, "ONCE", 409);
    expect((await b.post(`/api/orders/${order.id}/cancel`)).status).toBe(200);
    expect((await apply(other, "ONCE")).totals.discountTotal).toBeGreaterThan(0);
  });

  it("50 shoppers at once with a code limited to 10 uses: exactly 10 orders get it, the others are told before ordering", async () => {
    await promotion({ name: "First ten", code: "TEN", kind: "fixed_amount", value: 2, usageLimit: 10 });
    const browsers = await Promise.all(Array.from({ length: 50 }, () => mugs(1)));
    for (const b of browsers) await apply(b, "TEN");
    const answers = await Promise.all(
      browsers.map((b, i) => b.post("/api/orders", checkoutBody({ contact: { name: "Shopper", email: `s${i}@example.com`, phone: "+1 555 0100" } }))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const res of answers.filter((r) => r.status === 409)) expect(((await res.json()) as Failure).error.message).toBe("This code has been used up");
    const placed = await shop.db.kysely.selectFrom("orders").select(["promotion_discount"]).where("contact_name", "=", "Shopper").execute();
    expect(placed.map((o) => o.promotion_discount)).toEqual(Array(10).fill(200));
    // The refused shoppers keep their cart, and the cart says why the code is gone.
    expect((await cartOf(browsers[statuses.indexOf(409)]!)).codes).toMatchObject([{ code: "TEN", applied: false, problem: "This code has been used up" }]);
  });
});
