// The page rows: the home and a product page as a first visit gets them (from the page cache),
// each next to a bare server replaying the same bytes, then rendered for a visitor with a cookie of
// the shop, which measures the render's own CPU cost.
import { startBare } from "./bare.mjs";
import { getOk } from "./http.mjs";
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

export const productPathOf = (slug) => `/products/${encodeURIComponent(slug)}`;

/** One request to each page before anything is measured. */
export async function warmPages(base, headers, slug) {
  await getOk(`${base}/`, headers.page());
  await getOk(`${base}${productPathOf(slug)}`, headers.page());
}

/** Bare servers replaying the two pages' bytes. */
export async function startPageBares(base, headers, slug, env) {
  const bareHome = await startBare("bare-home", await getOk(`${base}/`, headers.page()), env);
  const bareProduct = await startBare("bare-product", await getOk(`${base}${productPathOf(slug)}`, headers.page()), env);
  return { bareHome, bareProduct };
}

export function pageRows({ base, headers, pid, database }, slug, { bareHome, bareProduct }) {
  const productPath = productPathOf(slug);
  return [
    { key: "home", label: "GET / (home, no cookie: page cache)", url: `${base}/`, headers: headers.page(), pid, database },
    { key: "bareHome", label: "bare node:http, home's bytes", url: bareHome.url, headers: headers.page(), pid: bareHome.child.pid },
    { key: "product", label: `GET ${productPath} (no cookie: page cache)`, url: `${base}${productPath}`, headers: headers.page(), pid, database },
    { key: "bareProduct", label: "bare node:http, product's bytes", url: bareProduct.url, headers: headers.page(), pid: bareProduct.child.pid },
    // Two connections: the render's cost without a queue (10 would keep the server saturated, where it sheds: the spike row).
    {
      key: "homeRendered",
      label: "GET / (home, rendered: visitor cookie, 2 conn.)",
      url: `${base}/`,
      headers: headers.rendered(),
      pid,
      database,
      autocannon: { connections: 2 },
    },
    {
      key: "productRendered",
      label: `GET ${productPath} (rendered: visitor cookie, 2 conn.)`,
      url: `${base}${productPath}`,
      headers: headers.rendered(),
      pid,
      database,
      autocannon: { connections: 2 },
    },
  ];
}

export function pagesLine(by) {
  return (
    `Pages: home ${num(by.home.requestsPerSecond)} req/s from the page cache (bare ${num(by.bareHome.requestsPerSecond)}), rendered ${num(by.homeRendered.requestsPerSecond)} req/s at ` +
    `${num((by.homeRendered.serverCpuMicrosPerRequest ?? 0) / 1000, 2)} ms CPU; product ${num(by.product.requestsPerSecond)} req/s cached (bare ${num(by.bareProduct.requestsPerSecond)}), ` +
    `rendered ${num(by.productRendered.requestsPerSecond)} req/s at ${num((by.productRendered.serverCpuMicrosPerRequest ?? 0) / 1000, 2)} ms CPU.`
  );
}

/** The page cache against the bare servers (home, product), then the render's CPU (product, home). */
export function pageTargets(by) {
  const cached = ["home", "product"].map((page) => {
    const row = by[page];
    const yardstick = by[`bare${page[0].toUpperCase()}${page.slice(1)}`];
    const r = yardstick.requestsPerSecond ? row.requestsPerSecond / yardstick.requestsPerSecond : null;
    return {
      name: `${page} (page cache) ≥ ${TARGETS.pageRatio} × bare node:http`,
      value: r == null ? null : Number(r.toFixed(3)),
      shown: `${num(row.requestsPerSecond)} vs ${num(yardstick.requestsPerSecond)} req/s = ${r == null ? "–" : num(r, 2)} ×`,
      pass: r != null && r >= TARGETS.pageRatio,
    };
  });
  const rendered = [
    ["productRendered", "product", TARGETS.productRenderMicros],
    ["homeRendered", "home", TARGETS.homeRenderMicros],
  ].map(([key, page, limit]) => ({
    name: `${page} rendered ≤ ${limit / 1000} ms server CPU`,
    value: by[key].serverCpuMicrosPerRequest,
    shown: by[key].serverCpuMicrosPerRequest == null ? "–" : `${num(by[key].serverCpuMicrosPerRequest / 1000, 2)} ms`,
    pass: by[key].serverCpuMicrosPerRequest != null && by[key].serverCpuMicrosPerRequest <= limit,
  }));
  return [...cached, ...rendered];
}
