// The search row: one query with results, repeated under load (the read cache answers it); the
// distinct queries no cache has seen are search-distinct.mjs.
import { getOk } from "./http.mjs";
import { BenchError, log } from "./processes.mjs";
import { num } from "./report.mjs";
import { TARGETS } from "./targets.mjs";

export const searchPath = (term) => `/api/products/search/ser?q=${encodeURIComponent(term)}&limit=10`;

/**
 * The term the search rows use: --search, or when it finds nothing in this catalogue the first
 * word of a product name that does. Logs the term with the product page the page rows use.
 */
export async function findSearchTerm(base, cards, wanted, slug) {
  const searchHits = async (term) => JSON.parse((await getOk(`${base}${searchPath(term)}`, { accept: "application/json" })).body).data?.products?.length ?? 0;
  let term = wanted;
  let hits = await searchHits(term);
  if (hits === 0) {
    const words = [...new Set(cards.flatMap((c) => c.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []))];
    for (const w of words) {
      if ((hits = await searchHits(w)) > 0) {
        log(`  "${term}" finds nothing in this catalogue; searching for "${w}" instead`);
        term = w;
        break;
      }
    }
    if (hits === 0) throw new BenchError(`No search term with results found (tried "${wanted}" and words of product names)`);
  }
  log(`  search "${term}": ${hits} result(s) with limit=10; product page: /products/${slug}`);
  return term;
}

export function searchRow({ base, headers, pid, database }, term) {
  return { key: "search", label: `GET ${searchPath(term)}`, url: `${base}${searchPath(term)}`, headers: headers.api(), pid, database };
}

export function searchTarget(by) {
  return {
    name: `search p95 < ${TARGETS.searchP95Ms} ms`,
    value: by.search.latencyMs.p95,
    shown: `${num(by.search.latencyMs.p95, 2)} ms`,
    pass: by.search.latencyMs.p95 != null && by.search.latencyMs.p95 < TARGETS.searchP95Ms,
  };
}
