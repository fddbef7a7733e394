import type { ColumnType } from "kysely";

/** Timestamps are written as ISO strings; PostgreSQL reads them back as Date, SQLite as string. */
export type Timestamp = ColumnType<Date | string, string, string>;

export interface CategoryTable {
  id: string;
  name: string;
  slug: string;
  image: string | null;
  parent_id: string | null;
  sort_order: number;
  created_at: Timestamp;
  /** 1: off the storefront's menus, listings and sitemap (migration 0011; decision record 0022). */
  hidden: ColumnType<number, number | undefined, number>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Bumped by every admin write, for stale-write checks. */
  version: ColumnType<number, number | undefined, number>;
}

/** A category's former slug (migration 0011): its old listing URL answers 301 to the category. */
export interface CategorySlugRedirectTable {
  old_slug: string;
  category_id: string;
  created_at: Timestamp;
}

export interface ProductTable {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  discount: number;
  /** The listed price: what a shopper pays for the cheapest variant in stock (catalog/pricing.ts listedPrice). */
  final_price: number;
  /** That variant's price before the discount. */
  list_price: ColumnType<number, number | undefined, number>;
  /** 1 when the buyable variants' prices differ ("From"). */
  price_varies: ColumnType<number, number | undefined, number>;
  /** JSON: colour name → its pictures (a subset of `images`, in order). */
  color_images: ColumnType<string, string | undefined, string>;
  category_id: string;
  subcategory_id: string | null;
  brand: string | null;
  sku: string | null;
  stock: number;
  shipping_cost: number;
  /** Only `active` products are listed, searched and sold; `archived` ones are withdrawn (migration 0010). */
  status: ProductStatus;
  images: string;
  /** JSON: the alt text of each picture of `images`, in the same order ('' where none was given). */
  image_alts: ColumnType<string, string | undefined, string>;
  specifications: string;
  /** Bumped by every admin write: a save that carries an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  /** One of the tax settings' classes; null: the settings' default class (migration 0027). */
  tax_class: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: buying it buys a gift card of its price, issued once the order is paid (migration 0037). */
  gift_card: ColumnType<number, number | undefined, number>;
  /** The published reviews' average in tenths, as shown (43: 4.3; 0 without reviews), and their count (migration 0043). */
  rating_tenths: ColumnType<number, number | undefined, number>;
  rating_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ProductStatus = "active" | "draft" | "archived";

/** A product's former slug (migration 0010): its old address answers 301 to the product's current one. */
export interface ProductSlugRedirectTable {
  old_slug: string;
  product_id: string;
  created_at: Timestamp;
}

export interface ProductVariantTable {
  id: string;
  product_id: string;
  color: string | null;
  color_hex: string | null;
  size: string | null;
  additional_price: number;
  stock: number;
  sku: string | null;
  sort_order: number;
}

/** A product's price fixed in a presentment currency, minor units of that currency (migration 0025). */
export interface ProductPriceTable {
  product_id: string;
  currency: string;
  price: number;
}

/** A product's texts in another language (migration 0026); null: not translated, the default language's shows. */
export interface ProductTranslationTable {
  product_id: string;
  language: string;
  name: string | null;
  description: string | null;
  /** JSON list of { name, value }. */
  specifications: string | null;
}

/** A category's texts in another language (migration 0026). */
export interface CategoryTranslationTable {
  category_id: string;
  language: string;
  name: string | null;
  description: string | null;
}

/** A banner's texts in another language (migration 0026). */
export interface BannerTranslationTable {
  banner_id: string;
  language: string;
  title: string | null;
  subtitle: string | null;
  alt: string | null;
}

export interface BannerTable {
  id: string;
  title: string;
  subtitle: string | null;
  image: string;
  link: string | null;
  sort_order: number;
  active: number;
  created_at: Timestamp;
  /** Alt text of the picture (migration 0011); '' for a decorative one. */
  alt: ColumnType<string, string | undefined, string>;
  /** The window in which an active banner shows; null: no bound. */
  starts_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  ends_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  ip: string | null;
  read_at: Timestamp | null;
  /** new, read, archived or spam (migration 0013). */
  status: ColumnType<string, string | undefined, string>;
  /** The language of the page it was sent from, which the shop's reply is written in (migration 0024). */
  language: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** A staff reply to a contact message, mailed to its sender (migration 0013). */
export interface ContactMessageReplyTable {
  id: string;
  message_id: string;
  text: string;
  author_id: string | null;
  author_email: string;
  created_at: Timestamp;
  /** When the mail left; null when it could not be sent. */
  mailed_at: Timestamp | null;
}

export interface CartTable {
  id: string;
  /** `user:<id>` or `visitor:<id>` */
  owner: string;
  /** The discount codes typed, a JSON list of upper-case codes (migration 0034). */
  discount_codes: ColumnType<string, string | undefined, string>;
  /** The gift cards applied, a JSON list of their ids in the order applied (migration 0036). */
  gift_cards: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartLineTable {
  id: string;
  cart_id: string;
  product_id: string;
  /** '' for a product without variants */
  variant_id: string;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A message for a cart's or wishlist's owner, shown once (e.g. a product they held was withdrawn; migration 0010). */
export interface ShopperNoticeTable {
  id: string;
  /** `user:<id>` or `visitor:<id>`, as carts and wishlists. */
  owner: string;
  message: string;
  created_at: Timestamp;
}

export interface WishlistItemTable {
  owner: string;
  product_id: string;
  created_at: Timestamp;
}

export interface AddressTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string | null;
  country: string;
  is_default: number;
  created_at: Timestamp;
}

export interface OrderTable {
  id: string;
  number: string;
  user_id: string | null;
  visitor_id: string | null;
  guest_token_hash: string;
  idempotency_key: string | null;
  status: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  /** JSON of OrderAddress */
  address: string;
  shipping_method: string;
  shipping_method_name: string;
  payment_method: string;
  payment_status: string;
  payment_intent_id: string | null;
  currency: string;
  /** Units of `currency` per unit of the base currency when the order was placed (migration 0025). */
  exchange_rate: ColumnType<number, number | undefined, number>;
  subtotal: number;
  discount_total: number;
  shipping_total: number;
  total: number;
  notes: string | null;
  tracking_number: string | null;
  /** The courier's name when shipped (migration 0012). */
  courier: string | null;
  /** The tracking link mailed to the customer, from the courier's template in the settings (migration 0012). */
  tracking_url: string | null;
  /** Sum of the order's refunds in minor units (migration 0014). */
  refunded_total: ColumnType<number, number | undefined, number>;
  /** The language the order was placed in, which its customer's mails are written in (migration 0024; common/i18n/languages.ts). */
  language: ColumnType<string, string | undefined, string>;
  /** The tax charged, minor units: in the lines and shipping where `prices_include_tax`, added to them otherwise (migration 0028). */
  tax_total: ColumnType<number, number | undefined, number>;
  /** 1: the prices included the tax (EU style). */
  prices_include_tax: ColumnType<number, number | undefined, number>;
  /** A business buyer's company name, and EU VAT number as printed (DE123456789). */
  company: string | null;
  vat_number: string | null;
  /** 1: a business buyer of another EU country owed the VAT (reverse charge): none was charged. */
  reverse_charge: ColumnType<number, number | undefined, number>;
  /** The tax region the rates came from (a country, and a state's code or a region's folded name), null when none covered the address. */
  tax_country: string | null;
  tax_region: string | null;
  /** What the region calls its tax on receipts ("VAT"), null for the plain "Tax". */
  tax_name: string | null;
  /** Whether its money is in the reports' roll-ups (a counted order, once they are summed). */
  in_rollups: ColumnType<number, number | undefined, number>;
  /** What promotions took off, minor units: lines and shipping together, and of it the shipping's (migration 0034). */
  promotion_discount: ColumnType<number, number | undefined, number>;
  shipping_discount: ColumnType<number, number | undefined, number>;
  /** JSON `[{promotionId, code, label, amount, shipping}]`: each promotion's discount, minor units. */
  discounts: ColumnType<string, string | undefined, string>;
  /** What gift cards paid, minor units (migration 0036): `total` − this was charged by card or collected on delivery. */
  gift_card_total: ColumnType<number, number | undefined, number>;
  /** What went back to the cards since (a cancel, refunds), minor units. */
  gift_card_refunded: ColumnType<number, number | undefined, number>;
  /** JSON `[{cardId, last4, amount}]`: what each card paid, minor units. */
  gift_cards: ColumnType<string, string | undefined, string>;
  /** JSON `{email, name, message}`: whom the gift cards it bought go to (migration 0037); null when it bought none. */
  gift_card_recipient: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `[{last4, amount}]`: the cards it bought, once issued; null until then (the issue happens once). */
  gift_cards_issued: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tax of one order line, or of the order's shipping (`order_line_id` null), as charged (migration 0028). */
export interface OrderTaxLineTable {
  id: string;
  order_id: string;
  order_line_id: string | null;
  tax_class: string;
  /** Thousandths of a percent (8.875 % = 8875). */
  rate_milli: number;
  /** The taxable amount without the tax, minor units. */
  base: number;
  amount: number;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  product_id: string;
  variant_id: string;
  name: string;
  slug: string;
  image: string | null;
  color: string | null;
  size: string | null;
  sku: string | null;
  unit_price: number;
  additional_price: number;
  discount: number;
  unit_final_price: number;
  shipping_cost: number;
  quantity: number;
  line_total: number;
  sort_order: number;
  /** The product's name in the order's language where it differs from `name` (migration 0032). */
  shopper_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** What promotions took off this line in all, minor units (migration 0034): it paid line_total − promotion_discount. */
  promotion_discount: ColumnType<number, number | undefined, number>;
  /** 1: the line bought gift cards, one per unit of its unit_final_price (migration 0037). */
  gift_card: ColumnType<number, number | undefined, number>;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  status: string;
  actor: string;
  note: string | null;
  /** The staff member who made a shop move (migration 0012), else null. */
  actor_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
}

/** A staff note on an order (migration 0012): internal, or sent to the customer. */
export interface OrderNoteTable {
  id: string;
  order_id: string;
  text: string;
  visible_to_customer: number;
  author_id: string | null;
  author_email: string;
  created_at: Timestamp;
}

export interface PaymentEventTable {
  id: string;
  type: string;
  order_id: string | null;
  received_at: Timestamp;
}

/** One admin write (migration 0009): who, what, which entity, the fields before/after, when, which request. */
export interface AuditLogTable {
  id: string;
  at: Timestamp;
  actor_id: string | null;
  /** The actor's e-mail at the time (kept when the account is gone). */
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON: { field: { before, after } } */
  changes: string | null;
  request_id: string | null;
}

/** A customer's return request on an order (migration 0014): requested → approved | refused; approved → received. */
export interface OrderReturnTable {
  id: string;
  order_id: string;
  status: string;
  reason: string;
  /** JSON: [{ lineId, quantity }] */
  lines: string;
  refusal_reason: string | null;
  requested_by: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  received_by: string | null;
  received_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Money given back on an order (migration 0014), in minor units. */
export interface OrderRefundTable {
  id: string;
  order_id: string;
  /** pending (reserved, the provider not answered yet) | succeeded */
  status: string;
  amount: number;
  shipping_amount: number;
  /** JSON: [{ lineId, quantity, amount }] */
  lines: string;
  reason: string;
  /** stripe | manual */
  method: string;
  provider_refund_id: string | null;
  idempotency_key: string;
  actor_id: string | null;
  actor_email: string;
  /** The part of `amount` that went back to the order's gift cards, minor units (migration 0036); the rest went to the payment. */
  gift_card_amount: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One raw event of the site analytics (migration 0016), kept for the settings' retention. */
export interface AnalyticsEventTable {
  /** The shop's local date, YYYY-MM-DD. */
  day: string;
  created_at: Timestamp;
  /** A hash of the address, browser and a salt of the day: one visitor for one day. */
  visitor: string;
  type: string;
  path: string;
  product_id: string | null;
  referrer: string | null;
  device: string;
  /** Minor units. */
  value: number | null;
  currency: string | null;
}

/** The figures of one rolled-up day, per metric and key (migration 0016). */
export interface AnalyticsDailyTable {
  day: string;
  metric: string;
  key: string;
  visitors: number;
  count: number;
  value: ColumnType<number, number | undefined, number>;
}

/** The random salt of a day's visitor hashes, deleted once the day is over (migration 0016). */
export interface AnalyticsSaltTable {
  day: string;
  salt: string;
}

/** When each kind of stock alert was last mailed (server/modules/inventory/low-stock-alert.ts). */
export interface StockAlertTable {
  kind: string;
  last_sent_at: Timestamp;
}

/** A background job (server/modules/jobs): queued, active (leased until `locked_until`), done or failed. */
export interface JobTable {
  id: string;
  name: string;
  /** JSON. */
  payload: string;
  state: "queued" | "active" | "done" | "failed";
  key: string | null;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An endpoint outgoing webhooks go to (server/modules/webhooks, migration 0023). */
export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string | null;
  /** JSON: the event names subscribed to. */
  events: string;
  active: number;
  /** whsec_ and the base64 of the signing key. */
  secret: string;
  failing_since: Timestamp | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A promotion (server/modules/promotions, migration 0033): percents in hundredths, money in minor units of the base currency. */
export interface PromotionTable {
  id: string;
  name: string;
  /** Upper case without spaces; null: automatic. */
  code: string | null;
  kind: string;
  percent_off: number | null;
  amount_off: number | null;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_percent: number | null;
  /** JSON lists; both empty: the whole order. */
  product_ids: string;
  category_slugs: string;
  min_subtotal: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  first_order_only: number;
  combinable: number;
  active: number;
  /** Orders placed with it. */
  uses: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An order placed with a promotion (migration 0033): money in minor units, of the order's currency and of the base currency. */
export interface PromotionUseTable {
  id: string;
  promotion_id: string;
  order_id: string;
  /** The account id, or the contact e-mail (lower case) of a guest. */
  customer_key: string;
  amount: number;
  base_amount: number;
  order_total_base: number;
  cancelled: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** A gift card (server/modules/giftcards, migration 0035): money in minor units of its own currency; the code only as its hash. */
export interface GiftCardTable {
  id: string;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  last4: string;
  currency: string;
  initial_amount: number;
  balance: number;
  expires_at: Timestamp | null;
  active: ColumnType<number, number | undefined, number>;
  recipient_email: string | null;
  note: string | null;
  /** The order that bought it, if one did. */
  source_order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One move of a gift card's balance (migration 0035): amount signed, minor units; the balance after it. */
export interface GiftCardLedgerTable {
  id: string;
  card_id: string;
  /** issue | redeem | refund | adjust | disable | enable */
  kind: string;
  amount: number;
  order_id: string | null;
  balance_after: number;
  /** The staff member's e-mail, or null for the shop's own move (an order's). */
  actor: string | null;
  created_at: Timestamp;
}

/** A buyer's review of a product (migration 0038): one per product and account. */
/** An order whose buyer was mailed the links to review what they received (migration 0040): once per order. */
export interface ReviewRequestTable {
  order_id: string;
  sent_at: Timestamp;
}

export interface ReviewTable {
  id: string;
  product_id: string;
  /** The author's account; null for a guest's review (migration 0040). */
  user_id: string | null;
  /** A guest author's e-mail address, lower case (migration 0040); null for an account's review. */
  guest_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The delivered order line that made the author a buyer. */
  order_line_id: string;
  /** The author's first name and initial, as the product page shows them. */
  author_name: string;
  rating: number;
  title: string;
  text: string;
  /** pending | published | hidden */
  status: string;
  /** Why moderation held it (JSON list: link, capitals, blocklist), or null. */
  held_for: string | null;
  reply: string | null;
  replied_at: Timestamp | null;
  /** The staff member's e-mail who wrote the reply. */
  replied_by: string | null;
  helpful_count: ColumnType<number, number | undefined, number>;
  /** The stored URLs of its photos (JSON list, kind `review`; migration 0039), or null for none. */
  photos: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An address that asked never to be mailed a review request again (migration 0044). */
export interface ReviewRequestStopTable {
  email: string;
  created_at: Timestamp;
}

/** Where a cart owner's reminders go and whether they agree to them (migration 0042, server/modules/reminders). */
export interface CartReminderContactTable {
  /** `user:<id>` or `visitor:<id>`, as carts. */
  owner: string;
  email: string;
  /** The language of the shopper's pages when they gave the address (the mail's language). */
  language: string;
  /** The currency their pages showed; null: the shop's own. */
  currency: string | null;
  /** 1: agreed; 0: withdrew (or unsubscribed). */
  consent: number;
  updated_at: Timestamp;
}

/** One cart reminder (migration 0042): claimed once per cart, idle period and sequence (1 first, 2 second). */
export interface CartReminderTable {
  id: string;
  cart_id: string;
  owner: string;
  email: string;
  sequence: number;
  /** The cart's last change when it was reminded: the idle period this reminder is for. */
  activity_at: Timestamp;
  /** The cart's lines then, a JSON list of `{productId, variantId, quantity}`. */
  lines: string;
  language: string;
  currency: string | null;
  created_at: Timestamp;
  /** When its mail was handed to the mailer; null while queued, or when the cart was bought or emptied first. */
  mailed_at: Timestamp | null;
  restored_at: Timestamp | null;
  /** The owner key of the browser that restored it first. */
  restored_by: string | null;
  /** An order or an unsubscribe ended its sequence. */
  closed_at: Timestamp | null;
  order_id: string | null;
  /** The order's total in minor units of the base currency. */
  order_total_base: number | null;
  ordered_at: Timestamp | null;
}

/** One "helpful" vote (migration 0038): one per review and voter (`user:<id>` or `visitor:<id>`). */
export interface ReviewVoteTable {
  review_id: string;
  voter: string;
  created_at: Timestamp;
}

/** A shopper's wait for a sold-out product or variant to come back (migration 0041, server/modules/alerts). */
export interface BackInStockAlertTable {
  id: string;
  product_id: string;
  variant_id: string | null;
  /** The variant's id, or '' for a product without variants (unique with the product and address). */
  variant_key: string;
  email: string;
  user_id: string | null;
  language: string;
  currency: string;
  token: string;
  /** pending (a guest has not confirmed), waiting, notified. */
  status: string;
  created_at: Timestamp;
  confirmed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  notified_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** When a customer was last mailed that a wished product's price fell (migration 0041). */
export interface PriceDropMailTable {
  user_id: string;
  product_id: string;
  sent_at: Timestamp;
}

/** An account's mail switches (migration 0041, server/modules/users): 1 on, 0 off. */
export interface UserPreferencesTable {
  user_id: string;
  price_drop_alerts: number;
  cart_reminders: number;
  updated_at: Timestamp;
}

/** One event sent to one endpoint (migration 0023): its id is the `webhook-id` of every try. */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  event: string;
  /** pending | delivered | failed */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  request_body: string;
  /** JSON: the last try's headers. */
  request_headers: string | null;
  response_status: number | null;
  /** The start of the last answer's body. */
  response_body: string | null;
  error: string | null;
  created_at: Timestamp;
  last_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
}

/** The tax a refund gave back: per part (an order line, "shipping", or null for a free amount) and rate, minor units. */
export interface RefundTaxLineTable {
  id: string;
  refund_id: string;
  order_id: string;
  part: string | null;
  rate_milli: number;
  base: number;
  amount: number;
}

/** Which time zone the reports' roll-ups are summed in (null: not summed yet). */
export interface ReportRollupStateTable {
  id: string;
  time_zone: string | null;
  built_at: string | null;
}

type Sum = ColumnType<number | string, number, number>;

/** The counted orders' money per local day, payment method and currency (base currency minor units unless said). */
export interface SalesRollupTable {
  day: string;
  payment_method: string;
  currency: string;
  orders: Sum;
  units: Sum;
  gross: Sum;
  discounts: Sum;
  shipping: Sum;
  tax: Sum;
  total: Sum;
  refunds: Sum;
  refunded_tax: Sum;
  net_ex_tax: Sum;
  /** On the order's day: its total less its refunds, in the order's currency, and in the base one. */
  sales: Sum;
  sales_in_base: Sum;
}

/** What each product sold per local day. */
export interface ProductRollupTable {
  day: string;
  product_id: string;
  units: Sum;
  gross: Sum;
  sales: Sum;
}

/** What each product sold per local month ("YYYY-MM"): the days' rows summed. */
export interface ProductMonthRollupTable {
  month: string;
  product_id: string;
  units: Sum;
  gross: Sum;
  sales: Sum;
}

/** Tax per local day, region and rate: charged on the order's day, refunded on the refund's; in the order's currency, and tax in the base one. */
export interface TaxRollupTable {
  day: string;
  country: string;
  region: string;
  rate_milli: number;
  reverse_charge: number;
  currency: string;
  base: Sum;
  tax: Sum;
  refunded_base: Sum;
  refunded_tax: Sum;
  tax_in_base: Sum;
  refunded_tax_in_base: Sum;
}

export interface Database {
  categories: CategoryTable;
  category_slug_redirects: CategorySlugRedirectTable;
  products: ProductTable;
  product_variants: ProductVariantTable;
  product_prices: ProductPriceTable;
  product_slug_redirects: ProductSlugRedirectTable;
  banners: BannerTable;
  product_translations: ProductTranslationTable;
  category_translations: CategoryTranslationTable;
  banner_translations: BannerTranslationTable;
  settings: SettingTable;
  contact_messages: ContactMessageTable;
  contact_message_replies: ContactMessageReplyTable;
  carts: CartTable;
  cart_lines: CartLineTable;
  wishlist_items: WishlistItemTable;
  cart_notices: ShopperNoticeTable;
  wishlist_notices: ShopperNoticeTable;
  addresses: AddressTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_tax_lines: OrderTaxLineTable;
  order_events: OrderEventTable;
  order_notes: OrderNoteTable;
  order_returns: OrderReturnTable;
  order_refunds: OrderRefundTable;
  refund_tax_lines: RefundTaxLineTable;
  report_rollups: ReportRollupStateTable;
  sales_rollups: SalesRollupTable;
  product_rollups: ProductRollupTable;
  product_month_rollups: ProductMonthRollupTable;
  tax_rollups: TaxRollupTable;
  payment_events: PaymentEventTable;
  audit_log: AuditLogTable;
  analytics_events: AnalyticsEventTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_salts: AnalyticsSaltTable;
  stock_alerts: StockAlertTable;
  jobs: JobTable;
  webhook_endpoints: WebhookEndpointTable;
  promotions: PromotionTable;
  promotion_uses: PromotionUseTable;
  gift_cards: GiftCardTable;
  gift_card_ledger: GiftCardLedgerTable;
  webhook_deliveries: WebhookDeliveryTable;
  reviews: ReviewTable;
  review_votes: ReviewVoteTable;
  back_in_stock_alerts: BackInStockAlertTable;
  price_drop_mails: PriceDropMailTable;
  user_preferences: UserPreferencesTable;
  cart_reminder_contacts: CartReminderContactTable;
  cart_reminders: CartReminderTable;
  review_requests: ReviewRequestTable;
  review_request_stops: ReviewRequestStopTable;
}
