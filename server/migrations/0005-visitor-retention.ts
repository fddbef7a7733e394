import type { Kysely } from "kysely";

/**
 * Indexes for the hourly clean-up of idle visitors' carts and wishlists (server/maintenance.ts):
 * it looks for carts and wishlist entries older than the retention, so it reads only the old rows
 * instead of scanning every cart and wishlist each hour.
 */
export function retentionMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex("carts_updated_idx").on("carts").column("updated_at").execute();
      await db.schema.createIndex("wishlist_items_created_idx").on("wishlist_items").column("created_at").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("wishlist_items_created_idx").execute();
      await db.schema.dropIndex("carts_updated_idx").execute();
    },
  };
}
