import { sanitizeRichText } from "../../lib/rich-text";
import type { ProductInput, ProductTranslation } from "#common/catalog/catalog.admin.schema";
import { TRANSLATABLE_LANGUAGES, type Translations } from "#common/translations";
import type { Categories, Placement } from "./catalog.admin-placement";
import type { ProductRow, ProductState, VariantRow, VariantState } from "./catalog.admin.types";
import { parseColorImages } from "#common/catalog/pictures";
import { toMajor, toMinor } from "#common/money";

// A product's state (catalog.admin.types.ts): how a stored row and a checked input become one,
// and how one reads as an input again.

/** A product as stored, with what the write path needs to change it. */
export interface Existing {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  finalPrice: number;
  listPrice: number;
  priceVaries: boolean;
  state: ProductState;
}

/** What one write does to a product: create it, or store `after` over what was read. */
export interface CreatePlan {
  kind: "create";
  id: string;
  after: ProductState;
}
export interface UpdatePlan {
  kind: "update";
  before: Existing;
  after: ProductState;
}
export type Plan = CreatePlan | UpdatePlan;

export const parseList = <T>(json: string): T[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

export const variantKey = (color: string | null | undefined, size: string | null | undefined) =>
  `${(color ?? "").toLowerCase()}\u0000${(size ?? "").toLowerCase()}`;
export const variantLabel = (v: { color: string | null; size: string | null }) => [v.color, v.size].filter(Boolean).join(" / ");

/**
 * Each colour's pictures as the write path stores them: the colours in the order given (as the
 * variants list them, names matched in any case), each one's pictures in the gallery's order, and
 * colours without a picture left out.
 */
function colorPictures(colors: string[], given: Record<string, string[]>, images: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const color of colors) {
    const entry = Object.entries(given).find(([name]) => name.toLowerCase() === color.toLowerCase());
    const own = new Set(entry?.[1] ?? []);
    const list = images.filter((url) => own.has(url));
    if (list.length) out[color] = list;
  }
  return out;
}

/** A stored product and its variants as a state. */
export function stateOf(
  row: ProductRow,
  variants: VariantRow[],
  prices: ReadonlyArray<{ currency: string; price: number }> = [],
  translations: ReadonlyArray<TranslationRow> = [],
): ProductState {
  const images = parseList<string>(row.images).filter((x) => typeof x === "string");
  const alts = parseList<string>(row.image_alts);
  // Read in the stored order's canonical form, so a product written by other means (the demo seed)
  // compares equal to itself coming back through a form or a CSV; colours of no variant stay, last.
  const stored = parseColorImages(row.color_images);
  const colors = [...new Set(variants.flatMap((v) => (v.color ? [v.color] : [])))];
  const ordered = colorPictures(colors, stored, images);
  const known = new Set(colors.map((c) => c.toLowerCase()));
  const colorImages = { ...ordered, ...Object.fromEntries(Object.entries(stored).filter(([name]) => !known.has(name.toLowerCase()))) };
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    brand: row.brand,
    sku: row.sku,
    categoryId: row.category_id,
    subCategoryId: row.subcategory_id,
    price: row.price,
    discount: row.discount,
    shippingCost: row.shipping_cost,
    status: row.status,
    images,
    imageAlts: images.map((_, i) => (typeof alts[i] === "string" ? alts[i] : "")),
    colorImages,
    specifications: parseList<{ name: string; value: string }>(row.specifications),
    stock: row.stock,
    variants: variants.map((v) => ({
      id: v.id,
      color: v.color,
      colorHex: v.color_hex,
      size: v.size,
      additionalPrice: v.additional_price,
      stock: v.stock,
      sku: v.sku,
    })),
    prices: byCurrency(prices.map((p) => ({ currency: p.currency, price: p.price }))),
    translations: canonicalTranslations(
      Object.fromEntries(
        translations.map((t) => [
          t.language,
          { name: t.name, description: t.description, specifications: t.specifications ? parseList<{ name: string; value: string }>(t.specifications) : null },
        ]),
      ),
    ),
    taxClass: row.tax_class ?? null,
    giftCard: row.gift_card === 1,
  };
}

/** A stored translation row of a product. */
export interface TranslationRow {
  language: string;
  name: string | null;
  description: string | null;
  specifications: string | null;
}

/** Translations in the languages' order, each with every field, languages with nothing translated left out: so equal ones compare equal. */
export function canonicalTranslations(given: Translations<Partial<ProductTranslation>>, sanitize = false): Translations<ProductTranslation> {
  const out: Translations<ProductTranslation> = {};
  for (const language of TRANSLATABLE_LANGUAGES) {
    const t = given[language];
    if (!t) continue;
    const description = t.description ? (sanitize ? sanitizeRichText(t.description) : t.description) || null : null;
    const entry = { name: t.name || null, description, specifications: t.specifications?.length ? t.specifications : null };
    if (entry.name || entry.description || entry.specifications) out[language] = entry;
  }
  return out;
}

const byCurrency = <T extends { currency: string }>(list: T[]) => [...list].sort((a, b) => a.currency.localeCompare(b.currency));

/** The variants of an input as states: colour and size names as listed, and the ids and (when left out) units of the pairs `prior` has. */
function variantStates(input: ProductInput, prior?: ProductState): VariantState[] {
  const colors = new Map(input.colors.map((c) => [c.name.toLowerCase(), c]));
  const sizes = new Map(input.sizes.map((s) => [s.toLowerCase(), s]));
  const priorVariants = new Map((prior?.variants ?? []).map((v) => [variantKey(v.color, v.size), v]));
  return input.variants.map((v) => {
    const color = v.color ? (colors.get(v.color.toLowerCase()) ?? null) : null;
    const size = v.size ? (sizes.get(v.size.toLowerCase()) ?? v.size) : null;
    const before = priorVariants.get(variantKey(color?.name ?? null, size));
    return {
      id: before?.id,
      color: color?.name ?? null,
      colorHex: color?.hex ? color.hex.toLowerCase() : null,
      size,
      additionalPrice: toMinor(v.additionalPrice),
      stock: v.stock ?? before?.stock,
      sku: v.sku ?? null,
    };
  });
}

/**
 * A checked product input as the state to store: minor units, the description sanitised, colour
 * and size names as listed (a variant's "red" is the listed "Red"), alt texts as long as the
 * pictures, colour pictures in picture order. `prior` supplies the units of variants whose stock
 * the input leaves out.
 */
export function stateFromInput(input: ProductInput, placement: Placement, slug: string, prior?: ProductState): ProductState {
  const variants = variantStates(input, prior);
  const images = input.image;
  const colorImages = colorPictures(
    input.colors.map((c) => c.name),
    input.colorImages,
    images,
  );
  return {
    name: input.name,
    slug,
    description: sanitizeRichText(input.description),
    brand: input.brand ?? null,
    sku: input.sku ?? null,
    categoryId: placement.categoryId,
    subCategoryId: placement.subCategoryId,
    price: toMinor(input.price),
    discount: input.discount,
    shippingCost: toMinor(input.shippingCost),
    status: input.status,
    images,
    imageAlts: images.map((_, i) => input.imageAlt[i] ?? ""),
    colorImages,
    specifications: input.specifications,
    stock: variants.length ? (prior?.stock ?? 0) : input.stock,
    variants,
    prices: input.prices ? byCurrency(input.prices.map((p) => ({ currency: p.currency, price: toMinor(p.price) }))) : (prior?.prices ?? []),
    translations: input.translations ? canonicalTranslations(input.translations, true) : (prior?.translations ?? {}),
    taxClass: input.taxClass === undefined ? (prior?.taxClass ?? null) : input.taxClass,
    giftCard: input.giftCard === undefined ? (prior?.giftCard ?? false) : input.giftCard,
  };
}

/** Colours (with the hex of their first variant) and sizes in the order the variants first name them. */
export function optionsOf(variants: Array<{ color: string | null; colorHex: string | null; size: string | null }>) {
  const colors = new Map<string, { name: string; hex: string | null }>();
  const sizes = new Set<string>();
  for (const v of variants) {
    if (v.color && !colors.has(v.color)) colors.set(v.color, { name: v.color, hex: v.colorHex });
    if (v.size) sizes.add(v.size);
  }
  return { colors: [...colors.values()], sizes: [...sizes] };
}

/** A stored product in the shape of the admin's input (major units, category slugs). */
export function inputOf(state: ProductState, categories: Categories): ProductInput {
  const { colors, sizes } = optionsOf(state.variants);
  return {
    name: state.name,
    slug: state.slug,
    description: state.description,
    brand: state.brand,
    sku: state.sku,
    categorySlug: categories.byId.get(state.categoryId)?.slug ?? "",
    subCategorySlug: state.subCategoryId ? (categories.byId.get(state.subCategoryId)?.slug ?? null) : null,
    price: toMajor(state.price),
    discount: state.discount,
    shippingCost: toMajor(state.shippingCost),
    status: state.status,
    image: state.images,
    imageAlt: state.imageAlts,
    colorImages: state.colorImages,
    specifications: state.specifications,
    colors,
    sizes,
    variants: state.variants.map((v) => ({ color: v.color, size: v.size, additionalPrice: toMajor(v.additionalPrice), stock: v.stock, sku: v.sku })),
    stock: state.stock,
    prices: state.prices.map((p) => ({ currency: p.currency, price: toMajor(p.price) })),
    translations: state.translations,
    taxClass: state.taxClass,
    giftCard: state.giftCard,
  };
}

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A variant's stored fields but its units: what a kept variant's update writes when they change. */
export const variantFields = (v: VariantState) => ({ color: v.color, colorHex: v.colorHex, size: v.size, additionalPrice: v.additionalPrice, sku: v.sku });

/** Whether storing `after` over `before` changes anything (units left out count as unchanged). */
export function differs(before: ProductState, after: ProductState): boolean {
  const strip = (s: ProductState) => ({ ...s, stock: 0, variants: s.variants.map(({ id: _id, stock: _stock, ...v }) => v) });
  if (!sameJson(strip(before), strip(after))) return true;
  if (after.variants.length === 0) return before.stock !== after.stock;
  const units = new Map(before.variants.map((v) => [v.id, v.stock]));
  return after.variants.some((v) => v.stock !== undefined && v.stock !== units.get(v.id));
}
