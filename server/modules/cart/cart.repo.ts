import type { Kysely } from "kysely";
import { nowIso } from "../../db/database";
import type { Database } from "../../db/schema";
import { newId } from "../../lib/ids";
import { parseColorImages, picturesFor } from "../catalog/pictures";
import { toMajor, variantPrice } from "../catalog/pricing";
import { imageVariantUrl } from "../images/image-sizes";
import { type MinorTotals, type PricingSettings, computeTotals, lineLabel, quantityCapProblem, stockProblem } from "./cart.pricing";
import type { CartLine, CartView } from "./cart.types";

/** A database handle or an open transaction (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<Database>;

/** A cart line with its product, category and variant as stored now (minor units). */
export interface CartLineRow {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  name: string;
  slug: string;
  price: number;
  discount: number;
  shipping_cost: number;
  images: string;
  color_images: string;
  status: string;
  sku: string | null;
  product_stock: number;
  category_name: string;
  v_id: string | null;
  color: string | null;
  size: string | null;
  additional_price: number | null;
  variant_stock: number | null;
  variant_sku: string | null;
}

/** A cart line priced now, in minor units, with what an order line needs. */
export interface PricedLine {
  row: CartLineRow;
  label: string;
  image: string | null;
  additionalPrice: number;
  price: number;
  finalPrice: number;
  quantity: number;
  lineTotal: number;
  stock: number;
  /** The line cannot be bought as it is (no longer sold, sold out, fewer left). */
  problem: string | null;
}

export interface PricedCart {
  cartId: string | null;
  lines: PricedLine[];
  totals: MinorTotals;
  view: CartView;
}

/** Every line of an owner's cart with its product and variant, in the order they were added: one query. */
export function loadCartRows(k: Executor, owner: string): Promise<CartLineRow[]> {
  return k
    .selectFrom("carts as c")
    .innerJoin("cart_lines as l", "l.cart_id", "c.id")
    .innerJoin("products as p", "p.id", "l.product_id")
    .innerJoin("categories as cat", "cat.id", "p.category_id")
    .leftJoin("product_variants as v", (join) => join.onRef("v.id", "=", "l.variant_id").onRef("v.product_id", "=", "l.product_id"))
    .where("c.owner", "=", owner)
    .select([
      "l.id",
      "l.cart_id",
      "l.product_id",
      "l.variant_id",
      "l.quantity",
      "p.name",
      "p.slug",
      "p.price",
      "p.discount",
      "p.shipping_cost",
      "p.images",
      "p.color_images",
      "p.status",
      "p.sku",
      "p.stock as product_stock",
      "cat.name as category_name",
      "v.id as v_id",
      "v.color",
      "v.size",
      "v.additional_price",
      "v.stock as variant_stock",
      "v.sku as variant_sku",
    ])
    .orderBy("l.created_at")
    .orderBy("l.id")
    .execute() as Promise<CartLineRow[]>;
}

/** The first picture of a product (of the colour, when given and pictured) at its smallest stored width. */
export function firstImage(imagesJson: string, colorImagesJson?: string, color?: string | null): string | null {
  try {
    const images = JSON.parse(imagesJson) as unknown;
    const list = Array.isArray(images) ? images.filter((x): x is string => typeof x === "string") : [];
    const first = picturesFor({ images: list, colorImages: parseColorImages(colorImagesJson) }, color)[0];
    return first ? imageVariantUrl(first, "product", 320) : null;
  } catch {
    return null;
  }
}

/** Prices one stored line from its product and variant as they are now. */
export function priceLine(row: CartLineRow): PricedLine {
  const hasVariant = row.variant_id !== "";
  const variantGone = hasVariant && row.v_id === null;
  const additionalPrice = hasVariant ? (row.additional_price ?? 0) : 0;
  const { price, finalPrice } = variantPrice(row.price, additionalPrice, row.discount);
  const stock = hasVariant ? (row.variant_stock ?? 0) : row.product_stock;
  const label = lineLabel(row.name, row.color, row.size);
  const problem = row.status !== "active" || variantGone ? `${label} is no longer available` : stockProblem(label, row.quantity, stock);
  return {
    row,
    label,
    image: firstImage(row.images, row.color_images, row.color),
    additionalPrice,
    price,
    finalPrice,
    quantity: row.quantity,
    lineTotal: finalPrice * row.quantity,
    stock: Math.max(0, stock),
    problem,
  };
}

function toView(lines: PricedLine[], totals: MinorTotals, currency: string): CartView {
  return {
    lines: lines.map(
      (l): CartLine => ({
        id: l.row.id,
        productId: l.row.product_id,
        slug: l.row.slug,
        name: l.row.name,
        image: l.image,
        category: l.row.category_name,
        selectedColor: l.row.color,
        selectedSize: l.row.size,
        selectedAditionalPrice: toMajor(l.additionalPrice),
        price: toMajor(l.price),
        discount: l.row.discount,
        finalPrice: toMajor(l.finalPrice),
        shippingCost: toMajor(l.row.shipping_cost),
        quantity: l.quantity,
        lineTotal: toMajor(l.lineTotal),
        stock: l.stock,
        problem: l.problem,
      }),
    ),
    totals: {
      itemCount: totals.itemCount,
      subtotal: toMajor(totals.subtotal),
      discount: toMajor(totals.discount),
      shipping: toMajor(totals.shipping),
      shippingMax: toMajor(totals.shippingMax),
      total: toMajor(totals.total),
      freeShippingThreshold: toMajor(totals.freeShippingThreshold),
      amountToFreeShipping: toMajor(totals.amountToFreeShipping),
      currency,
    },
  };
}

/** Prices loaded cart rows with the shop's settings: lines, minor totals and the JSON view; lines of a product over the per-order cap get that problem. */
export function priceCart(rows: CartLineRow[], settings: PricingSettings, shippingMethod?: string | null): PricedCart {
  const perProduct = new Map<string, number>();
  for (const row of rows) perProduct.set(row.product_id, (perProduct.get(row.product_id) ?? 0) + row.quantity);
  const lines = rows.map((row) => {
    const line = priceLine(row);
    return line.problem ? line : { ...line, problem: quantityCapProblem(row.name, perProduct.get(row.product_id)!, settings.maxQuantityPerOrder) };
  });
  const totals = computeTotals(
    lines.map((l) => ({ price: l.price, finalPrice: l.finalPrice, shippingCost: l.row.shipping_cost, quantity: l.quantity })),
    settings,
    shippingMethod,
  );
  return { cartId: rows[0]?.cart_id ?? null, lines, totals, view: toView(lines, totals, settings.currency) };
}

/** The id of an owner's cart, creating the cart when there is none. */
export async function ensureCartId(k: Executor, owner: string): Promise<string> {
  const found = await k.selectFrom("carts").select("id").where("owner", "=", owner).executeTakeFirst();
  if (found) return found.id;
  const now = nowIso();
  await k
    .insertInto("carts")
    .values({ id: newId(), owner, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("owner").doNothing())
    .execute();
  const row = await k.selectFrom("carts").select("id").where("owner", "=", owner).executeTakeFirstOrThrow();
  return row.id;
}
