import { type ListingQuery, MAX_PRICE, listingQuerySchema } from "#common/catalog/catalog.schema";
import type { Category } from "#modules/catalog";
import { PAGE_SIZE } from "./listing-url";

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

const FIELDS = ["page", "subCategory", "minPrice", "maxPrice", "sort"] as const;
type Field = (typeof FIELDS)[number];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const quoted = (v: string) => `“${v.slice(0, 40)}”`;

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

function messageFor(field: Field, raw: Record<string, string>, issueMessage: string): string {
  switch (field) {
    case "minPrice":
      if (issueMessage.startsWith("Minimum price must not exceed")) return "The minimum price must not be higher than the maximum price.";
      return `The minimum price ${quoted(raw.minPrice)} is not valid: enter an amount from 0 to ${MAX_PRICE.toLocaleString("en-US")}.`;
    case "maxPrice":
      return `The maximum price ${quoted(raw.maxPrice)} is not valid: enter an amount from 0 to ${MAX_PRICE.toLocaleString("en-US")}.`;
    case "page":
      return `There is no page ${quoted(raw.page)}; showing the first page.`;
    case "sort":
      return `Unknown sort order ${quoted(raw.sort)}; showing the newest first.`;
    default:
      return issueMessage;
  }
}

/**
 * Reads the listing's URL (category path parameter plus query string) into a catalogue query.
 * Invalid filters never fail the page: each becomes a message and is left out of the query.
 */
export function parseListing(categoryParam: string | undefined, params: URLSearchParams, categories: Category[]): ParsedListing {
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
        `There is no sub-category ${quoted(raw.subCategory)}${category ? ` in ${category.name}` : ""}; showing all of ${category?.name ?? "the shop"}.`,
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
      errors.push(messageFor(field, raw, issue.message));
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
