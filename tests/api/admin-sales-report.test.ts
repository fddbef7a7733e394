import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv/sync";
import { toIso } from "../../server/db/database";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { markDelivered } from "../support/returns-fixture";
import { placeOrderAt } from "../support/orders-at";
import { type TestShop, createTestShop } from "../support/test-shop";

/*
 * The sales report reconciles with the orders themselves: orders placed at chosen instants around
 * local midnights and New York's spring DST change (2026-03-08, a 23-hour day), one cancelled, one
 * card order never paid, refunds made days later; every total, bucket and breakdown is summed here
 * from the order records, in New York and in Kolkata (+5:30), by day, week and month.
 */

let shop: TestShop;
let staff: TestBrowser;
const ACTOR = { id: "report-setup", email: "report-setup@example.com", requestId: null };

interface Placed {
  id: string;
}
const placed: Record<string, Placed> = {};

async function product(name: string, categorySlug: string, price: number, discount: number) {
  return shop.services.catalogAdmin.createProduct(ACTOR, { name, categorySlug, price, discount, image: [], stock: 500 });
}

async function order(key: string, at: string, items: Array<{ productId: string; quantity: number }>, card?: "paid" | "failed") {
  const placedOrder = await placeOrderAt(shop, key, at, items, card);
  placed[key] = { id: placedOrder.id };
  return placedOrder;
}

async function refund(key: string, at: string, body: Record<string, unknown>) {
  await shop.services.refunds.refund(placed[key]!.id, { reason: "Report test", ...body } as never, ACTOR);
  const k = shop.db.kysely;
  const last = await k
    .selectFrom("order_refunds")
    .select(["id"])
    .where("order_id", "=", placed[key]!.id)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  await k.updateTable("order_refunds").set({ created_at: at }).where("id", "=", last.id).execute();
}

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "reports@example.com", password: "reports-password-1", role: "staff", permissions: ["reports"] });
  staff = await signedIn(shop, "reports@example.com", "reports-password-1");
  const kitchen = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: "Kitchen" });
  const garden = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: "Garden" });
  const mug = await product("Mug", kitchen.slug, 12.5, 0);
  const pan = await product("Pan", kitchen.slug, 40, 25);
  const hose = await product("Hose", garden.slug, 19.99, 10);

  // New York (EST -5 until 2026-03-08 07:00 UTC, then EDT -4).
  await order("a", "2026-03-07T04:59:00.000Z", [{ productId: mug.id, quantity: 2 }]); // 03-06 23:59
  await order("b", "2026-03-07T05:00:00.000Z", [
    { productId: pan.id, quantity: 1 },
    { productId: hose.id, quantity: 3 },
  ]); // 03-07 00:00
  await order("c", "2026-03-08T04:30:00.000Z", [{ productId: hose.id, quantity: 1 }], "paid"); // 03-07 23:30
  await order("d", "2026-03-08T06:59:00.000Z", [
    { productId: mug.id, quantity: 1 },
    { productId: pan.id, quantity: 2 },
  ]); // 03-08 01:59 EST
  await order("e", "2026-03-08T07:00:00.000Z", [{ productId: mug.id, quantity: 4 }], "paid"); // 03-08 03:00 EDT
  await order("f", "2026-03-09T03:59:00.000Z", [{ productId: hose.id, quantity: 2 }]); // 03-08 23:59 EDT
  await order("g", "2026-03-09T04:00:00.000Z", [{ productId: pan.id, quantity: 1 }]); // 03-09 00:00 EDT
  await order("unpaid", "2026-03-08T12:00:00.000Z", [{ productId: pan.id, quantity: 5 }], "failed");
  await order("cancelled", "2026-03-08T13:00:00.000Z", [{ productId: mug.id, quantity: 7 }]);
  await shop.services.orderMoves.transition(placed.cancelled!.id, "cancelled", "shop", { staff: ACTOR });
  await order("h", "2026-04-01T03:30:00.000Z", [{ productId: hose.id, quantity: 1 }]); // 03-31 23:30 EDT; Kolkata 04-01
  // Before and after the range: never counted.
  await order("before", "2026-03-01T12:00:00.000Z", [{ productId: mug.id, quantity: 1 }]);
  await order("after", "2026-04-10T12:00:00.000Z", [{ productId: mug.id, quantity: 1 }]);

  // Refunds days later, counted on their own day: one pan of b (03-10), d's shipping (04-01 00:30 EDT).
  for (const key of ["b", "d"]) await markDelivered(shop, placed[key]!.id);
  const bLines = await shop.db.kysely.selectFrom("order_lines").select(["id", "product_id"]).where("order_id", "=", placed.b!.id).execute();
  await refund("b", "2026-03-10T15:00:00.000Z", { lines: [{ lineId: bLines.find((l) => l.product_id === pan.id)!.id, quantity: 1 }] });
  const dShipping = await shop.db.kysely.selectFrom("orders").select("shipping_total").where("id", "=", placed.d!.id).executeTakeFirstOrThrow();
  await refund("d", "2026-04-01T04:30:00.000Z", { shipping: dShipping.shipping_total / 100 });
});
afterAll(async () => {
  await shop?.close();
});

/** The local date of an instant, by the runtime's own formatter. */
const localDate = (zone: string, iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
const major = (minor: number) => Math.round(minor) / 100;

/** The report's figures summed from the order records, in minor units, per local bucket. */
async function expected(zone: string, from: string, to: string, groupBy: "day" | "week" | "month") {
  const k = shop.db.kysely;
  const orders = await k.selectFrom("orders").selectAll().execute();
  const lines = await k.selectFrom("order_lines").selectAll().execute();
  const refunds = await k.selectFrom("order_refunds").selectAll().where("status", "=", "succeeded").execute();
  const counts = (o: (typeof orders)[number]) =>
    o.status !== "cancelled" && (o.payment_method !== "card" || ["paid", "partially_refunded", "refunded"].includes(o.payment_status));
  const bucketOf = (day: string) => {
    if (groupBy === "month") return day.slice(0, 7);
    if (groupBy === "week") {
      const d = new Date(`${day}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      const monday = d.toISOString().slice(0, 10);
      return monday < from ? from : monday;
    }
    return day;
  };
  const sums = new Map<string, { orders: number; units: number; gross: number; discounts: number; shipping: number; refunds: number }>();
  const at = (day: string) => {
    const key = bucketOf(day);
    if (!sums.has(key)) sums.set(key, { orders: 0, units: 0, gross: 0, discounts: 0, shipping: 0, refunds: 0 });
    return sums.get(key)!;
  };
  const inRange = (day: string) => day >= from && day <= to;
  const byId = new Map(orders.map((o) => [o.id, o]));
  const products = new Map<string, { units: number; gross: number; sales: number }>();
  const payments = new Map<string, { orders: number; ordered: number; refunds: number }>();
  const pay = (m: string) => payments.get(m) ?? (payments.set(m, { orders: 0, ordered: 0, refunds: 0 }), payments.get(m)!);
  for (const o of orders) {
    const day = localDate(zone, toIso(o.created_at)!);
    if (!counts(o) || !inRange(day)) continue;
    const s = at(day);
    s.orders += 1;
    s.gross += o.subtotal;
    s.discounts += o.discount_total;
    s.shipping += o.shipping_total;
    pay(o.payment_method).orders += 1;
    pay(o.payment_method).ordered += o.total;
    for (const l of lines.filter((x) => x.order_id === o.id)) {
      s.units += l.quantity;
      const p = products.get(l.name) ?? { units: 0, gross: 0, sales: 0 };
      p.units += l.quantity;
      p.gross += l.unit_price * l.quantity;
      p.sales += l.line_total;
      products.set(l.name, p);
    }
  }
  for (const r of refunds) {
    const day = localDate(zone, toIso(r.created_at)!);
    const o = byId.get(r.order_id)!;
    if (!counts(o) || !inRange(day)) continue;
    at(day).refunds += r.amount;
    pay(o.payment_method).refunds += r.amount;
  }
  return { sums, products, payments };
}

async function report(query: string) {
  const res = await staff.request(`/api/admin/reports/sales?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: import("../../server/modules/orders/orders.report").SalesReport }).data;
}

async function setZone(timeZone: string) {
  await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), timeZone });
}

describe("the sales report reconciles with the orders", () => {
  for (const zone of ["America/New_York", "Asia/Kolkata"]) {
    for (const groupBy of ["day", "week", "month"] as const) {
      it(`in ${zone}, by ${groupBy}: every bucket, the totals and the breakdowns`, async () => {
        await setZone(zone);
        const from = "2026-03-06";
        const to = "2026-04-02";
        const r = await report(`from=${from}&to=${to}&groupBy=${groupBy}`);
        const want = await expected(zone, from, to, groupBy);
        expect(r.range).toMatchObject({ from, to, groupBy, timeZone: zone });

        // Every bucket is there, empty ones too, each with the orders' sums.
        const firstOfBucket = r.series.map((b) => (groupBy === "month" ? b.start.slice(0, 7) : b.start));
        expect(r.series.length).toBe(groupBy === "day" ? 28 : groupBy === "week" ? 5 : 2);
        for (const [i, b] of r.series.entries()) {
          const s = want.sums.get(firstOfBucket[i]!) ?? { orders: 0, units: 0, gross: 0, discounts: 0, shipping: 0, refunds: 0 };
          expect({ bucket: b.start, ...b }).toMatchObject({
            bucket: b.start,
            orders: s.orders,
            units: s.units,
            grossSales: major(s.gross),
            discounts: major(s.discounts),
            shipping: major(s.shipping),
            refunds: major(s.refunds),
            netSales: major(s.gross - s.discounts - s.refunds),
            totalSales: major(s.gross - s.discounts - s.refunds + s.shipping),
          });
        }
        expect([...want.sums.keys()].every((key) => firstOfBucket.includes(key))).toBe(true);

        const all = [...want.sums.values()].reduce((t, s) => ({
          orders: t.orders + s.orders,
          units: t.units + s.units,
          gross: t.gross + s.gross,
          discounts: t.discounts + s.discounts,
          shipping: t.shipping + s.shipping,
          refunds: t.refunds + s.refunds,
        }));
        expect(r.totals).toEqual({
          orders: all.orders,
          units: all.units,
          grossSales: major(all.gross),
          discounts: major(all.discounts),
          shipping: major(all.shipping),
          refunds: major(all.refunds),
          netSales: major(all.gross - all.discounts - all.refunds),
          totalSales: major(all.gross - all.discounts - all.refunds + all.shipping),
          averageOrderValue: major(Math.round((all.gross - all.discounts) / all.orders)),
          // An untaxed shop: no tax, and its net sales are without tax already.
          tax: 0,
          refundedTax: 0,
          netSalesWithoutTax: major(all.gross - all.discounts - all.refunds),
        });

        expect(r.byProduct.map((p) => [p.name, p.category, p.units, p.grossSales, p.sales]).sort()).toEqual(
          [...want.products].map(([name, p]) => [name, name === "Hose" ? "Garden" : "Kitchen", p.units, major(p.gross), major(p.sales)]).sort(),
        );
        const kitchen = [...want.products]
          .filter(([name]) => name !== "Hose")
          .reduce((t, [, p]) => ({ units: t.units + p.units, sales: t.sales + p.sales }), { units: 0, sales: 0 });
        expect(r.byCategory.find((c) => c.category === "Kitchen")).toMatchObject({ products: 2, units: kitchen.units, sales: major(kitchen.sales) });
        expect(r.byCategory.reduce((sum, c) => sum + Math.round(c.grossSales * 100), 0)).toBe(all.gross);
        expect(r.byPayment.map((p) => [p.method, p.orders, p.ordered, p.refunds, p.totalSales])).toEqual(
          ["card", "cod"]
            .filter((m) => want.payments.has(m))
            .map((m) => {
              const p = want.payments.get(m)!;
              return [m, p.orders, major(p.ordered), major(p.refunds), major(p.ordered - p.refunds)];
            }),
        );
      });
    }
  }

  it("counts New York's orders on their local days across the DST change, and refunds on the refund's day", async () => {
    await setZone("America/New_York");
    const r = await report("from=2026-03-06&to=2026-04-02&groupBy=day");
    const day = (d: string) => r.series.find((b) => b.start === d)!;
    // a at 23:59 on the 6th; b at midnight and c at 23:30 on the 7th; d (01:59 EST), e (03:00 EDT)
    // and f (23:59) on the 23-hour 8th (the failed card order and the cancelled one left out); g at midnight on the 9th.
    expect([day("2026-03-06").orders, day("2026-03-07").orders, day("2026-03-08").orders, day("2026-03-09").orders]).toEqual([1, 2, 3, 1]);
    expect(day("2026-03-08").units).toBe(1 + 2 + 4 + 2);
    expect(day("2026-03-10")).toMatchObject({ orders: 0, refunds: 30 });
    expect(day("2026-03-31").orders).toBe(1);
    expect(day("2026-04-01").orders).toBe(0);
    expect(day("2026-04-01").refunds).toBeGreaterThan(0);
    expect(r.totals.orders).toBe(8);
    // Pan: 40.00 less 25% = 30.00 a unit; b bought one and got it back.
    expect(r.byProduct.find((p) => p.name === "Pan")).toMatchObject({ units: 1 + 2 + 1, grossSales: 160, discounts: 40, sales: 120 });

    const kolkata = await (async () => {
      await setZone("Asia/Kolkata");
      return report("from=2026-03-31&to=2026-04-01");
    })();
    // h (03:30 UTC) is 09:00 on 1 April in Kolkata; d's shipping refund (04:30 UTC) too.
    expect(kolkata.series.map((b) => b.orders)).toEqual([0, 1]);
  });

  it("exports the series and the breakdowns as CSV", async () => {
    await setZone("America/New_York");
    const res = await staff.request("/api/admin/reports/sales.csv?from=2026-03-06&to=2026-04-02&groupBy=week");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toContain('filename="sales-2026-03-06-to-2026-04-02.csv"');
    const rows = parse(await res.text(), { relax_column_count: true }) as string[][];
    const json = await report("from=2026-03-06&to=2026-04-02&groupBy=week");
    const head = rows.findIndex((row) => row[0] === "Week");
    expect(rows[head]).toEqual([
      "Week",
      "Start",
      "End",
      "Orders",
      "Units",
      "Gross sales",
      "Discounts",
      "Refunds",
      "Net sales",
      "Shipping",
      "Total sales",
      "Average order value",
      "Tax",
      "Refunded tax",
      "Net sales without tax",
    ]);
    const series = rows.slice(head + 1, head + 1 + json.series.length);
    expect(series.map((row) => [row[1], Number(row[3]), Number(row[5]), Number(row[10])])).toEqual(
      json.series.map((b) => [b.start, b.orders, b.grossSales, b.totalSales]),
    );
    expect(rows[head + 1 + json.series.length]).toEqual([
      "Total",
      "2026-03-06",
      "2026-04-02",
      "8",
      String(json.totals.units),
      ...[
        json.totals.grossSales,
        json.totals.discounts,
        json.totals.refunds,
        json.totals.netSales,
        json.totals.shipping,
        json.totals.totalSales,
        json.totals.averageOrderValue,
        json.totals.tax,
        json.totals.refundedTax,
        json.totals.netSalesWithoutTax,
      ].map((n) => n.toFixed(2)),
    ]);
    const products = rows.findIndex((row) => row[0] === "Product (top 20)");
    expect(
      rows
        .slice(products + 1, products + 4)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["Hose", "Mug", "Pan"]);
    expect(rows.find((row) => row[0] === "Cash on delivery")).toBeTruthy();
    expect(rows.some((row) => row[0] === "Category")).toBe(true);
  });

  it("answers 400 naming the field for bad dates, a reversed or too long range and an unknown grouping", async () => {
    const fields = async (query: string) => {
      const res = await staff.request(`/api/admin/reports/sales?${query}`);
      expect(res.status).toBe(400);
      return Object.keys(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields);
    };
    expect(await fields("from=2026-02-30&to=2026-03-01")).toEqual(["from"]);
    expect(await fields("from=2026-03-01&to=yesterday")).toEqual(["to"]);
    expect(await fields("from=2026-03-02&to=2026-03-01")).toEqual(["to"]);
    expect(await fields("from=2020-01-01&to=2026-01-02")).toEqual(["to"]);
    expect(await fields("from=2026-03-01&to=2026-03-02&groupBy=year")).toEqual(["groupBy"]);
    expect(await fields("to=2026-03-02")).toEqual(["from"]);
    const csv = await staff.request("/api/admin/reports/sales.csv?from=2026-03-02&to=2026-03-01");
    expect(csv.status).toBe(400);
  });

  it("is for staff with the reports permission only", async () => {
    await createAccount(shop, { email: "desk-only@example.com", password: "desk-password-1", role: "staff", permissions: ["orders"] });
    const desk = await signedIn(shop, "desk-only@example.com", "desk-password-1");
    expect((await desk.request("/api/admin/reports/sales?from=2026-03-01&to=2026-03-02")).status).toBe(403);
    expect((await desk.request("/api/admin/reports/sales.csv?from=2026-03-01&to=2026-03-02")).status).toBe(403);
    expect((await shop.request("/api/admin/reports/sales?from=2026-03-01&to=2026-03-02")).status).toBe(401);
  });
});
