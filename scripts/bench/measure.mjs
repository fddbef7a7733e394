// One measured row of `npm run bench`: autocannon loads a URL after a warm-up, and the row gathers
// the latencies, the statuses, and the CPU the server, this process, the database and everything
// else on the machine used meanwhile (Linux /proc).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { BROWSER_ENCODINGS, getOk } from "./http.mjs";
import { BenchError, isInterrupted, log, setCurrentLoad } from "./processes.mjs";

export const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Resident memory of a process (Linux /proc), or null where unavailable. */
function rssBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far (Linux /proc), or null where unavailable. */
function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each PostgreSQL backend serving `database` on this machine (by process title). */
function databaseCpuSeconds(database) {
  const byPid = new Map();
  if (!database) return byPid;
  let pids;
  try {
    pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return byPid;
  }
  for (const pid of pids) {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (title.startsWith("postgres:") && title.includes(` ${database} `)) byPid.set(pid, processCpuSeconds(pid) ?? 0);
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/** CPU seconds all cores have been busy so far (Linux /proc/stat), or null. */
function machineBusySeconds() {
  try {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks; // idle and iowait are not busy
    return (user + nice + system + irq + softirq + (steal ?? 0)) / CLK_TCK;
  } catch {
    return null;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * The measuring function of a run: `measure(row)` warms up, then loads the row's URL for
 * `duration` seconds with `connections` connections (or the row's own autocannon options).
 */
export function createMeasure({ connections, duration, warmup }) {
  function load(url, headers, seconds, onResponse, extra = {}) {
    return new Promise((resolve, reject) => {
      const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 10, ...extra }, (err, result) => {
        setCurrentLoad(null);
        if (err) reject(err);
        else resolve(result);
      });
      setCurrentLoad(instance);
      if (onResponse) instance.on("response", onResponse);
    });
  }

  /** Warms up, then loads one URL for `duration` seconds; latencies are recorded per response. */
  return async function measure({ key, label, url, headers, pid, database, autocannon: extra }) {
    if (warmup > 0) {
      log(`  ${label}: ${warmup} s warm-up, ${duration} s measured…`);
      await load(url, headers, warmup, undefined, extra);
    } else {
      log(`  ${label}: ${duration} s measured…`);
    }
    if (isInterrupted()) throw new BenchError("interrupted");
    const latencies = [];
    const statuses = {};
    let wireBytes = 0;
    const serverCpu0 = processCpuSeconds(pid);
    const machine0 = machineBusySeconds();
    const db0 = databaseCpuSeconds(database);
    const clientCpu0 = process.cpuUsage();
    const started = performance.now();
    let peakRssBytes = rssBytes(pid);
    const rssTimer = setInterval(() => {
      peakRssBytes = Math.max(peakRssBytes ?? 0, rssBytes(pid) ?? 0);
    }, 100);
    const result = await load(
      url,
      headers,
      duration,
      (_client, status, bytes, ms) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) {
          latencies.push(ms);
          wireBytes += bytes;
        }
      },
      extra,
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(rssTimer);
    const serverCpu1 = processCpuSeconds(pid);
    const machine1 = machineBusySeconds();
    const db1 = databaseCpuSeconds(database);
    const clientCpu = process.cpuUsage(clientCpu0);
    const dbSeconds = database ? [...db1].reduce((n, [p, cpu]) => n + Math.max(0, cpu - (db0.get(p) ?? 0)), 0) : 0;
    const serverSeconds = serverCpu0 == null || serverCpu1 == null ? null : serverCpu1 - serverCpu0;
    const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
    if (isInterrupted()) throw new BenchError("interrupted");
    latencies.sort((a, b) => a - b);
    const ok = latencies.length;
    const failed = Object.entries(statuses)
      .filter(([s]) => Number(s) < 200 || Number(s) >= 300)
      .reduce((n, [, c]) => n + c, 0);
    const round = (x, d = 2) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);
    return {
      key,
      label,
      url,
      requestHeaders: headers,
      seconds: round(seconds),
      requests: ok,
      requestsPerSecond: round(ok / seconds, 1),
      latencyMs: {
        mean: round(ok ? latencies.reduce((a, b) => a + b, 0) / ok : null),
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? null),
      },
      wireBytesPerAnswer: ok ? Math.round(wireBytes / ok) : null,
      statuses,
      failedResponses: failed,
      // Quick refusals of a server past its capacity (503 with Retry-After), among failedResponses.
      shed: statuses[503] ?? 0,
      peakRssMb: peakRssBytes == null ? null : Math.round(peakRssBytes / 1024 / 1024),
      errors: result.errors,
      timeouts: result.timeouts,
      serverCpuPercent: serverSeconds == null ? null : round((serverSeconds / seconds) * 100, 0),
      // Server CPU time per answer: less sensitive than req/s to other load on the machine.
      serverCpuMicrosPerRequest: serverSeconds == null || !ok ? null : round((serverSeconds / ok) * 1e6, 0),
      clientCpuPercent: round((clientSeconds / seconds) * 100, 0),
      databaseCpuPercent: database ? round((dbSeconds / seconds) * 100, 0) : null,
      // Everything else on the machine (other processes, the kernel): noise in the figures.
      otherCpuPercent:
        serverSeconds == null || machine0 == null || machine1 == null
          ? null
          : round((Math.max(0, machine1 - machine0 - serverSeconds - clientSeconds - dbSeconds) / seconds) * 100, 0),
      autocannon: { requestsAverage: result.requests.average, latencyAverage: result.latency.average, latencyP97_5: result.latency.p97_5 },
    };
  };
}

/**
 * Measures the rows in order. A row's `before()` runs before its load and `after(result, before)`
 * after it; a row that reads (not `write`, `noProbe` or `overload`) is then fetched once plainly and
 * once as a browser would, for its body sizes and headers.
 */
export async function measureRows(measure, rows) {
  const results = [];
  for (const row of rows) {
    const before = await row.before?.();
    const r = await measure(row);
    await row.after?.(r, before);
    if (row.write || row.noProbe || row.overload) {
      results.push(r);
      continue;
    }
    const probe = await getOk(row.url, row.headers);
    const browser = await getOk(row.url, { ...row.headers, "accept-encoding": BROWSER_ENCODINGS });
    r.bodyBytes = probe.body.length;
    r.browserBytes = browser.body.length;
    r.browserEncoding = browser.headers["content-encoding"] ?? "identity";
    r.responseHeaders = browser.headers;
    results.push(r);
  }
  return results;
}
