import { z } from "zod";
import { MAX_PRICE } from "./catalog.schema";
import { translatedText, translationsSchema } from "#common/translations";
import { moneyAmount } from "#common/money.schema";

// The one schema of a product as the admin writes it: the JSON API (POST/PATCH
// /api/admin/products), the product form (through `productFormInput`) and each product of a CSV
// import are checked by it. Prices are in the major unit (12.5), as everywhere in JSON.

export const PRODUCT_STATUSES = ["active", "draft", "archived"] as const;
export type ProductStatusValue = (typeof PRODUCT_STATUSES)[number];

export const MAX_NAME_LENGTH = 200;
export const MAX_SLUG_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 50_000;
export const MAX_IMAGES = 20;
export const MAX_SPECIFICATIONS = 50;
export const MAX_OPTIONS = 50;
// Units per row and variants per product keep a product's total (the sum of its variants') within
// a 32-bit integer column: 200 × 10,000,000 = 2,000,000,000.
export const MAX_VARIANTS = 200;
export const MAX_STOCK = 10_000_000;

/** Lower-case words joined by single dashes: what `slugify` makes of a name. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A stored upload (`/uploads/…`, from POST /api/admin/uploads) or a picture elsewhere over HTTPS. */
const IMAGE_URL = /^(\/uploads\/[A-Za-z0-9._~/-]+|https:\/\/[^\s"'<>]+)$/;
const HEX = /^#[0-9a-fA-F]{6}$/;

/** Blank text counts as not given (a form's empty field, a CSV's empty cell). */
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** A money amount in the major unit: at least 0, at most MAX_PRICE, whole cents. */
const money = (what: string) => moneyAmount(what, MAX_PRICE);

const units = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_STOCK, `${what} can be at most ${MAX_STOCK.toLocaleString("en-US")}`);

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} can be at most ${max} characters`);

const optionalText = (what: string, max: number) => z.preprocess(blankToNull, text(what, max).nullish());

const optionName = (what: string) =>
  text(what, 60)
    .min(1, `${what} cannot be blank`)
    .refine((v) => !v.includes("|"), `${what} cannot contain “|”`);

export const specificationSchema = z.object({
  name: text("The name", 100).min(1, "Give the specification a name"),
  value: text("The value", 500).min(1, "Give the specification a value"),
});

/** A product's texts in another language: each one left blank (or out) shows the default language's. */
export const productTranslationSchema = z.object({
  name: translatedText("The name", MAX_NAME_LENGTH),
  /** Rich text (HTML); sanitised on the server before it is stored. */
  description: translatedText("The description", MAX_DESCRIPTION_LENGTH),
  /** The whole list in that language (empty: the default language's list). */
  specifications: z
    .array(specificationSchema, { error: "Specifications are a list" })
    .max(MAX_SPECIFICATIONS, `At most ${MAX_SPECIFICATIONS} specifications`)
    .nullish()
    .transform((v) => (v?.length ? v : null)),
});
export type ProductTranslation = z.output<typeof productTranslationSchema>;

export const colorSchema = z.object({
  name: optionName("The colour's name"),
  hex: z.preprocess(blankToNull, z.string().trim().regex(HEX, "Use a colour like #1a2b3c").nullish()),
});

export const variantSchema = z.object({
  color: z.preprocess(blankToNull, z.string().trim().max(60).nullish()),
  size: z.preprocess(blankToNull, z.string().trim().max(60).nullish()),
  additionalPrice: money("The extra price").default(0),
  /** Omitted: an existing variant keeps its stock (a form sends only the units it changed), a new one starts at 0. */
  stock: units("Stock").optional(),
  sku: optionalText("The SKU", 64),
});

const fields = {
  name: text("The name", MAX_NAME_LENGTH).min(1, "Give the product a name"),
  /** Omitted or blank on create: made from the name (unique: -2, -3… when taken). */
  slug: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(MAX_SLUG_LENGTH, `The address can be at most ${MAX_SLUG_LENGTH} characters`)
      .regex(SLUG_PATTERN, "Use lower-case letters, digits and single dashes (like linen-shirt)")
      .nullish(),
  ),
  /** Rich text (HTML); sanitised on the server before it is stored. */
  description: z
    .string({ error: "The description must be text" })
    .max(MAX_DESCRIPTION_LENGTH, `The description can be at most ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters`),
  brand: optionalText("The brand", 100),
  sku: optionalText("The SKU", 64),
  categorySlug: text("The category", 120).min(1, "Choose a category"),
  subCategorySlug: optionalText("The sub-category", 120),
  price: money("The price"),
  discount: z
    .number({ error: "The discount must be a whole number" })
    .int("The discount must be a whole number")
    .min(0, "The discount cannot be negative")
    .max(100, "The discount can be at most 100 %"),
  shippingCost: money("The shipping cost"),
  status: z.enum(PRODUCT_STATUSES, { error: "The status is active, draft or archived" }),
  /** Picture URLs in display order; the first is the product's main picture. */
  image: z
    .array(z.string().trim().max(500, "The picture's address is too long").regex(IMAGE_URL, "Upload the picture or use an https:// address"), {
      error: "Pictures are a list of addresses",
    })
    .max(MAX_IMAGES, `At most ${MAX_IMAGES} pictures`),
  /**
   * Alt text of each picture, parallel to `image` (entry i describes image i; '' or missing: none).
   * Kept apart so `image` stays the plain list of URLs the public API and the issue's body use.
   */
  imageAlt: z
    .array(
      z.preprocess((v) => v ?? "", text("The alt text", 250)),
      { error: "Alt texts are a list" },
    )
    .max(MAX_IMAGES, `At most ${MAX_IMAGES} alt texts`),
  /** Colour name → the pictures (a subset of `image`) that show it; the storefront's gallery follows the colour chosen. */
  colorImages: z.record(z.string().max(60), z.array(z.string().max(500)).max(MAX_IMAGES)),
  specifications: z.array(specificationSchema, { error: "Specifications are a list" }).max(MAX_SPECIFICATIONS, `At most ${MAX_SPECIFICATIONS} specifications`),
  colors: z.array(colorSchema, { error: "Colours are a list" }).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} colours`),
  sizes: z.array(optionName("The size"), { error: "Sizes are a list" }).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} sizes`),
  /** The matrix colour × size; each colour or size must be one of `colors` / `sizes`. */
  variants: z.array(variantSchema, { error: "Variants are a list" }).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`),
  /** Units of a product without variants (with variants, the stock is theirs). */
  stock: units("Stock"),
  /**
   * The price list: the product's price fixed in presentment currencies (major unit of each),
   * winning over the conversion of `price` (common/currency.ts). Absent: the list stays as it is.
   */
  prices: z
    .array(
      z.object({
        currency: z
          .string({ error: "Name the currency (EUR, GBP…)" })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, "Use a three-letter currency code, such as EUR"),
        price: money("The price"),
      }),
      { error: "Prices are a list of {currency, price}" },
    )
    .max(50, "At most 50 prices")
    .refine((list) => new Set(list.map((p) => p.currency)).size === list.length, "Each currency once"),
  /** Texts in the other languages, `{ de: { name, description, specifications } }`. Absent: they stay as they are; a language left out of a given object is not translated. */
  translations: translationsSchema(productTranslationSchema),
  /**
   * The product's tax class, one of the tax settings' classes (the service checks which); null or
   * blank: the settings' default class. Absent: it stays as it is (a new product: the default).
   */
  taxClass: z.preprocess(
    blankToNull,
    z
      .string({ error: "Name the tax class (such as standard or reduced), or leave it blank for the default" })
      .trim()
      .toLowerCase()
      .max(40, "A tax class's name is at most 40 characters")
      .nullish(),
  ),
  /** 1: buying the product buys a gift card of its price (issued and mailed once the order is paid). Absent: it stays as it is (a new product: no). */
  giftCard: z.boolean({ error: "Say whether the product is a gift card (true or false)" }),
};

/** What the cross-field rules read of a product (a whole one, or the fields a PATCH carries). */
export interface ProductRuleInput {
  image?: string[];
  imageAlt?: string[];
  colorImages?: Record<string, string[]>;
  colors?: Array<{ name: string; hex?: string | null }>;
  sizes?: string[];
  variants?: Array<{ color?: string | null; size?: string | null }>;
}

const lower = (s: string) => s.toLowerCase();

/**
 * The rules between fields: a variant's colour and size are among the listed ones (or absent when
 * none are listed), no colour × size twice, no colour or size listed twice, alt texts and colour
 * pictures refer to listed pictures and colours. Applied to whatever part of the product the input
 * carries (a PATCH without `colors` skips the colour rules here; the service checks the merged
 * product with `productRuleProblems`). Each problem goes to `issue` with its field's path.
 */
export function checkProductRules(value: ProductRuleInput, issue: (path: Array<string | number>, message: string) => void): void {
  const colors = value.colors;
  const sizes = value.sizes;
  if (colors) {
    const seen = new Set<string>();
    colors.forEach((c, i) => {
      if (seen.has(lower(c.name))) issue(["colors", i, "name"], `“${c.name}” is listed twice`);
      seen.add(lower(c.name));
    });
  }
  if (sizes) {
    const seen = new Set<string>();
    sizes.forEach((s, i) => {
      if (seen.has(lower(s))) issue(["sizes", i], `“${s}” is listed twice`);
      seen.add(lower(s));
    });
  }
  if (value.variants) {
    const colorNames = new Set((colors ?? []).map((c) => lower(c.name)));
    const sizeNames = new Set((sizes ?? []).map(lower));
    const combos = new Set<string>();
    value.variants.forEach((v, i) => {
      if (colors !== undefined) {
        if (colorNames.size && !v.color) issue(["variants", i, "color"], "Choose one of the colours");
        else if (v.color && !colorNames.has(lower(v.color)))
          issue(["variants", i, "color"], colorNames.size ? `“${v.color}” is not one of the colours` : "Add the colour to the colours first");
      }
      if (sizes !== undefined) {
        if (sizeNames.size && !v.size) issue(["variants", i, "size"], "Choose one of the sizes");
        else if (v.size && !sizeNames.has(lower(v.size)))
          issue(["variants", i, "size"], sizeNames.size ? `“${v.size}” is not one of the sizes` : "Add the size to the sizes first");
      }
      if (!v.color && !v.size) issue(["variants", i, "color"], "A variant needs a colour or a size");
      const key = `${lower(v.color ?? "")}\u0000${lower(v.size ?? "")}`;
      if (combos.has(key)) issue(["variants", i, v.size ? "size" : "color"], `${[v.color, v.size].filter(Boolean).join(" / ")} is listed twice`);
      combos.add(key);
    });
  }
  if (value.image && value.imageAlt && value.imageAlt.length > value.image.length) {
    issue(["imageAlt"], "There are more alt texts than pictures");
  }
  if (value.colorImages) {
    const pictures = new Set(value.image ?? []);
    const colorNames = new Set((colors ?? []).map((c) => lower(c.name)));
    for (const [color, list] of Object.entries(value.colorImages)) {
      if (colors !== undefined && !colorNames.has(lower(color))) issue(["colorImages", color], `“${color}” is not one of the colours`);
      if (value.image !== undefined && list.some((url) => !pictures.has(url)))
        issue(["colorImages", color], "Only the product's own pictures can show a colour");
    }
  }
}

/** The problems of the cross-field rules as `{ "variants.3.color": message }`, for a merged product. */
export function productRuleProblems(value: ProductRuleInput): Record<string, string> {
  const problems: Record<string, string> = {};
  checkProductRules(value, (path, message) => {
    problems[path.join(".")] ??= message;
  });
  return problems;
}

const productRules = (value: ProductRuleInput, ctx: z.RefinementCtx) =>
  checkProductRules(value, (path, message) => ctx.addIssue({ code: "custom", path, message }));

const object = z.object(fields);

/** A new product (POST /api/admin/products, the add-product form, a CSV product that does not exist yet). */
export const productCreateSchema = object
  .extend({
    brand: fields.brand.optional(),
    sku: fields.sku.optional(),
    subCategorySlug: fields.subCategorySlug.optional(),
    description: fields.description.default(""),
    discount: fields.discount.default(0),
    shippingCost: fields.shippingCost.default(0),
    status: fields.status.default("active"),
    imageAlt: fields.imageAlt.default([]),
    colorImages: fields.colorImages.default({}),
    specifications: fields.specifications.default([]),
    colors: fields.colors.default([]),
    sizes: fields.sizes.default([]),
    variants: fields.variants.default([]),
    stock: fields.stock.default(0),
    prices: fields.prices.optional(),
    translations: fields.translations.optional(),
    taxClass: fields.taxClass.optional(),
    giftCard: fields.giftCard.optional(),
  })
  .superRefine(productRules);

/** A change to a product (PATCH): only the fields given change; `version` is the one read (a stale one gets 409). */
export const productPatchSchema = object
  .partial()
  .extend({
    version: z.number({ error: "Send the version you read (a whole number)" }).int("Send the version you read (a whole number)").min(1).max(2_147_483_647),
  })
  .superRefine(productRules);

export type ProductInput = z.output<typeof productCreateSchema>;
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductPatch = z.output<typeof productPatchSchema>;
export type ProductPatchInput = z.input<typeof productPatchSchema>;

/** Stock levels the admin list filters by: out (0), low (1 to the settings' lowStockThreshold), in (more). LOW_STOCK: the threshold when no settings are given (the settings' default). */
export const LOW_STOCK = 5;
export const STOCK_LEVELS = ["in", "low", "out"] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Sorts of the admin list: a field, descending with a leading "-"; `relevance` (the search's order) only with `q`. */
export const ADMIN_PRODUCT_SORTS = [
  "-updated",
  "updated",
  "name",
  "-name",
  "price",
  "-price",
  "finalPrice",
  "-finalPrice",
  "stock",
  "-stock",
  "relevance",
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

const queryText = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(max).optional());

/** The admin list's search and filters: what the list shows, page after page, and what its CSV export holds. */
export const adminProductFilterSchema = z.object({
  q: queryText(200),
  /** A category's slug (or a sub-category's: then it filters by sub-category). */
  category: queryText(120),
  subCategory: queryText(120),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(PRODUCT_STATUSES, { error: "The status is active, draft or archived" }).optional()),
  stock: z.preprocess((v) => (v === "" ? undefined : v), z.enum(STOCK_LEVELS, { error: "The stock level is in, low or out" }).optional()),
});
export type AdminProductFilters = z.input<typeof adminProductFilterSchema>;

/** The admin list's query string: its filters, a sort and a page (50 a page by default). */
export const adminProductQuerySchema = adminProductFilterSchema.extend({
  /** Default: `relevance` with `q`, else `-updated` (last changed first). */
  sort: z.preprocess((v) => (v === "" ? undefined : v), z.enum(ADMIN_PRODUCT_SORTS, { error: `Sort by one of ${ADMIN_PRODUCT_SORTS.join(", ")}` }).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminProductQuery = z.input<typeof adminProductQuerySchema>;

export const BULK_ACTIONS = ["status", "discount", "category", "delete"] as const;

/**
 * A bulk action on selected products: `status` (value: active, draft or archived), `discount`
 * (value: 0–100), `category` (value: a category's slug, or `{category, subCategory}`), `delete`.
 */
export const bulkSchema = z
  .object({
    ids: z
      .array(z.string().trim().min(1).max(100), { error: "Select products (a list of ids)" })
      .min(1, "Select at least one product")
      .max(1000, "At most 1,000 products at once"),
    action: z.enum(BULK_ACTIONS, { error: `The action is one of ${BULK_ACTIONS.join(", ")}` }),
    value: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    if (v.action === "status" && !PRODUCT_STATUSES.includes(v.value as ProductStatusValue)) bad("The status is active, draft or archived");
    if (v.action === "discount" && !(typeof v.value === "number" && Number.isInteger(v.value) && v.value >= 0 && v.value <= 100))
      bad("The discount is a whole number from 0 to 100");
    if (v.action === "category") {
      const ok =
        (typeof v.value === "string" && v.value.trim().length > 0 && v.value.length <= 120) ||
        (typeof v.value === "object" &&
          v.value !== null &&
          typeof (v.value as { category?: unknown }).category === "string" &&
          ["undefined", "string"].includes(typeof (v.value as { subCategory?: unknown }).subCategory));
      if (!ok) bad("Choose a category (its slug)");
    }
  });
export type BulkInput = z.output<typeof bulkSchema>;

/** The import's query: `dryRun=true` checks and reports without writing. */
export const importQuerySchema = z.object({ dryRun: z.enum(["true", "false", "1", "0"]).optional() });

const NUMBER_FIELDS = /^(price|discount|shippingCost|stock|version|variants\.\d+\.(additionalPrice|stock)|prices\.\d+\.price)$/;

/**
 * The product form's fields in the JSON API's shape, so the form and the API check one schema:
 * dotted names become nested objects and lists (`variants.0.stock`, `specifications.1.name`,
 * `image.0`), numbers' text becomes numbers (blank: not given; words: NaN, refused by the schema).
 * A form sends lists it shows empty as `<name>.length = 0` (e.g. `variants.length`), so "no
 * variants" differs from "variants not on this form".
 */
export function productFormInput(form: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const lengths: string[] = [];
  for (const [key, raw] of form) {
    if (typeof raw !== "string" || key.startsWith("_") || key === "intent") continue;
    if (key.endsWith(".length")) {
      lengths.push(key.slice(0, -".length".length));
      continue;
    }
    const value = NUMBER_FIELDS.test(key) ? (raw.trim() === "" ? undefined : Number(raw)) : raw;
    if (value === undefined) continue;
    const parts = key.split(".");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const index = /^\d+$/.test(part) ? Number(part) : part;
      const holder = node as Record<string | number, unknown>;
      if (last) holder[index] = value;
      else {
        holder[index] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = holder[index] as Record<string, unknown>;
      }
    });
  }
  for (const name of lengths) root[name] ??= name === "colorImages" ? {} : [];
  // A checkbox sends nothing when clear: the form marks that it showed one (`_giftCard`).
  if (form.has("_giftCard")) root.giftCard = form.get("giftCard") === "on";
  // Sparse lists (a removed row in the middle) close up.
  for (const [key, value] of Object.entries(root)) if (Array.isArray(value)) root[key] = value.filter((x) => x !== undefined);
  return root;
}
