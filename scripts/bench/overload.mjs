// The spike row: 200 connections at the rendered home page. Past its capacity the server answers
// 503 with Retry-After (shed) instead of queueing; the row checks the latency, the timeouts and the
// server's memory.
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

export const OVERLOAD_CONNECTIONS = 200;

export function overloadRow({ base, headers, pid, database }) {
  return {
    key: "overload",
    label: `GET / rendered, ${OVERLOAD_CONNECTIONS} connections (spike)`,
    url: `${base}/`,
    headers: headers.rendered(),
    pid,
    database,
    autocannon: { connections: OVERLOAD_CONNECTIONS },
    overload: true,
  };
}

export function spikeLine(by) {
  return (
    `Spike (${OVERLOAD_CONNECTIONS} connections at the rendered home page): ${num(by.overload.requestsPerSecond)} req/s answered 200, p50 ${num(by.overload.latencyMs.p50, 0)} ms, ` +
    `p99 ${num(by.overload.latencyMs.p99, 0)} ms, max ${num(by.overload.latencyMs.max, 0)} ms; ${by.overload.shed.toLocaleString("en-US")} shed (503), ` +
    `${by.overload.timeouts} timeouts, ${by.overload.errors} errors; server peak RSS ${by.overload.peakRssMb ?? "–"} MB.`
  );
}

export function overloadTarget(by) {
  return {
    name: `${OVERLOAD_CONNECTIONS} conn.: p99 < ${TARGETS.overloadP99Ms / 1000} s, no timeout, RSS < ${TARGETS.overloadRssMb} MB`,
    value: by.overload.latencyMs.p99,
    shown: `p99 ${num(by.overload.latencyMs.p99, 0)} ms, ${by.overload.timeouts} timeouts, ${by.overload.errors} errors, ${by.overload.shed} shed, peak RSS ${by.overload.peakRssMb ?? "–"} MB`,
    pass:
      by.overload.latencyMs.p99 != null &&
      by.overload.latencyMs.p99 < TARGETS.overloadP99Ms &&
      by.overload.timeouts === 0 &&
      by.overload.errors === 0 &&
      (by.overload.peakRssMb ?? 0) < TARGETS.overloadRssMb,
  };
}
