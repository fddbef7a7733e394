import { parse } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestBrowser, browser, createAccount, signedIn, uniqueIp } from "#tests/support/auth-browser";
import { insertCatalog } from "#tests/support/catalog-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";
import { createLogger } from "../lib/logger";
import { addDays } from "#common/calendar";
import { createAnalyticsService } from "../modules/analytics/analytics.service";

// The site analytics end to end on both databases: the storefront's batches through
// POST /api/analytics/events (what is stored, what is refused, what is quietly dropped), the
// admin's report through GET /api/admin/analytics, and the roll-up of old days.

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let shop: TestShop;
let admin: TestBrowser;
let products: Array<{ _id: string; name: string; slug: string }>;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  await insertCatalog(shop.db, { Shoes: [] }, [
    { name: "Trail Runner", price: 2000, category: "Shoes" },
    { name: "City Loafer", price: 1000, category: "Shoes" },
  ]);
  products = (await shop.services.catalog.listNewest(2)).map((p) => ({ _id: p._id, name: p.name, slug: p.slug }));
});
afterAll(() => shop?.close());

type Event = { type: string; path: string; referrer?: string; productId?: string; value?: number; currency?: string };

/** Sends a batch as navigator.sendBeacon does: a POST with the shop's Origin, the body as text/plain unless told. */
function beacon(events: unknown, options: { ip?: string; ua?: string | null; headers?: Record<string, string>; type?: string; raw?: string } = {}) {
  const headers: Record<string, string> = {
    origin: "http://shop.test",
    "content-type": options.type ?? "text/plain;charset=UTF-8",
    "x-forwarded-for": options.ip ?? uniqueIp(),
    ...options.headers,
  };
  if (options.ua !== null) headers["user-agent"] = options.ua ?? DESKTOP;
  return shop.request("/api/analytics/events", { method: "POST", headers, body: options.raw ?? JSON.stringify({ events }) });
}

async function clear() {
  await shop.services.analytics.flush();
  await shop.db.kysely.deleteFrom("analytics_events").execute();
  await shop.db.kysely.deleteFrom("analytics_daily").execute();
}

async function stored() {
  await shop.services.analytics.flush();
  return shop.db.kysely.selectFrom("analytics_events").selectAll().orderBy("type").execute();
}

async function report(from: string, to: string) {
  const res = await admin.get(`/api/admin/analytics?from=${from}&to=${to}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).data;
}

/** One shopper's visit: home (from a search engine), a product, add to cart, checkout, order. */
function shopperVisit(product: { _id: string }): Event[] {
  return [
    { type: "pageview", path: "/", referrer: "https://www.google.com/search?q=shoes" },
    { type: "pageview", path: "/products/sample" },
    { type: "product_view", path: "/products/sample", productId: product._id, value: 20, currency: "USD" },
    { type: "add_to_cart", path: "/products/sample", productId: product._id, value: 20, currency: "USD" },
    { type: "pageview", path: "/checkout" },
    { type: "checkout_started", path: "/checkout", value: 25.5, currency: "USD" },
    { type: "pageview", path: "/order-confirmation?order=o1&token=secret" },
    { type: "order_placed", path: "/order-confirmation", value: 25.5, currency: "USD" },
  ];
}

describe("POST /api/analytics/events", () => {
  it("stores a good batch (text/plain or JSON, as sendBeacon sends it) with the day, a visitor hash, the device and the referrer's host, never the query", async () => {
    await clear();
    expect(products.length).toBe(2);
    const res = await beacon(shopperVisit(products[0]!), { ip: "10.9.0.1" });
    expect(res.status, await res.clone().text()).toBe(204);
    const json = await beacon([{ type: "pageview", path: "/contact-us" }], { ip: "10.9.0.2", ua: PHONE, type: "application/json" });
    expect(json.status).toBe(204);

    const rows = await stored();
    expect(rows).toHaveLength(9);
    const today = await shop.services.analytics.today();
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set([today]));
    // One visitor per browser and day: the same address and browser hash alike, another differs; neither holds the address.
    const desktop = rows.filter((r) => r.device === "desktop");
    expect(new Set(desktop.map((r) => r.visitor)).size).toBe(1);
    expect(rows.find((r) => r.device === "mobile")!.visitor).not.toBe(desktop[0]!.visitor);
    expect(JSON.stringify(rows)).not.toContain("10.9.0.1");
    expect(rows.find((r) => r.path === "/")!.referrer).toBe("google.com");
    expect(rows.map((r) => r.path)).toContain("/order-confirmation");
    expect(JSON.stringify(rows)).not.toContain("secret");
    const order = rows.find((r) => r.type === "order_placed")!;
    expect([order.value, order.currency]).toEqual([2550, "USD"]);
  });

  it("refuses a bad batch whole with 400 and stores none of it", async () => {
    await clear();
    const good = { type: "pageview", path: "/" };
    const bad: Array<[string, unknown]> = [
      ["an unknown type", [good, { type: "purchase", path: "/" }]],
      ["a path that is no path", [{ type: "pageview", path: "https://evil.example/" }]],
      ["a path too long", [{ type: "pageview", path: `/${"a".repeat(400)}` }]],
      ["a product view without its product", [{ type: "product_view", path: "/products/x" }]],
      ["too many events", Array.from({ length: 51 }, () => good)],
      ["no events", []],
      ["a negative value", [{ type: "order_placed", path: "/", value: -5 }]],
    ];
    for (const [what, events] of bad) {
      const res = await beacon(events);
      expect(res.status, what).toBe(400);
      expect((await res.json()).error.code, what).toBe("invalid_input");
    }
    expect((await beacon(null, { raw: "not json" })).status).toBe(400);
    expect((await beacon(null, { raw: JSON.stringify({ events: "many" }) })).status).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  it("refuses an oversized batch with 413", async () => {
    const res = await beacon(null, { raw: JSON.stringify({ events: [{ type: "pageview", path: "/", referrer: `https://x.example/${"a".repeat(40_000)}` }] }) });
    expect(res.status).toBe(413);
    expect(await stored()).toHaveLength(0);
  });

  it("answers 204 but stores nothing for bots, scripts without a user agent, Do-Not-Track and Global Privacy Control", async () => {
    await clear();
    const events = [{ type: "pageview", path: "/" }];
    expect((await beacon(events, { ua: GOOGLEBOT })).status).toBe(204);
    expect(
      (await beacon(events, { ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36" })).status,
    ).toBe(204);
    expect((await beacon(events, { ua: null })).status).toBe(204);
    expect((await beacon(events, { headers: { dnt: "1" } })).status).toBe(204);
    expect((await beacon(events, { headers: { "sec-gpc": "1" } })).status).toBe(204);
    expect(await stored()).toHaveLength(0);
    // The same batch from a browser that allows it is stored.
    expect((await beacon(events, { headers: { dnt: "0" } })).status).toBe(204);
    expect(await stored()).toHaveLength(1);
  });

  it("refuses a batch from another site (403): the shop's CSRF guard applies", async () => {
    const res = await beacon([{ type: "pageview", path: "/" }], { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("limits the batches per client address (429 with Retry-After), and other addresses go on", async () => {
    const limited = await createTestShop({ ANALYTICS_LIMIT_PER_IP: "3/1m" });
    try {
      const send = (ip: string) =>
        limited.request("/api/analytics/events", {
          method: "POST",
          headers: { origin: "http://shop.test", "user-agent": DESKTOP, "x-forwarded-for": ip, "content-type": "text/plain" },
          body: JSON.stringify({ events: [{ type: "pageview", path: "/" }] }),
        });
      for (let i = 0; i < 3; i++) expect((await send("10.8.0.1")).status).toBe(204);
      const over = await send("10.8.0.1");
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await send("10.8.0.2")).status).toBe(204);
      await limited.services.analytics.flush();
      const n = await limited.db.kysely
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(4);
    } finally {
      await limited.services.analytics.stop();
      await limited.close();
    }
  });
});

/**
 * Three visitors of today from `network`.1–3: Ada buys the first product; Bob (on a phone, from a
 * newsletter) looks at two products and adds the second to his cart; Cy only sees the home page
 * (coming from `cyReferrer`, if given).
 */
async function threeVisitors(network: string, cyReferrer?: string) {
  const [p1, p2] = products as [(typeof products)[0], (typeof products)[0]];
  expect((await beacon(shopperVisit(p1), { ip: `${network}.1` })).status).toBe(204);
  await beacon(
    [
      { type: "pageview", path: "/", referrer: "https://news.example.org/issue-7" },
      { type: "product_view", path: "/products/a", productId: p1._id },
      { type: "product_view", path: "/products/b", productId: p2._id },
      { type: "product_view", path: "/products/b", productId: p2._id },
      { type: "add_to_cart", path: "/products/b", productId: p2._id, value: 10, currency: "USD" },
    ],
    { ip: `${network}.2`, ua: PHONE },
  );
  await beacon([{ type: "pageview", path: "/", ...(cyReferrer ? { referrer: cyReferrer } : {}) }], { ip: `${network}.3` });
}

describe("GET /api/admin/analytics", () => {
  it("gives the period's totals, the funnel with its rates, and the top pages, products, referrers and devices", async () => {
    await clear();
    const [p1, p2] = products as [(typeof products)[0], (typeof products)[0]];
    await threeVisitors("10.7.0", "http://shop.test/products/x");
    const today = await shop.services.analytics.today();

    const data = await report(today, today);
    expect(data.period).toEqual({ from: today, to: today });
    expect(data.totals).toMatchObject({ visitors: 3, pageViews: 6, productViews: 4, addToCarts: 2, checkouts: 1, orders: 1, orderValue: 25.5 });
    expect(data.totals.conversionRate).toBeCloseTo(1 / 3);
    expect(data.funnel.map((s: { step: string; visitors: number; rate: number | null }) => [s.step, s.visitors, s.rate])).toEqual([
      ["product_view", 2, null],
      ["add_to_cart", 2, 1],
      ["checkout_started", 1, 0.5],
      ["order_placed", 1, 1],
    ]);
    expect(data.funnelRate).toBe(0.5);
    expect(data.topPages[0]).toEqual({ path: "/", visitors: 3, pageViews: 3 });
    expect(data.topProducts).toEqual([
      { productId: p1._id, name: p1.name, slug: p1.slug, visitors: 2, views: 2, addedToCart: 1 },
      { productId: p2._id, name: p2.name, slug: p2.slug, visitors: 1, views: 2, addedToCart: 1 },
    ]);
    // The shop's own pages are no referrer.
    expect(data.referrers).toEqual([
      { host: "google.com", visitors: 1, pageViews: 1 },
      { host: "news.example.org", visitors: 1, pageViews: 1 },
    ]);
    expect(data.devices).toEqual([
      { device: "desktop", visitors: 2, pageViews: 5 },
      { device: "mobile", visitors: 1, pageViews: 1 },
    ]);
    // The dashboard's figures come from the same numbers.
    expect(await shop.services.analytics.summary({ from: today, to: today })).toMatchObject({ visitors: 3, pageViews: 6, orders: 1 });

    // Another period holds nothing.
    const empty = await report("2020-01-01", "2020-01-31");
    expect(empty.totals).toMatchObject({ visitors: 0, pageViews: 0, orders: 0, conversionRate: null });
    expect(empty.funnel.map((s: { visitors: number }) => s.visitors)).toEqual([0, 0, 0, 0]);
    expect([empty.topPages, empty.topProducts, empty.referrers, empty.devices]).toEqual([[], [], [], []]);
  });

  it("exports the period's report as CSV: a section per table under its own heading row, an empty row between them", async () => {
    await clear();
    const [p1, p2] = products as [(typeof products)[0], (typeof products)[0]];
    await threeVisitors("10.5.0");
    const today = await shop.services.analytics.today();
    const { timeZone } = await shop.services.content.getSettings();

    const res = await admin.get(`/api/admin/analytics.csv?from=${today}&to=${today}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="analytics-${today}-to-${today}.csv"`);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\ufeffSite analytics")).toBe(true);
    expect(parse(text, { bom: true, relax_column_count: true })).toEqual([
      [`Site analytics ${today} to ${today}`, `Time zone ${timeZone}`, "A visitor is one browser on one day"],
      [""],
      ["Total", "Value"],
      ["Visitors", "3"],
      ["Page views", "6"],
      ["Product views", "4"],
      ["Adds to cart", "2"],
      ["Checkouts started", "1"],
      ["Orders", "1"],
      ["Order value", "25.50"],
      ["Conversion rate (visitors who placed an order)", "33.33%"],
      [""],
      ["Funnel step", "Visitors", "Events", "Rate from the step before"],
      ["Viewed a product", "2", "4", ""],
      ["Added to cart", "2", "2", "100.00%"],
      ["Started checkout", "1", "1", "50.00%"],
      ["Placed an order", "1", "1", "100.00%"],
      ["Viewed a product and placed an order", "", "", "50.00%"],
      [""],
      ["Top pages", "Visitors", "Page views"],
      ["/", "3", "3"],
      ["/checkout", "1", "1"],
      ["/order-confirmation", "1", "1"],
      ["/products/sample", "1", "1"],
      [""],
      ["Top products", "Slug", "Visitors", "Views", "Visitors who added it to cart"],
      [p1.name, p1.slug, "2", "2", "1"],
      [p2.name, p2.slug, "1", "2", "1"],
      [""],
      ["Referring site", "Visitors", "Page views"],
      ["google.com", "1", "1"],
      ["news.example.org", "1", "1"],
      [""],
      ["Device", "Visitors", "Page views"],
      ["Desktop", "2", "5"],
      ["Phone", "1", "1"],
    ]);

    // A period without visits: every heading, no rows under the tables, no rate where nothing divides.
    const empty = await admin.get("/api/admin/analytics.csv?from=2020-01-01&to=2020-01-31");
    expect(empty.status).toBe(200);
    const rows = parse(await empty.text(), { bom: true, relax_column_count: true }) as string[][];
    expect(rows.find((r) => r[0] === "Visitors")).toEqual(["Visitors", "0"]);
    expect(rows.find((r) => r[0]?.startsWith("Conversion rate"))?.[1]).toBe("");
    for (const heading of ["Top pages", "Top products", "Referring site"]) expect(rows[rows.findIndex((r) => r[0] === heading) + 1]).toEqual([""]);
    expect(rows.at(-1)).toEqual(["Device", "Visitors", "Page views"]);
  });

  it("refuses the CSV for a bad period (400), to visitors (401) and to staff without the reports permission (403)", async () => {
    expect((await admin.get("/api/admin/analytics.csv?from=2026-02-01&to=2026-01-01")).status).toBe(400);
    expect((await admin.get("/api/admin/analytics.csv")).status).toBe(400);
    expect((await browser(shop).get("/api/admin/analytics.csv?from=2026-01-01&to=2026-01-31")).status).toBe(401);
    await createAccount(shop, { email: "customers-desk@example.com", password: "desk-password-1", role: "staff", permissions: ["customers", "orders"] });
    const desk = await signedIn(shop, "customers-desk@example.com", "desk-password-1");
    const refused = await desk.get("/api/admin/analytics.csv?from=2026-01-01&to=2026-01-31");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
  });

  it("refuses a bad period with 400", async () => {
    for (const query of [
      "",
      "?from=2026-01-01",
      "?from=2026-02-01&to=2026-01-01",
      "?from=2026-13-01&to=2026-13-02",
      "?from=2020-01-01&to=2026-01-01",
      "?from=yesterday&to=today",
    ]) {
      const res = await admin.get(`/api/admin/analytics${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe("the roll-up", () => {
  it("rolls days past the retention up into daily figures without changing any figure, and deletes their raw events", async () => {
    await clear();
    const { analytics, content } = shop.services;
    const today = await analytics.today();
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    const old = addDays(today, -10);
    // Events ten days ago, through a service whose clock says so (same database, same settings).
    const past = createAnalyticsService(shop.db, {
      rule: { max: 1000, window: 60 },
      settings: () => content.getSettings(),
      products: (ids) => shop.services.catalog.listByIds(ids),
      ownHosts: ["shop.test"],
      logger: createLogger("silent"),
      now: () => tenDaysAgo,
    });
    const client = (ip: string, userAgent = DESKTOP) => ({ ip, userAgent, doNotTrack: false, globalPrivacyControl: false });
    await past.ingest({ events: shopperVisit(products[0]!) }, client("10.6.0.1"));
    await past.ingest(
      {
        events: [
          { type: "pageview", path: "/", referrer: "https://duckduckgo.com/" },
          { type: "product_view", path: "/products/b", productId: products[1]!._id },
        ],
      },
      client("10.6.0.2", PHONE),
    );
    await past.stop();
    // The same browser ten days later is another visitor (the hash's salt is the day's).
    await beacon(shopperVisit(products[1]!), { ip: "10.6.0.1" });
    await beacon([{ type: "pageview", path: "/about" }], { ip: "10.6.0.3" });

    const before = await report(old, today);
    const oldDay = await report(old, old);
    expect(before.totals.visitors).toBe(4);
    expect(oldDay.totals).toMatchObject({ visitors: 2, orders: 1 });
    // The dashboard's summaries of two periods at once: the same figures as the report's, one read.
    const periods = [
      { from: old, to: old },
      { from: addDays(old, 1), to: today },
    ];
    const summaries = await analytics.summaries(periods);
    expect(summaries.map((x) => [x.visitors, x.orders])).toEqual([
      [2, 1],
      [2, before.totals.orders - 1],
    ]);

    await content.saveSettings({ ...(await content.getSettings()), analyticsRetentionDays: 5 });
    try {
      const rolled = await analytics.rollUp();
      expect(rolled).toEqual({ days: 1, events: 10 });
      const raw = await stored();
      expect(new Set(raw.map((r) => r.day))).toEqual(new Set([today]));
      // Every figure is the same, over the whole period and for the rolled-up day alone.
      expect(await report(old, today)).toEqual(before);
      expect(await report(old, old)).toEqual(oldDay);
      expect(await analytics.summaries(periods)).toEqual(summaries);
      // Nothing left to roll up: a second round changes nothing.
      expect(await analytics.rollUp()).toEqual({ days: 0, events: 0 });
      expect(await report(old, today)).toEqual(before);
      // The salt of a day that is over is gone: its hashes cannot be recomputed from an address.
      const salts = await shop.db.kysely.selectFrom("analytics_salts").select("day").execute();
      expect(salts.map((s) => s.day)).not.toContain(old);
    } finally {
      await content.saveSettings({ ...(await content.getSettings()), analyticsRetentionDays: 90 });
    }
  });
});
