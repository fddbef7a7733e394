// The distinct-query search row of `npm run bench`: the main search row repeats one
// query, which the read cache answers; this one sends DISTINCT_QUERIES queries no cache has seen,
// one after another on one connection (a shop's search box: prefixes as typed, typos, two words),
// built from the words of the catalogue's own product names, and reports their latencies.
import http from "node:http";
import { BenchError, log, step } from "./processes.mjs";
import { num } from "./report.mjs";
import { searchPath } from "./search.mjs";
import { TARGETS } from "./targets.mjs";

export const DISTINCT_QUERIES = 1500;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { accept: "application/json", ...headers } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Words of product names from the first pages of the listing (letters only, 4 or more). */
async function catalogueWords(base) {
  const words = new Set();
  for (let page = 1; page <= 20 && words.size < 2000; page++) {
    const res = await get(`${base}/api/products?pageSize=100&page=${page}`);
    if (res.status !== 200) break;
    const products = JSON.parse(res.body.toString("utf8")).data ?? [];
    if (!products.length) break;
    for (const p of products)
      for (const w of String(p.name)
        .toLowerCase()
        .match(/\p{L}{4,}/gu) ?? [])
        words.add(w);
  }
  return [...words];
}

/** A deterministic mix: a prefix as typed (3–5 letters), a word with a typo (two letters swapped or one dropped), two words. */
export function distinctQueries(words, count = DISTINCT_QUERIES) {
  const queries = new Set();
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const pick = () => words[next() % words.length];
  for (let i = 0; queries.size < count && i < count * 50; i++) {
    const word = pick();
    const kind = i % 3;
    if (kind === 0) queries.add(word.slice(0, 3 + (next() % 3)));
    else if (kind === 1) {
      const at = 1 + (next() % (word.length - 2));
      queries.add(next() % 2 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at) + word.slice(at + 1));
    } else queries.add(`${word} ${pick()}`);
  }
  return [...queries];
}

/**
 * Sends the distinct queries in a row, each from an address of its own (the server trusts one
 * proxy's X-Forwarded-For): distinct searches are many visitors' typing, and one address's
 * searches stop at its per-address limit. Latencies of the answers (all must be 200).
 */
export async function measureDistinctSearch(base, searchPath) {
  const words = await catalogueWords(base);
  if (words.length < 20) throw new Error(`too few words in the catalogue's names (${words.length})`);
  const queries = distinctQueries(words);
  const latencies = [];
  let failed = 0;
  for (const [i, q] of queries.entries()) {
    const res = await get(`${base}${searchPath(q)}`, { "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    if (res.status === 200) latencies.push(res.ms);
    else failed += 1;
  }
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? null;
  return { queries: queries.length, words: words.length, failed, p50: at(50), p95: at(95), p99: at(99), max: latencies.at(-1) ?? null };
}

/** The distinct-query row, run after the loads and before the catalogue admin's import changes the catalogue. */
export async function runDistinctSearch(base) {
  step(`Search: ${DISTINCT_QUERIES.toLocaleString("en-US")} distinct queries in a row`);
  const distinctSearch = await measureDistinctSearch(base, searchPath).catch((err) => {
    throw new BenchError(`Distinct search failed: ${err.message}`);
  });
  log(
    `  p50 ${num(distinctSearch.p50, 2)} ms, p95 ${num(distinctSearch.p95, 2)} ms, p99 ${num(distinctSearch.p99, 2)} ms, max ${num(distinctSearch.max, 2)} ms (${distinctSearch.words.toLocaleString("en-US")} words of product names)`,
  );
  return distinctSearch;
}

export function distinctSearchTarget(distinctSearch, totalProducts) {
  return {
    name: `distinct search p95 ≤ ${TARGETS.distinctSearchP95Ms} ms, p99 ≤ ${TARGETS.distinctSearchP99Ms} ms`,
    value: distinctSearch.p95,
    shown: `p95 ${num(distinctSearch.p95, 2)} ms, p99 ${num(distinctSearch.p99, 2)} ms (${totalProducts?.toLocaleString("en-US") ?? "?"} products)`,
    pass: !distinctSearch.failed && distinctSearch.p95 <= TARGETS.distinctSearchP95Ms && distinctSearch.p99 <= TARGETS.distinctSearchP99Ms,
  };
}
