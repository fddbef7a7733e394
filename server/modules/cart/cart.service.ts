import { type Market, shippingInMarket } from "#common/currency";
import { rowsInMarket } from "./cart.market";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { AppError } from "#common/errors";
import { countryName } from "#common/geo";
import { newId } from "../../lib/ids";
import { type Shopper, ownerKey } from "../../lib/shopper";
import { toMajor } from "#common/money";
import { type PricingSettings, type PromotionsFor, quantityCapProblem, stockProblem } from "./cart.pricing";
import { convertAmount } from "#common/currency";
import { normaliseCode } from "#common/promotions/promotions.compute";
import type { PromotionRule } from "#common/promotions/promotions.compute";
import { CodeRefused } from "#common/promotions/refusal-words";
import { translatorFor } from "#common/i18n/messages.server";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { type RateLimitStore, personalKey, waitText } from "../../lib/rate-limit";
import { lineLabel } from "#common/catalog/line-label";
import { chooseVariant } from "#common/catalog/variant-choice";
import { normaliseGiftCardCode } from "#common/giftcards/giftcards.schema";
import {
  type CatalogReads,
  type StoredCartLine,
  type StoredGiftCard,
  addUnits,
  cartRowsOf,
  countUnits,
  createCartWithLine,
  deleteOwnedLine,
  ensureCart,
  ensureCartId,
  findCartId,
  getOwnedLine,
  itemKey,
  listCartLines,
  getCartCodes,
  getCartGiftCards,
  loadCart,
  priceCart,
  pricedCartRows,
  setCartCodes,
  setCartGiftCards,
  mergeCodesAndCards,
  setLineQuantity,
  sumOtherUnits,
  takeCartLines,
  totalsOf,
  withLine,
} from "./cart.repo";
import { taxLinesView } from "#modules/tax";
import {
  claimCart,
  deleteCart,
  deleteIdleCarts,
  deleteNoticesBefore,
  deleteOwnerCarts,
  insertLine,
  listIdleCartsBetween,
  listIdleVisitorCarts,
  listLineUnits,
  listLinesOfCarts,
  listLinesToMove,
  moveNotices,
} from "./cart.upkeep.repo";
import type { Purchasable } from "#modules/catalog";
import { takeCartNotices, withdrawFromCarts } from "./cart.notices";
import { MAX_LINE_QUANTITY } from "#common/cart/cart.schema";
import type { AddToCartInput, CartLineRow, CartService, CartView, Executor, GiftCardBalance } from "./cart.types";
import { type GiftCardRefusalWords, GiftCardRefused, giftCardRefusalText } from "#common/giftcards/gift-card-refusal";
import { noZoneMessage, offeredZones } from "#common/cart/shipping-zones";
import type { Language } from "#common/i18n/languages";
import type { ShippingAddress } from "#common/cart/shipping";

export interface CartServiceDeps {
  /** The shop's currency, free-shipping threshold and shipping zones (cached by the content service). */
  settings: () => Promise<PricingSettings>;
  /** The catalogue's reads of products and variants: the cart's lines are priced from them. */
  catalog: CatalogReads;
  /** The promotions the carts get (the promotions module's, with the orders' word on a customer's first order); none: no promotions. */
  promotions?: PromotionSource;
  /** Where guessing discount codes is counted, per client address. */
  rateLimits?: Pick<RateLimitStore, "check" | "consume">;
  /** The gift cards a cart pays with (the gift cards module's reads); none: carts take no gift cards. */
  giftCards?: GiftCardSource;
}

/** What the cart reads of the gift cards: a typed code's card, and the cards it keeps as they are now. */
export interface GiftCardSource {
  lookup(
    code: string,
    currency: string,
    at?: Date,
    executor?: Executor,
  ): Promise<{ ok: true; card: { id: string; balance: number } } | { ok: false; refusal: GiftCardRefusalWords }>;
  cards(ids: readonly string[], currency: string, at?: Date, executor?: Executor): Promise<GiftCardBalance[]>;
}

/** What the cart reads of the promotions: the live ones, and what the engine needs of one customer. */
export interface PromotionSource {
  /** Read on `k` when not held (inside a transaction, the transaction). */
  live(k?: Executor): Promise<{ rules: PromotionRule[]; uses: Map<string, number> }>;
  /** This customer's uses of these promotions and whether they have ordered before, read on `k` (an order's transaction). */
  customer(k: Executor, who: Customer, promotionIds: readonly string[]): Promise<{ uses: Map<string, number>; firstOrder: boolean }>;
}

/** Whom promotions count a use for: the account, or a guest by the contact e-mail (none before checkout). */
export interface Customer {
  userId: string | null;
  email: string | null;
}

/** Unknown codes one client address may try in a quarter of an hour. */
export const CODE_GUESSES = { window: 15 * 60, max: 10 };
/** Unknown gift card codes one client address may try: the discount codes' window, counted apart. */
export const GIFT_CARD_GUESSES = CODE_GUESSES;
/** The longest code the shop stores. */
const MAX_CODE_LENGTH = 40;
/** The API's words (English) for the codes' refusals. */
const english = translatorFor(DEFAULT_LANGUAGE);

/** Throws invalid_input unless the quantity is a whole number from 1 to MAX_LINE_QUANTITY. */
export function requireQuantity(quantity: unknown): number {
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) {
    throw new AppError("invalid_input", "Quantity must be a whole number of at least 1.", { quantity: "Must be a whole number of at least 1" });
  }
  if (quantity > MAX_LINE_QUANTITY) {
    throw new AppError("invalid_input", `Quantity can be at most ${MAX_LINE_QUANTITY}.`, { quantity: `At most ${MAX_LINE_QUANTITY}` });
  }
  return quantity;
}

function requireOwner(shopper: Shopper): string {
  const owner = ownerKey(shopper);
  if (!owner) throw new Error("a cart write needs a shopper with a user or visitor id (ensureOwner)");
  return owner;
}

const blank = (v: string | null | undefined) => (v == null || v.trim() === "" ? null : v.trim());

/**
 * Carts on the server, one per owner (`user:<id>` or `visitor:<id>`): lines are re-priced from the
 * catalogue on every read, and quantities are held to the stock when they change.
 */
export function createCartService(db: Db, deps: CartServiceDeps): CartService {
  const k = db.kysely;

  const EMPTY = { rows: [] as CartLineRow[], codes: [] as string[], giftCards: [] as StoredGiftCard[] };

  /** The cart's gift cards as they are now (with the balance each had when applied), for a cart in `currency`, read on `ex`. */
  async function cardsFor(ex: Executor, stored: readonly StoredGiftCard[], currency: string): Promise<GiftCardBalance[]> {
    if (stored.length === 0 || !deps.giftCards) return [];
    const cards = await deps.giftCards.cards(
      stored.map((c) => c.id),
      currency,
      new Date(),
      ex,
    );
    return cards.map((c) => ({ ...c, seen: stored.find((s) => s.id === c.id)?.balance }));
  }
  const currencyOf = (settings: PricingSettings, market: Market | null | undefined) => (market && !market.base ? market.currency : settings.currency);

  async function view(
    owner: string | null,
    shippingMethod?: string,
    market?: Market | null,
    language?: Language,
    address?: ShippingAddress,
  ): Promise<CartView> {
    const [{ rows, codes, giftCards }, settings] = await Promise.all([owner ? loadCart(k, deps.catalog, owner) : Promise.resolve(EMPTY), deps.settings()]);
    const [priced, promotions, cards] = await Promise.all([
      namedIn(rows, language).then((named) => inMarket(k, named, settings, market)),
      promotionsFor(k, owner, codes, market),
      cardsFor(k, giftCards, currencyOf(settings, market)),
    ]);
    // For an address, the zone the checkout would ship it with (none delivering there: the estimate).
    const method = address ? (offeredZones(priced.settings.shippingZones, address, shippingMethod).zone?.id ?? null) : shippingMethod;
    return priceCart(priced.rows, priced.settings, method, { address: address ?? null }, promotions, cards).view;
  }

  /**
   * What prices the promotions of an owner's cart: the live promotions, the codes typed, the uses so
   * far and, where a promotion asks, this customer's history (the account's, or a guest's by the
   * contact e-mail once checkout knows it; before, a guest counts as new). None without promotions.
   */
  async function promotionsFor(
    ex: Executor,
    owner: string | null,
    codes: readonly string[],
    market: Market | null | undefined,
    email: string | null = null,
  ): Promise<PromotionsFor | undefined> {
    if (!deps.promotions) return undefined;
    const live = await deps.promotions.live(ex);
    if (live.rules.length === 0 && codes.length === 0) return undefined;
    const userId = owner?.startsWith("user:") ? owner.slice("user:".length) : null;
    const concerned = live.rules.filter((r) => (r.code === null || codes.includes(r.code)) && (r.usageLimitPerCustomer !== null || r.firstOrderOnly));
    const known = userId !== null || email !== null;
    const history =
      concerned.length && known
        ? await deps.promotions.customer(
            ex,
            { userId, email },
            concerned.map((r) => r.id),
          )
        : { uses: new Map<string, number>(), firstOrder: true };
    return {
      rules: live.rules,
      codes,
      context: {
        now: new Date(),
        uses: live.uses,
        customerUses: history.uses,
        firstOrder: history.firstOrder,
        convert: market && !market.base ? (minor) => convertAmount(minor, market) : (minor) => minor,
      },
    };
  }

  /** Rows with their products' names in `language` where translated: what a cart shows, and an order placed in that language keeps beside the default name. */
  async function namedIn(rows: CartLineRow[], language: Language | undefined): Promise<CartLineRow[]> {
    if (!language || !deps.catalog.productNames || rows.length === 0) return rows;
    const names = await deps.catalog.productNames(
      rows.map((r) => r.product_id),
      language,
    );
    return names.size ? rows.map((r) => ({ ...r, name: names.get(r.product_id) ?? r.name })) : rows;
  }

  /** Rows and settings in a shopper's currency (as they are in the base one, or without a market). */
  async function inMarket<S extends PricingSettings>(ex: Executor, rows: CartLineRow[], settings: S, market: Market | null | undefined) {
    if (!market || market.base) return { rows, settings };
    const fixed = rows.length ? await deps.catalog.fixedPrices([...new Set(rows.map((r) => r.product_id))], market.currency, ex) : new Map<string, number>();
    return { rows: rowsInMarket(rows, fixed, market), settings: shippingInMarket(settings, market) };
  }

  /** Refuses (429, with how long to wait) a client address that used up its guesses of codes under `key`. */
  async function requireGuessesLeft(key: string, limit: typeof CODE_GUESSES): Promise<void> {
    if (!deps.rateLimits) return;
    const seen = await deps.rateLimits.check(key, limit);
    if (seen.allowed) return;
    const message = english("cart.code.tooManyTries", { wait: waitText(seen.retryAfter ?? limit.window) });
    throw new AppError("rate_limited", message, { code: message }, seen.retryAfter ?? limit.window);
  }

  return {
    async getCart(shopper, options = {}) {
      return view(ownerKey(shopper), options.shippingMethod, options.market, options.language, options.address);
    },

    async addItem(shopper: Shopper, input: AddToCartInput, options = {}) {
      const owner = requireOwner(shopper);
      const quantity = requireQuantity(input.quantity ?? 1);
      // The product and all its variants in one query.
      const product = await deps.catalog.getPurchaseOptions(String(input.productId ?? ""));
      if (product?.status !== "active") throw new AppError("not_found", "This product is no longer available.");
      const variant = chooseVariant(product.name, product.variants, blank(input.color), blank(input.size));
      const variantId = variant?.id ?? "";
      const stock = variant ? variant.stock : product.stock;
      const item = { productId: product.id, variantId, quantity };

      /** Throws unless the cart, holding these lines of the product, has room for the units: stock, line and per-order caps. */
      const requireRoom = (productLines: Array<{ variant_id: string; quantity: number }>, maxPerOrder: number | undefined) => {
        const existing = productLines.find((l) => l.variant_id === variantId);
        const wanted = (existing?.quantity ?? 0) + quantity;
        const problem = stockProblem(lineLabel(product.name, variant?.color, variant?.size), wanted, stock);
        if (problem)
          throw new AppError("conflict", existing && stock > 0 ? `${problem} (you have ${existing.quantity} in your cart)` : problem, { quantity: problem });
        if (wanted > MAX_LINE_QUANTITY) requireQuantity(wanted);
        const inCart = productLines.reduce((n, l) => n + l.quantity, 0);
        const capped = quantityCapProblem(product.name, inCart + quantity, maxPerOrder);
        if (capped) throw new AppError("invalid_input", inCart > 0 ? `${capped} (you have ${inCart} in your cart)` : capped, { quantity: capped });
      };

      // The settings first: inside the transaction only `trx` may query (SQLite has one connection).
      const settings = await deps.settings();
      /**
       * Prices the cart's lines as they are after the add, without reading them back: this product's
       * from the product read above, the others' from the catalogue (one read, none when there are none).
       */
      const priceLines = async (lines: StoredCartLine[]) => {
        const items: Purchasable[] = [];
        const others: StoredCartLine[] = [];
        for (const l of lines) {
          const own = l.product_id === product.id ? product.purchasable(l.variant_id) : null;
          if (own) items.push(own);
          else others.push(l); // another product, or a colour or size of this one that is gone
        }
        if (others.length) items.push(...(await deps.catalog.listPurchasables(others.map((l) => ({ productId: l.product_id, variantId: l.variant_id })))));
        const [promotions, cards] = await Promise.all([promotionsFor(k, owner, codes, null), cardsFor(k, giftCards, settings.currency)]);
        return priceCart(cartRowsOf(lines, items), settings, undefined, undefined, promotions, cards).view;
      };
      let codes: string[] = [];
      let giftCards: StoredGiftCard[] = [];

      if (options.newOwner && db.dialect === "postgres") {
        // An owner made for this request has no cart: one statement writes the cart and its line.
        requireRoom([], settings.maxQuantityPerOrder);
        const line = await createCartWithLine(k, owner, item);
        if (line) return priceLines([line]);
      }

      // One transaction: a refused add leaves no empty cart behind, and a new shopper's first add
      // commits (and, with synchronous=FULL, flushes to disk) once instead of twice. The cart's row
      // is locked from its upsert on, so the lines read in it are the cart's until the commit.
      const lines = await db.kysely.transaction().execute(async (trx) => {
        const cart = await ensureCart(trx, owner);
        codes = cart.codes;
        giftCards = cart.giftCards;
        // Every line (a new cart has none): this product's, in all its colours and sizes, count towards its caps.
        const before = cart.created ? [] : await listCartLines(trx, cart.id);
        requireRoom(
          before.filter((l) => l.product_id === product.id),
          settings.maxQuantityPerOrder,
        );
        const [added] = await addUnits(trx, cart.id, [item]);
        return withLine(before, added!);
      });
      return priceLines(lines);
    },

    async updateQuantity(shopper, lineId, quantity) {
      const owner = ownerKey(shopper);
      requireQuantity(quantity);
      const line = owner ? await getOwnedLine(k, owner, lineId) : undefined;
      const [item] = line ? await deps.catalog.listPurchasables([{ productId: line.product_id, variantId: line.variant_id }]) : [];
      if (!line || !item) throw new AppError("not_found", "This item is not in your cart.");
      const v = item.variant;
      const label = lineLabel(item.name, v?.color, v?.size);
      if (item.status !== "active" || (line.variant_id !== "" && !v)) throw new AppError("conflict", `${label} is no longer available`);
      const problem = stockProblem(label, quantity, line.variant_id !== "" ? (v?.stock ?? 0) : item.productStock);
      if (problem) throw new AppError("conflict", problem, { quantity: problem });
      const [others, settings] = await Promise.all([sumOtherUnits(k, line.cart_id, line.product_id, line.id), deps.settings()]);
      const capped = quantityCapProblem(item.name, others + quantity, settings.maxQuantityPerOrder);
      if (capped) throw new AppError("invalid_input", capped, { quantity: capped });
      await setLineQuantity(k, line.id, quantity, nowIso());
      return view(owner);
    },

    async removeLine(shopper, lineId) {
      const owner = ownerKey(shopper);
      const removed = owner ? await deleteOwnedLine(k, owner, lineId) : false;
      if (!removed) throw new AppError("not_found", "This item is not in your cart.");
      return view(owner);
    },

    async countItems(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return 0;
      return countUnits(k, owner);
    },

    async removeIdleVisitorCarts(idleSince, limit) {
      const cutoff = idleSince.toISOString();
      // Find a batch first (a read: it does not hold SQLite's write lock), then delete it by id,
      // checking again that nothing touched it in between.
      const batch = await listIdleVisitorCarts(k, cutoff, limit);
      // Notices nobody came back for within the retention go too.
      await deleteNoticesBefore(k, cutoff);
      if (batch.length === 0) return 0;
      return deleteIdleCarts(
        k,
        batch.map((c) => c.id),
        cutoff,
      );
    },

    async getQuote(shopper, options = {}) {
      const owner = ownerKey(shopper);
      const [stored, shopSettings] = await Promise.all([owner ? loadCart(k, deps.catalog, owner) : Promise.resolve(EMPTY), deps.settings()]);
      const [{ rows, settings }, promotions, cards] = await Promise.all([
        inMarket(k, stored.rows, shopSettings, options.market),
        promotionsFor(k, owner, stored.codes, options.market, options.email ?? null),
        cardsFor(k, stored.giftCards, currencyOf(shopSettings, options.market)),
      ]);
      const zones = settings.shippingZones;
      const { offered, zone } = offeredZones(zones, options.address, options.shippingMethod);
      const taxFor = { address: options.address ?? null, vatNumber: options.vatNumber };
      const cart = priceCart(rows, settings, zone?.id ?? null, taxFor, promotions, cards);
      return {
        cart: cart.view,
        shippingOptions: zones.map((z) => {
          const t = totalsOf(cart.lines, settings, z.id, taxFor, promotions);
          return {
            id: z.id,
            name: z.name,
            cost: toMajor(t.shipping),
            free: t.freeShipping,
            country: z.country,
            regions: z.regions,
            cities: z.cities,
            taxTotal: toMajor(t.taxTotal),
            total: toMajor(t.total),
            taxLines: taxLinesView(t.tax.taxLines),
          };
        }),
        offered: offered.map((z) => z.id),
        shippingMethod: zone?.id ?? null,
        unavailable: options.address && !zone ? noZoneMessage(countryName(options.address.country)) : null,
        problems: cart.problems,
      };
    },

    async getPricedCart(trx, shopper, shopSettings, shippingMethod, market, taxFor, email) {
      const owner = ownerKey(shopper);
      const stored = owner ? await loadCart(trx, deps.catalog, owner) : EMPTY;
      const { rows, settings } = await inMarket(trx, stored.rows, shopSettings, market);
      const promotions = await promotionsFor(trx, owner, stored.codes, market, email ?? null);
      return priceCart(rows, settings, shippingMethod, taxFor, promotions, await cardsFor(trx, stored.giftCards, currencyOf(shopSettings, market)));
    },

    async takePricedCart(trx, shopper, shopSettings, shippingMethod, market, taxFor, email) {
      const owner = ownerKey(shopper);
      const taken = owner ? await takeCartLines(trx, owner) : { lines: [], codes: [], giftCards: [] };
      const { rows, settings } = await inMarket(trx, await pricedCartRows(trx, deps.catalog, taken.lines), shopSettings, market);
      // Inside the transaction only `trx` may query (SQLite has one connection): the live promotions are cached or read before.
      const promotions = await promotionsFor(trx, owner, taken.codes, market, email ?? null);
      return priceCart(rows, settings, shippingMethod, taxFor, promotions, await cardsFor(trx, taken.giftCards, currencyOf(shopSettings, market)));
    },

    async clearCodes(trx, shopper) {
      const owner = ownerKey(shopper);
      if (owner) await setCartCodes(trx, owner, []);
    },

    async clearGiftCards(trx, shopper) {
      const owner = ownerKey(shopper);
      if (owner) await setCartGiftCards(trx, owner, []);
    },

    async applyCode(shopper, typed, options = {}) {
      const owner = ownerKey(shopper);
      const code = normaliseCode(String(typed ?? ""));
      if (!code) throw new AppError("invalid_input", english("cart.code.missing"), { code: english("cart.code.missing") });
      if (code.length > MAX_CODE_LENGTH) throw new CodeRefused({ reason: "unknown" }, code, english("cart.code.unknown"));
      const guessKey = personalKey("discount-code", options.clientIp ?? "unknown");
      await requireGuessesLeft(guessKey, CODE_GUESSES);
      const [{ rows, codes, giftCards }, settings] = await Promise.all([owner ? loadCart(k, deps.catalog, owner) : EMPTY, deps.settings()]);
      if (!owner || rows.length === 0) throw new AppError("invalid_input", english("cart.empty"), { code: english("cart.empty") });
      const wanted = codes.includes(code) ? codes : [...codes, code];
      const priced = await inMarket(k, rows, settings, options.market);
      const promotions = await promotionsFor(k, owner, wanted, options.market);
      const cards = await cardsFor(k, giftCards, currencyOf(settings, options.market));
      const cart = priceCart(priced.rows, priced.settings, undefined, undefined, promotions, cards);
      const mine = cart.view.codes.find((c) => c.code === code);
      if (mine?.refusal) {
        if (mine.refusal.reason === "unknown" && deps.rateLimits) await deps.rateLimits.consume(guessKey, CODE_GUESSES);
        throw new CodeRefused(mine.refusal, code, mine.problem ?? english("cart.code.unknown"));
      }
      await setCartCodes(k, owner, wanted);
      return cart.view;
    },

    async removeCode(shopper, typed) {
      const owner = ownerKey(shopper);
      const code = normaliseCode(String(typed ?? ""));
      const codes = owner ? await getCartCodes(k, owner) : [];
      if (!owner || !codes.includes(code)) throw new AppError("not_found", "This code is not on your cart.");
      await setCartCodes(
        k,
        owner,
        codes.filter((c) => c !== code),
      );
      return view(owner);
    },

    async applyGiftCard(shopper, typed, options = {}) {
      const owner = ownerKey(shopper);
      const code = normaliseGiftCardCode(String(typed ?? ""));
      if (!code) throw new AppError("invalid_input", english("cart.giftCard.missing"), { code: english("cart.giftCard.missing") });
      const guessKey = personalKey("gift-card", options.clientIp ?? "unknown");
      await requireGuessesLeft(guessKey, GIFT_CARD_GUESSES);
      const [{ rows, giftCards }, settings] = await Promise.all([owner ? loadCart(k, deps.catalog, owner) : EMPTY, deps.settings()]);
      if (!owner || rows.length === 0) throw new AppError("invalid_input", english("cart.empty"), { code: english("cart.empty") });
      if (!deps.giftCards) throw new GiftCardRefused({ reason: "unknown", message: "cart.giftCard.unknown" }, english("cart.giftCard.unknown"));
      const found = await deps.giftCards.lookup(code, currencyOf(settings, options.market));
      if (!found.ok) {
        if (found.refusal.reason === "unknown" && deps.rateLimits) await deps.rateLimits.consume(guessKey, GIFT_CARD_GUESSES);
        throw new GiftCardRefused(found.refusal, giftCardRefusalText(english, found.refusal));
      }
      // Applied again, a card keeps its place and takes its balance of now (what the shopper is shown).
      const card = { id: found.card.id, balance: found.card.balance };
      await setCartGiftCards(k, owner, giftCards.some((c) => c.id === card.id) ? giftCards.map((c) => (c.id === card.id ? card : c)) : [...giftCards, card]);
      return view(owner, undefined, options.market);
    },

    async removeGiftCard(shopper, typed, options = {}) {
      const owner = ownerKey(shopper);
      const last4 = normaliseGiftCardCode(String(typed ?? "")).slice(-4);
      const [stored, settings] = await Promise.all([owner ? getCartGiftCards(k, owner) : Promise.resolve([] as StoredGiftCard[]), deps.settings()]);
      const cards = await cardsFor(k, stored, currencyOf(settings, options.market));
      const card = last4.length === 4 ? cards.find((c) => c.last4 === last4) : undefined;
      if (!owner || !card) throw new AppError("not_found", english("cart.giftCard.notOnCart"));
      await setCartGiftCards(
        k,
        owner,
        stored.filter((c) => c.id !== card.id),
      );
      return view(owner, undefined, options.market);
    },

    async restoreGiftCards(shopper, cardIds, options = {}) {
      const owner = ownerKey(shopper);
      if (!owner || cardIds.length === 0 || !deps.giftCards) return;
      const [stored, settings] = await Promise.all([getCartGiftCards(k, owner), deps.settings()]);
      const back = await deps.giftCards.cards(
        cardIds.filter((id) => !stored.some((c) => c.id === id)),
        currencyOf(settings, options.market),
      );
      await setCartGiftCards(k, owner, [...stored, ...back.map((c) => ({ id: c.id, balance: c.balance }))]);
    },

    async refreshGiftCards(shopper, options = {}) {
      const owner = ownerKey(shopper);
      const [stored, settings] = await Promise.all([owner ? getCartGiftCards(k, owner) : Promise.resolve([] as StoredGiftCard[]), deps.settings()]);
      if (!owner || stored.length === 0) return;
      const cards = await cardsFor(k, stored, currencyOf(settings, options.market));
      await setCartGiftCards(
        k,
        owner,
        cards.map((c) => ({ id: c.id, balance: c.balance })),
      );
    },

    async restoreCart(trx, shopper, items) {
      const cartId = await ensureCartId(trx, requireOwner(shopper));
      await addUnits(trx, cartId, items);
    },

    async hasCart(shopper) {
      const owner = ownerKey(shopper);
      if (!owner) return false;
      return (await findCartId(k, owner)) !== undefined;
    },

    async moveCart(trx, from, to) {
      const fromOwner = requireOwner(from);
      const toOwner = requireOwner(to);
      const cartId = await findCartId(trx, fromOwner);
      if (cartId === undefined) return false;
      // Claim the cart first: a concurrent move of the same cart waits here and then finds it gone
      // (PostgreSQL re-checks the row after the winner commits), so lines move once.
      if (!(await claimCart(trx, cartId, fromOwner, nowIso()))) return false;
      const lines = await listLinesToMove(trx, cartId);
      const items = await deps.catalog.listPurchasables(
        lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id })),
        trx,
      );
      const byItem = new Map(items.map((i) => [itemKey(i.productId, i.variantId), i]));
      const moving = lines.filter((l) => byItem.has(itemKey(l.product_id, l.variant_id)));
      if (moving.length) {
        const toCartId = await ensureCartId(trx, toOwner);
        const toLines = await listLineUnits(trx, toCartId);
        const mine = new Map(toLines.map((l) => [itemKey(l.product_id, l.variant_id), l]));
        const now = nowIso();
        for (const line of moving) {
          const item = byItem.get(itemKey(line.product_id, line.variant_id))!;
          const stock = line.variant_id !== "" ? (item.variant?.stock ?? 0) : item.productStock;
          const had = mine.get(itemKey(line.product_id, line.variant_id));
          if (had) {
            // Never lower what the account already had; add up to the stock.
            const merged = Math.max(had.quantity, Math.min(had.quantity + line.quantity, stock));
            if (merged !== had.quantity) await setLineQuantity(trx, had.id, merged, now);
          } else {
            // A sold-out line stays visible (with its problem) rather than vanishing silently.
            const quantity = Math.max(1, Math.min(line.quantity, stock));
            await insertLine(trx, {
              id: newId(),
              cart_id: toCartId,
              product_id: line.product_id,
              variant_id: line.variant_id,
              quantity,
              created_at: toIso(line.created_at) ?? now,
              updated_at: now,
            });
          }
        }
      }
      // The codes and gift cards applied before signing in apply to the account's cart too (after the account's own).
      await mergeCodesAndCards(trx, fromOwner, toOwner);
      await deleteCart(trx, cartId);
      await moveNotices(trx, fromOwner, toOwner);
      return true;
    },

    async listIdleCarts(from, to, limit) {
      const carts = await listIdleCartsBetween(k, from.toISOString(), to.toISOString(), limit);
      const lines = await listLinesOfCarts(
        k,
        carts.map((c) => c.id),
      );
      return carts.map((c) => {
        const cartAt = toIso(c.updated_at)!;
        const linesAt = toIso(c.lines_at as Date | string)!;
        return {
          cartId: c.id,
          owner: c.owner,
          activityAt: cartAt > linesAt ? cartAt : linesAt,
          items: lines.filter((l) => l.cart_id === c.id).map((l) => ({ productId: l.product_id, variantId: l.variant_id, quantity: l.quantity })),
        };
      });
    },

    async bringBack(shopper, items) {
      const owner = requireOwner(shopper);
      if (items.length === 0) return 0;
      return db.kysely.transaction().execute(async (trx) => {
        const found = await deps.catalog.listPurchasables(items, trx);
        const byItem = new Map(found.map((i) => [itemKey(i.productId, i.variantId), i]));
        // Upserting the cart marks it as touched: the shopper is back.
        const cartId = await ensureCartId(trx, owner);
        const mine = new Map((await listLineUnits(trx, cartId)).map((l) => [itemKey(l.product_id, l.variant_id), l]));
        const now = nowIso();
        let brought = 0;
        for (const wanted of items) {
          const item = byItem.get(itemKey(wanted.productId, wanted.variantId));
          if (item?.status !== "active" || (wanted.variantId !== "" && !item.variant)) continue;
          const stock = wanted.variantId !== "" ? (item.variant?.stock ?? 0) : item.productStock;
          const had = mine.get(itemKey(wanted.productId, wanted.variantId));
          brought += 1;
          if (had) {
            // The same cart opened twice (or on the device that has it) does not double: the larger of the two, up to the stock.
            const quantity = Math.max(had.quantity, Math.min(wanted.quantity, stock));
            if (quantity !== had.quantity) await setLineQuantity(trx, had.id, quantity, now);
          } else {
            // A sold-out line comes back with one unit and its problem shown, rather than vanishing silently.
            await insertLine(trx, {
              id: newId(),
              cart_id: cartId,
              product_id: wanted.productId,
              variant_id: wanted.variantId,
              quantity: Math.max(1, Math.min(wanted.quantity, stock, MAX_LINE_QUANTITY)),
              created_at: now,
              updated_at: now,
            });
          }
        }
        return brought;
      });
    },

    async forgetUser(trx, userId) {
      const owner = requireOwner({ userId, visitorId: null });
      await deleteOwnerCarts(trx, owner);
    },

    withdrawProducts: withdrawFromCarts,

    async takeNotices(shopper) {
      const owner = ownerKey(shopper);
      return owner ? takeCartNotices(k, owner) : [];
    },
  };
}
