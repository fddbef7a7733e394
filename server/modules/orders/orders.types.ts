import type { Shopper } from "../../lib/shopper";
import type { CartView } from "../cart/cart.types";
import type { ShippingAddress, ZoneCoverage } from "../cart/shipping";
import type { CardPaymentEvent } from "../payments/payments.types";

/** Every order status; the transitions between them live in order-status.ts (one table). */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentMethod = "cod" | "card";
export type PaymentStatus = "unpaid" | "pending" | "paid" | "failed" | "refunded";
/** Who moved an order: the customer (cancel), the shop (admin), the system (payment webhooks). */
export type OrderActor = "customer" | "shop" | "system";

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
}

export interface OrderTotals {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  currency: string;
}

export interface OrderEvent {
  status: OrderStatus;
  actor: OrderActor;
  note: string | null;
  at: string;
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
  lines: OrderLine[];
  totals: OrderTotals;
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
  total: number;
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

/** A shipping zone priced for the shopper's cart, with the addresses it covers. */
export interface ShippingOption extends ZoneCoverage {
  id: string;
  name: string;
  /** What this option costs for the current cart (zone rate + per-product shipping; 0 when free). */
  cost: number;
  free: boolean;
}

export interface CheckoutQuote {
  /** The cart with its totals for `shippingMethod` (while no zone delivers to the address, shipping from the cheapest zone). */
  cart: CartView;
  /** Every zone of the shop, priced for this cart: the checkout offers those `zonesFor` picks for the address as typed. */
  shippingOptions: ShippingOption[];
  /** Ids of the zones that deliver to the quoted address, the most specific first (every zone when no address was given). */
  offered: string[];
  /** The zone the totals are for: the one asked for when it is offered, else the first offered; null when none is. */
  shippingMethod: string | null;
  /** "We don't ship to France yet." when no zone delivers to the quoted address. */
  unavailable: string | null;
  /** Lines to fix before the order can be placed (empty when ready). */
  problems: Array<{ lineId: string; name: string; message: string }>;
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

/** Who is looking at an order: its owner (user or the guest's browser), a bearer of its guest token, or an admin. */
export interface OrderViewer {
  shopper: Shopper;
  token?: string | null;
  isAdmin?: boolean;
}

/**
 * Orders for customers (server/modules/orders + server/flows). Reads throw AppError not_found for
 * an order the viewer may not see (never revealing that it exists).
 */
/** How an order is placed: its idempotency key, and the client's address the per-IP limit counts. */
export interface PlaceOrderOptions {
  idempotencyKey?: string | null;
  clientIp?: string | null;
}

export interface OrdersService {
  /** Subtotal, discount, shipping options and total for the shopper's cart, computed now, for a delivery address when one is given. */
  quote(shopper: Shopper, options?: { shippingMethod?: string | null; address?: ShippingAddress }): Promise<CheckoutQuote>;
  /** The place-order flow: one transaction (re-price, decrement stock conditionally, create order, lines and first event, empty the cart). */
  placeOrder(shopper: Shopper, input: PlaceOrderInput, options?: PlaceOrderOptions): Promise<PlaceOrderResult>;
  /** The signed-in user's orders and this browser's guest orders, newest first. */
  listForShopper(shopper: Shopper): Promise<OrderSummary[]>;
  /** How many orders the account has placed (all statuses): the profile page and GET /api/auth/user/{uid} show it. */
  countForUser(userId: string): Promise<number>;
  getOrder(orderId: string, viewer: OrderViewer): Promise<Order>;
  /** The cancel-order flow: pending → cancelled by its customer (or any cancellable status by the shop), returning the stock. */
  cancelOrder(orderId: string, viewer: OrderViewer): Promise<Order>;
  /** Moves an order along the transition table (the admin issue uses it); mails the customer. */
  transition(orderId: string, to: OrderStatus, actor: OrderActor, options?: { note?: string; trackingNumber?: string }): Promise<Order>;
  listAddresses(userId: string): Promise<SavedAddress[]>;
  /** Applies a verified card payment event to the order with its PaymentIntent (paid / failed); a repeated event id changes nothing. */
  recordCardPayment(event: CardPaymentEvent): Promise<void>;
  /** Resolves once every order mail started so far has been sent (tests, shutdown). */
  idle(): Promise<void>;
}
