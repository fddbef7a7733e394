import type { ProductDetail, ProductVariant } from "#modules/catalog";

export interface Selection {
  color: string | null;
  size: string | null;
}

type Product = Pick<ProductDetail, "colors" | "sizes" | "variants"> & Partial<Pick<ProductDetail, "listedVariantId">>;

/** The variant of the chosen colour and size; a product without colours (or sizes) matches on the other alone. */
export function findVariant(product: Product, sel: Selection): ProductVariant | undefined {
  if (product.variants.length === 0) return undefined;
  const wantColor = product.colors.length > 0;
  const wantSize = product.sizes.length > 0;
  if ((wantColor && !sel.color) || (wantSize && !sel.size)) return undefined;
  return product.variants.find((v) => (!wantColor || v.color === sel.color) && (!wantSize || v.size === sel.size));
}

/**
 * The variant the listed price names (the cheapest one in stock, chosen by the catalogue's listing
 * rule), so the page opens on the price the card showed; else the first in stock, else the first.
 */
export function initialSelection(product: Product): Selection {
  const v = product.variants.find((x) => x.id === product.listedVariantId) ?? product.variants.find((x) => x.stock > 0) ?? product.variants[0];
  return { color: v?.color ?? null, size: v?.size ?? null };
}

export interface ColorOption {
  name: string;
  hex: string | null;
  /** Some size of this colour is in stock. */
  available: boolean;
}

/** Every colour, marked unavailable when none of its variants is in stock. */
export function colorOptions(product: Product): ColorOption[] {
  return product.colors.map((c) => ({
    ...c,
    available: product.variants.some((v) => v.color === c.name && v.stock > 0),
  }));
}

export interface SizeOption {
  size: string;
  /** The variant for this size in the chosen colour, if the combination exists. */
  variant: ProductVariant | undefined;
  available: boolean;
}

/** Every size for the chosen colour: unavailable when the combination does not exist or is out of stock. */
export function sizeOptions(product: Product, color: string | null): SizeOption[] {
  return product.sizes.map((size) => {
    const variant = findVariant(product, { color, size });
    return { size, variant, available: !!variant && variant.stock > 0 };
  });
}

/** Picks a colour and keeps the size when that combination can be bought, else the first size that can. */
export function chooseColor(product: Product, sel: Selection, color: string): Selection {
  if (product.sizes.length === 0) return { color, size: null };
  const options = sizeOptions(product, color);
  const keep = options.find((o) => o.size === sel.size && o.available);
  return { color, size: keep?.size ?? options.find((o) => o.available)?.size ?? sel.size };
}

/**
 * The quantity after the shopper typed `raw`: whole numbers from 1 (up to `max` when stock is
 * known); anything below 1 or not a number is ignored and the current quantity kept.
 */
export function nextQuantity(raw: string | number, current: number, max?: number): number {
  const n = typeof raw === "number" ? raw : Number(raw.trim());
  if (!Number.isFinite(n) || n < 1) return current;
  const whole = Math.floor(n);
  return max !== undefined && max >= 1 ? Math.min(whole, max) : whole;
}
