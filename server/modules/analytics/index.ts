// The analytics module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The first-party site analytics: the storefront's event batches, the daily roll-up and the admin's report.
export { type AnalyticsReport, type AnalyticsService, createAnalyticsService } from "./analytics.service";
