// The search module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The product search: its index, typo-tolerant matching and search-as-you-type.
export { createSearchService } from "./search.service";
export { NEGATIONS, TEXT_SEARCH_CONFIGS } from "./search.text";
