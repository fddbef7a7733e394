import type { Kysely } from "kysely";
import { listedPrice } from "../../modules/catalog/pricing";

/**
 * The listed price (issue 9): `final_price` becomes the lowest final price among the variants one
 * can buy (see `listedPrice`), so the price filter and sort keep their index; `list_price` is that
 * variant's price before the discount and `price_varies` says "From". `color_images` maps a colour
 * to its pictures, so the gallery and cart lines show the colour chosen. Existing rows are
 * recomputed once here with the same rule every later write uses.
 */
export function listedPriceMigration() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("products").addColumn("list_price", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("products").addColumn("price_varies", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("products").addColumn("color_images", "text", (c) => c.notNull().defaultTo("{}")).execute();

      const products = await db.selectFrom("products").select(["id", "price", "discount", "stock"]).execute();
      const variants = await db
        .selectFrom("product_variants")
        .select(["product_id", "additional_price", "stock"])
        .orderBy("product_id")
        .orderBy("sort_order")
        .execute();
      const byProduct = new Map<string, Array<{ additional_price: number; stock: number }>>();
      for (const v of variants) {
        const list = byProduct.get(v.product_id) ?? [];
        list.push(v);
        byProduct.set(v.product_id, list);
      }
      for (const p of products) {
        const listed = listedPrice(p, byProduct.get(p.id) ?? []);
        await db
          .updateTable("products")
          .set({ final_price: listed.finalPrice, list_price: listed.price, price_varies: listed.varies ? 1 : 0 })
          .where("id", "=", p.id)
          .execute();
      }
    },
  };
}
