// The JavaScript weight of the home and a product page: every same-origin script their HTML
// loads, raw, gzipped and as served to a browser, with the files a browser would fetch late, get
// uncompressed or fail to cache.
import zlib from "node:zlib";
import { BROWSER_ENCODINGS, BROWSER_UA, getOk } from "./http.mjs";
import { log, step } from "./processes.mjs";
import { KB, kb, table } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

const attr = (tag, name) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
const isModuleRef = (ref) => /^(\.{0,2}\/|https?:)/.test(ref) && /\.m?js(\?|#|$)/.test(ref);

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers of ES module code. */
function staticImports(code) {
  const refs = [];
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[^'"`();]*?\bfrom\s*)?["']([^"']+)["']/g)) if (isModuleRef(m[1])) refs.push(m[1]);
  return refs;
}
const dynamicImports = (code) => [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter(isModuleRef);

const gzip9 = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/**
 * Every same-origin script the page's HTML loads: <script src>, <link rel=modulepreload>, the
 * imports of inline module scripts, and (transitively) the static imports of those files.
 * Sizes: raw, gzip level 9 (zlib, as in Vite's report), and as the server sends it to a browser.
 */
async function pageJavaScript(pageUrl) {
  const page = await getOk(pageUrl, { accept: "text/html", "user-agent": BROWSER_UA });
  const html = page.body.toString("utf8");
  const origin = new URL(pageUrl).origin;
  const files = new Map();
  const foreign = new Set();
  const stylesheets = new Set();
  const queue = [];
  const add = (ref, base, via) => {
    const u = new URL(ref, base);
    if (u.origin !== origin) return void foreign.add(u.href);
    const key = u.pathname + u.search;
    if (!files.has(key)) {
      files.set(key, { path: key, via });
      queue.push(key);
    }
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(m[1], "src");
    if (src) add(src, pageUrl, "script src");
    else for (const ref of [...staticImports(m[2]), ...dynamicImports(m[2])]) add(ref, pageUrl, "inline import");
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(m[0], "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) add(href, pageUrl, "modulepreload");
    else if (rel.includes("stylesheet")) stylesheets.add(new URL(href, pageUrl).href);
  }
  const lazy = new Set();
  while (queue.length) {
    const key = queue.shift();
    const file = files.get(key);
    const url = origin + key;
    const raw = await getOk(url, {});
    const served = await getOk(url, { "accept-encoding": BROWSER_ENCODINGS, "user-agent": BROWSER_UA });
    Object.assign(file, {
      rawBytes: raw.body.length,
      gzipBytes: gzip9(raw.body),
      servedBytes: served.body.length,
      servedEncoding: served.headers["content-encoding"] ?? "identity",
      cacheControl: served.headers["cache-control"] ?? null,
    });
    const code = raw.body.toString("utf8");
    for (const ref of staticImports(code)) add(ref, url, "static import, not preloaded");
    for (const ref of dynamicImports(code)) lazy.add(new URL(ref, url).pathname);
  }
  const css = [];
  for (const href of stylesheets) {
    if (new URL(href).origin !== origin) continue;
    const raw = await getOk(href, {});
    css.push({ path: new URL(href).pathname, rawBytes: raw.body.length, gzipBytes: gzip9(raw.body) });
  }
  const list = [...files.values()];
  const sum = (k, xs = list) => xs.reduce((n, f) => n + f[k], 0);
  return {
    page: new URL(pageUrl).pathname,
    html: { rawBytes: page.body.length, gzipBytes: gzip9(page.body) },
    files: list,
    fileCount: list.length,
    rawBytes: sum("rawBytes"),
    gzipBytes: sum("gzipBytes"),
    servedBytes: sum("servedBytes"),
    notPreloaded: list.filter((f) => f.via.startsWith("static import")).map((f) => f.path),
    uncompressedWhenServed: list.filter((f) => f.servedEncoding === "identity").map((f) => f.path),
    notImmutable: list.filter((f) => !/immutable/.test(f.cacheControl ?? "")).map((f) => f.path),
    lazyChunks: [...lazy].filter((p) => !files.has(p)),
    css,
    cssGzipBytes: sum("gzipBytes", css),
    foreignScripts: [...foreign],
  };
}

/** Measures the home page's and the product page's JavaScript. */
export async function measureJsWeight(base, slug) {
  step("Measuring the JavaScript the pages load");
  return {
    home: await pageJavaScript(`${base}/`),
    product: await pageJavaScript(`${base}/products/${encodeURIComponent(slug)}`),
  };
}

/** The table of both pages' JavaScript, its legend, and what each page loads badly. */
export function printJsWeight(js) {
  log("");
  log(
    table(
      ["page JavaScript", "files", "raw", "gzip -9", "as served", "CSS gzip -9", "HTML gzip -9"],
      Object.values(js).map((p) => [
        p.page === "/" ? "home /" : `product ${p.page}`,
        p.fileCount,
        kb(p.rawBytes),
        kb(p.gzipBytes),
        `${kb(p.servedBytes)}${p.uncompressedWhenServed.length === p.fileCount ? " (uncompressed)" : p.uncompressedWhenServed.length ? ` (${p.uncompressedWhenServed.length} uncompressed)` : ""}`,
        kb(p.cssGzipBytes),
        kb(p.html.gzipBytes),
      ]),
      ["l", "r", "r", "r", "r", "r", "r"],
    ),
  );
  log(
    `JS = every same-origin <script src>, <link rel=modulepreload> and inline-module import in the HTML, plus their static\n` +
      `imports; each file gzipped separately with zlib level 9 and summed; 1 KB = ${KB} bytes (as Vite reports). ` +
      `"as served": bytes sent for Accept-Encoding: ${BROWSER_ENCODINGS}.`,
  );
  for (const p of Object.values(js)) {
    if (p.notPreloaded.length)
      log(`  ${p.page}: ${p.notPreloaded.length} file(s) imported but not modulepreloaded (request waterfall): ${p.notPreloaded.join(", ")}`);
    if (p.uncompressedWhenServed.length)
      log(`  ${p.page}: ${p.uncompressedWhenServed.length}/${p.fileCount} script(s) served without compression to a browser that accepts gzip/br`);
    if (p.notImmutable.length) log(`  ${p.page}: ${p.notImmutable.length} script(s) without an immutable Cache-Control`);
    if (p.foreignScripts.length) log(`  ${p.page}: other-origin scripts (not counted): ${p.foreignScripts.join(", ")}`);
  }
}

export function jsWeightTarget(js) {
  return {
    name: `home page JS < ${TARGETS.homeJsGzipKb} KB gzip`,
    value: Number((js.home.gzipBytes / KB).toFixed(1)),
    shown: kb(js.home.gzipBytes),
    pass: js.home.gzipBytes < TARGETS.homeJsGzipKb * KB,
  };
}
