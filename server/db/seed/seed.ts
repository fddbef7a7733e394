import type { Db } from "../database";
import { nowIso } from "../database";
import type { Logger } from "../../logger";
import { newId, slugify } from "../../lib/ids";
import { discountedPrice } from "../../modules/catalog/pricing";

export interface SeedOptions {
  uploadsDir: string;
  logger?: Logger;
  products?: number;
}

/** Seeds the demo shop when the catalogue is empty; returns what it created, or null. (Placeholder.) */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<{ products: number } | null> {
  const row = await db.kysely.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return null;
  return seedDemo(db, options);
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<{ products: number }> {
  const k = db.kysely;
  const now = nowIso();
  const catId = newId();
  await k.insertInto("categories").values({ id: catId, name: "Fashion", slug: "fashion", image: null, parent_id: null, sort_order: 0, created_at: now }).execute();
  const n = options.products ?? 10;
  for (let i = 0; i < n; i++) {
    const name = `T-Shirt ${i}`;
    const price = 1000 + i * 100;
    const discount = i % 3 === 0 ? 10 : 0;
    await k
      .insertInto("products")
      .values({
        id: newId(), name, slug: slugify(name), description: "<p>Soft cotton tee.</p>", price, discount, final_price: discountedPrice(price, discount),
        category_id: catId, subcategory_id: null, brand: "Acme", sku: `TS-${i}`, stock: 10, shipping_cost: 500, status: "active",
        images: "[]", specifications: "[]", created_at: now, updated_at: now,
      })
      .execute();
  }
  await k.insertInto("settings").values({ key: "site", value: JSON.stringify({ siteName: "Demo Shop" }), updated_at: now }).execute();
  return { products: n };
}
