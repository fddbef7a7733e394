import type { Executor } from "./catalog.repo";
import { chunked } from "../../db/chunks";

// Reads of the catalogue's translations (migration 0026) for the storefront: what a shopper reads
// in a language other than the default. Null fields are not translated.

export interface ProductText {
  name: string | null;
  description: string | null;
  specifications: Array<{ name: string; value: string }> | null;
}

export interface CategoryText {
  name: string | null;
  description: string | null;
}

/** These products' texts in `language`, by product id (products without a translation are left out). */
export async function listProductTexts(ex: Executor, ids: string[], language: string): Promise<Map<string, ProductText>> {
  const out = new Map<string, ProductText>();
  for (const chunk of chunked([...new Set(ids)])) {
    if (chunk.length === 0) continue;
    const rows = await ex
      .selectFrom("product_translations")
      .select(["product_id", "name", "description", "specifications"])
      .where("language", "=", language)
      .where("product_id", "in", chunk)
      .execute();
    for (const r of rows) out.set(r.product_id, { name: r.name, description: r.description, specifications: parseSpecifications(r.specifications) });
  }
  return out;
}

/** Every category's texts in `language`, by its id and by its slug. */
export async function listCategoryTexts(ex: Executor, language: string): Promise<{ byId: Map<string, CategoryText>; bySlug: Map<string, CategoryText> }> {
  const rows = await ex
    .selectFrom("category_translations as t")
    .innerJoin("categories as c", "c.id", "t.category_id")
    .select(["c.id", "c.slug", "t.name", "t.description"])
    .where("t.language", "=", language)
    .execute();
  const byId = new Map<string, CategoryText>();
  const bySlug = new Map<string, CategoryText>();
  for (const r of rows) {
    const text = { name: r.name, description: r.description };
    byId.set(r.id, text);
    bySlug.set(r.slug, text);
  }
  return { byId, bySlug };
}

function parseSpecifications(json: string | null): ProductText["specifications"] {
  if (!json) return null;
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) && list.length ? (list as Array<{ name: string; value: string }>) : null;
  } catch {
    return null;
  }
}
