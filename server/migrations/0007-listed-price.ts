import type { Kysely } from "kysely";
import { refreshListedPrices } from "#modules/catalog";
import type { Database } from "../db/schema";
import { chunked } from "../db/chunks";

/**
 * The listed price: `final_price` becomes the lowest final price among the variants one
 * can buy (see `listedPrice`), so the price filter and sort keep their index; `list_price` is that
 * variant's price before the discount and `price_varies` says "From". `color_images` maps a colour
 * to its pictures, so the gallery and cart lines show the colour chosen. Existing rows are
 * recomputed once here with the same rule every later write uses.
 */
export function listedPriceMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("products")
        .addColumn("list_price", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("price_varies", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("color_images", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      // Every row through the catalogue's own writer, in batches that stay within SQLite's bound parameters.
      const ids = (await db.selectFrom("products").select("id").orderBy("id").execute()).map((r) => r.id as string);
      for (const chunk of chunked(ids)) await refreshListedPrices(db as Kysely<Database>, chunk);
    },
  };
}
