// The speed budget of DESIGN.md as the bench checks it; each scenario turns its rows into
// PASS/MISS lines against these figures.
export const TARGETS = {
  apiRatio: 0.5,
  pageRatio: 0.5,
  productRenderMicros: 4000,
  homeRenderMicros: 6000,
  overloadP99Ms: 1000,
  overloadRssMb: 400,
  searchP95Ms: 15,
  distinctSearchP95Ms: 10,
  distinctSearchP99Ms: 20,
  homeJsGzipKb: 130,
  csvImportSeconds: 10,
  analyticsEventsPerSecond: 5000,
  // At the order desk's 100,000 orders: the pending list with a search, and a year's sales or tax
  // report and the 30-day dashboard (read from the daily roll-ups), each at p95.
  orderDeskP95Ms: 50,
  reportP95Ms: 100,
  // PostgreSQL only, where a new shopper's add and order cost round trips (SQLite's are in-process).
  pgAddToCartPerSecond: 900,
  pgOrdersPerSecond: 350,
};
