import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartView } from "../../server/modules/cart/cart.types";
import type { AdminOrderList } from "../../server/modules/orders/orders.admin";
import type { Order } from "../../server/modules/orders/orders.types";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { markDelivered, placeOrder } from "../support/returns-fixture";
import { type ShoppingCatalog, browserWithCart, insertShoppingCatalog, setStock } from "../support/shop-fixture";
import { type ReceivedMail, type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

// What a shopper reads must add up as printed: the lines at their discounted prices make the
// subtotal, subtotal + shipping makes the total, and refunds come off it, on every answer and in
// every mail (read off a real SMTP server).

let shop: TestShop;
let smtp: TestSmtpServer;
let ids: ShoppingCatalog;
let operator: TestBrowser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ SMTP_URL: smtp.url });
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
  await shop.db.kysely.updateTable("product_variants").set({ stock: 100 }).where("product_id", "=", ids.shirt).execute();
  await setStock(shop.db, ids.shirt, 300);
  await createAccount(shop, { email: "till@example.com", password: "till-password-1", role: "staff", permissions: ["orders"] });
  operator = await signedIn(shop, "till@example.com", "till-password-1");
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
  await smtp?.close();
});

const cents = (major: number) => Math.round(major * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** "$1,234.50" → 123450 */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
/** The "label: value" rows of a mail's text. */
const rowsOf = (mail: ReceivedMail) =>
  mail.text
    .split(/\r?\n/)
    .map((l) => /^(.+): (\$[\d,.]+)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ label: m[1]!, value: centsOf(m[2]!) }));

/** A discounted shirt (45.00 − 10 % = 40.50, two of them) and an undiscounted mug in a guest's cart. */
const discountedCart = () =>
  browserWithCart(shop, [
    { productId: ids.shirt, color: "Blue", size: "M", quantity: 2 },
    { productId: ids.mug, quantity: 1 },
  ]);

describe("a discounted cart and its order add up as printed", () => {
  it("the cart's lines make its items subtotal, and items subtotal + shipping its total", async () => {
    const b = await discountedCart();
    const cart = ((await (await b.get("/api/cart")).json()) as { data: CartView }).data;
    const t = cart.totals;
    expect(cart.lines.map((l) => l.lineTotal)).toEqual([81, 10]);
    expect(t.itemsSubtotal).toBe(91);
    expect(cents(t.itemsSubtotal)).toBe(sum(cart.lines.map((l) => cents(l.lineTotal))));
    expect(cents(t.total)).toBe(cents(t.itemsSubtotal) + cents(t.shipping));
    // The API's list-price subtotal and discount keep their meaning.
    expect({ subtotal: t.subtotal, discount: t.discount }).toEqual({ subtotal: 100, discount: 9 });
  });

  it("the order stores and answers the same sums, and its confirmation mail adds up without subtracting the discount again", async () => {
    const b = await discountedCart();
    const { order } = await placeOrder(b, { contact: { name: "Mary Jackson", email: "mary@example.com", phone: "+1 555 0101" } });
    expect(order.totals).toEqual({
      subtotal: 100,
      discount: 9,
      itemsSubtotal: 91,
      shipping: 19.97,
      total: 110.97,
      taxTotal: 0,
      pricesIncludeTax: false,
      refunded: 0,
      net: 110.97,
      taxRefunded: 0,
      currency: "USD",
      discountTotal: 0,
      giftCardTotal: 0,
      orderTotal: 110.97,
    });
    expect(cents(order.totals.itemsSubtotal)).toBe(sum(order.lines.map((l) => cents(l.lineTotal))));
    expect(order.refunds).toEqual([]);

    const mail = await smtp.waitFor((m) => m.to.includes("mary@example.com") && m.subject.includes(order.number));
    const rows = rowsOf(mail);
    const lines = rows.filter((r) => / × /.test(r.label));
    const value = (label: RegExp) => rows.find((r) => label.test(r.label))?.value;
    expect(lines.map((r) => [r.label, r.value])).toEqual([
      ["2 × Linen Shirt (Blue, M)", 8100],
      ["1 × Mug", 1000],
    ]);
    expect(value(/^Subtotal$/)).toBe(sum(lines.map((r) => r.value)));
    expect(value(/^Subtotal$/)! + value(/^Shipping/)!).toBe(value(/^Total$/));
    expect(value(/^Total$/)).toBe(11097);
    expect(rows.some((r) => /discount/i.test(r.label))).toBe(false);
    expect(mail.text).toContain("You saved $9.00 on list prices");
    expect(mail.html).not.toContain("−$9.00");
  });
});

describe("a partly refunded order", () => {
  it("answers its refunds and net amount, says how much in its timeline and mail, and refusals speak money", async () => {
    const b = await discountedCart();
    const { order } = await placeOrder(b, { contact: { name: "Dorothy Vaughan", email: "dorothy@example.com", phone: "+1 555 0102" } });
    await markDelivered(shop, order.id);
    const mug = order.lines.find((l) => l.name === "Mug")!;

    // The mug (10.00) and a free 2.50 of goodwill, recorded by hand (cash on delivery).
    const res = await operator.request(`/api/admin/orders/${order.id}/refunds`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ lineId: mug.id, quantity: 1 }], amount: 2.5, reason: "Mug arrived chipped" }),
    });
    expect(res.status, await res.clone().text()).toBe(201);

    const seen = await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true });
    expect(seen.paymentStatus).toBe("partially_refunded");
    expect(seen.totals).toMatchObject({ total: 110.97, refunded: 12.5, net: 98.47 });
    expect(seen.refunds).toMatchObject([{ amount: 12.5, status: "succeeded", reason: "Mug arrived chipped" }]);
    expect(seen.history.map((e) => e.note).filter(Boolean)).toContain("Refund of $12.50 made manually: Mug arrived chipped");

    // The order list answers what was refunded, for "Partly refunded · $12.50 of $110.97".
    const list = (await (await operator.get(`/api/admin/orders?q=${order.number}`)).json()) as AdminOrderList;
    expect(list.data.find((r) => r.id === order.id)).toMatchObject({ total: 110.97, refunded: 12.5, paymentStatus: "partially_refunded" });

    // The refund mail's rows add up to what was refunded: the free amount has its own row.
    const mail = await smtp.waitFor((m) => m.to.includes("dorothy@example.com") && m.subject.endsWith("refund"));
    const rows = rowsOf(mail);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["1 × Mug", 1000],
      ["Other amount", 250],
      ["Refunded", 1250],
    ]);
    expect(mail.text).toContain("In all, $12.50 of the order's $110.97 has been refunded.");

    // More than is left is refused in money, not in bare figures.
    const over = await operator.request(`/api/admin/orders/${order.id}/refunds`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: 100, reason: "Too much" }),
    });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      "A refund cannot exceed what was paid minus what was refunded: at most $98.47 is left, this refund is $100.00.",
    );
  });

  it("an order without refunds answers none", async () => {
    const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
    const { order } = await placeOrder(b, { contact: { name: "Annie Easley", email: "annie@example.com", phone: "+1 555 0103" } });
    const seen: Order = await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true });
    expect(seen.refunds).toEqual([]);
    expect(seen.totals).toMatchObject({ itemsSubtotal: 10, discount: 0, refunded: 0, net: seen.totals.total });
  });
});

describe("an order with a promotion", () => {
  it("prints the promotion as a row of its own that adds up in the mail, and a line's refund gives back what was paid for it", async () => {
    const owner = await (async () => {
      await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
      return signedIn(shop, "owner@example.com", "owner-password-1");
    })();
    const made = await owner.request("/api/admin/promotions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Spring sale", code: "SPRING10", kind: "percentage", value: 10 }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const b = await discountedCart();
    expect((await b.post("/api/cart/discount-codes", { code: "spring10" })).status).toBe(200);
    const { order } = await placeOrder(b, { contact: { name: "Katherine Johnson", email: "katherine@example.com", phone: "+1 555 0103" } });
    // 10 % of the lines as printed (81.00 + 10.00): 9.10, shared 8.10 to the shirts and 1.00 to the mug.
    expect(order.discounts).toEqual([{ code: "SPRING10", label: "Spring sale", amount: 9.1 }]);
    expect(order.totals).toMatchObject({ itemsSubtotal: 91, shipping: 19.97, discountTotal: 9.1, total: 101.87 });

    const mail = await smtp.waitFor((m) => m.to.includes("katherine@example.com") && m.subject.includes(order.number));
    expect(mail.text).toContain("Spring sale (SPRING10): −$9.10");
    const rows = rowsOf(mail);
    const value = (label: RegExp) => rows.find((r) => label.test(r.label))?.value;
    expect(value(/^Subtotal$/)! + value(/^Shipping/)! - 910).toBe(value(/^Total$/));

    await markDelivered(shop, order.id);
    const mug = order.lines.find((l) => l.name === "Mug")!;
    const res = await operator.request(`/api/admin/orders/${order.id}/refunds`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ lineId: mug.id, quantity: 1 }], reason: "Mug arrived chipped" }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const seen = await shop.services.orders.getOrder(order.id, { shopper: { userId: null, visitorId: null }, forShop: true });
    // The mug was 10.00 less its 1.00 share of the promotion.
    expect(seen.refunds).toMatchObject([{ amount: 9 }]);
  });
});
