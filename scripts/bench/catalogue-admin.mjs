// The catalogue admin's part of `npm run bench`: the admin product list under load (search +
// filter), saving a product (PATCH) one after another, and a CSV import of 10,000 rows, all through
// the JSON API as the seeded administrator.
import { parse, stringify } from "csv/sync";
import { BenchError, log, step } from "./processes.mjs";
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

/** Rows of the import the bench times (its target: under TARGETS.csvImportSeconds on SQLite). */
export const IMPORT_ROWS = 10_000;
/** Product saves (PATCH) timed one after another. */
const PRODUCT_SAVES = 200;

/** Signs in with e-mail and password; returns the session cookie (name=value pairs). */
export async function signInAdmin(base, email, password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null);
const round = (x, d = 2) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);

/** The admin list's address the load requests: the shop's search term, active products with stock, 50 a page. */
export function adminListPath(term) {
  return `/api/admin/products?q=${encodeURIComponent(term)}&status=active&stock=in&sort=relevance`;
}

/**
 * Saves one product `count` times in a row (a price change each time, with the version the last
 * save returned), as an editor clicking Save would: latency percentiles of the PATCH.
 */
export async function measureProductSaves(base, cookie, count) {
  const headers = { cookie, accept: "application/json", origin: base };
  const list = await (await fetch(`${base}/api/admin/products?status=active&pageSize=1&sort=-stock`, { headers })).json();
  const id = list.data?.[0]?.id;
  if (!id) throw new Error(`the admin list returned no product: ${JSON.stringify(list).slice(0, 200)}`);
  let product = (await (await fetch(`${base}/api/admin/products/${id}`, { headers })).json()).data;
  const latencies = [];
  const statuses = {};
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({ version: product.version, price: Math.round((product.price + (i % 2 ? 1 : -1)) * 100) / 100 });
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/products/${id}`, { method: "PATCH", headers: { ...headers, "content-type": "application/json" }, body });
    const answer = await res.json();
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== 200) throw new Error(`PATCH /api/admin/products/${id} answered ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`);
    product = answer.data;
  }
  latencies.sort((a, b) => a - b);
  return {
    productId: id,
    saves: count,
    statuses,
    latencyMs: {
      mean: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1)),
    },
  };
}

/**
 * Times the CSV round: the export of the whole catalogue, then an import of IMPORT_ROWS rows of
 * products that do not exist yet (whole products of the export under new handles, variants,
 * pictures and specifications included), checked and written in one transaction.
 */
export async function measureCsvImport(base, cookie) {
  const headers = { cookie, origin: base };
  let started = performance.now();
  const exported = await fetch(`${base}/api/admin/products/export.csv`, { headers });
  if (exported.status !== 200) throw new Error(`GET /api/admin/products/export.csv answered ${exported.status}`);
  const csv = await exported.text();
  const exportSeconds = (performance.now() - started) / 1000;
  const rows = parse(csv, { bom: true });
  const header = rows[0];
  const out = [header];
  for (let i = 1; i < rows.length; ) {
    const handle = rows[i][0];
    const group = [];
    while (i < rows.length && rows[i][0] === handle) group.push(rows[i++]);
    // Whole products only (a product cut short would name colours it no longer has).
    if (out.length - 1 + group.length > IMPORT_ROWS) break;
    for (const row of group) out.push([`${row[0]}-bench-import`, ...row.slice(1)]);
  }
  // The rows left to IMPORT_ROWS: one-row products without variants, in the first product's category.
  const column = (name) => header.indexOf(name);
  for (let n = 1; out.length - 1 < IMPORT_ROWS; n++) {
    const row = header.map(() => "");
    row[column("Handle")] = `bench-import-extra-${n}`;
    row[column("Title")] = `Bench Import Extra ${n}`;
    row[column("Category")] = rows[1][column("Category")];
    row[column("Price")] = "9.99";
    row[column("Inventory Qty")] = "1";
    out.push(row);
  }
  const body = stringify(out);
  started = performance.now();
  const res = await fetch(`${base}/api/admin/products/import`, { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body });
  const answer = await res.json();
  const importSeconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`POST /api/admin/products/import answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return {
    exportSeconds: round(exportSeconds),
    exportBytes: csv.length,
    exportRows: rows.length - 1,
    importRows: out.length - 1,
    importBytes: body.length,
    importSeconds: round(importSeconds),
    created: answer.data.created,
    updated: answer.data.updated,
  };
}

/** The session cookie of the administrator the server created at start-up. */
export function adminSession(base, { email, password }) {
  return signInAdmin(base, email, password).catch((err) => {
    throw new BenchError(`Could not sign in as the bench administrator: ${err.message}`);
  });
}

/** The admin's product list: the shop's search term over active products with stock, 50 a page (never cached). */
export function adminListRow({ base, headers, pid, database }, term, adminCookie) {
  return {
    key: "adminList",
    label: `GET ${adminListPath(term)} (admin list)`,
    url: `${base}${adminListPath(term)}`,
    headers: { ...headers.api(), cookie: adminCookie },
    pid,
    database,
    noProbe: true,
  };
}

/** The catalogue admin's writes: PRODUCT_SAVES saves one after another, then the CSV export and import. */
export async function measureCatalogueWrites(base, adminCookie) {
  step(`Catalogue admin: ${PRODUCT_SAVES} product saves one after another, then a CSV import of ${IMPORT_ROWS.toLocaleString("en-US")} rows`);
  const saves = await measureProductSaves(base, adminCookie, PRODUCT_SAVES).catch((err) => {
    throw new BenchError(`Product saves failed: ${err.message}`);
  });
  log(`  saves: p50 ${num(saves.latencyMs.p50, 2)} ms, p95 ${num(saves.latencyMs.p95, 2)} ms`);
  const csvImport = await measureCsvImport(base, adminCookie).catch((err) => {
    throw new BenchError(`CSV import failed: ${err.message}`);
  });
  log(
    `  export ${csvImport.exportRows.toLocaleString("en-US")} rows in ${num(csvImport.exportSeconds, 2)} s; import ${csvImport.importRows.toLocaleString("en-US")} rows (${csvImport.created.toLocaleString("en-US")} products) in ${num(csvImport.importSeconds, 2)} s`,
  );
  return { saves, csvImport };
}

export function catalogueAdminLine(by, term, { saves, csvImport }) {
  return (
    `Catalogue admin (as an administrator): product list "${term}" + filters ${num(by.adminList.requestsPerSecond)} req/s, ` +
    `p95 ${num(by.adminList.latencyMs.p95, 2)} ms; product save (PATCH, one after another) p50 ${num(saves.latencyMs.p50, 2)} ms, ` +
    `p95 ${num(saves.latencyMs.p95, 2)} ms; CSV import of ${csvImport.importRows.toLocaleString("en-US")} rows ` +
    `(${csvImport.created.toLocaleString("en-US")} new products) ${num(csvImport.importSeconds, 2)} s, export of ${csvImport.exportRows.toLocaleString("en-US")} rows ${num(csvImport.exportSeconds, 2)} s.`
  );
}

export function csvImportTarget({ csvImport }) {
  return {
    name: `CSV import of ${IMPORT_ROWS.toLocaleString("en-US")} rows < ${TARGETS.csvImportSeconds} s`,
    value: csvImport.importSeconds,
    shown: `${num(csvImport.importSeconds, 2)} s`,
    pass: csvImport.importSeconds < TARGETS.csvImportSeconds,
  };
}

export function catalogueAdminJson(by, term, { saves, csvImport }) {
  return { listPath: adminListPath(term), listP95Ms: by.adminList.latencyMs.p95, listRequestsPerSecond: by.adminList.requestsPerSecond, saves, csvImport };
}
