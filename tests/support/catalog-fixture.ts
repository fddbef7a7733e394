import type { Db } from "../../server/db/database";
import { newId } from "../../server/lib/ids";
import { slugify } from "#common/slug";
import { refreshListedPrices } from "../../server/modules/catalog/catalog.listing";

export interface FixtureProduct {
  name: string;
  price: number; // minor units
  discount?: number;
  category: string;
  subCategory?: string;
  status?: "active" | "draft";
  /** Units of a product without variants (default 5). */
  stock?: number;
  /** Extra pictures per colour (the product's own picture comes first). */
  colorImages?: Record<string, string[]>;
  variants?: Array<{ color?: string; size?: string; additional?: number; stock?: number }>;
  createdAt?: string;
}

/**
 * Inserts a small known catalogue: categories (with sub-categories) and products, for tests that
 * must not depend on the demo seed. Returns ids by name.
 */
export async function insertCatalog(db: Db, categories: Record<string, string[]>, products: FixtureProduct[]) {
  const k = db.kysely;
  const now = new Date().toISOString();
  const categoryIds = new Map<string, string>();
  let order = 0;
  for (const [name, subs] of Object.entries(categories)) {
    const id = newId();
    categoryIds.set(name, id);
    await k
      .insertInto("categories")
      .values({ id, name, slug: slugify(name), image: null, parent_id: null, sort_order: order++, created_at: now })
      .execute();
    for (const sub of subs) {
      const subId = newId();
      categoryIds.set(`${name}/${sub}`, subId);
      await k
        .insertInto("categories")
        .values({ id: subId, name: sub, slug: slugify(`${name} ${sub}`), image: null, parent_id: id, sort_order: order++, created_at: now })
        .execute();
    }
  }
  const productIds = new Map<string, string>();
  let i = 0;
  for (const p of products) {
    const id = newId();
    productIds.set(p.name, id);
    const created = p.createdAt ?? new Date(Date.UTC(2026, 0, 1) + i++ * 60_000).toISOString();
    const variants = p.variants ?? [];
    await k
      .insertInto("products")
      .values({
        id,
        name: p.name,
        slug: slugify(p.name),
        description: `<p>${p.name} description.</p>`,
        price: p.price,
        discount: p.discount ?? 0,
        final_price: 0, // set below by the catalogue's listing rule, once the variants exist
        category_id: categoryIds.get(p.category)!,
        subcategory_id: p.subCategory ? categoryIds.get(`${p.category}/${p.subCategory}`)! : null,
        brand: "Fixture",
        sku: `SKU-${slugify(p.name)}`,
        stock: variants.length ? variants.reduce((n, v) => n + (v.stock ?? 5), 0) : (p.stock ?? 5),
        shipping_cost: 499,
        status: p.status ?? "active",
        images: JSON.stringify([`/uploads/products/${slugify(p.name)}.webp`, ...Object.values(p.colorImages ?? {}).flat()]),
        color_images: JSON.stringify(p.colorImages ?? {}),
        specifications: JSON.stringify([{ name: "Material", value: "Cotton" }]),
        created_at: created,
        updated_at: created,
      })
      .execute();
    let order2 = 0;
    for (const v of variants) {
      await k
        .insertInto("product_variants")
        .values({
          id: newId(),
          product_id: id,
          color: v.color ?? null,
          color_hex: v.color ? "#112233" : null,
          size: v.size ?? null,
          additional_price: v.additional ?? 0,
          stock: v.stock ?? 5,
          sku: null,
          sort_order: order2++,
        })
        .execute();
    }
    await refreshListedPrices(k, [id]);
  }
  return { categoryIds, productIds };
}
