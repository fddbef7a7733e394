import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "../../server/flows/dashboard";
import { addDays, localDateOf, localMidnight } from "#common/calendar";
import { type TestBrowser, createAccount, signedIn, uniqueIp } from "../support/auth-browser";
import { placeOrderAt } from "../support/orders-at";
import { type TestShop, createTestShop } from "../support/test-shop";

/*
 * The dashboard reads a period of whole local days in the shop's time zone (Kolkata, +5:30, here)
 * against the period before: its sales figures are the sales report's, checked here against the
 * orders themselves; what needs action counts the orders, returns, messages and stock it links to;
 * and a staff member sees only the parts their permissions cover.
 */

const ZONE = "Asia/Kolkata";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ACTOR = { id: "dashboard-setup", email: "dashboard-setup@example.com", requestId: null };

let shop: TestShop;
let admin: TestBrowser;
let ordersOnly: TestBrowser;
const today = () => localDateOf(ZONE, Date.now());
/** An instant inside a local day: its midnight plus `minutes`. */
const at = (day: string, minutes: number) => new Date(localMidnight(ZONE, day) + minutes * 60_000).toISOString();
const totals: Record<string, number> = {};

async function dashboard(browser: TestBrowser, period: string): Promise<Dashboard> {
  const res = await browser.get(`/api/admin/dashboard?period=${period}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Dashboard }).data;
}

/** A cash-on-delivery order of `quantity` units placed at `createdAt`; `card`: a card order whose payment has not come. */
async function order(key: string, productId: string, quantity: number, createdAt: string, options: { card?: boolean } = {}) {
  const placed = await placeOrderAt(shop, key, createdAt, [{ productId, quantity }], options.card ? "pending" : undefined);
  totals[key] = placed.totals.total;
  return placed;
}

beforeAll(async () => {
  shop = await createTestShop();
  await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), timeZone: ZONE, lowStockThreshold: 3 });
  const category = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: "Dashboard goods" });
  const create = (name: string, price: number, stock: number) =>
    shop.services.catalogAdmin.createProduct(ACTOR, { name, categorySlug: category.slug, price, discount: 0, image: [], stock });
  const lamp = await create("Dashboard lamp", 40, 500);
  const cup = await create("Dashboard cup", 10, 500);
  await create("Nearly gone vase", 25, 2);
  await create("Sold out chair", 90, 0);

  const day = today();
  const yesterday = addDays(day, -1);
  await order("today-lamps", lamp.id, 2, at(day, 1));
  await order("today-cups", cup.id, 3, at(day, 2));
  await order("yesterday", lamp.id, 1, at(yesterday, 12 * 60));
  const cancelled = await order("cancelled", lamp.id, 4, at(day, 3));
  await shop.services.orderMoves.transition(cancelled.id, "cancelled", "shop", { staff: ACTOR });
  await order("unpaid-card", cup.id, 1, at(day, 4), { card: true });
  await shop.services.messages.createMessage(
    { name: "Curious Shopper", email: "curious@example.com", subject: "Sizes", message: "Do the cups come in a larger size?" },
    uniqueIp(),
  );

  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  await createAccount(shop, { email: "packer@example.com", password: "packer-password-1", role: "staff", permissions: ["orders"] });
  await createAccount(shop, { email: "new-customer@example.com", password: "customer-password-1" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  ordersOnly = await signedIn(shop, "packer@example.com", "packer-password-1");

  // Two visitors today; one of them ordered.
  for (const [ip, events] of [
    [
      uniqueIp(),
      [
        { type: "pageview", path: "/" },
        { type: "order_placed", path: "/order-confirmation", value: 1, currency: "USD" },
      ],
    ],
    [uniqueIp(), [{ type: "pageview", path: "/" }]],
  ] as const) {
    const res = await shop.app.request("http://shop.test/api/analytics/events", {
      method: "POST",
      headers: { origin: "http://shop.test", "user-agent": CHROME, "x-forwarded-for": ip, "content-type": "application/json" },
      body: JSON.stringify({ events }),
    });
    expect(res.status).toBeLessThan(300);
  }
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

describe("the dashboard", () => {
  it("gives today's sales against yesterday's, as the orders and the sales report have them", async () => {
    const d = await dashboard(admin, "today");
    expect(d.range).toEqual({ from: today(), to: today() });
    expect(d.previousRange).toEqual({ from: addDays(today(), -1), to: addDays(today(), -1) });
    // The cancelled order and the card order never paid are no sales.
    const revenue = totals["today-lamps"]! + totals["today-cups"]!;
    expect(d.figures!.revenue).toEqual({ value: revenue, previous: totals.yesterday });
    expect(d.figures!.orders).toEqual({ value: 2, previous: 1 });
    expect(d.figures!.newCustomers).toEqual({ value: 1, previous: 0 });
    expect(d.figures!.conversionRate.value).toBeCloseTo(0.5);
    expect(d.figures!.conversionRate.previous).toBeNull();

    const report = await shop.services.reports.salesReport({ from: today(), to: today(), groupBy: "day", timeZone: ZONE });
    expect(d.figures!.revenue.value).toBe(report.totals.totalSales);
    expect(d.figures!.averageOrderValue.value).toBe(report.totals.averageOrderValue);
    expect(d.revenueByDay).toEqual([{ date: today(), revenue, previousDate: addDays(today(), -1), previous: totals.yesterday }]);
    expect(d.bestSellers!.map((p) => [p.name, p.units])).toEqual([
      ["Dashboard lamp", 2],
      ["Dashboard cup", 3],
    ]);
  });

  it("covers 7 and 30 whole days, every day present, and refuses another period with a 400", async () => {
    for (const [period, days] of [
      ["7d", 7],
      ["30d", 30],
    ] as const) {
      const d = await dashboard(admin, period);
      expect(d.revenueByDay).toHaveLength(days);
      expect(d.range).toEqual({ from: addDays(today(), -(days - 1)), to: today() });
      expect(d.previousRange.to).toBe(addDays(today(), -days));
      const sum = d.revenueByDay!.reduce((s, day) => s + day.revenue, 0);
      expect(sum).toBeCloseTo(d.figures!.revenue.value!, 2);
      expect(d.figures!.orders.value).toBe(3);
    }
    const res = await admin.get("/api/admin/dashboard?period=year");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.period).toMatch(/today, 7d or 30d/);
  });

  it("counts what needs action and lists the latest orders, newest first", async () => {
    const d = await dashboard(admin, "7d");
    // Pending: the two of today, yesterday's and the unpaid card order.
    expect(d.needsAction).toEqual({ pendingOrders: 4, unpaidCardOrders: 1, returnRequests: 0, newMessages: 1, lowStock: 1, outOfStock: 1 });
    expect(d.lowStockProducts).toEqual([expect.objectContaining({ name: "Nearly gone vase", stock: 2 })]);
    expect(d.latestOrders!.map((o) => o.customer)).toEqual([
      "Buyer unpaid-card",
      "Buyer cancelled",
      "Buyer today-cups",
      "Buyer today-lamps",
      "Buyer yesterday",
    ]);
    expect(d.latestOrders![1]!.status).toBe("cancelled");
  });

  it("shows a staff member only the parts their permissions cover", async () => {
    const d = await dashboard(ordersOnly, "7d");
    expect(d.figures).toBeNull();
    expect(d.revenueByDay).toBeNull();
    expect(d.bestSellers).toBeNull();
    expect(d.lowStockProducts).toBeNull();
    expect(d.needsAction).toEqual({ pendingOrders: 4, unpaidCardOrders: 1, returnRequests: 0, newMessages: null, lowStock: null, outOfStock: null });
    expect(d.latestOrders).toHaveLength(5);
  });
});
