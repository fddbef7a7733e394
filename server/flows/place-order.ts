import { AppError } from "#common/errors";
import { DEFAULT_LANGUAGE } from "#common/i18n/languages";
import { countryName } from "#common/geo";
import { type Shopper, ownerKey } from "../lib/shopper";
import type { CartProblem, Executor, PricedLine } from "#modules/cart";
import { chooseZoneFor } from "#common/cart/shipping-zones";
import type { SiteSettings } from "#common/content/content.schema";
import { isDeadlock, isUniqueViolation } from "#modules/orders";
import type { ValidPlaceOrderInput } from "#common/orders/orders.schema";
import type { NewOrderLine, NewOrderTax, OrderLineTax, OrderRecord, PlaceOrderOptions, PlaceOrderResult } from "#modules/orders";
import { SHIPPING_KEY, type TaxQuote } from "#modules/tax";
import { type StockChange, takeStock } from "#modules/inventory";
import { moveOrder } from "./move-order";
import type { OrderFlowDeps } from "./order-flow-deps";
import { MIN_CARD_CHARGE, offeredPaymentMethods, paymentMethodRefusal } from "#common/payments/payment-methods";
import { toMajor } from "#common/money";
import { toBaseAmount } from "#common/currency";
import { CodeRefused } from "#common/promotions/refusal-words";
import type { Refusal } from "#common/promotions/promotions.compute";
import { translatorFor } from "#common/i18n/messages.server";
import { GiftCardRefused, giftCardRefusalText } from "#common/giftcards/gift-card-refusal";
import { BALANCE_MOVED } from "#modules/giftcards";
import { GIFT_CARD_RECIPIENT_EMAIL } from "#common/orders/orders.schema";
import { issueBoughtGiftCards } from "./issue-bought-gift-cards";

/** Why a typed code that gave something when the shopper looked no longer does: the order is refused rather than charged another total. */
const LOST_SINCE: ReadonlySet<Refusal["reason"]> = new Set(["used_up", "expired", "inactive", "used_by_customer", "first_order_only"]);
// The API's words for a code refused at the order (the cart's answer words the others).
const english = translatorFor(DEFAULT_LANGUAGE);

type Problems = CartProblem[];

export const EMPTY_CART = "Your cart is empty";
export const CARD_UNAVAILABLE = "Card payments are unavailable right now. Please try again or choose cash on delivery.";

/** Thrown inside the transaction to roll it back when lines cannot be had; caught as a returned outcome. */
class OutOfStock extends Error {
  constructor(readonly problems: Problems) {
    super("out of stock");
  }
}

/** Thrown inside the transaction when the stock could not give what the priced cart showed: someone bought the units between our read and our update. */
class SoldMeanwhile extends Error {
  constructor(
    readonly lines: PricedLine[],
    readonly short: StockChange["short"],
  ) {
    super("sold meanwhile");
  }
}

/**
 * Places the shopper's cart as an order. The input is parsed once, at the edge (POST /api/orders
 * and the checkout page's action each parse it with placeOrderSchema; prices a client sends are
 * dropped there); here it is checked against the shop: shipping zone, payment method, order limits
 * (a replayed idempotency key is not counted). The settings are read once per checkout (or come in
 * `options.settings`) and passed down to the pricing, the limits and the mails. ONE transaction
 * takes the cart's lines out of the cart and prices them (the cart service; a concurrent checkout
 * of the same cart waits and finds it empty), takes the stock (the inventory) and creates the order
 * (the orders service); lines that cannot be had roll it all back and come back as
 * `{ ok: false, problems }`. An idempotency key answers the order it created, also when two
 * requests race. A card order then gets its PaymentIntent (failing that, it is cancelled and its
 * lines go back to the cart).
 */
export async function placeOrder(
  deps: OrderFlowDeps,
  shopper: Shopper,
  input: ValidPlaceOrderInput,
  options: PlaceOrderOptions = {},
): Promise<PlaceOrderResult> {
  const owner = ownerKey(shopper);
  if (!owner) throw new AppError("invalid_input", EMPTY_CART);
  const settings = options.settings ?? (await deps.settings());
  // Only a zone that delivers to the address: anyone could pick "Inside the city" with any address.
  const choice = chooseZoneFor(settings.shippingZones, input.address, input.shippingMethod, countryName(input.address.country));
  if (!choice.ok) throw new AppError("invalid_input", choice.message, { [choice.field]: choice.message });
  const zone = choice.zone;
  const refused = paymentMethodRefusal(input.paymentMethod, offeredPaymentMethods(settings, deps.payments.cardPayments));
  if (refused) throw new AppError("invalid_input", refused, { paymentMethod: refused });
  const market = options.market && !options.market.base ? options.market : null;
  if (market && !market.cashOnDelivery && input.paymentMethod === "cod") {
    const message = `Cash on delivery is not available for orders in ${market.currency}: please pay by card.`;
    throw new AppError("invalid_input", message, { paymentMethod: message });
  }

  const key = options.idempotencyKey ? `${owner}:${options.idempotencyKey}` : null;
  const party = { ip: options.clientIp ?? null, owner, email: input.contact.email, phone: input.contact.phone };
  const admission = await deps.orders.admitOrReplay(party, settings.maxOpenOrdersPerContact, key);
  if (admission.replayId !== null) return replayOf(deps, admission.replayId);
  const replay = async (): Promise<PlaceOrderResult | null> => {
    const id = key ? await deps.orders.getIdByKey(key) : null;
    return id ? replayOf(deps, id) : null;
  };

  // Whether the confirmation may go to the contact address: asked now, stored with the order.
  const confirmation = await deps.orders.admitConfirmation({ userId: shopper.userId, email: input.contact.email }, admission);
  const names = await namesInLanguage();
  const cod = input.paymentMethod === "cod";

  let record: OrderRecord | null = null;
  let flipped: string[] = [];
  let lowered: StockChange["lowered"] = [];
  let giftCardIds: string[] = [];
  for (let attempt = 0; record === null; attempt++) {
    try {
      ({ record, flipped, lowered, giftCardIds } = await deps.db.kysely.transaction().execute(async (trx) => {
        const placed = await placeInTransaction(trx, shopper, owner, input, zone, settings, key);
        // A cash order, or one its gift cards paid in full, is final here: its mails commit with it (a card order's, with its payment's start).
        if (cod || placed.record.order.payment_status === "paid") await deps.orders.storeOrderMails(trx, placed.record, settings, { confirmation, shop: true });
        // Paid at once (its gift cards paid the rest): the gift cards it bought are issued with it.
        if (placed.record.order.payment_status === "paid") await issueBoughtGiftCards(deps, trx, placed.record.order.id, settings);
        return placed;
      }));
    } catch (err) {
      // Another request with the same key won (unique key), or emptied the cart / took the stock first.
      const lost = err instanceof OutOfStock || err instanceof SoldMeanwhile || (err instanceof AppError && err.message === EMPTY_CART);
      if (key && (isUniqueViolation(err) || lost)) {
        const winner = await replay();
        if (winner) return winner;
      }
      if (err instanceof OutOfStock) return { ok: false, problems: err.problems };
      // The cart keeps its cards' balances of now: the shopper sees what they pay and confirms again.
      if (err instanceof GiftCardRefused && err.refusal.reason === "balance_moved") await deps.cart.refreshGiftCards(shopper, { market });
      if (err instanceof SoldMeanwhile) return { ok: false, problems: await whatIsLeft(err) };
      // A clash of the random order number, or a deadlock PostgreSQL broke by rolling us back: try again.
      if ((isUniqueViolation(err) || isDeadlock(err)) && attempt < 3) continue;
      throw err;
    }
  }
  if (flipped.length) deps.epoch.bump();
  if (lowered.length) deps.lowStock.crossed();
  // The language a signed-in customer orders in becomes their account's: their next mails speak it too.
  if (shopper.userId && input.language) {
    await deps.accounts.setLanguage(shopper.userId, input.language).catch((err: unknown) => deps.logger.warn({ err }, "could not keep the account's language"));
  }

  let payment: { clientSecret: string; publishableKey: string } | null = null;
  // A card is charged only what the gift cards left to pay; nothing left, no payment to start.
  if (input.paymentMethod === "card" && record.order.payment_status !== "paid") {
    const o = record.order;
    try {
      const intent = await deps.payments.createIntent({
        id: o.id,
        number: o.number,
        total: o.total - o.gift_card_total,
        currency: o.currency,
        email: o.contact_email,
      });
      const started: OrderRecord = { ...record, order: { ...o, payment_intent_id: intent.intentId } };
      // The confirmation commits with the payment's start: an order whose payment could not start is
      // cancelled below and gets none. The shop hears of a card order once it is paid.
      await deps.db.kysely.transaction().execute(async (trx) => {
        await deps.orders.setPaymentIntent(o.id, intent.intentId, trx);
        await deps.orders.storeOrderMails(trx, started, settings, { confirmation, shop: false });
      });
      record = started;
      payment = { clientSecret: intent.clientSecret, publishableKey: deps.payments.publishableKey ?? "" };
    } catch (err) {
      deps.logger.error({ err, orderId: o.id }, "could not start the card payment: cancelling the order");
      await moveOrder(deps, o.id, "cancelled", "system", { note: "The card payment could not be started", notify: false });
      // Put the withdrawn order's lines and gift cards back into the cart, so trying again (or paying cash) is one click.
      await deps.cart.restoreCart(
        deps.db.kysely,
        shopper,
        record.lines.map((l) => ({ productId: l.product_id, variantId: l.variant_id, quantity: l.quantity })),
      );
      await deps.cart.restoreGiftCards(shopper, giftCardIds, { market });
      throw new AppError("unavailable", CARD_UNAVAILABLE);
    }
  }
  return { ok: true, order: deps.orders.toOrder(record, "customer"), guestToken: deps.orders.guestTokenFor(record.order.id), created: true, payment };

  async function placeInTransaction(
    trx: Executor,
    shopper: Shopper,
    owner: string,
    input: ValidPlaceOrderInput,
    zone: { id: string; name: string },
    settings: SiteSettings,
    key: string | null,
  ): Promise<{ record: OrderRecord; flipped: string[]; lowered: StockChange["lowered"]; giftCardIds: string[] }> {
    // Taxed for the delivery address and, for a business buyer, its VAT number (reverse charge);
    // a guest's promotions counted by the contact e-mail.
    const cart = await deps.cart.takePricedCart(
      trx,
      shopper,
      settings,
      zone.id,
      market,
      { address: input.address, vatNumber: input.vatNumber },
      input.contact.email,
    );
    if (cart.lines.length === 0) throw new AppError("invalid_input", EMPTY_CART);
    if (cart.problems.length) throw new OutOfStock(cart.problems);
    // A gift card bought goes to someone: the checkout names them.
    if (cart.lines.some((l) => l.row.gift_card) && !input.giftCardRecipient)
      throw new AppError("invalid_input", GIFT_CARD_RECIPIENT_EMAIL, { "giftCardRecipient.email": GIFT_CARD_RECIPIENT_EMAIL });
    const promotions = cart.totals.promotions;
    // A code that stopped applying since the shopper saw it (used up, ended): told now, never charged another total.
    const lost = promotions.refused.find((r) => LOST_SINCE.has(r.refusal.reason));
    if (lost) throw new CodeRefused(lost.refusal, lost.code, cart.view.codes.find((c) => c.code === lost.code)?.problem ?? english("cart.code.usedUp"));
    // A gift card that cannot pay now, or whose balance is not the one the shopper was shown: told now, never charged another total.
    const cards = cart.giftCards.shares;
    const unpaying = cards.find((c) => c.refusal);
    if (unpaying?.refusal) throw new GiftCardRefused(unpaying.refusal, giftCardRefusalText(english, unpaying.refusal));
    const moved = cards.find((c) => c.moved);
    if (moved) throw balanceMoved(moved.last4);
    // What the cards leave for a card payment must be one a card can take.
    const due = cart.giftCards.due;
    if (input.paymentMethod === "card" && cards.length && due > 0 && due < MIN_CARD_CHARGE) {
      const refusal = {
        reason: "below_card_minimum",
        message: "cart.giftCard.belowCardMinimum" as const,
        due: { amount: toMajor(due), currency: market?.currency ?? settings.currency },
      };
      throw new GiftCardRefused(refusal, giftCardRefusalText(english, refusal));
    }

    const stock = await takeStock(
      trx,
      cart.lines.map((l) => ({ productId: l.row.product_id, variantId: l.row.variant_id, quantity: l.quantity })),
      { lowAt: settings.lowStockThreshold },
    );
    if (stock.short.length) throw new SoldMeanwhile(cart.lines, stock.short);

    const t = cart.totals;
    const record = await deps.orders.createOrder(trx, {
      shopper,
      input,
      zone,
      idempotencyKey: key,
      siteName: settings.siteName,
      numberPrefix: settings.orderNumberPrefix,
      currency: market?.currency ?? settings.currency,
      exchangeRate: market?.rate ?? 1,
      totals: { subtotal: t.subtotal, discount: t.discount, shipping: t.shipping, total: t.total },
      tax: orderTaxOf(t.tax),
      discounts: promotions.applied.map((p) => ({ promotionId: p.promotionId, code: p.code, label: p.label, amount: p.amount, shipping: p.shipping })),
      giftCards: cards.filter((c) => c.amount > 0).map((c) => ({ cardId: c.cardId, last4: c.last4, amount: c.amount })),
      lines: cart.lines.map((l) => orderLineOf(l, t.tax, names.get(l.row.product_id), promotions.lineDiscounts.get(l.row.id) ?? 0)),
    });
    if (promotions.applied.length) {
      await deps.promotions.recordUses(
        trx,
        {
          applied: promotions.applied,
          orderId: record.order.id,
          customerKey: shopper.userId ?? input.contact.email.trim().toLowerCase(),
          orderTotal: t.total,
          exchangeRate: market?.rate ?? 1,
        },
        (p) => new CodeRefused({ reason: "used_up" }, p.code ?? p.label, english("cart.code.usedUp")),
      );
    }
    if (cart.promotions?.codes.length) await deps.cart.clearCodes(trx, shopper);
    // Each card's share leaves its balance here: of two orders spending one balance, the second finds it gone and rolls back.
    for (const card of cards) {
      if (card.amount > 0 && !(await deps.giftCards.redeem(trx, { cardId: card.cardId, amount: card.amount, orderId: record.order.id })))
        throw balanceMoved(card.last4);
    }
    if (cards.length) await deps.cart.clearGiftCards(trx, shopper);
    // A reminded cart bought: no more reminders, and the order counts for the reminder that came
    // before it. A shop without cart reminders has none open: its orders skip the look.
    if (settings.cartReminders.enabled)
      await deps.reminders?.noteOrder(trx, {
        owner,
        email: input.contact.email,
        orderId: record.order.id,
        totalBase: toBaseAmount(t.total, market?.rate ?? 1),
        at: new Date(),
      });
    await deps.webhooks.emit(trx, "order.created", () => deps.orders.toOrder(record, "shop"));
    if (stock.lowered.length) await deps.webhooks.emit(trx, "inventory.low", () => lowStockEvent(cart.lines, stock, settings.lowStockThreshold));
    return { record, flipped: stock.flipped, lowered: stock.lowered, giftCardIds: cards.filter((c) => c.amount > 0).map((c) => c.cardId) };
  }

  /**
   * The products' names in the order's language, as the shopper's cart shows them, read before the
   * order's transaction (a line the cart gains meanwhile keeps the default name).
   */
  async function namesInLanguage(): Promise<Map<string, string>> {
    if (!input.language || input.language === DEFAULT_LANGUAGE) return new Map();
    const cart = await deps.cart.getCart(shopper, { language: input.language });
    return new Map(cart.lines.map((l) => [l.productId, l.name]));
  }

  /** What is left of each line the stock could not give, read after the rollback put the lines back in the cart. */
  async function whatIsLeft(sold: SoldMeanwhile): Promise<Problems> {
    const now = await deps.cart.getPricedCart(deps.db.kysely, shopper, settings, zone.id, market);
    const lefts: Problems = [];
    for (const line of sold.lines) {
      const hit = sold.short.some((s) => (s.kind === "product" ? s.id === line.row.product_id : s.id === line.row.variant_id));
      if (!hit) continue;
      const left = now.lines.find((l) => l.row.id === line.row.id)?.stock ?? 0;
      lefts.push({ lineId: line.row.id, name: line.label, message: left > 0 ? `Only ${left} left of ${line.label}` : `${line.label} is sold out` });
    }
    return lefts;
  }
}

/** The refusal of an order whose gift card's balance moved since the shopper was shown it (409): they check the order again. */
function balanceMoved(last4: string): GiftCardRefused {
  const refusal = { reason: "balance_moved", message: BALANCE_MOVED, last4 };
  return new GiftCardRefused(refusal, giftCardRefusalText(english, refusal));
}

/** The inventory.low event's data: the products and variants this order brought to the threshold or under, with the units left. */
function lowStockEvent(lines: PricedLine[], stock: StockChange, threshold: number) {
  const items = stock.lowered.flatMap(({ key, left }) => {
    const [kind, id] = key.split(":") as ["product" | "variant", string];
    const line = lines.find((l) => (kind === "variant" ? l.row.variant_id === id : l.row.product_id === id && !l.row.variant_id));
    if (!line) return [];
    const r = line.row;
    return [
      {
        productId: r.product_id,
        variantId: r.variant_id || null,
        name: r.name,
        color: r.color,
        size: r.size,
        sku: r.variant_sku ?? r.sku,
        stock: left,
      },
    ];
  });
  return { threshold, items };
}

/** The tax of a line (or of shipping) as the order keeps it, from the cart's tax quote; null where nothing was taxed. */
function lineTaxOf(quote: TaxQuote, key: string): OrderLineTax | null {
  const t = quote.lines.find((l) => l.key === key);
  return t ? { taxClass: t.taxClass, rateMilli: t.rateMilli, base: t.base, amount: t.amount } : null;
}

/** What an order keeps of the cart's tax quote beside its lines' own. */
function orderTaxOf(quote: TaxQuote): NewOrderTax {
  return {
    pricesIncludeTax: quote.pricesIncludeTax,
    reverseCharge: quote.reverseCharge,
    region: quote.region,
    name: quote.taxLines[0]?.name ?? null,
    taxTotal: quote.taxTotal,
    shipping: lineTaxOf(quote, SHIPPING_KEY),
  };
}

/** What an order keeps of a priced cart line: the product as it was sold (named too as the shopper read it), at the price it was sold, with its tax. */
function orderLineOf(l: PricedLine, tax: TaxQuote, shopperName: string | undefined, promotionDiscount: number): NewOrderLine {
  return {
    productId: l.row.product_id,
    variantId: l.row.variant_id,
    name: l.row.name,
    shopperName: shopperName && shopperName !== l.row.name ? shopperName : null,
    slug: l.row.slug,
    image: l.image,
    color: l.row.color,
    size: l.row.size,
    sku: l.row.variant_sku ?? l.row.sku,
    unitPrice: l.price,
    additionalPrice: l.additionalPrice,
    discount: l.row.discount,
    unitFinalPrice: l.finalPrice,
    shippingCost: l.row.shipping_cost,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
    tax: lineTaxOf(tax, l.row.id),
    promotionDiscount,
    giftCard: l.row.gift_card,
  };
}

/** The answer to a repeated idempotency key: the same order, its link's token, and (card, still unpaid) the payment again. */
async function replayOf(deps: OrderFlowDeps, orderId: string): Promise<PlaceOrderResult> {
  const record = await deps.orders.getRecord(orderId);
  if (!record) throw new AppError("not_found", "There is no such order.");
  const o = record.order;
  let payment: { clientSecret: string; publishableKey: string } | null = null;
  if (
    o.payment_method === "card" &&
    o.status !== "cancelled" &&
    (o.payment_status === "pending" || o.payment_status === "failed") &&
    deps.payments.cardPayments
  ) {
    // Stripe's own idempotency key (order-<id>) answers the intent made the first time.
    payment = await deps.payments
      .createIntent({ id: o.id, number: o.number, total: o.total - o.gift_card_total, currency: o.currency, email: o.contact_email })
      .then((intent) => ({ clientSecret: intent.clientSecret, publishableKey: deps.payments.publishableKey ?? "" }))
      .catch(() => null);
  }
  return { ok: true, order: deps.orders.toOrder(record, "customer"), guestToken: deps.orders.guestTokenFor(o.id), created: false, payment };
}
