// The API against its yardstick: GET /api/products under load, next to a bare node:http server
// that answers the same bytes, so the two rates differ only by what the shop does per request
// (routing, middleware, database, JSON).
import { startBare } from "./bare.mjs";
import { KB, num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

/** Starts the bare server replaying the listing `probeCatalogue` read. */
export function startApiBare(listing, env) {
  return startBare("bare-server", listing, env);
}

/** The two rows: the shop's /api/products, then the bare server. */
export function apiVsBareRows({ base, headers, pid, database }, bare) {
  const bareBase = bare.url.replace(/\/$/, "");
  return [
    { key: "apiProducts", label: "GET /api/products", url: `${base}/api/products`, headers: headers.api(), pid, database },
    { key: "bare", label: "bare node:http, same bytes", url: `${bareBase}/api/products`, headers: headers.api(), pid: bare.child.pid },
  ];
}

/** The API's rate over the bare server's, and the bare server's CPU per answer over the API's. */
export function apiVsBareRatios(by) {
  return {
    ratio: by.bare.requestsPerSecond ? by.apiProducts.requestsPerSecond / by.bare.requestsPerSecond : null,
    cpuRatio: by.apiProducts.serverCpuMicrosPerRequest ? by.bare.serverCpuMicrosPerRequest / by.apiProducts.serverCpuMicrosPerRequest : null,
  };
}

/** The results table's last legend line. */
export function apiVsBareLine({ ratio, cpuRatio }, cards, listingPlain) {
  return (
    `/api/products ÷ bare node:http = ${ratio == null ? "–" : num(ratio, 2)} ` +
    `(${cards.length} products, ${num(listingPlain.length / cards.length / KB, 2)} KB of JSON per product card); ` +
    `by server CPU per answer: ${cpuRatio == null ? "–" : num(cpuRatio, 2)}`
  );
}

export function apiVsBareTarget(by, { ratio }) {
  return {
    name: `/api/products ≥ ${TARGETS.apiRatio} × bare node:http req/s`,
    value: ratio == null ? null : Number(ratio.toFixed(3)),
    shown: `${num(by.apiProducts.requestsPerSecond)} vs ${num(by.bare.requestsPerSecond)} req/s = ${ratio == null ? "–" : num(ratio, 2)} ×`,
    pass: ratio != null && ratio >= TARGETS.apiRatio,
  };
}
