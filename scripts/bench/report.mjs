// What `npm run bench` prints and writes: number formats, the results table, the targets, and the
// JSON file of the whole run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROWSER_ENCODINGS } from "./http.mjs";
import { CLK_TCK } from "./measure.mjs";
import { log, root, step } from "./processes.mjs";

export const KB = 1000; // as Vite reports sizes

export function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (cells) => cells.map((c, i) => (align[i] === "l" ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [fmt(headers), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(fmt)].join("\n");
}
export const num = (x, d = 1) => (x == null ? "–" : x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }));
export const kb = (bytes, d = 1) => `${num(bytes / KB, d)} KB`;

export function git(args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/**
 * Prints the table of every measured row and its legend (with the /api/products to bare ratio);
 * returns the highest share of CPU other processes took during a row.
 */
export function printResults(results, { dialect, totalProducts, connections, duration, pgDatabase, apiVsBare }) {
  step(
    `Results — ${dialect === "postgres" ? "PostgreSQL" : "SQLite"}, ${totalProducts?.toLocaleString("en-US") ?? "?"} products, ${connections} connections, ${duration} s each`,
  );
  log(
    table(
      [
        "endpoint",
        "req/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "body B",
        "wire B/ans",
        "browser B",
        "srv µs/req",
        "server CPU",
        "client CPU",
        ...(pgDatabase ? ["db CPU"] : []),
        "other CPU",
        "non-2xx/err",
      ],
      results.map((r) => [
        r.label,
        num(r.requestsPerSecond),
        num(r.latencyMs.p50, 2),
        num(r.latencyMs.p95, 2),
        num(r.latencyMs.p99, 2),
        r.bodyBytes?.toLocaleString("en-US") ?? "–",
        r.wireBytesPerAnswer?.toLocaleString("en-US") ?? "–",
        r.browserBytes == null ? "–" : `${r.browserBytes.toLocaleString("en-US")} ${r.browserEncoding === "identity" ? "" : r.browserEncoding}`.trim(),
        r.serverCpuMicrosPerRequest == null ? "–" : r.serverCpuMicrosPerRequest.toLocaleString("en-US"),
        r.serverCpuPercent == null ? "–" : `${r.serverCpuPercent} %`,
        `${r.clientCpuPercent} %`,
        ...(pgDatabase ? [r.databaseCpuPercent == null ? "–" : `${r.databaseCpuPercent} %`] : []),
        r.otherCpuPercent == null ? "–" : `${r.otherCpuPercent} %`,
        `${r.failedResponses}/${r.errors + r.timeouts}`,
      ]),
      ["l", ...Array(pgDatabase ? 13 : 12).fill("r")],
    ),
  );
  log(
    `body B: body bytes under load; wire B/ans: with headers; browser B: body when the client sends Accept-Encoding: ${BROWSER_ENCODINGS}.\n` +
      `srv µs/req: server CPU time per answer (clock tick ${num(1000 / CLK_TCK, 0)} ms, so approximate for short runs).\n` +
      `CPU: % of one core used during the measured seconds by the server process / by this process (autocannon) / ` +
      `${pgDatabase ? "by the PostgreSQL backends of the\nbenchmark database / " : "\n"}by everything else on the machine (${os.cpus().length} cores = ${os.cpus().length * 100} %).\n` +
      apiVsBare,
  );
  const noisiest = Math.max(0, ...results.map((r) => r.otherCpuPercent ?? 0));
  if (noisiest > 15) {
    log(`⚠ Other processes used up to ${noisiest} % CPU during the measurements: the figures are noisy; rerun on a quiet machine before quoting them.`);
  }
  return noisiest;
}

export function printTargets(targets) {
  step("Targets (DESIGN.md, Speed budget)");
  for (const t of targets) log(`  ${t.pass ? "PASS" : "MISS"}  ${t.name.padEnd(44)} ${t.shown}`);
}

/** Writes the run's report as JSON (to --json, or a dated file in the system temp dir); returns the path. */
export function writeReport(report, jsonOption) {
  const jsonPath = path.resolve(jsonOption ?? path.join(os.tmpdir(), `shop-bench-results-${report.date.replace(/[:.]/g, "-")}.json`));
  fs.writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nResults written to ${jsonPath}`);
  return jsonPath;
}
