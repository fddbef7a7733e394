// The order desk's part of `npm run bench`: the admin order list over 100,000 orders (a customer
// search within a status tab) under load, and one bulk move of 500 orders, through the JSON API as
// the seeded administrator.
import { randomBytes } from "node:crypto";
import { BenchError, log, step } from "./processes.mjs";
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";
import { withDatabase } from "./shopping.mjs";

/** Orders in the shop when the order desk is measured. */
export const DESK_ORDERS = 100_000;
/** Orders one bulk move takes. */
export const BULK_ORDERS = 500;
/** The customer the list searches for: a few hundred of the seeded orders are theirs. */
export const DESK_SEARCH = "Quillfeather";

const STATUSES = ["pending", "pending", "processing", "shipped", "delivered", "completed", "completed", "completed", "cancelled"];
const NAMES = ["Ada Lovelace", "Grace Hopper", "Katherine Johnson", "Dorothy Vaughan", "Mary Jackson", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"];
const id = () => randomBytes(16).toString("base64url").slice(0, 22);

/** The list's address the load requests: the search term within the pending tab, 50 a page. */
export function orderListPath() {
  return `/api/admin/orders?status=pending&q=${encodeURIComponent(DESK_SEARCH)}`;
}

/**
 * Tops the shop up to DESK_ORDERS orders (each with one line of a real product and its first
 * event), spread over the last year and the statuses of a running shop, in batches of 500 rows.
 * Returns how many were added and how long it took.
 */
export async function seedOrders(databaseUrl) {
  const started = performance.now();
  const added = await withDatabase(databaseUrl, async (db) => {
    const have = Number((await db.query("SELECT count(*) AS n FROM orders"))[0].n);
    const products = await db.query("SELECT id, name, slug, price FROM products WHERE status = 'active' ORDER BY id LIMIT 200");
    const missing = Math.max(0, DESK_ORDERS - have);
    const now = Date.now();
    const orderCols = [
      "id",
      "number",
      "user_id",
      "visitor_id",
      "guest_token_hash",
      "idempotency_key",
      "status",
      "contact_name",
      "contact_email",
      "contact_phone",
      "address",
      "shipping_method",
      "shipping_method_name",
      "payment_method",
      "payment_status",
      "payment_intent_id",
      "currency",
      "subtotal",
      "discount_total",
      "shipping_total",
      "total",
      "notes",
      "tracking_number",
      "tax_total",
      "tax_country",
      "tax_region",
      "tax_name",
      "created_at",
      "updated_at",
    ];
    const lineCols = [
      "id",
      "order_id",
      "product_id",
      "variant_id",
      "name",
      "slug",
      "image",
      "color",
      "size",
      "sku",
      "unit_price",
      "additional_price",
      "discount",
      "unit_final_price",
      "shipping_cost",
      "quantity",
      "line_total",
      "sort_order",
    ];
    const eventCols = ["id", "order_id", "status", "actor", "note", "created_at"];
    const taxCols = ["id", "order_id", "order_line_id", "tax_class", "rate_milli", "base", "amount"];
    const insert = async (table, cols, rows) => {
      if (!rows.length) return;
      const params = rows.flat();
      const values = rows.map((_, r) => `(${cols.map((_, c) => `$${r * cols.length + c + 1}`).join(", ")})`).join(", ");
      await db.run(`INSERT INTO ${table} (${cols.join(", ")}) VALUES ${values}`, params);
    };
    await db.run("BEGIN");
    for (let done = 0; done < missing; done += 500) {
      const orders = [];
      const lines = [];
      const events = [];
      const taxes = [];
      for (let i = done; i < Math.min(missing, done + 500); i++) {
        const orderId = id();
        const p = products[i % products.length];
        const quantity = 1 + (i % 3);
        const status = STATUSES[i % STATUSES.length];
        const name = i % 250 === 0 ? `Ada ${DESK_SEARCH}` : NAMES[i % NAMES.length];
        const at = new Date(now - (i / missing) * 365 * 86_400_000).toISOString();
        const subtotal = p.price * quantity;
        // New York's sales tax (8.875 %) on the goods, added on top, as a US shop charges it.
        const tax = Math.round((subtotal * 8875) / 100_000);
        const lineId = id();
        orders.push([
          orderId,
          `BD-${String(i).padStart(7, "0")}`,
          null,
          null,
          "bench",
          null,
          status,
          name,
          `customer${i}@example.com`,
          `+1 503 ${String(i).padStart(7, "0")}`,
          JSON.stringify({ line1: "1 Benchmark Street", line2: null, city: "Portland", region: "OR", postalCode: "97204", country: "US" }),
          "outside-city",
          "Standard shipping",
          i % 4 === 0 ? "card" : "cod",
          status === "cancelled" ? "unpaid" : i % 4 === 0 ? "paid" : "unpaid",
          null,
          "USD",
          subtotal,
          0,
          500,
          subtotal + 500 + tax,
          null,
          null,
          tax,
          "US",
          "NY",
          "Sales tax",
          at,
          at,
        ]);
        taxes.push([id(), orderId, lineId, "standard", 8875, subtotal, tax]);
        lines.push([lineId, orderId, p.id, "", p.name, p.slug, null, null, null, null, p.price, 0, 0, p.price, 0, quantity, subtotal, 0]);
        events.push([id(), orderId, "pending", "customer", null, at]);
      }
      await insert("orders", orderCols, orders);
      await insert("order_lines", lineCols, lines);
      await insert("order_events", eventCols, events);
      await insert("order_tax_lines", taxCols, taxes);
    }
    // Orders written behind the services' back: the reports sum their roll-ups again on first use.
    await db.run("UPDATE report_rollups SET time_zone = NULL");
    await db.run("COMMIT");
    return missing;
  });
  await settleDatabase(databaseUrl);
  return { added, seconds: Math.round(performance.now() - started) / 1000 };
}

/**
 * Fresh statistics for the planner and, on PostgreSQL, the visibility map autovacuum keeps in a
 * running shop, so counts read their indexes alone: after the bulk seeding, and again after the
 * reports' first use has rewritten every seeded order's `in_rollups`.
 */
export async function settleDatabase(databaseUrl) {
  await withDatabase(databaseUrl, (db) => db.run(databaseUrl.startsWith("file:") ? "ANALYZE" : "VACUUM (ANALYZE)"));
}

/** Moves BULK_ORDERS pending orders to processing in one POST /api/admin/orders/bulk, as an operator would from orders/management. */
export async function measureBulkMove(base, cookie, databaseUrl) {
  const ids = await withDatabase(databaseUrl, async (db) =>
    (await db.query(`SELECT id FROM orders WHERE status = 'pending' ORDER BY created_at DESC LIMIT ${BULK_ORDERS}`)).map((r) => r.id),
  );
  if (ids.length < BULK_ORDERS) throw new Error(`only ${ids.length} pending orders to move`);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/orders/bulk`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", accept: "application/json", origin: base },
    body: JSON.stringify({ ids, status: "processing" }),
  });
  const answer = await res.json();
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`POST /api/admin/orders/bulk answered ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`);
  return {
    orders: ids.length,
    moved: answer.meta.moved,
    skipped: answer.meta.skipped,
    seconds: Math.round(seconds * 1000) / 1000,
    perOrderMs: Math.round((seconds * 1000 * 100) / ids.length) / 100,
  };
}

/**
 * The order desk, after the other rows: tops the shop up to DESK_ORDERS orders, measures the order
 * list under load, then one bulk move. Returns the list's row, the seeding and the move.
 */
export async function measureOrderDesk({ base, headers, pid, database, databaseUrl, measure }, adminCookie) {
  step(`Order desk: topping the shop up to ${DESK_ORDERS.toLocaleString("en-US")} orders, the order list under load, a bulk move of ${BULK_ORDERS}`);
  const seeded = await seedOrders(databaseUrl).catch((err) => {
    throw new BenchError(`Seeding the orders failed: ${err.message}`);
  });
  log(`  added ${seeded.added.toLocaleString("en-US")} orders in ${num(seeded.seconds, 1)} s`);
  const row = await measure({
    key: "orderList",
    label: `GET ${orderListPath()} (${DESK_ORDERS / 1000}k orders)`,
    url: `${base}${orderListPath()}`,
    headers: { ...headers.api(), cookie: adminCookie },
    pid,
    database,
  });
  const bulkMove = await measureBulkMove(base, adminCookie, databaseUrl).catch((err) => {
    throw new BenchError(`The bulk move failed: ${err.message}`);
  });
  log(
    `  bulk move of ${bulkMove.orders} orders to processing: ${num(bulkMove.seconds, 2)} s (${num(bulkMove.perOrderMs, 2)} ms an order; ${bulkMove.moved} moved, ${bulkMove.skipped} skipped)`,
  );
  return { row, seeded, bulkMove };
}

export function orderDeskLine(by, { bulkMove }) {
  return (
    `Order desk (${DESK_ORDERS.toLocaleString("en-US")} orders): list "${DESK_SEARCH}" in the pending tab ${num(by.orderList.requestsPerSecond)} req/s, ` +
    `p50 ${num(by.orderList.latencyMs.p50, 2)} ms, p95 ${num(by.orderList.latencyMs.p95, 2)} ms; bulk move of ${bulkMove.orders} orders ${num(bulkMove.seconds, 2)} s.`
  );
}

export function orderDeskJson(by, { seeded, bulkMove }) {
  return {
    orders: DESK_ORDERS,
    seeded,
    listPath: orderListPath(),
    listP95Ms: by.orderList.latencyMs.p95,
    listRequestsPerSecond: by.orderList.requestsPerSecond,
    bulkMove,
  };
}

/** The order desk's goal: the pending list with a search within TARGETS.orderDeskP95Ms at p95. */
export function orderDeskTarget(by) {
  const p95 = by.orderList?.latencyMs.p95;
  return {
    name: `order desk search p95 ≤ ${TARGETS.orderDeskP95Ms} ms`,
    value: p95,
    shown: `${num(p95, 2)} ms at ${DESK_ORDERS.toLocaleString("en-US")} orders`,
    pass: p95 != null && p95 <= TARGETS.orderDeskP95Ms && !by.orderList.failedResponses,
  };
}
