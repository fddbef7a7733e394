import { AppError } from "#common/errors";
import { slugify } from "#common/slug";
import { MAX_SLUG_LENGTH } from "#common/catalog/catalog.admin.schema";
import { findProductIdBySlug, findRedirectedProductId } from "./catalog.admin.repo";
import type { Executor } from "./catalog.repo";

/** A slug made from the name that no product and no other product's redirect uses (-2, -3… when taken). */
export async function freeSlug(ex: Executor, name: string, except?: string): Promise<string> {
  const base = (slugify(name) || "product").slice(0, MAX_SLUG_LENGTH - 4).replace(/-+$/, "");
  const taken = async (slug: string) => {
    const [product, redirect] = await Promise.all([findProductIdBySlug(ex, slug), findRedirectedProductId(ex, slug)]);
    return (!!product && product !== except) || (!!redirect && redirect !== except);
  };
  if (!(await taken(base))) return base;
  for (let n = 2; ; n++) if (!(await taken(`${base}-${n}`))) return `${base}-${n}`;
}

/** Refuses a slug another product than `except` has (400 on the slug field). */
export async function requireSlugFree(ex: Executor, slug: string, except?: string): Promise<void> {
  const owner = await findProductIdBySlug(ex, slug);
  if (owner && owner !== except)
    throw new AppError("invalid_input", "Another product already uses this address.", { slug: "Another product uses this address" });
}
