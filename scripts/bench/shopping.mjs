// The shopping part of `npm run bench`: add-to-cart and place-order throughput through the JSON API
// (POST /api/cart/items, POST /api/orders), on whichever database the run uses.
import { randomBytes } from "node:crypto";
import SQLite from "better-sqlite3";
import pg from "pg";
import { BenchError } from "./processes.mjs";
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

/** How many products the load spreads over (a flash sale on one row is another benchmark). */
const PRODUCTS = 20;
/** Enough stock that a run never sells out (the benchmark measures placing orders, not refusing them). */
const BENCH_STOCK = 10_000_000;

/** Runs one statement on the benchmark database, SQLite file or PostgreSQL. */
export async function withDatabase(databaseUrl, fn) {
  if (databaseUrl.startsWith("file:")) {
    const db = new SQLite(databaseUrl.slice("file:".length));
    db.pragma("busy_timeout = 5000");
    try {
      return await fn({
        query: async (text, params = []) => db.prepare(text.replace(/\$\d+/g, "?")).all(...params),
        run: async (text, params = []) => db.prepare(text.replace(/\$\d+/g, "?")).run(...params),
      });
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn({ query: async (text, params = []) => (await client.query(text, params)).rows, run: (text, params = []) => client.query(text, params) });
  } finally {
    await client.end();
  }
}

/**
 * Picks active products without colours or sizes and gives them plenty of stock, so every add and
 * every order of the run can succeed. Returns their ids.
 */
export async function prepareShoppingProducts(databaseUrl) {
  return withDatabase(databaseUrl, async (db) => {
    const rows = await db.query(
      `SELECT p.id FROM products p WHERE p.status = 'active' AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) ORDER BY p.id LIMIT ${PRODUCTS}`,
    );
    const ids = rows.map((r) => r.id);
    if (!ids.length) return ids;
    await db.run(`UPDATE products SET stock = ${BENCH_STOCK} WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})`, ids);
    return ids;
  });
}

/** Orders placed so far (to check the measured order rate against what was stored). */
export function countOrders(databaseUrl) {
  return withDatabase(databaseUrl, async (db) => Number((await db.query("SELECT count(*) AS n FROM orders"))[0].n));
}

const pick = (ids) => ids[Math.floor(Math.random() * ids.length)];

/** The visitor cookie a first add-to-cart sets (name=value only). */
function visitorCookie(headers) {
  const raw = headers?.["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).find((c) => c.startsWith("shop.visitor=")) ?? null;
}

/**
 * A checkout body for one shopper. Each shopper of the run is someone else, as in a real shop: their
 * own contact e-mail and phone, so the per-contact order limits and the open-order cap count each
 * shopper once instead of refusing the whole run after a few orders.
 */
function orderBody(shopper) {
  return JSON.stringify({
    contact: { name: "Bench Shopper", email: `bench.shopper+${shopper}@example.com`, phone: `+1 503 ${String(shopper).padStart(7, "0")}` },
    address: { line1: "1 Benchmark Street", city: "Portland", region: "OR", postalCode: "97204", country: "US" },
    paymentMethod: "cod",
  });
}

let shoppers = 0;
/** A new shopper: a number for its contact, and a client address of its own (the bench server trusts one proxy hop). */
function newShopper() {
  shoppers += 1;
  const n = shoppers;
  return { n, ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/**
 * The two load shapes, as autocannon options:
 * - addToCart: every request is a new shopper's first add (a cart is created, the cookie set);
 * - checkout: each connection repeats [add one product as a new shopper, place a cash-on-delivery
 *   order for it with a fresh Idempotency-Key], so half the requests are orders.
 */
export function shoppingLoads(productIds, origin) {
  // A browser names the shop in Origin; the shop refuses cookie-carrying writes without it (CSRF guard).
  const json = { "content-type": "application/json", accept: "application/json", origin };
  return {
    addToCart: {
      requests: [
        {
          method: "POST",
          path: "/api/cart/items",
          headers: json,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ productId: pick(productIds), quantity: 1 }) }),
        },
      ],
    },
    checkout: {
      requests: [
        {
          method: "POST",
          path: "/api/cart/items",
          setupRequest: (req, context) => {
            context.shopper = newShopper();
            return { ...req, headers: { ...json, "x-forwarded-for": context.shopper.ip }, body: JSON.stringify({ productId: pick(productIds), quantity: 1 }) };
          },
          onResponse: (status, _body, context, headers) => {
            context.cookie = status === 201 || status === 200 ? visitorCookie(headers) : null;
          },
        },
        {
          method: "POST",
          path: "/api/orders",
          // No cookie means the add failed: start over with a new shopper.
          setupRequest: (req, context) =>
            context.cookie
              ? {
                  ...req,
                  headers: { ...json, cookie: context.cookie, "x-forwarded-for": context.shopper.ip, "idempotency-key": randomBytes(12).toString("hex") },
                  body: orderBody(context.shopper.n),
                }
              : null,
        },
      ],
    },
  };
}

/**
 * Readies the products and returns the two shopping rows (new shoppers adding to their cart, then
 * adding and placing an order) with what they need afterwards: the product ids, and the orders
 * stored during the checkout row (set once it has run).
 */
export async function prepareShopping({ base, pid, database, databaseUrl }) {
  const productIds = await prepareShoppingProducts(databaseUrl);
  if (!productIds.length) throw new BenchError("No product without colours or sizes to put in carts");
  const loads = shoppingLoads(productIds, base);
  const shopping = { productIds, ordersStored: null };
  shopping.rows = [
    { key: "addToCart", label: "POST /api/cart/items (new shopper)", url: base, headers: {}, pid, database, autocannon: loads.addToCart, write: true },
    {
      key: "checkout",
      label: "add to cart + POST /api/orders",
      url: base,
      headers: {},
      pid,
      database,
      autocannon: loads.checkout,
      write: true,
      before: () => countOrders(databaseUrl),
      after: async (r, ordersBefore) => {
        shopping.ordersStored = (await countOrders(databaseUrl)) - ordersBefore;
        r.ordersPerSecond = Math.round((r.requests / 2 / r.seconds) * 10) / 10;
      },
    },
  ];
  return shopping;
}

export function shoppingLine(by, { productIds, ordersStored }) {
  return (
    `\nShopping (${productIds.length} products, new shopper per cycle): add to cart ${num(by.addToCart.requestsPerSecond)} req/s ` +
    `(p95 ${num(by.addToCart.latencyMs.p95, 2)} ms); place order ${num(by.checkout.ordersPerSecond)} orders/s ` +
    `(each after its add to cart; p95 of both ${num(by.checkout.latencyMs.p95, 2)} ms); ` +
    `${ordersStored?.toLocaleString("en-US") ?? "?"} orders stored during warm-up and measurement.`
  );
}

/** PostgreSQL's targets (none on SQLite). */
export function shoppingTargets(by, { ordersStored }, dialect) {
  if (dialect !== "postgres") return [];
  return [
    {
      name: `add to cart ≥ ${TARGETS.pgAddToCartPerSecond} req/s (PostgreSQL)`,
      value: by.addToCart.requestsPerSecond,
      shown: `${num(by.addToCart.requestsPerSecond)} req/s`,
      pass: by.addToCart.requestsPerSecond >= TARGETS.pgAddToCartPerSecond,
    },
    {
      // Counted from the answers, so the orders stored must be at least those answered while measured.
      name: `place order ≥ ${TARGETS.pgOrdersPerSecond} orders/s (PostgreSQL)`,
      value: by.checkout.ordersPerSecond,
      shown: `${num(by.checkout.ordersPerSecond)} orders/s, ${ordersStored?.toLocaleString("en-US") ?? "?"} stored`,
      pass: by.checkout.ordersPerSecond >= TARGETS.pgOrdersPerSecond && (ordersStored ?? 0) >= by.checkout.requests / 2,
    },
  ];
}

export function shoppingJson(by, { productIds, ordersStored }) {
  return { productIds, ordersStored, ordersPerSecond: by.checkout.ordersPerSecond, addToCartPerSecond: by.addToCart.requestsPerSecond };
}
