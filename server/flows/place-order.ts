import { nowIso } from "../db/database";
import type { OrderLineTable } from "../db/schema";
import { AppError } from "../lib/errors";
import { countryName } from "../lib/geo";
import { newId } from "../lib/ids";
import { type Shopper, ownerKey } from "../lib/shopper";
import { parseInput } from "../lib/validate";
import { type Executor, type PricedCart, ensureCartId, loadCartRows, priceCart } from "../modules/cart/cart.repo";
import { chooseZoneFor } from "../modules/cart/shipping-zones";
import type { SiteSettings } from "../modules/content/content.schema";
import { newOrderNumber, orderPrefix } from "../modules/orders/order-token";
import { type OrdersDeps, isUniqueViolation } from "../modules/orders/orders.deps";
import { type OrderRecord, findOrderIdByKey, loadOrder, toOrder } from "../modules/orders/orders.repo";
import { type ValidPlaceOrderInput, placeOrderSchema } from "../modules/orders/orders.schema";
import type { PlaceOrderOptions, PlaceOrderResult } from "../modules/orders/orders.types";
import { cancelOrder } from "./cancel-order";
import { takeStock } from "../modules/inventory/inventory.service";

type Problems = Array<{ lineId: string; name: string; message: string }>;

export const EMPTY_CART = "Your cart is empty";
export const CARD_NOT_OFFERED = "Card payments are not available. Please choose cash on delivery.";
export const CARD_UNAVAILABLE = "Card payments are unavailable right now. Please try again or choose cash on delivery.";

/** Thrown inside the transaction to roll it back when lines cannot be had; caught as a returned outcome. */
class OutOfStock extends Error {
  constructor(readonly problems: Problems) {
    super("out of stock");
  }
}

/**
 * Places the shopper's cart as an order. Input is validated first (prices are not part of it:
 * whatever a client sends as a price is dropped). Then ONE transaction re-reads and re-prices the
 * cart from the catalogue, takes the stock with conditional updates, creates the order, its lines
 * and its first event, and empties the cart; lines that cannot be had roll it all back and come
 * back as `{ ok: false, problems }`. An idempotency key returns the order it created before, also
 * when two requests with it race. Before the transaction the order limits (per IP, shopper and
 * contact; open orders per contact) admit the attempt or refuse it; a replayed key is not counted.
 * A card order then gets its PaymentIntent (failing that, the order is cancelled and the stock
 * returned).
 */
export async function placeOrder(
  deps: OrdersDeps,
  shopper: Shopper,
  rawInput: unknown,
  options: PlaceOrderOptions = {},
): Promise<PlaceOrderResult> {
  const input = parseInput(placeOrderSchema, rawInput);
  const owner = ownerKey(shopper);
  if (!owner) throw new AppError("invalid_input", EMPTY_CART);
  const settings = await deps.settings();
  // Only a zone that delivers to the address: anyone could pick "Inside the city" with any address.
  const choice = chooseZoneFor(settings.shippingZones, input.address, input.shippingMethod, countryName(input.address.country));
  if (!choice.ok) throw new AppError("invalid_input", choice.message, { [choice.field]: choice.message });
  const zone = choice.zone;
  if (input.paymentMethod === "card" && !deps.payments.cardPayments) throw new AppError("invalid_input", CARD_NOT_OFFERED, { paymentMethod: CARD_NOT_OFFERED });

  const key = options.idempotencyKey ? `${owner}:${options.idempotencyKey}` : null;
  const replay = async (): Promise<PlaceOrderResult | null> => {
    const id = key ? await findOrderIdByKey(deps.db.kysely, key) : null;
    return id ? replayOf(deps, id) : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  await deps.limits.admit({ ip: options.clientIp ?? null, owner, email: input.contact.email, phone: input.contact.phone }, settings.maxOpenOrdersPerContact);

  let record: OrderRecord | null = null;
  let flipped: string[] = [];
  for (let attempt = 0; record === null; attempt++) {
    try {
      ({ record, flipped } = await deps.db.kysely.transaction().execute((trx) => placeInTransaction(trx, shopper, owner, input, zone, settings, key)));
    } catch (err) {
      // Another request with the same key won (unique key), or emptied the cart / took the stock first.
      if (key && (isUniqueViolation(err) || err instanceof OutOfStock || (err instanceof AppError && err.message === EMPTY_CART))) {
        const winner = await replay();
        if (winner) return winner;
      }
      if (err instanceof OutOfStock) return { ok: false, problems: err.problems };
      // A clash of the random order number: try again with another.
      if (isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
  }
  if (flipped.length) deps.epoch.bump();

  let payment: { clientSecret: string; publishableKey: string } | null = null;
  if (input.paymentMethod === "card") {
    const o = record.order;
    try {
      const intent = await deps.payments.createIntent({ id: o.id, number: o.number, total: o.total, currency: o.currency, email: o.contact_email });
      await deps.db.kysely.updateTable("orders").set({ payment_intent_id: intent.intentId, updated_at: nowIso() }).where("id", "=", o.id).execute();
      record = { ...record, order: { ...o, payment_intent_id: intent.intentId } };
      payment = { clientSecret: intent.clientSecret, publishableKey: deps.payments.publishableKey ?? "" };
    } catch (err) {
      deps.logger.error({ err, orderId: o.id }, "could not start the card payment: cancelling the order");
      await cancelOrder(deps, o.id, "system", { note: "The card payment could not be started", notify: false });
      await restoreCart(deps.db.kysely, owner, record.lines);
      throw new AppError("unavailable", CARD_UNAVAILABLE);
    }
  }
  deps.mails.confirmation(record);
  return { ok: true, order: toOrder(record, "customer"), guestToken: deps.tokens.tokenFor(record.order.id), created: true, payment };

  async function placeInTransaction(
    trx: Executor,
    shopper: Shopper,
    owner: string,
    input: ValidPlaceOrderInput,
    zone: { id: string; name: string },
    settings: SiteSettings,
    key: string | null,
  ): Promise<{ record: OrderRecord; flipped: string[] }> {
    const cart: PricedCart = priceCart(await loadCartRows(trx, owner), settings, zone.id);
    if (cart.lines.length === 0 || !cart.cartId) throw new AppError("invalid_input", EMPTY_CART);
    const problems: Problems = cart.lines.filter((l) => l.problem).map((l) => ({ lineId: l.row.id, name: l.label, message: l.problem! }));
    if (problems.length) throw new OutOfStock(problems);

    const stock = await takeStock(
      trx,
      cart.lines.map((l) => ({ productId: l.row.product_id, variantId: l.row.variant_id, quantity: l.quantity })),
    );
    if (stock.short.length) {
      // Someone bought the same units between our read and our update: say what is left now.
      const lefts: Problems = [];
      for (const line of cart.lines) {
        const hit = stock.short.some((s) => (s.kind === "product" ? s.id === line.row.product_id : s.id === line.row.variant_id));
        if (!hit) continue;
        const now = line.row.variant_id
          ? await trx.selectFrom("product_variants").select("stock").where("id", "=", line.row.variant_id).executeTakeFirst()
          : await trx.selectFrom("products").select("stock").where("id", "=", line.row.product_id).executeTakeFirst();
        const left = Math.max(0, now?.stock ?? 0);
        lefts.push({ lineId: line.row.id, name: line.label, message: left > 0 ? `Only ${left} left of ${line.label}` : `${line.label} is sold out` });
      }
      throw new OutOfStock(lefts);
    }

    const id = newId();
    const now = nowIso();
    const t = cart.totals;
    const order = {
      id,
      number: newOrderNumber(orderPrefix(settings.siteName)),
      user_id: shopper.userId,
      visitor_id: shopper.userId ? null : shopper.visitorId,
      guest_token_hash: deps.tokens.hash(deps.tokens.tokenFor(id)),
      idempotency_key: key,
      status: "pending",
      contact_name: input.contact.name,
      contact_email: input.contact.email,
      contact_phone: input.contact.phone,
      address: JSON.stringify(input.address),
      shipping_method: zone.id,
      shipping_method_name: zone.name,
      payment_method: input.paymentMethod,
      payment_status: input.paymentMethod === "card" ? "pending" : "unpaid",
      payment_intent_id: null,
      currency: settings.currency,
      subtotal: t.subtotal,
      discount_total: t.discount,
      shipping_total: t.shipping,
      total: t.total,
      notes: input.notes,
      tracking_number: null,
      created_at: now,
      updated_at: now,
    };
    const lines: OrderLineTable[] = cart.lines.map((l, i) => ({
      id: newId(),
      order_id: id,
      product_id: l.row.product_id,
      variant_id: l.row.variant_id,
      name: l.row.name,
      slug: l.row.slug,
      image: l.image,
      color: l.row.color,
      size: l.row.size,
      sku: l.row.variant_sku ?? l.row.sku,
      unit_price: l.price,
      additional_price: l.additionalPrice,
      discount: l.row.discount,
      unit_final_price: l.finalPrice,
      shipping_cost: l.row.shipping_cost,
      quantity: l.quantity,
      line_total: l.lineTotal,
      sort_order: i,
    }));
    const event = { id: newId(), order_id: id, status: "pending", actor: "customer", note: null, created_at: now };

    await trx.insertInto("orders").values(order).execute();
    await trx.insertInto("order_lines").values(lines).execute();
    await trx.insertInto("order_events").values(event).execute();
    await trx.deleteFrom("cart_lines").where("cart_id", "=", cart.cartId).execute();
    if (input.saveAddress && shopper.userId) await saveAddress(trx, shopper.userId, input, now);
    return { record: { order, lines, events: [event] }, flipped: stock.flipped };
  }
}

/** Puts a withdrawn order's lines back into the shopper's cart, so trying again (or paying cash) is one click. */
async function restoreCart(k: Executor, owner: string, lines: OrderLineTable[]): Promise<void> {
  const cartId = await ensureCartId(k, owner);
  const now = nowIso();
  for (const l of lines) {
    await k
      .insertInto("cart_lines")
      .values({ id: newId(), cart_id: cartId, product_id: l.product_id, variant_id: l.variant_id, quantity: l.quantity, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["cart_id", "product_id", "variant_id"]).doUpdateSet((eb) => ({ quantity: eb("cart_lines.quantity", "+", eb.ref("excluded.quantity")), updated_at: now })))
      .execute();
  }
}

/** Keeps a signed-in customer's delivery address in the address book (once; the first one is the default). */
async function saveAddress(trx: Executor, userId: string, input: ValidPlaceOrderInput, now: string): Promise<void> {
  const a = input.address;
  const known = await trx.selectFrom("addresses").select(["id", "name", "phone", "line1", "line2", "city", "region", "postal_code", "country"]).where("user_id", "=", userId).execute();
  const same = known.some(
    (k) =>
      k.name === input.contact.name &&
      k.phone === input.contact.phone &&
      k.line1 === a.line1 &&
      (k.line2 ?? null) === a.line2 &&
      k.city === a.city &&
      (k.region ?? null) === a.region &&
      (k.postal_code ?? null) === a.postalCode &&
      k.country === a.country,
  );
  if (same) return;
  await trx
    .insertInto("addresses")
    .values({
      id: newId(),
      user_id: userId,
      name: input.contact.name,
      phone: input.contact.phone,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      region: a.region,
      postal_code: a.postalCode,
      country: a.country,
      is_default: known.length === 0 ? 1 : 0,
      created_at: now,
    })
    .execute();
}

/** The answer to a repeated idempotency key: the same order, its link's token, and (card, still unpaid) the payment again. */
async function replayOf(deps: OrdersDeps, orderId: string): Promise<PlaceOrderResult> {
  const record = await loadOrder(deps.db.kysely, orderId);
  if (!record) throw new AppError("not_found", "There is no such order.");
  const o = record.order;
  let payment: { clientSecret: string; publishableKey: string } | null = null;
  if (o.payment_method === "card" && o.status !== "cancelled" && (o.payment_status === "pending" || o.payment_status === "failed") && deps.payments.cardPayments) {
    // Stripe's own idempotency key (order-<id>) answers the intent made the first time.
    payment = await deps.payments
      .createIntent({ id: o.id, number: o.number, total: o.total, currency: o.currency, email: o.contact_email })
      .then((intent) => ({ clientSecret: intent.clientSecret, publishableKey: deps.payments.publishableKey ?? "" }))
      .catch(() => null);
  }
  return { ok: true, order: toOrder(record, "customer"), guestToken: deps.tokens.tokenFor(o.id), created: false, payment };
}
