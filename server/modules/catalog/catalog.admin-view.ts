import { toIso } from "../../db/database";
import { imageVariantUrl } from "#common/images/image-sizes";
import { LOW_STOCK, type StockLevel } from "#common/catalog/catalog.admin.schema";
import type { Categories } from "./catalog.admin-placement";
import type { AdminListRow } from "./catalog.admin.repo";
import { type Existing, optionsOf, parseList } from "./catalog.admin-state";
import type { AdminProduct, AdminProductRow, ProductState } from "./catalog.admin.types";
import { variantPrice } from "./pricing";
import { toMajor } from "#common/money";

// Products as the admin reads them (money in the major unit).

/** The stock level shown as a badge and filtered by: out (0), low (1 to the settings' low-stock threshold), in (more). */
export function stockLevelOf(stock: number, lowStock: number = LOW_STOCK): StockLevel {
  if (stock <= 0) return "out";
  return stock <= lowStock ? "low" : "in";
}

/** The product's own fields as the admin and its audit entries show them (money in the major unit). */
export function ownFields(s: ProductState) {
  return {
    name: s.name,
    slug: s.slug,
    description: s.description,
    brand: s.brand,
    sku: s.sku,
    price: toMajor(s.price),
    discount: s.discount,
    shippingCost: toMajor(s.shippingCost),
    status: s.status,
    image: s.images,
    imageAlt: s.imageAlts,
    colorImages: s.colorImages,
    specifications: s.specifications,
    prices: s.prices.map((p) => ({ currency: p.currency, price: toMajor(p.price) })),
    translations: s.translations,
    taxClass: s.taxClass,
    giftCard: s.giftCard,
  };
}

export function toAdminProduct(p: Existing, categories: Categories, oldSlugs: string[], lowStock: number): AdminProduct {
  const s = p.state;
  const category = categories.byId.get(s.categoryId);
  const sub = s.subCategoryId ? categories.byId.get(s.subCategoryId) : undefined;
  const { colors, sizes } = optionsOf(s.variants);
  const stock = s.variants.length ? s.variants.reduce((n, v) => n + (v.stock ?? 0), 0) : s.stock;
  return {
    id: p.id,
    version: p.version,
    ...ownFields(s),
    categorySlug: category?.slug ?? "",
    subCategorySlug: sub?.slug ?? null,
    category: { id: s.categoryId, name: category?.name ?? "", slug: category?.slug ?? "" },
    subCategory: sub ? { id: sub.id, name: sub.name, slug: sub.slug } : null,
    colors,
    sizes,
    variants: s.variants.map((v) => {
      const prices = variantPrice(s.price, v.additionalPrice, s.discount);
      return {
        id: v.id!,
        color: v.color,
        colorHex: v.colorHex,
        size: v.size,
        additionalPrice: toMajor(v.additionalPrice),
        price: toMajor(prices.price),
        finalPrice: toMajor(prices.finalPrice),
        stock: v.stock ?? 0,
        sku: v.sku,
      };
    }),
    stock,
    stockLevel: stockLevelOf(stock, lowStock),
    listPrice: toMajor(p.listPrice),
    finalPrice: toMajor(p.finalPrice),
    priceVaries: p.priceVaries,
    oldSlugs,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** A row of the admin list as it shows it. */
export function toAdminRow(r: AdminListRow, lowStock: number): AdminProductRow {
  const first = parseList<string>(r.images)[0];
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    thumbnail: typeof first === "string" ? imageVariantUrl(first, "product", 320) : null,
    category: r.category_name,
    categorySlug: r.category_slug,
    subCategory: r.sub_name,
    subCategorySlug: r.sub_slug,
    price: toMajor(r.price),
    discount: r.discount,
    finalPrice: toMajor(r.final_price),
    priceVaries: r.price_varies === 1,
    stock: r.stock,
    stockLevel: stockLevelOf(r.stock, lowStock),
    variantCount: Number(r.variant_count ?? 0),
    status: r.status,
    updatedAt: toIso(r.updated_at)!,
  };
}
