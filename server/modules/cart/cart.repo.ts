import { compiledQuery } from "../../db/compiled-query";
import { nowIso, toIso } from "../../db/database";
import { newId } from "../../lib/ids";
import type { CatalogService, Purchasable } from "#modules/catalog";
import { variantPrice } from "#modules/catalog";
import { taxLinesView } from "#modules/tax";
import { toMajor } from "#common/money";
import {
  type GiftCardPayment,
  type MinorTotals,
  type PricingSettings,
  type PromotionsFor,
  type TaxFor,
  computeTotals,
  payWithGiftCards,
  quantityCapProblem,
  stockProblem,
} from "./cart.pricing";
import { translatorFor } from "#common/i18n/messages.server";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { refusalText, refusalWording } from "#common/promotions/refusal-words";
import { lineLabel } from "#common/catalog/line-label";
import type { CartItem, CartLine, CartLineRow, CartView, Executor, GiftCardBalance, PricedCart, PricedLine } from "./cart.types";

/** The catalogue read the cart prices its lines with (products and variants belong to the catalogue). */
export type CatalogReads = Pick<CatalogService, "listPurchasables" | "getPurchaseOptions" | "fixedPrices"> & Partial<Pick<CatalogService, "productNames">>;

/**
 * Every line of an owner's cart, in the order they were added, with its product and variant as
 * the catalogue has them now, and the discount codes typed on it: the cart's lines in one query,
 * the catalogue's facts in another. A line whose product is gone is left out (its row goes with
 * the product). An empty cart's codes do not matter (nothing to take off).
 */
export async function loadCart(
  k: Executor,
  catalog: CatalogReads,
  owner: string,
): Promise<{ rows: CartLineRow[]; codes: string[]; giftCards: StoredGiftCard[] }> {
  const found = await k
    .selectFrom("carts as c")
    .innerJoin("cart_lines as l", "l.cart_id", "c.id")
    .where("c.owner", "=", owner)
    .select(["l.id", "l.cart_id", "l.product_id", "l.variant_id", "l.quantity", "c.discount_codes", "c.gift_cards"])
    .orderBy("l.created_at")
    .orderBy("l.id")
    .execute();
  const codes = parseCodes(found[0]?.discount_codes);
  return {
    rows: await pricedCartRows(
      k,
      catalog,
      found.map(({ discount_codes: _, gift_cards: __, ...line }) => line),
    ),
    codes,
    giftCards: parseCards(found[0]?.gift_cards),
  };
}

/** The codes stored on a cart (a JSON list); none when unreadable. */
export function parseCodes(json: string | null | undefined): string[] {
  if (!json || json === "[]") return [];
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

/** The owner's cart's codes, or none (no cart). */
export async function getCartCodes(k: Executor, owner: string): Promise<string[]> {
  const row = await k.selectFrom("carts").select("discount_codes").where("owner", "=", owner).executeTakeFirst();
  return parseCodes(row?.discount_codes);
}

/** Keeps these codes on the owner's cart (made if it has none). */
export async function setCartCodes(k: Executor, owner: string, codes: readonly string[]): Promise<void> {
  const now = nowIso();
  await k
    .insertInto("carts")
    .values({ id: newId(), owner, discount_codes: JSON.stringify(codes), created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ discount_codes: JSON.stringify(codes), updated_at: now }))
    .execute();
}

/**
 * Adds the codes and gift cards on `from`'s cart to `to`'s (made if it has none), after its own and
 * each once: one read of both carts, one write, none when `from`'s has neither.
 */
export async function mergeCodesAndCards(k: Executor, from: string, to: string): Promise<void> {
  const rows = await k.selectFrom("carts").select(["owner", "discount_codes", "gift_cards"]).where("owner", "in", [from, to]).execute();
  const source = rows.find((r) => r.owner === from);
  const target = rows.find((r) => r.owner === to);
  const codes = parseCodes(source?.discount_codes);
  const cards = parseCards(source?.gift_cards);
  if (!codes.length && !cards.length) return;
  const myCodes = parseCodes(target?.discount_codes);
  const myCards = parseCards(target?.gift_cards);
  const values = {
    discount_codes: JSON.stringify([...myCodes, ...codes.filter((c) => !myCodes.includes(c))]),
    gift_cards: JSON.stringify([...myCards, ...cards.filter((c) => !myCards.some((m) => m.id === c.id))]),
  };
  const now = nowIso();
  await k
    .insertInto("carts")
    .values({ id: newId(), owner: to, ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

/** A gift card on a cart: its id (never its code) and the balance it had when the shopper last applied it (minor units). */
export interface StoredGiftCard {
  id: string;
  balance: number;
}

/** The gift cards stored on a cart (a JSON list, in the order applied); none when unreadable. */
export function parseCards(json: string | null | undefined): StoredGiftCard[] {
  if (!json || json === "[]") return [];
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list)
      ? list.filter((c): c is StoredGiftCard => typeof c?.id === "string" && Number.isSafeInteger(c?.balance)).map((c) => ({ id: c.id, balance: c.balance }))
      : [];
  } catch {
    return [];
  }
}

/** The gift cards on the owner's cart, in the order applied; none without a cart. */
export async function getCartGiftCards(k: Executor, owner: string): Promise<StoredGiftCard[]> {
  const row = await k.selectFrom("carts").select("gift_cards").where("owner", "=", owner).executeTakeFirst();
  return parseCards(row?.gift_cards);
}

/** Keeps these gift cards (in the order applied, each with the balance the shopper was shown) on the owner's cart (made if it has none). */
export async function setCartGiftCards(k: Executor, owner: string, cards: readonly StoredGiftCard[]): Promise<void> {
  const now = nowIso();
  const json = JSON.stringify(cards.map((c) => ({ id: c.id, balance: c.balance })));
  await k
    .insertInto("carts")
    .values({ id: newId(), owner, gift_cards: json, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ gift_cards: json, updated_at: now }))
    .execute();
}

/** A cart's lines in the order they were added (the order loadCartRows shows them in). */
export function listCartLines(k: Executor, cartId: string): Promise<StoredCartLine[]> {
  return k
    .selectFrom("cart_lines")
    .where("cart_id", "=", cartId)
    .select(["id", "cart_id", "product_id", "variant_id", "quantity"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** A cart's lines with one line as written now: in its place when it was there (more units), otherwise last (added now). */
export function withLine(lines: StoredCartLine[], line: StoredCartLine): StoredCartLine[] {
  return lines.some((l) => l.id === line.id) ? lines.map((l) => (l.id === line.id ? line : l)) : [...lines, line];
}

/** A line of a cart as stored. */
export interface StoredCartLine {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
}

/** A cart's lines (in their order) with what the catalogue says of each now; lines of products gone are left out. */
export async function pricedCartRows(k: Executor, catalog: CatalogReads, lines: StoredCartLine[]): Promise<CartLineRow[]> {
  if (lines.length === 0) return [];
  const items = await catalog.listPurchasables(
    lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id })),
    k,
  );
  return cartRowsOf(lines, items);
}

/** Stored lines joined with the catalogue's facts of their products and variants (listPurchasables' entries); lines without an entry are left out. */
export function cartRowsOf(lines: StoredCartLine[], items: Purchasable[]): CartLineRow[] {
  const byItem = new Map(items.map((i) => [itemKey(i.productId, i.variantId), i]));
  return lines.flatMap((l): CartLineRow[] => {
    const item = byItem.get(itemKey(l.product_id, l.variant_id));
    if (!item) return [];
    const v = item.variant;
    return [
      {
        ...l,
        name: item.name,
        slug: item.slug,
        price: item.price,
        discount: item.discount,
        shipping_cost: item.shippingCost,
        image: item.image,
        status: item.status,
        sku: item.sku,
        product_stock: item.productStock,
        category_name: item.categoryName,
        v_id: v?.id ?? null,
        color: v?.color ?? null,
        size: v?.size ?? null,
        additional_price: v?.additionalPrice ?? null,
        variant_stock: v?.stock ?? null,
        variant_sku: v?.sku ?? null,
        // The catalogue's class of the product, where it keeps one.
        tax_class: (item as { taxClass?: string | null }).taxClass ?? null,
        gift_card: (item as { giftCard?: boolean }).giftCard ?? false,
        category_slugs: item.categorySlugs ?? [],
      },
    ];
  });
}

/** One key per (product, variant) pair. */
export const itemKey = (productId: string, variantId: string) => `${productId}\u0000${variantId}`;

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
    image: row.image,
    additionalPrice,
    price,
    finalPrice,
    quantity: row.quantity,
    lineTotal: finalPrice * row.quantity,
    stock: Math.max(0, stock),
    problem,
  };
}

const english = translatorFor(DEFAULT_LANGUAGE);

function toView(lines: PricedLine[], totals: MinorTotals, settings: PricingSettings, codes: readonly string[], cards: GiftCardPayment): CartView {
  const currency = settings.currency;
  const { applied, refused } = totals.promotions;
  const wording = refusalWording(settings, currency);
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
        giftCard: l.row.gift_card,
      }),
    ),
    totals: {
      itemCount: totals.itemCount,
      subtotal: toMajor(totals.subtotal),
      discount: toMajor(totals.discount),
      itemsSubtotal: toMajor(totals.itemsSubtotal),
      shipping: toMajor(totals.shipping),
      shippingMax: toMajor(totals.shippingMax),
      total: toMajor(cards.due),
      freeShippingThreshold: toMajor(totals.freeShippingThreshold),
      amountToFreeShipping: toMajor(totals.amountToFreeShipping),
      currency,
      taxTotal: toMajor(totals.taxTotal),
      pricesIncludeTax: totals.pricesIncludeTax,
      discountTotal: toMajor(totals.promotionDiscount),
      giftCardTotal: toMajor(cards.paid),
      orderTotal: toMajor(totals.total),
    },
    taxLines: taxLinesView(totals.tax.taxLines),
    discounts: applied.map((p) => ({ ...(p.code ? { code: p.code } : {}), label: p.label, amount: toMajor(p.amount) })),
    giftCards: cards.shares.map((c) => ({
      last4: c.last4,
      amount: toMajor(c.amount),
      problem: c.refusal ? english(c.refusal.message, { currency: c.refusal.currency ?? "" }) : null,
      refusal: c.refusal,
    })),
    codes: codes.map((code) => {
      const refusal = refused.find((r) => r.code === code)?.refusal ?? (applied.some((p) => p.code === code) ? null : { reason: "unknown" as const });
      return { code, applied: refusal === null, problem: refusal ? refusalText(english, refusal, wording) : null, refusal };
    }),
  };
}

/**
 * Totals of priced lines for a shipping zone (none: the estimate over every zone) with their tax for
 * `taxFor` (the shop's own region while no address is known), in minor units: the one mapping of
 * lines to what the totals need. The tax quote's lines are keyed by the cart lines' ids.
 */
export function totalsOf(
  lines: PricedLine[],
  settings: PricingSettings,
  shippingMethod?: string | null,
  taxFor: TaxFor = { address: null },
  promotions?: PromotionsFor,
): MinorTotals {
  return computeTotals(
    lines.map((l) => ({
      price: l.price,
      finalPrice: l.finalPrice,
      shippingCost: l.row.shipping_cost,
      quantity: l.quantity,
      key: l.row.id,
      taxClass: l.row.tax_class,
      giftCard: l.row.gift_card,
      productId: l.row.product_id,
      categorySlugs: l.row.category_slugs,
    })),
    settings,
    shippingMethod,
    taxFor,
    promotions,
  );
}

/**
 * Prices loaded cart rows with the shop's settings: lines, minor totals (with the promotions of
 * `promotions` and the tax for `taxFor`, the shop's own region by default), the JSON view and the
 * problems; lines of a product over the per-order cap get that problem.
 */
export function priceCart(
  rows: CartLineRow[],
  settings: PricingSettings,
  shippingMethod?: string | null,
  taxFor?: TaxFor,
  promotions?: PromotionsFor,
  cards: readonly GiftCardBalance[] = [],
): PricedCart {
  const perProduct = new Map<string, number>();
  for (const row of rows) perProduct.set(row.product_id, (perProduct.get(row.product_id) ?? 0) + row.quantity);
  const lines = rows.map((row) => {
    const line = priceLine(row);
    return line.problem ? line : { ...line, problem: quantityCapProblem(row.name, perProduct.get(row.product_id)!, settings.maxQuantityPerOrder) };
  });
  const totals = totalsOf(lines, settings, shippingMethod, taxFor, promotions);
  // Gift cards do not buy gift cards: the gift-card lines (untaxed, undiscounted) are left for another payment.
  const voucherLines = lines.reduce((sum, l) => sum + (l.row.gift_card ? l.finalPrice * l.quantity : 0), 0);
  const giftCards = payWithGiftCards(totals.total, cards, voucherLines);
  return {
    cartId: rows[0]?.cart_id ?? null,
    lines,
    totals,
    promotions,
    giftCards,
    view: toView(lines, totals, settings, promotions?.codes ?? [], giftCards),
    problems: lines.filter((l) => l.problem).map((l) => ({ lineId: l.row.id, name: l.label, message: l.problem! })),
  };
}

/** The id of an owner's cart, creating the cart when there is none. */
export async function ensureCartId(k: Executor, owner: string): Promise<string> {
  return (await ensureCart(k, owner)).id;
}

/**
 * The owner's cart, made if it has none, in one round trip (an upsert returning its id, which
 * also marks the cart as touched now); `created` tells a cart made by this call (it has no lines).
 */
export async function ensureCart(k: Executor, owner: string): Promise<{ id: string; created: boolean; codes: string[]; giftCards: StoredGiftCard[] }> {
  const now = nowIso();
  const id = newId();
  const row = await k
    .insertInto("carts")
    .values({ id, owner, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ updated_at: now }))
    .returning(["id", "discount_codes", "gift_cards"])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: row.id === id, codes: parseCodes(row.discount_codes), giftCards: parseCards(row.gift_cards) };
}

/**
 * A new owner's cart with its first line, in one statement (PostgreSQL: the cart's insert in a
 * WITH, the line selected from it), so both commit together without a transaction's BEGIN and
 * COMMIT round trips. Writes nothing and returns null when the owner already has a cart.
 */
export async function createCartWithLine(k: Executor, owner: string, item: CartItem): Promise<StoredCartLine | null> {
  const now = nowIso();
  const { rows } = await cartWithLineQuery.execute(k, {
    cartId: newId(),
    owner,
    lineId: newId(),
    productId: item.productId,
    variantId: item.variantId,
    quantity: item.quantity,
    now,
  });
  return rows[0] ?? null;
}

const cartWithLineQuery = compiledQuery(
  (k, a: { cartId: string; owner: string; lineId: string; productId: string; variantId: string; quantity: number; now: string }) =>
    k
      .with("new_cart", (db) =>
        db
          .insertInto("carts")
          .values({ id: a.cartId, owner: a.owner, created_at: a.now, updated_at: a.now })
          .onConflict((oc) => oc.column("owner").doNothing())
          .returning("id"),
      )
      .insertInto("cart_lines")
      .columns(["id", "cart_id", "product_id", "variant_id", "quantity", "created_at", "updated_at"])
      .expression((eb) =>
        eb
          .selectFrom("new_cart")
          .select((s) => [
            s.val(a.lineId).as("id"),
            "new_cart.id as cart_id",
            s.val(a.productId).as("product_id"),
            s.val(a.variantId).as("variant_id"),
            s.val(a.quantity).as("quantity"),
            s.val(a.now).as("created_at"),
            s.val(a.now).as("updated_at"),
          ]),
      )
      .returning(["id", "cart_id", "product_id", "variant_id", "quantity"]),
);

/**
 * Takes every line out of an owner's cart and returns them in the order they were added: one
 * DELETE … RETURNING reads and empties the cart (an order takes them; roll the transaction back
 * to put them back), with the codes typed on the cart. The delete locks the lines, so a concurrent checkout of the same cart waits
 * and then finds it empty: a cart becomes one order, and a line added meanwhile stays in the cart.
 */
export async function takeCartLines(k: Executor, owner: string): Promise<{ lines: StoredCartLine[]; codes: string[]; giftCards: StoredGiftCard[] }> {
  const { rows } = await takeLinesQuery.execute(k, { owner });
  const added = (r: (typeof rows)[number]) => toIso(r.created_at)!;
  rows.sort((a, b) => added(a).localeCompare(added(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    lines: rows.map(({ created_at: _, codes: __, cards: ___, ...line }) => line),
    codes: parseCodes(rows[0]?.codes),
    giftCards: parseCards(rows[0]?.cards),
  };
}

const takeLinesQuery = compiledQuery((k, a: { owner: string }) =>
  k
    .deleteFrom("cart_lines")
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("owner", "=", a.owner))
    .returning((eb) => [
      "id",
      "cart_id",
      "product_id",
      "variant_id",
      "quantity",
      "created_at",
      // The cart's codes with its lines, in the same statement.
      eb.selectFrom("carts").select("carts.discount_codes").whereRef("carts.id", "=", "cart_lines.cart_id").as("codes"),
      eb.selectFrom("carts").select("carts.gift_cards").whereRef("carts.id", "=", "cart_lines.cart_id").as("cards"),
    ]),
);

/** Adds units to an owner's cart: a line already there for the same (product, variant) grows by them. Returns the lines as they are now. */
export async function addUnits(k: Executor, cartId: string, items: CartItem[]): Promise<StoredCartLine[]> {
  const now = nowIso();
  const lines: StoredCartLine[] = [];
  for (const item of items) {
    const line = await k
      .insertInto("cart_lines")
      .values({
        id: newId(),
        cart_id: cartId,
        product_id: item.productId,
        variant_id: item.variantId,
        quantity: item.quantity,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["cart_id", "product_id", "variant_id"]).doUpdateSet((eb) => ({
          quantity: eb("cart_lines.quantity", "+", eb.ref("excluded.quantity")),
          updated_at: now,
        })),
      )
      .returning(["id", "cart_id", "product_id", "variant_id", "quantity"])
      .executeTakeFirstOrThrow();
    lines.push(line);
  }
  return lines;
}

/** The id of the owner's cart, or undefined when the owner has none. */
export async function findCartId(k: Executor, owner: string): Promise<string | undefined> {
  const found = await k.selectFrom("carts").select("id").where("owner", "=", owner).executeTakeFirst();
  return found?.id;
}

/** One line of the owner's cart, or undefined when the line is not in it. */
export function getOwnedLine(k: Executor, owner: string, lineId: string) {
  return k
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .where("l.id", "=", lineId)
    .where("c.owner", "=", owner)
    .select(["l.id", "l.cart_id", "l.product_id", "l.variant_id"])
    .executeTakeFirst();
}

/** The units of a product a cart holds on its lines other than `exceptLineId` (its other colours and sizes). */
export async function sumOtherUnits(k: Executor, cartId: string, productId: string, exceptLineId: string): Promise<number> {
  const row = await k
    .selectFrom("cart_lines")
    .select((eb) => eb.fn.sum<number | string | null>("quantity").as("n"))
    .where("cart_id", "=", cartId)
    .where("product_id", "=", productId)
    .where("id", "!=", exceptLineId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets a line's quantity. */
export async function setLineQuantity(k: Executor, lineId: string, quantity: number, at: string): Promise<void> {
  await k.updateTable("cart_lines").set({ quantity, updated_at: at }).where("id", "=", lineId).execute();
}

/** Deletes a line of the owner's cart; false when the line is not in it. */
export async function deleteOwnedLine(k: Executor, owner: string, lineId: string): Promise<boolean> {
  const result = await k
    .deleteFrom("cart_lines")
    .where("id", "=", lineId)
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("owner", "=", owner))
    .executeTakeFirst();
  return Number(result.numDeletedRows) !== 0;
}

/** The units in the owner's cart, all lines together. */
export async function countUnits(k: Executor, owner: string): Promise<number> {
  const row = await k
    .selectFrom("carts as c")
    .innerJoin("cart_lines as l", "l.cart_id", "c.id")
    .where("c.owner", "=", owner)
    .select((eb) => eb.fn.sum<number | string | null>("l.quantity").as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
