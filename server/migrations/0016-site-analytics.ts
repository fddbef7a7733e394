import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";

/**
 * First-party site analytics (docs/decisions/0029): `analytics_events` holds the raw
 * events of the last `analyticsRetentionDays` (page views and the shop's events, each with the day
 * it happened on in the shop's time zone and a visitor hash that changes every day), and
 * `analytics_daily` the figures of older days, one row per day, metric and key (a page, a product,
 * a referrer…), which the roll-up writes from the raw rows before deleting them. `analytics_salts`
 * keeps each day's random salt of the visitor hash, deleted the day after, so a hash cannot be
 * traced back to an address once its day is over.
 */
export function siteAnalyticsMigration(dialect: Dialect) {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("analytics_events")
        // The shop's local date (YYYY-MM-DD): the unit of every figure, of the hash and of the roll-up.
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        // pageview, product_view, add_to_cart, checkout_started, order_placed
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("product_id", "text")
        // The referring site's host, for a visit that came from another site.
        .addColumn("referrer", "text")
        // mobile, tablet or desktop
        .addColumn("device", "text", (c) => c.notNull())
        // Minor units: the basket of a checkout, the total of an order.
        .addColumn("value", "integer")
        .addColumn("currency", "text")
        .execute();
      // Every figure of the screen reads a range of days of one type; visitors are counted distinct.
      await db.schema.createIndex("analytics_events_day_type_idx").on("analytics_events").columns(["day", "type", "visitor"]).execute();
      await db.schema
        .createTable("analytics_daily")
        .addColumn("day", "text", (c) => c.notNull())
        // total, event, page, product, cart, referrer, device
        .addColumn("metric", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("visitors", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("analytics_daily_metric_day_idx").on("analytics_daily").columns(["metric", "day"]).execute();
      await db.schema
        .createTable("analytics_salts")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("salt", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("analytics_salts").execute();
      await db.schema.dropTable("analytics_daily").execute();
      await db.schema.dropTable("analytics_events").execute();
    },
  };
}
