import { type ListingQuery, MAX_PRICE, listingQuerySchema } from "#common/catalog/catalog.schema";
import type { Category } from "#modules/catalog";
import { PAGE_SIZE } from "./listing-url";
import { translatorFor } from "#common/i18n/messages.server";
import type { Translate } from "#common/i18n/translate";
import { localizeMessage } from "~/lib/i18n.server";

export type ParsedListing = {
  /** The query to run: invalid parts dropped, so the page still shows products. */
  query: Omit<ListingQuery, "q">;
  /** Messages for the shopper, one per rejected filter; none when the URL is valid. */
  errors: string[];
  /** The query parameters those messages are about, to mark their fields. */
  invalid: string[];
  /** The category and sub-category the URL names, resolved to their canonical records. */
  category: Category | null;
  subCategory: Category["subCategories"][number] | null;
};

const FIELDS = ["page", "subCategory", "minPrice", "maxPrice", "sort", "minRating"] as const;
type Field = (typeof FIELDS)[number];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
// A rejected value as the message quotes it (each language has its own quotation marks around it).
const shown = (v: string) => v.slice(0, 40);

/** Finds a top-level category by name or slug, case-insensitively. */
export function findCategory(categories: Category[], term: string): Category | undefined {
  return categories.find((c) => same(c.name, term) || same(c.slug, term));
}

/** Finds a sub-category by name or slug within one category (or any category), with its parent. */
export function findSubCategory(categories: Category[], term: string, within?: Category | null) {
  for (const parent of within ? [within] : categories) {
    const sub = parent.subCategories.find((s) => same(s.name, term) || same(s.slug, term));
    if (sub) return { parent, sub };
  }
  return undefined;
}

function messageFor(field: Field, raw: Record<string, string>, issueMessage: string, t: Translate): string {
  switch (field) {
    case "minPrice":
      if (issueMessage.startsWith("Minimum price must not exceed")) return t("shop.listing.error.minOverMax");
      return t("shop.listing.error.minPrice", { value: shown(raw.minPrice), max: MAX_PRICE });
    case "maxPrice":
      return t("shop.listing.error.maxPrice", { value: shown(raw.maxPrice), max: MAX_PRICE });
    case "page":
      return t("shop.listing.error.page", { value: shown(raw.page) });
    case "sort":
      return t("shop.listing.error.sort", { value: shown(raw.sort) });
    case "minRating":
      return t("shop.listing.error.minRating", { value: shown(raw.minRating) });
    default:
      return localizeMessage(t, issueMessage);
  }
}

/**
 * Reads the listing's URL (category path parameter plus query string) into a catalogue query.
 * Invalid filters never fail the page: each becomes a message (in `t`'s language) and is left out
 * of the query.
 */
export function parseListing(
  categoryParam: string | undefined,
  params: URLSearchParams,
  categories: Category[],
  t: Translate = translatorFor("en"),
): ParsedListing {
  const raw: Record<string, string> = {};
  for (const key of FIELDS) {
    const v = params.get(key);
    if (v !== null && v.trim() !== "") raw[key] = v.trim();
  }
  const errors: string[] = [];
  const rejected = new Set<Field>();

  const category = categoryParam ? (findCategory(categories, categoryParam) ?? null) : null;
  let subCategory: ParsedListing["subCategory"] = null;
  let parent = category;
  if (raw.subCategory) {
    const found = findSubCategory(categories, raw.subCategory, category);
    if (found) {
      subCategory = found.sub;
      parent = found.parent;
    } else {
      rejected.add("subCategory");
      errors.push(
        category
          ? t("shop.listing.error.subCategoryIn", { value: shown(raw.subCategory), category: category.name })
          : t("shop.listing.error.subCategory", { value: shown(raw.subCategory) }),
      );
    }
    delete raw.subCategory;
  }

  const input = { ...raw, pageSize: PAGE_SIZE };
  let result = listingQuerySchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      if (rejected.has(field)) continue;
      rejected.add(field);
      errors.push(messageFor(field, raw, issue.message, t));
      // A minimum above the maximum is a problem of the pair: drop both.
      if (field === "minPrice" && issue.message.startsWith("Minimum price must not exceed")) rejected.add("maxPrice");
    }
    const cleaned: Record<string, unknown> = { pageSize: PAGE_SIZE };
    for (const [k, v] of Object.entries(raw)) if (!rejected.has(k as Field)) cleaned[k] = v;
    result = listingQuerySchema.safeParse(cleaned);
    if (!result.success) result = listingQuerySchema.safeParse({ pageSize: PAGE_SIZE });
  }
  const { q: _q, ...query } = result.data!;
  return {
    query: { ...query, category: parent?.slug, subCategory: subCategory?.slug },
    errors,
    invalid: [...rejected],
    category: parent,
    subCategory,
  };
}
