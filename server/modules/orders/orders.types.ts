import type { Market } from "#common/currency";
import type { Kysely, Selectable } from "kysely";
import type { Database, OrderEventTable, OrderLineTable, OrderNoteTable, OrderRefundTable, OrderTable, OrderTaxLineTable } from "../../db/schema";
import type { Shopper } from "../../lib/shopper";
import type { RateDecision } from "../../lib/rate-limit";
import type { CartQuote, TaxLineView } from "#modules/cart";
import type { SiteSettings } from "#common/content/content.schema";
import type { ShippingAddress } from "#common/cart/shipping";
import type { CardPaymentEvent } from "#modules/payments";
import type { ValidPlaceOrderInput } from "#common/orders/orders.schema";
import type { AuditActor } from "#modules/audit";
import type { OrderActor, OrderStatus, PaymentStatus } from "#common/orders/order-status";
import type { PaymentMethod } from "#common/payments/payment-methods";
import type { Language } from "#common/i18n/languages";

export type { ShippingOption, TaxLineView } from "#modules/cart";

/** A database handle or an open transaction (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<Database>;
export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type OrderEventRow = Selectable<OrderEventTable>;
export type OrderNoteRow = Selectable<OrderNoteTable>;
export type OrderRefundRow = Selectable<OrderRefundTable>;
export type OrderTaxLineRow = Selectable<OrderTaxLineTable>;

/** An order with its lines and history as stored. */
export interface OrderRecord {
  order: OrderRow;
  lines: OrderLineRow[];
  events: OrderEventRow[];
  /** The staff's notes, internal and to the customer, oldest first. */
  notes: OrderNoteRow[];
  /** The order's refunds, oldest first (none for an order just placed). */
  refunds?: OrderRefundRow[];
  /** The tax of each line and of shipping as charged (none where no tax region covered the address). */
  taxLines?: OrderTaxLineRow[];
  /** The tax its refunds gave back, per refund and rate. */
  refundTaxLines?: Array<{ refund_id: string; rate_milli: number; base: number; amount: number }>;
}

export interface OrderAddress {
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
}

export interface OrderLine {
  id: string;
  productId: string;
  slug: string;
  name: string;
  image: string | null;
  selectedColor: string | null;
  selectedSize: string | null;
  selectedAditionalPrice: number;
  price: number;
  discount: number;
  finalPrice: number;
  shippingCost: number;
  quantity: number;
  lineTotal: number;
  /** The line bought gift cards, one per unit. */
  giftCard?: boolean;
}

/** Whom the gift cards an order bought go to, as the shopper named them at checkout. */
export interface GiftCardRecipient {
  email: string;
  name: string | null;
  message: string | null;
}

/** An order's gift-card purchase as its pages show it: whom the cards go to and, once issued, which went (last four characters only). */
export interface OrderGiftCardPurchase {
  recipient: GiftCardRecipient;
  /** null until the order is paid (cash on delivery: delivered) and the cards are issued and mailed. */
  sent: Array<{ last4: string; amount: number }> | null;
}

/** An order's sums as stored when it was placed, with its refunds since (orders.repo.ts `orderSums`). */
export interface OrderTotals {
  /** Σ list price × quantity, before discounts. */
  subtotal: number;
  /** What the discounts took off the list prices; already out of the lines and of `itemsSubtotal`. */
  discount: number;
  /** Σ lineTotal (= subtotal − discount): the lines as printed, which the pages and mails show as "Subtotal". */
  itemsSubtotal: number;
  shipping: number;
  /** itemsSubtotal + shipping, and the tax where prices exclude it */
  total: number;
  /** The tax charged (included in the lines and shipping where `pricesIncludeTax`); 0 for an untaxed order. */
  taxTotal: number;
  pricesIncludeTax: boolean;
  /** Given back so far (refunds made and those waiting for the provider). */
  refunded: number;
  /** total − refunded */
  net: number;
  /** The tax the refunds gave back (part of `refunded`). */
  taxRefunded: number;
  currency: string;
  /** What the promotions took off the lines and the shipping (`discounts`), already out of `total`. */
  discountTotal: number;
  /** What gift cards paid (`giftCards`), already out of `total`. */
  giftCardTotal: number;
  /** What the order came to before its gift cards paid: `total` + `giftCardTotal`. */
  orderTotal: number;
}

/** A refund of the order as its pages and invoice list it. */
export interface OrderRefundEntry {
  id: string;
  amount: number;
  /** pending: reserved, waiting for the payment provider's answer. */
  status: "pending" | "succeeded";
  reason: string;
  at: string;
  /** The tax it gave back per rate, as `taxLines`. */
  taxLines: TaxLineView[];
}

export interface OrderEvent {
  status: OrderStatus;
  actor: OrderActor;
  note: string | null;
  at: string;
}

/** Where a shipped parcel is: its courier, number and tracking page (the courier's template, filled in). */
export interface OrderTracking {
  courier: string | null;
  number: string;
  url: string | null;
}

/** An order as its owner (and later the admin) sees it; money in the major unit. */
export interface Order {
  id: string;
  /** Short and human-readable, e.g. "MM-7K3QX9". */
  number: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  contact: { name: string; email: string; phone: string };
  address: OrderAddress;
  shippingMethod: { id: string; name: string };
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** The card payment's PaymentIntent (the payment page reads it again for its client secret), else null. */
  paymentIntentId: string | null;
  notes: string | null;
  trackingNumber: string | null;
  /** The shipment, once shipped with a tracking number. */
  tracking: OrderTracking | null;
  /** The shop's notes to the customer (mailed to them too), oldest first. */
  messages: Array<{ text: string; at: string }>;
  lines: OrderLine[];
  totals: OrderTotals;
  /** Each promotion the order got, with what it took off. */
  discounts: Array<{ code?: string; label: string; amount: number }>;
  /** Each gift card that paid for the order, with what it paid (in `totals.giftCardTotal`). */
  giftCards: Array<{ last4: string; amount: number }>;
  /** The gift cards the order bought, for whom, and whether they were sent; absent when it bought none. */
  giftCardPurchase?: OrderGiftCardPurchase;
  /** The tax per rate as charged when the order was placed ("Reverse charge" for a reverse-charge order). */
  taxLines: TaxLineView[];
  /** A business buyer's company name, or null. */
  company: string | null;
  /** A business buyer's EU VAT number as printed (DE123456789), or null. */
  vatNumber: string | null;
  /** A business buyer of another EU country owed the VAT: none was charged. */
  reverseCharge: boolean;
  /** An order placed in another currency than the shop's: that currency, in which every amount of the order is. */
  currency?: string;
  /** With `currency`: its units per unit of the shop's base currency when the order was placed. */
  exchangeRate?: number;
  /** An order placed in another language than the default: that language (of the page, or the API body's); its mails speak it. */
  language?: string;
  /** The refunds made on the order, oldest first; they add up to `totals.refunded`. */
  refunds: OrderRefundEntry[];
  /** Oldest first. */
  history: OrderEvent[];
  /** Statuses this viewer may move the order to now (a customer: ["cancelled"] while pending). */
  allowedTransitions: OrderStatus[];
  /** Placed without an account. */
  guest: boolean;
}

/** One row of /my-orders. */
export interface OrderSummary {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  itemCount: number;
  /** The order's full total, and of it what gift cards paid. */
  total: number;
  giftCardTotal: number;
  /** The tax in `total` (included in the prices where `pricesIncludeTax`). */
  taxTotal: number;
  pricesIncludeTax: boolean;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  firstImage: string | null;
  guest: boolean;
  /** For a guest order: its unguessable link, a path on the shop (only for the browser that placed it). */
  guestLink: string | null;
}

/** A saved delivery address of a signed-in customer. */
export interface SavedAddress extends OrderAddress {
  id: string;
  name: string;
  phone: string;
  isDefault: boolean;
}

/** The cart's quote (server/modules/cart, `getQuote`) and whether a card may pay. */
export interface CheckoutQuote extends CartQuote {
  /** Card payment is offered (Stripe keys are configured). */
  cardPayments: boolean;
}

/** The body of `POST /api/orders` and the checkout form. */
export interface PlaceOrderInput {
  contact: { name: string; email: string; phone: string };
  address: { line1: string; line2?: string | null; city: string; region?: string | null; postalCode?: string | null; country: string };
  shippingMethod?: string;
  paymentMethod: PaymentMethod;
  notes?: string | null;
  /** Signed-in only: also keep this address in the address book. */
  saveAddress?: boolean;
  /** The language the order is placed in (its mails are written in it); the default (en) when not given. */
  language?: Language;
  /** A business buyer's company name. */
  company?: string | null;
  /** A business buyer's EU VAT number: one of another EU country than the shop's makes a reverse-charge order. */
  vatNumber?: string | null;
  /** Whom the gift cards the order buys go to (required when it buys any). */
  giftCardRecipient?: { email: string; name?: string | null; message?: string | null } | null;
}

export type PlaceOrderResult =
  | {
      ok: true;
      order: Order;
      /** The guest link's token (also for signed-in orders: the confirmation link works without a session). */
      guestToken: string;
      /** False when an Idempotency-Key found an order placed before. */
      created: boolean;
      /** For a card order: what the browser needs to confirm the PaymentIntent. */
      payment: { clientSecret: string; publishableKey: string } | null;
    }
  | { ok: false; problems: Array<{ lineId: string; name: string; message: string }> };

/** Who is looking at an order: its owner (user or the guest's browser), a bearer of its guest token, or the shop (staff with the orders permission). */
export interface OrderViewer {
  shopper: Shopper;
  token?: string | null;
  /** Staff with the orders permission (or an admin) acting for the shop. */
  forShop?: boolean;
}

/** How an order is placed: its idempotency key, and the client's address the per-IP limit counts. */
export interface PlaceOrderOptions {
  idempotencyKey?: string | null;
  clientIp?: string | null;
  /** The shop's settings when the caller read them for this checkout (read by the flow otherwise). */
  settings?: SiteSettings;
  /** The currency the shopper pays in (common/currency.ts); none: the shop's own. */
  market?: Market | null;
}

/** Who is placing an order, as far as the limits care. */
export interface PlacementParty {
  /** The client's address; null when the caller has none (a script calling the service). */
  ip: string | null;
  /** The cart's owner key (`user:<id>` or `visitor:<id>`). */
  owner: string;
  email: string;
  phone: string;
}

/** An order attempt let through: placing it may go on. */
export interface OrderAdmission {
  replayId: null;
  /** The confirmation mail's count against its recipient's limit (used unless the recipient is a verified account's own address). */
  confirmation: RateDecision;
}

/**
 * The orders module's public service, `services.orders`: quotes, the shopper's orders, saved
 * addresses and card payment events. Placing an order and moving its status span the cart and the
 * inventory, so they are flows of their own (`services.checkout`, `services.orderMoves`). Reads throw
 * AppError not_found for an order the viewer may not see (never revealing that it exists).
 */
export interface OrdersService {
  /** Subtotal, discount, shipping options, tax and total for the shopper's cart, computed now, for a delivery address (and VAT number) when one is given. */
  quote(
    shopper: Shopper,
    options?: { shippingMethod?: string | null; address?: ShippingAddress; market?: Market | null; vatNumber?: string | null },
  ): Promise<CheckoutQuote>;
  /** The signed-in user's orders and this browser's guest orders, newest first. */
  listForShopper(shopper: Shopper): Promise<OrderSummary[]>;
  /** How many orders the account has placed (all statuses): the profile page and GET /api/auth/user/{uid} show it. */
  countForUser(userId: string): Promise<number>;
  /** Whether this customer (the account, else a guest by contact e-mail) has placed an order that was not cancelled, read on `k`. */
  hasOrdered(k: Executor, who: { userId: string | null; email: string | null }): Promise<boolean>;
  getOrder(orderId: string, viewer: OrderViewer): Promise<Order>;
  listAddresses(userId: string): Promise<SavedAddress[]>;
  /** Applies a verified card payment event to the order with its PaymentIntent (paid / failed; the first payment mails the shop); a repeated event id changes nothing. */
  recordCardPayment(event: CardPaymentEvent, onPaid?: (k: Executor, orderId: string) => Promise<void>): Promise<void>;
  /** Resolves once every order mail started so far has been sent (tests, shutdown). */
  idle(): Promise<void>;
}

/** One line of a new order, priced by the flow that places it (minor units). */
export interface NewOrderLine {
  productId: string;
  /** '' for a product without variants. */
  variantId: string;
  name: string;
  /** The name in the order's language, where it differs from `name`. */
  shopperName?: string | null;
  slug: string;
  image: string | null;
  color: string | null;
  size: string | null;
  sku: string | null;
  unitPrice: number;
  additionalPrice: number;
  discount: number;
  unitFinalPrice: number;
  shippingCost: number;
  quantity: number;
  lineTotal: number;
  /** The line's tax as charged, or null where no tax region covered the address. */
  tax: OrderLineTax | null;
  /** What promotions took off the line in all (it paid lineTotal − this). */
  promotionDiscount: number;
  /** The line buys gift cards (one per unit of unitFinalPrice). */
  giftCard?: boolean;
}

/** One promotion's discount on an order, as the order keeps it (minor units of its currency). */
export interface OrderDiscountEntry {
  promotionId: string;
  code: string | null;
  label: string;
  /** Off the lines and the shipping together, and of it off the shipping. */
  amount: number;
  shipping: number;
}

/** What one gift card paid for an order, as the order keeps it (minor units of its currency). */
export interface OrderGiftCardEntry {
  cardId: string;
  last4: string;
  amount: number;
}

/** The tax of an order line or of its shipping, minor units. */
export interface OrderLineTax {
  taxClass: string;
  /** Thousandths of a percent. */
  rateMilli: number;
  base: number;
  amount: number;
}

/** The order's tax as quoted in its transaction (server/modules/tax), the lines' own being on them. */
export interface NewOrderTax {
  pricesIncludeTax: boolean;
  reverseCharge: boolean;
  /** The region the rates came from; null: untaxed. */
  region: { country: string; region: string | null } | null;
  /** What the region calls its tax, or null for the plain "Tax". */
  name: string | null;
  taxTotal: number;
  /** The shipping's tax, or null (free, untaxed). */
  shipping: OrderLineTax | null;
}

/** Everything an order is created from: who, where to, how it is paid, its priced lines and totals (minor units). */
export interface NewOrder {
  shopper: Shopper;
  /** The checked input: contact, address (kept in the address book too with `saveAddress`), payment method, notes. */
  input: ValidPlaceOrderInput;
  zone: { id: string; name: string };
  /** `<owner>:<key>` of the request's Idempotency-Key, or null. */
  idempotencyKey: string | null;
  /** The shop's name: its initials are the order number's prefix when the settings name none. */
  siteName: string;
  /** The settings' order-number prefix ("" for the initials of the shop's name). */
  numberPrefix?: string;
  currency: string;
  /** Units of `currency` per unit of the shop's base currency when the order was placed (1 in the base currency). */
  exchangeRate: number;
  totals: { subtotal: number; discount: number; shipping: number; total: number };
  tax: NewOrderTax;
  /** What the promotions took off (none: empty). */
  discounts: OrderDiscountEntry[];
  /** What each gift card paid (none: empty); the order's total less them is charged by card or collected on delivery. */
  giftCards: OrderGiftCardEntry[];
  lines: NewOrderLine[];
}

/** What a status move may carry: a note for the timeline, and for shipping the courier and tracking number. */
export interface MoveOptions {
  note?: string | null;
  /** The courier's id from the settings' list (shipping by the shop). */
  courier?: string | null;
  trackingNumber?: string | null;
  /** The staff member behind a shop move: the timeline names them and the audit log gets an entry. */
  staff?: AuditActor | null;
  /** Mail the customer about the new status (default true). */
  notify?: boolean;
}

/** What a bulk move did to one order. */
export type BulkMoveResult =
  | { id: string; number: string | null; ok: true; from: OrderStatus; status: OrderStatus }
  | { id: string; number: string | null; ok: false; status: OrderStatus | null; error: string };

/** What a status move stores beside the new status. */
export interface StatusMoveDetails {
  note?: string | null;
  trackingNumber?: string | null;
  courier?: string | null;
  trackingUrl?: string | null;
  /** The staff member behind a shop move. */
  actorId?: string | null;
  actorEmail?: string | null;
}

/** Units an order holds of a product (and variant: '' for none). */
export interface OrderedUnits {
  productId: string;
  variantId: string;
  quantity: number;
}

/**
 * The orders module's own service (server/modules/orders/orders.service.ts): every read and write
 * of the orders' tables (orders, lines, events, addresses, payment events), the order mails,
 * tokens and limits. It calls no flow: placing and cancelling an order span the cart and the
 * inventory, so they are flows (server/flows) that call the steps below in their transaction.
 */
export interface OrdersModule extends OrdersService {
  /** The order with its lines and history as stored when this viewer may see it; not_found otherwise. */
  requireVisible(orderId: string, viewer: OrderViewer): Promise<OrderRecord>;
  /** The order with its lines and history as stored (on `k` when given), or null. */
  getRecord(orderId: string, k?: Executor): Promise<OrderRecord | null>;
  /** The order an idempotency key (already `<owner>:<key>`) created, if any. */
  getIdByKey(key: string): Promise<string | null>;
  /** The number and status of each of these orders that exists, in one read (a bulk move's report). */
  listStatuses(orderIds: string[]): Promise<Map<string, { number: string; status: OrderStatus }>>;
  /** An order as this viewer sees it (money in the major unit, the moves they may make now). */
  toOrder(record: OrderRecord, viewer: OrderActor): Order;
  /** The token of an order's guest link (the confirmation page opens with it, also without a session). */
  guestTokenFor(orderId: string): string;
  /**
   * Admits another order attempt by this party, or throws why not (rate limits, open orders per
   * contact); an idempotency key (already `<owner>:<key>`) that made an order before answers that
   * order's id instead, counting nothing. An admission carries the confirmation mail's count
   * against its recipient's limit (taken with the order's), for `mailConfirmation`.
   */
  admitOrReplay(party: PlacementParty, maxOpenOrders: number, idempotencyKey: string | null): Promise<{ replayId: string } | OrderAdmission>;
  /** In the caller's transaction: creates the order, its lines and first event (pending), and keeps the address when asked. */
  createOrder(k: Executor, order: NewOrder): Promise<OrderRecord>;
  /**
   * In the caller's transaction: moves the order to `to` when the transition table lets this actor,
   * only from the status read (a concurrent change wins: conflict), keeps a shipment's courier and
   * tracking link, marks cash on delivery paid on delivery, and records who moved it. Returns the
   * status it moved from. Only server/flows/move-order.ts calls it (the one move with its effects).
   */
  moveStatus(k: Executor, orderId: string, to: OrderStatus, actor: OrderActor, options?: StatusMoveDetails): Promise<OrderStatus>;
  /** In the caller's transaction: the units each line of the order holds (what a cancellation gives back). */
  listUnits(k: Executor, orderId: string): Promise<OrderedUnits[]>;
  /** In the caller's transaction (a cancel): what went back to the order's gift cards (minor units), kept on the order. */
  recordGiftCardReturn(k: Executor, orderId: string, amount: number): Promise<void>;
  /**
   * In the caller's transaction: claims the issue of the gift cards the order bought. True once per
   * order (the first caller, when it names a recipient, is paid, not cancelled, and none were
   * issued): of two moves racing, the second finds the claim taken and issues nothing.
   */
  claimGiftCardIssue(k: Executor, orderId: string): Promise<boolean>;
  /** In the caller's transaction: the cards issued for the order (last four characters and amount, minor units). */
  recordIssuedGiftCards(k: Executor, orderId: string, cards: Array<{ last4: string; amount: number }>): Promise<void>;
  /** Records the card payment's PaymentIntent on the order (in the caller's transaction when given). */
  setPaymentIntent(orderId: string, intentId: string, k?: Executor): Promise<void>;
  /**
   * Whether the confirmation may go to the order's contact address: a signed-in customer's own
   * confirmed address always, any other within the recipient's mail limit (the admission counted
   * it). Asked before the order's transaction.
   */
  admitConfirmation(contact: { userId: string | null; email: string }, admission: OrderAdmission): Promise<boolean>;
  /**
   * In the order's transaction: stores the customer's confirmation (when admitted) and the shop's
   * new-order mail (when asked, per the settings' notifyNewOrders) as jobs, kept exactly when the
   * transaction commits.
   */
  storeOrderMails(k: Executor, record: OrderRecord, settings: SiteSettings, mails: { confirmation: boolean; shop: boolean }): Promise<void>;
  /** Queues the customer's mail about a new status. */
  mailStatusChange(record: OrderRecord, to: OrderStatus): void;
}
