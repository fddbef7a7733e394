import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "../../server/flows/dashboard";
import { addDays, localDateOf } from "#common/calendar";
import { PAST_DAYS } from "../../server/seed/past-orders";
import { seedDemo } from "../../server/seed/seed";
import { SITE_SETTINGS } from "../../server/seed/content-data";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";

// The demo shop's first start: weeks of past orders and visits, so the dashboard, the sales report,
// the order desk and the analytics have something to show.

let shop: TestShop;
let admin: TestBrowser;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
const now = new Date();

beforeAll(async () => {
  shop = await createTestShop();
  // The test shop's settings stand (the seed keeps a shop's own); with the demo's sales tax regions.
  await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), taxes: SITE_SETTINGS.taxes });
  seeded = await seedDemo(shop.db, { storage: shop.services.storage, products: 40, writeImages: false, now });
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(async () => {
  await shop?.close();
});

const orders = () => shop.db.kysely.selectFrom("orders").selectAll().orderBy("created_at").execute();

describe("the seeded demo shop", () => {
  it("has weeks of orders in every status, whose totals add up by the shop's own price rules", async () => {
    const rows = await orders();
    expect(seeded.orders).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(60);
    // Which orders are processing or shipped depends on the hour of the seed; these always are.
    const statuses = new Set(rows.map((o) => o.status));
    for (const status of ["pending", "delivered", "completed", "cancelled"]) expect(statuses).toContain(status);
    expect(statuses.size).toBeGreaterThanOrEqual(5);
    const ages = rows.map((o) => (now.getTime() - new Date(o.created_at).getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(28);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);

    const lines = await shop.db.kysely.selectFrom("order_lines").selectAll().execute();
    const taxLines = await shop.db.kysely.selectFrom("order_tax_lines").selectAll().execute();
    const products = new Map((await shop.db.kysely.selectFrom("products").select(["id", "price", "discount"]).execute()).map((p) => [p.id, p]));
    for (const o of rows) {
      const mine = lines.filter((l) => l.order_id === o.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const l of mine) {
        // The catalogue's price and discount, the line at its discounted price.
        expect(l.unit_price).toBe(products.get(l.product_id)!.price + l.additional_price);
        expect(l.unit_final_price).toBe(l.unit_price - Math.round((l.unit_price * l.discount) / 100));
        expect(l.line_total).toBe(l.unit_final_price * l.quantity);
      }
      expect(o.subtotal).toBe(mine.reduce((s, l) => s + l.unit_price * l.quantity, 0));
      expect(o.subtotal - o.discount_total).toBe(mine.reduce((s, l) => s + l.line_total, 0));
      // Each state's sales tax added on top (none in Oregon), its line taxes adding up to it.
      expect(o.total).toBe(o.subtotal - o.discount_total + o.shipping_total + o.tax_total);
      expect(taxLines.filter((t) => t.order_id === o.id).reduce((s, t) => s + t.amount, 0)).toBe(o.tax_total);
      // Cash on delivery is paid once delivered.
      expect(o.payment_status).toBe(["delivered", "completed"].includes(o.status) ? "paid" : "unpaid");
    }
  });

  it("shows figures on the dashboard, in the sales report and in the analytics", async () => {
    const res = await admin.get("/api/admin/dashboard?period=30d");
    expect(res.status).toBe(200);
    const d = ((await res.json()) as { data: Dashboard }).data;
    expect(d.figures!.orders.value).toBeGreaterThan(20);
    expect(d.figures!.revenue.value).toBeGreaterThan(0);
    expect(d.figures!.conversionRate.value).toBeGreaterThan(0);
    expect(d.bestSellers!.length).toBeGreaterThan(0);
    expect(d.latestOrders!.length).toBeGreaterThan(0);
    expect(d.needsAction.pendingOrders).toBeGreaterThan(0);
    expect(d.revenueByDay!.filter((day) => day.revenue > 0).length).toBeGreaterThan(15);

    const { timeZone } = await shop.services.content.getSettings();
    const today = localDateOf(timeZone, now.getTime());
    const report = await shop.services.reports.salesReport({ from: addDays(today, -PAST_DAYS), to: today, groupBy: "week", timeZone });
    expect(report.totals.orders).toBeGreaterThan(50);
    expect(report.totals.totalSales).toBeGreaterThan(0);

    // The tax report has the states' sales tax out of the box, and it agrees with the orders'.
    const taxes = await shop.services.reports.taxReport({ from: addDays(today, -PAST_DAYS), to: today });
    expect(taxes.rows.length).toBeGreaterThan(1);
    expect(taxes.rows.every((r) => r.country === "US" && r.region)).toBe(true);
    expect(taxes.totals.taxCollected).toBeGreaterThan(0);
    const counted = (await orders()).filter((o) => o.status !== "cancelled");
    expect(Math.round(taxes.totals.taxCollected * 100)).toBe(counted.reduce((sum, o) => sum + o.tax_total, 0));
    expect(report.totals.tax).toBe(taxes.totals.taxCollected);

    const analytics = await shop.services.analytics.report({ from: addDays(today, -29), to: today });
    expect(analytics.totals.visitors).toBeGreaterThan(300);
    expect(analytics.totals.orders).toBeGreaterThan(20);
  });

  it("is the same shop from seed to seed", async () => {
    const again = await createTestShop();
    try {
      await again.services.content.saveSettings({ ...(await again.services.content.getSettings()), taxes: SITE_SETTINGS.taxes });
      await seedDemo(again.db, { storage: again.services.storage, products: 40, writeImages: false, now });
      const pick = (rows: Array<{ number: string; total: number; status: string; created_at: unknown }>) =>
        rows.map((o) => [o.number, o.total, o.status, String(o.created_at)]);
      expect(pick(await again.db.kysely.selectFrom("orders").selectAll().orderBy("created_at").execute())).toEqual(pick(await orders()));
    } finally {
      await again.close();
    }
  });
});
