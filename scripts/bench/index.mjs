#!/usr/bin/env node
// `npm run bench`: the speed budget of DESIGN.md, measured in one run.
//  1. builds the app into a temporary BUILD_DIR, seeds a temporary database (SQLite; PostgreSQL
//     with --postgres) with 10,000 products, starts the production server (setup.mjs);
//  2. loads it with autocannon (in this process, measure.mjs), one row after another: the API next
//     to a bare node:http server sending the same bytes (api-vs-bare.mjs), search (search.mjs), the
//     home and product pages cached and rendered (pages.mjs), a spike of 200 connections
//     (overload.mjs), add-to-cart and place-order (shopping.mjs), analytics batches (analytics.mjs),
//     the admin product list (catalogue-admin.mjs);
//  3. then the one-off measurements: the JavaScript the pages load (js-weight.mjs), distinct search
//     queries (search-distinct.mjs), product saves and a CSV import of 10,000 rows
//     (catalogue-admin.mjs), the order list over 100,000 orders and a bulk move of 500
//     (order-desk.mjs), the sales report, the dashboard and the tax report (reports.mjs);
//     `--only reports` seeds the orders and measures just those three;
//  4. prints req/s and latency percentiles, the targets (PASS/MISS, targets.mjs), and writes
//     everything as JSON (report.mjs);
//  5. removes everything it created, also on failure or Ctrl-C (processes.mjs).
// Exits non-zero only when the benchmark itself could not run, never for a missed target.
import os from "node:os";
import { analyticsJson, analyticsLine, analyticsRow, analyticsTarget } from "./analytics.mjs";
import { apiVsBareLine, apiVsBareRatios, apiVsBareRows, apiVsBareTarget, startApiBare } from "./api-vs-bare.mjs";
import { adminListRow, adminSession, catalogueAdminJson, catalogueAdminLine, csvImportTarget, measureCatalogueWrites } from "./catalogue-admin.mjs";
import { requestHeaders } from "./http.mjs";
import { jsWeightTarget, measureJsWeight, printJsWeight } from "./js-weight.mjs";
import { createMeasure, measureRows } from "./measure.mjs";
import { readOptions } from "./options.mjs";
import { measureOrderDesk, orderDeskJson, orderDeskLine, orderDeskTarget, seedOrders } from "./order-desk.mjs";
import { overloadRow, overloadTarget, spikeLine } from "./overload.mjs";
import { pageRows, pageTargets, pagesLine, startPageBares, warmPages } from "./pages.mjs";
import { BenchError, cleanup, installCleanup, isInterrupted, log, logTail, makeTempDir, step, stopChild } from "./processes.mjs";
import { KB, git, num, printResults, printTargets, writeReport } from "./report.mjs";
import { dashboardJson, measureReports, reportLines, reportTargets, salesReportJson, taxReportJson } from "./reports.mjs";
import { distinctSearchTarget, runDistinctSearch } from "./search-distinct.mjs";
import { findSearchTerm, searchRow, searchTarget } from "./search.mjs";
import { build, childEnv, printMachine, probeCatalogue, seedDatabase, seedScriptPath, startServer } from "./setup.mjs";
import { prepareShopping, shoppingJson, shoppingLine, shoppingTargets } from "./shopping.mjs";

const options = readOptions();
installCleanup({ keep: options.opts.keep });

/** Build, database, server, and what the rows need to know of the catalogue. */
async function setUp() {
  const tmpDir = makeTempDir();
  const env = childEnv();
  const loadAtStart = printMachine(options, tmpDir);
  const seedScript = seedScriptPath();
  const { buildDir, buildSeconds } = await build(options.opts, env, tmpDir);
  const db = await seedDatabase(options, env, tmpDir, seedScript);
  const { server, base, benchAdmin } = await startServer(db.dbEnv, buildDir);
  const headers = requestHeaders(options.acceptEncoding);
  const shop = await probeCatalogue(base, headers, options.acceptEncoding, options.productCount);
  const term = await findSearchTerm(base, shop.cards, options.opts.search, shop.slug);
  await warmPages(base, headers, shop.slug);
  const ctx = { base, headers, pid: server.pid, database: db.pgDatabase, databaseUrl: db.databaseUrl, measure: createMeasure(options) };
  return { env, loadAtStart, seedScript, buildSeconds, db, server, benchAdmin, shop, term, ctx };
}

/** Every row under load, then the one-off measurements. */
async function measureAll({ env, benchAdmin, shop, term, ctx }) {
  const apiBare = await startApiBare(shop.listing, env);
  const pageBares = await startPageBares(ctx.base, ctx.headers, shop.slug, env);
  step(
    `Measuring (autocannon ${options.connections} connections${options.acceptEncoding ? `, Accept-Encoding: ${options.acceptEncoding}` : ", no Accept-Encoding"})`,
  );
  const shopping = await prepareShopping(ctx);
  const analytics = analyticsRow(ctx, shopping.productIds);
  const adminCookie = await adminSession(ctx.base, benchAdmin);
  const rows = [
    ...apiVsBareRows(ctx, apiBare),
    searchRow(ctx, term),
    ...pageRows(ctx, shop.slug, pageBares),
    overloadRow(ctx),
    ...shopping.rows,
    analytics.row,
    adminListRow(ctx, term, adminCookie),
  ];
  const results = await measureRows(ctx.measure, rows);
  await Promise.all([stopChild(apiBare.child), stopChild(pageBares.bareHome.child), stopChild(pageBares.bareProduct.child)]);

  const js = await measureJsWeight(ctx.base, shop.slug);
  // Before the import changes the catalogue.
  const distinctSearch = await runDistinctSearch(ctx.base);
  const catalogueWrites = await measureCatalogueWrites(ctx.base, adminCookie);
  const orderDesk = await measureOrderDesk(ctx, adminCookie);
  results.push(orderDesk.row, ...(await measureReports(ctx, adminCookie)));
  return { results, shopping, analytics, js, distinctSearch, catalogueWrites, orderDesk };
}

/** Prints the tables, the summaries and the targets, and writes the JSON; returns the rows that failed. */
function report(run, measured) {
  const { db, shop, term } = run;
  const { results, shopping, analytics, js, distinctSearch, catalogueWrites, orderDesk } = measured;
  const { connections, duration, warmup, productCount, acceptEncoding, opts } = options;
  const by = Object.fromEntries(results.map((r) => [r.key, r]));
  const ratios = apiVsBareRatios(by);
  const apiVsBare = apiVsBareLine(ratios, shop.cards, shop.listingPlain);
  const noisiest = printResults(results, {
    dialect: db.dialect,
    totalProducts: shop.totalProducts,
    connections,
    duration,
    pgDatabase: db.pgDatabase,
    apiVsBare,
  });
  printJsWeight(js);
  const targets = [
    apiVsBareTarget(by, ratios),
    ...pageTargets(by),
    overloadTarget(by),
    distinctSearchTarget(distinctSearch, shop.totalProducts),
    searchTarget(by),
    jsWeightTarget(js),
    csvImportTarget(catalogueWrites),
    ...shoppingTargets(by, shopping, db.dialect),
    analyticsTarget(by, analytics),
    orderDeskTarget(by),
    ...reportTargets(by),
  ];
  const summary = [
    shoppingLine(by, shopping),
    pagesLine(by),
    spikeLine(by),
    analyticsLine(by, analytics),
    catalogueAdminLine(by, term, catalogueWrites),
    orderDeskLine(by, orderDesk),
    ...reportLines(by),
  ];
  for (const line of summary) log(line);
  printTargets(targets);

  const cpus = os.cpus();
  writeReport(
    {
      date: new Date().toISOString(),
      commit: git(["rev-parse", "--short", "HEAD"]),
      dirtyWorkingTree: (git(["status", "--porcelain", "--untracked-files=no"]) ?? "") !== "",
      machine: {
        loadAverageAtStart: run.loadAtStart,
        maxOtherCpuPercent: noisiest,
        cpus: cpus.length,
        cpuModel: cpus[0]?.model,
        memoryGb: Math.round(os.totalmem() / 1e9),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      setup: {
        database: db.dialect,
        productsSeeded: productCount,
        productsActive: shop.totalProducts,
        connections,
        durationSeconds: duration,
        warmupSeconds: warmup,
        acceptEncoding: acceptEncoding || null,
        loadGenerator: "autocannon 8 in the benchmark process; server and bare server in their own processes, same machine",
        gzip: "zlib level 9, per file, summed",
        kilobyte: KB,
        buildSeconds: run.buildSeconds,
        seedSeconds: db.seedSeconds,
        searchTerm: term,
        productSlug: shop.slug,
        seedCommand: ["npx", "tsx", run.seedScript, "--products", String(productCount), ...opts["seed-arg"]].join(" "),
      },
      results,
      ratioApiProductsToBare: ratios.ratio,
      ratioApiProductsToBareByCpuPerRequest: ratios.cpuRatio,
      javascript: js,
      shopping: shoppingJson(by, shopping),
      analytics: analyticsJson(by, analytics),
      distinctSearch,
      catalogueAdmin: catalogueAdminJson(by, term, catalogueWrites),
      orderDesk: orderDeskJson(by, orderDesk),
      salesReport: salesReportJson(by),
      dashboard: dashboardJson(by),
      taxReport: taxReportJson(by),
      targets,
    },
    opts.json,
  );
  // The spike's 503s are the shedding it measures, not failures.
  return results.filter((r) => (r.key === "overload" ? r.failedResponses - r.shed : r.failedResponses) || r.errors || r.timeouts || !r.requests);
}

/** `--only reports`: the order desk's orders seeded, then the three reports under load; prints their lines. */
async function reportsOnly(run) {
  const { ctx, benchAdmin } = run;
  const adminCookie = await adminSession(ctx.base, benchAdmin);
  step("Reports only: seeding the order desk's orders");
  const seeded = await seedOrders(ctx.databaseUrl);
  log(`  added ${seeded.added.toLocaleString("en-US")} orders in ${num(seeded.seconds, 1)} s`);
  const results = await measureReports(ctx, adminCookie);
  const by = Object.fromEntries(results.map((r) => [r.key, r]));
  for (const line of reportLines(by)) log(line);
  const targets = reportTargets(by);
  printTargets(targets);
  writeReport(
    {
      date: new Date().toISOString(),
      commit: git(["rev-parse", "--short", "HEAD"]),
      database: run.db.dialect,
      results,
      salesReport: salesReportJson(by),
      dashboard: dashboardJson(by),
      taxReport: taxReportJson(by),
      targets,
    },
    options.opts.json,
  );
  return results.filter((r) => r.failedResponses || r.errors || r.timeouts || !r.requests);
}

async function main() {
  const t0 = performance.now();
  const run = await setUp();
  if (options.opts.only === "reports") {
    const failures = await reportsOnly(run);
    log(`Total time ${num((performance.now() - t0) / 1000, 0)} s`);
    if (failures.length) console.error(`\n✗ Benchmark invalid: failed responses on ${failures.map((f) => f.label).join(", ")}.`);
    return failures.length ? 1 : 0;
  }
  const measured = await measureAll(run);
  const failures = report(run, measured);
  log(`Total time ${num((performance.now() - t0) / 1000, 0)} s`);
  if (failures.length) {
    console.error(
      `\n✗ Benchmark invalid: failed responses or errors under load on ${failures.map((f) => f.label).join(", ")} (statuses ${failures.map((f) => JSON.stringify(f.statuses)).join(", ")}).`,
    );
    console.error(`Server log (tail):\n${logTail(run.server.logFile, 20)}`);
    return 1;
  }
  return 0;
}

main()
  .then(
    (code) => code,
    (err) => {
      if (!isInterrupted()) console.error(`\n✗ Benchmark failed: ${err instanceof BenchError ? err.message : (err.stack ?? err)}`);
      return 1;
    },
  )
  .then(async (code) => {
    if (isInterrupted()) return; // the signal handler cleans up and exits
    await cleanup();
    process.exit(code);
  });
