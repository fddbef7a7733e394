import type { AdminProduct, AdminVariant } from "#modules/catalog";
import type { ProductStatusValue } from "#common/catalog/catalog.admin.schema";
import type { Specification } from "./specifications-editor";
import type { VariantsValue } from "./variant-matrix";

/**
 * What the product form shows, as text the way inputs hold it. The form posts it under the names
 * the products schema's `productFormInput` reads (`name`, `image.0`, `variants.3.stock`…).
 */
export interface ProductFormValues {
  /** The version the edit started from (a save with an older one is refused); null when adding. */
  version: string | null;
  name: string;
  slug: string;
  description: string;
  brand: string;
  sku: string;
  categorySlug: string;
  subCategorySlug: string;
  price: string;
  discount: string;
  shippingCost: string;
  status: ProductStatusValue;
  /** In order, the first is the main picture; `color` is the colour the picture shows ("" = any). */
  images: Array<{ url: string; alt: string; color: string }>;
  specifications: Specification[];
  variants: VariantsValue;
  /** The stored translations (the language tabs show them; a refused save shows what was typed). */
  translations?: AdminProduct["translations"];
  /** The price fixed per currency (EUR → "8.5"), as the price list inputs hold it; a currency left out has none. */
  prices: Record<string, string>;
  /** One of the tax settings' classes; "": the settings' default class. */
  taxClass: string;
  /** Buying it buys a gift card of its price. */
  giftCard: boolean;
}

/** A new product's form: active, no pictures, no variants. */
export function emptyProductValues(): ProductFormValues {
  return {
    version: null,
    name: "",
    slug: "",
    description: "",
    brand: "",
    sku: "",
    categorySlug: "",
    subCategorySlug: "",
    price: "",
    discount: "0",
    shippingCost: "0",
    status: "active",
    images: [],
    specifications: [],
    variants: { colors: [], sizes: [], variants: [], stock: "0" },
    prices: {},
    taxClass: "",
    giftCard: false,
  };
}

/** The product as the admin's read gives it (catalog.admin getProduct), reduced to what the form edits. */
export type EditableProduct = Pick<
  AdminProduct,
  | "version"
  | "name"
  | "slug"
  | "description"
  | "brand"
  | "sku"
  | "categorySlug"
  | "subCategorySlug"
  | "price"
  | "discount"
  | "shippingCost"
  | "status"
  | "image"
  | "imageAlt"
  | "colorImages"
  | "specifications"
  | "colors"
  | "sizes"
  | "stock"
> & {
  variants: Array<Pick<AdminVariant, "color" | "size" | "additionalPrice" | "stock" | "sku">>;
  translations?: AdminProduct["translations"];
  prices?: AdminProduct["prices"];
  taxClass?: AdminProduct["taxClass"];
  giftCard?: AdminProduct["giftCard"];
};

/** The form's values for a stored product. */
export function valuesFromProduct(p: EditableProduct): ProductFormValues {
  const colorOf = (url: string) => Object.entries(p.colorImages).find(([, urls]) => urls.includes(url))?.[0] ?? "";
  return {
    version: String(p.version),
    name: p.name,
    slug: p.slug,
    description: p.description,
    brand: p.brand ?? "",
    sku: p.sku ?? "",
    categorySlug: p.categorySlug,
    subCategorySlug: p.subCategorySlug ?? "",
    price: String(p.price),
    discount: String(p.discount),
    shippingCost: String(p.shippingCost),
    status: p.status,
    images: p.image.map((url, i) => ({ url, alt: p.imageAlt[i] ?? "", color: colorOf(url) })),
    specifications: p.specifications.map((s) => ({ name: s.name, value: s.value })),
    variants: {
      colors: p.colors.map((c) => ({ name: c.name, hex: c.hex ?? "" })),
      sizes: [...p.sizes],
      variants: p.variants.map((v) => ({
        color: v.color,
        size: v.size,
        additionalPrice: String(v.additionalPrice),
        stock: String(v.stock),
        sku: v.sku ?? "",
        stockWas: String(v.stock),
      })),
      stock: String(p.stock),
      stockWas: String(p.stock),
    },
    translations: p.translations,
    prices: Object.fromEntries((p.prices ?? []).map((entry) => [entry.currency, String(entry.price)])),
    taxClass: p.taxClass ?? "",
    giftCard: p.giftCard ?? false,
  };
}

/** The rows `prefix.<i>…` of a posted form, in index order. */
function indexes(flat: Record<string, string>, prefix: string): number[] {
  const found = new Set<number>();
  const pattern = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d+)(\\.|$)`);
  for (const key of Object.keys(flat)) {
    const m = pattern.exec(key);
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The form's values from what was posted (the admin form layer's `values` of a refused save), so a
 * page without JavaScript shows everything typed again, in the order it was sent.
 */
export function valuesFromPosted(flat: Record<string, string>): ProductFormValues {
  const get = (key: string) => flat[key] ?? "";
  const colorOf = (url: string) => {
    for (const [key, value] of Object.entries(flat)) {
      const m = /^colorImages\.(.+)\.\d+$/.exec(key);
      if (m && value === url) return m[1]!;
    }
    return "";
  };
  const status = get("status");
  return {
    version: flat.version ?? null,
    name: get("name"),
    slug: get("slug"),
    description: get("description"),
    brand: get("brand"),
    sku: get("sku"),
    categorySlug: get("categorySlug"),
    subCategorySlug: get("subCategorySlug"),
    price: get("price"),
    discount: get("discount"),
    shippingCost: get("shippingCost"),
    status: status === "draft" || status === "archived" ? status : "active",
    images: indexes(flat, "image")
      .map((i) => ({ url: get(`image.${i}`), alt: get(`imageAlt.${i}`), color: colorOf(get(`image.${i}`)) }))
      .filter((img) => img.url.trim() !== ""),
    specifications: indexes(flat, "specifications")
      .map((i) => ({ name: get(`specifications.${i}.name`), value: get(`specifications.${i}.value`) }))
      .filter((s) => s.name.trim() !== "" || s.value.trim() !== ""),
    variants: {
      colors: indexes(flat, "colors").map((i) => ({ name: get(`colors.${i}.name`), hex: get(`colors.${i}.hex`) })),
      sizes: indexes(flat, "sizes").map((i) => get(`sizes.${i}`)),
      variants: indexes(flat, "variants").map((i) => ({
        color: flat[`variants.${i}.color`] ?? null,
        size: flat[`variants.${i}.size`] ?? null,
        additionalPrice: get(`variants.${i}.additionalPrice`),
        stock: flat[`variants.${i}.stock`] ?? flat[`_stockWas.${i}`] ?? "",
        stockWas: flat[`_stockWas.${i}`],
        sku: get(`variants.${i}.sku`),
      })),
      stock: flat.stock ?? flat._stockWas ?? "0",
      stockWas: flat._stockWas,
    },
    prices: Object.fromEntries(
      indexes(flat, "prices")
        .map((i) => [get(`prices.${i}.currency`), get(`prices.${i}.price`)])
        .filter(([currency, price]) => currency !== "" && price.trim() !== ""),
    ),
    taxClass: get("taxClass"),
    giftCard: get("giftCard") === "on",
  };
}

/**
 * Stock the form shows but the editor did not change is left out of the save: orders take stock
 * while a product is being edited, and re-sending the figure read minutes ago would put sold
 * units back. The form posts the figure it started from as `_stockWas` (`_stockWas.<k>` per
 * variant); a stock equal to it is dropped, so the schema's "omitted: keeps its stock" applies.
 */
export function dropUnchangedStock(body: Record<string, unknown>, form: FormData): Record<string, unknown> {
  const was = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" && v.trim() !== "" ? Number(v) : undefined;
  };
  if (body.stock !== undefined && body.stock === was("_stockWas")) delete body.stock;
  if (Array.isArray(body.variants)) {
    body.variants.forEach((variant, k) => {
      if (variant && typeof variant === "object" && "stock" in variant && (variant as { stock: unknown }).stock === was(`_stockWas.${k}`)) {
        delete (variant as { stock?: unknown }).stock;
      }
    });
  }
  return body;
}
