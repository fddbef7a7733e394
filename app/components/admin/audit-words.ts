/**
 * How the audit log reads to a person: every action the server records (`<entity>.<verb>`) in
 * words, every field it records with a label and a kind (money as money, yes/no, a position),
 * and a value as one short line. The one place that turns the log's codes into words: the audit
 * log screen and a product's history both read through it, in the admin's language (`t`).
 */
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";

/** Every recorded action, in words. */
const ACTIONS: Record<string, MessageKey> = {
  "product.create": "admin.audit.action.product.create",
  "product.update": "admin.audit.action.product.update",
  "product.delete": "admin.audit.action.product.delete",
  "product.import": "admin.audit.action.product.import",
  "category.create": "admin.audit.action.category.create",
  "category.update": "admin.audit.action.category.update",
  "category.delete": "admin.audit.action.category.delete",
  "category.reorder": "admin.audit.action.category.reorder",
  "banner.create": "admin.audit.action.banner.create",
  "banner.update": "admin.audit.action.banner.update",
  "banner.delete": "admin.audit.action.banner.delete",
  "banner.reorder": "admin.audit.action.banner.reorder",
  "contact_message.status": "admin.audit.action.contact_message.status",
  "contact_message.reply": "admin.audit.action.contact_message.reply",
  "contact_message.delete": "admin.audit.action.contact_message.delete",
  "order.status": "admin.audit.action.order.status",
  "order.cancel": "admin.audit.action.order.cancel",
  "order.refund": "admin.audit.action.order.refund",
  "order.note": "admin.audit.action.order.note",
  "order.message": "admin.audit.action.order.message",
  "return.request": "admin.audit.action.return.request",
  "return.approve": "admin.audit.action.return.approve",
  "return.refuse": "admin.audit.action.return.refuse",
  "return.receive": "admin.audit.action.return.receive",
  "settings.update": "admin.audit.action.settings.update",
  "pixel.update": "admin.audit.action.pixel.update",
  "user.role": "admin.audit.action.user.role",
  "user.ban": "admin.audit.action.user.ban",
  "user.unban": "admin.audit.action.user.unban",
  "user.revoke": "admin.audit.action.user.revoke",
  "user.delete": "admin.audit.action.user.delete",
  "user.export": "admin.audit.action.user.export",
  "job.retry": "admin.audit.action.job.retry",
  "job.discard": "admin.audit.action.job.discard",
  "promotion.create": "admin.audit.action.promotion.create",
  "promotion.update": "admin.audit.action.promotion.update",
  "promotion.delete": "admin.audit.action.promotion.delete",
  "gift_card.issue": "admin.audit.action.gift_card.issue",
  "gift_card.disable": "admin.audit.action.gift_card.disable",
  "gift_card.enable": "admin.audit.action.gift_card.enable",
};

/** What each kind of entity is called. */
const ENTITIES: Record<string, MessageKey> = {
  product: "admin.audit.entity.product",
  category: "admin.audit.entity.category",
  banner: "admin.audit.entity.banner",
  contact_message: "admin.audit.entity.contact_message",
  order: "admin.audit.entity.order",
  settings: "admin.audit.entity.settings",
  user: "admin.audit.entity.user",
  catalog: "admin.audit.entity.catalog",
  job: "admin.audit.entity.job",
  promotion: "admin.audit.entity.promotion",
  gift_card: "admin.audit.entity.gift_card",
};

/** "contact_message" → "contact message"; "shippingCost" → "shipping cost". */
const words = (code: string) =>
  code
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase()
    .trim();

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An action in words: "pixel.update" → "Updated tracking pixel"; one the table lacks reads "Product: duplicate". */
export function actionLabel(action: string, t: Translate): string {
  const known = ACTIONS[action];
  if (known) return t(known);
  const dot = action.indexOf(".");
  if (dot < 0) return capitalise(words(action));
  return `${capitalise(entityLabel(action.slice(0, dot), t))}: ${words(action.slice(dot + 1))}`;
}

/** An entity type in words ("contact_message" → "contact message"). */
export function entityLabel(entityType: string, t: Translate): string {
  const known = ENTITIES[entityType];
  return known ? t(known) : words(entityType);
}

/** The kinds of values that do not read as they are stored. */
type Kind = "money" | "percent" | "position" | "pictures" | "picture" | "text" | "promotionKind";

/** A promotion's kind in words, as its form names it. */
const PROMOTION_KINDS: Record<string, MessageKey> = {
  percentage: "admin.promotions.kind.percentage",
  fixed_amount: "admin.promotions.kind.fixedAmount",
  free_shipping: "admin.promotions.kind.freeShipping",
  buy_x_get_y: "admin.promotions.kind.buyXGetY",
};

/** Every recorded field with its label, and its kind when it is not plain text. */
const FIELDS: Record<string, { label: MessageKey; kind?: Kind }> = {
  name: { label: "admin.audit.field.name" },
  slug: { label: "admin.audit.field.slug" },
  description: { label: "admin.audit.field.description" },
  brand: { label: "admin.audit.field.brand" },
  sku: { label: "admin.audit.field.sku" },
  price: { label: "admin.audit.field.price", kind: "money" },
  discount: { label: "admin.audit.field.discount", kind: "percent" },
  shippingCost: { label: "admin.audit.field.shippingCost", kind: "money" },
  taxClass: { label: "admin.audit.field.taxClass" },
  giftCard: { label: "admin.audit.field.giftCard" },
  status: { label: "admin.audit.field.status" },
  image: { label: "admin.audit.field.image", kind: "pictures" },
  imageAlt: { label: "admin.audit.field.imageAlt" },
  colorImages: { label: "admin.audit.field.colorImages" },
  specifications: { label: "admin.audit.field.specifications" },
  category: { label: "admin.audit.field.category" },
  subCategory: { label: "admin.audit.field.subCategory" },
  stock: { label: "admin.audit.field.stock" },
  variants: { label: "admin.audit.field.variants" },
  parentId: { label: "admin.audit.field.parentId" },
  sortOrder: { label: "admin.audit.field.sortOrder", kind: "position" },
  hidden: { label: "admin.audit.field.hidden" },
  movedTo: { label: "admin.audit.field.movedTo" },
  title: { label: "admin.audit.field.title" },
  subtitle: { label: "admin.audit.field.subtitle" },
  alt: { label: "admin.audit.field.alt" },
  link: { label: "admin.audit.field.link" },
  active: { label: "admin.audit.field.active" },
  startsAt: { label: "admin.audit.field.startsAt" },
  endsAt: { label: "admin.audit.field.endsAt" },
  email: { label: "admin.audit.field.email" },
  subject: { label: "admin.audit.field.subject" },
  reply: { label: "admin.audit.field.reply", kind: "text" },
  note: { label: "admin.audit.field.note", kind: "text" },
  refunded: { label: "admin.audit.field.refunded", kind: "money" },
  refund: { label: "admin.audit.field.refund" },
  amount: { label: "admin.audit.field.amount", kind: "money" },
  method: { label: "admin.audit.field.method" },
  reason: { label: "admin.audit.field.reason" },
  paymentStatus: { label: "admin.audit.field.paymentStatus" },
  pixelId: { label: "admin.audit.field.pixelId" },
  role: { label: "admin.audit.field.role" },
  permissions: { label: "admin.audit.field.permissions" },
  banned: { label: "admin.audit.field.banned" },
  banReason: { label: "admin.audit.field.banReason" },
  banExpires: { label: "admin.audit.field.banExpires" },
  session: { label: "admin.audit.field.session" },
  account: { label: "admin.audit.field.account" },
  ordersKept: { label: "admin.audit.field.ordersKept" },
  created: { label: "admin.audit.field.created" },
  updated: { label: "admin.audit.field.updated" },
  unchanged: { label: "admin.audit.field.unchanged" },
  siteName: { label: "admin.audit.field.siteName" },
  tagline: { label: "admin.audit.field.tagline" },
  logo: { label: "admin.audit.field.logo", kind: "picture" },
  favicon: { label: "admin.audit.field.favicon", kind: "picture" },
  currency: { label: "admin.audit.field.currency" },
  locale: { label: "admin.audit.field.locale" },
  contactEmail: { label: "admin.audit.field.contactEmail" },
  contactPhone: { label: "admin.audit.field.contactPhone" },
  address: { label: "admin.audit.field.address" },
  country: { label: "admin.audit.field.country" },
  socialLinks: { label: "admin.audit.field.socialLinks" },
  liveChat: { label: "admin.audit.field.liveChat" },
  announcement: { label: "admin.audit.field.announcement" },
  cashOnDelivery: { label: "admin.audit.field.cashOnDelivery" },
  orderNumberPrefix: { label: "admin.audit.field.orderNumberPrefix" },
  freeShippingThreshold: { label: "admin.audit.field.freeShippingThreshold", kind: "money" },
  shippingZones: { label: "admin.audit.field.shippingZones" },
  maxQuantityPerOrder: { label: "admin.audit.field.maxQuantityPerOrder" },
  maxOpenOrdersPerContact: { label: "admin.audit.field.maxOpenOrdersPerContact" },
  couriers: { label: "admin.audit.field.couriers" },
  code: { label: "admin.audit.field.code" },
  kind: { label: "admin.audit.field.kind", kind: "promotionKind" },
  value: { label: "admin.audit.field.value" },
  buyQuantity: { label: "admin.audit.field.buyQuantity" },
  getQuantity: { label: "admin.audit.field.getQuantity" },
  getPercent: { label: "admin.audit.field.getPercent", kind: "percent" },
  productIds: { label: "admin.audit.field.productIds" },
  categorySlugs: { label: "admin.audit.field.categorySlugs" },
  minSubtotal: { label: "admin.audit.field.minSubtotal", kind: "money" },
  usageLimit: { label: "admin.audit.field.usageLimit" },
  usageLimitPerCustomer: { label: "admin.audit.field.usageLimitPerCustomer" },
  firstOrderOnly: { label: "admin.audit.field.firstOrderOnly" },
  combinable: { label: "admin.audit.field.combinable" },
};

/** A field's label: "shippingCost" → "Shipping cost"; one the table lacks is its name in words ("return r1" → "Return r1"). */
export function fieldLabel(field: string, t: Translate): string {
  const known = FIELDS[field]?.label;
  return known ? t(known) : capitalise(words(field));
}

/** Formats an amount in the shop's major unit (12.5) as money. */
export type MoneyFormat = (amount: number) => string;

// Rich text (a product's description) reads as its words, not its tags.
const plainText = (value: string) =>
  /<\/?[a-z][^>]*>/i.test(value)
    ? value
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : value;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// A moment as the server stores it (a ban's end, a date of a record): read as a date and time.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const timeText = (iso: string) => `${new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;

/** One value in words, uncut: by its field's kind, then by its type. */
function valueText(value: unknown, field: string, money: MoneyFormat, t: Translate): string {
  if (value === null || value === undefined || value === "") return t("admin.import.none");
  const kind = FIELDS[field]?.kind;
  if (typeof value === "boolean") return value ? t("admin.audit.yes") : t("admin.audit.no");
  if (typeof value === "number") {
    if (kind === "money") return money(value);
    if (kind === "percent") return `${value}%`;
    if (kind === "position") return `${value + 1}`;
    return value.toLocaleString("en");
  }
  if (typeof value === "string" && kind === "promotionKind" && PROMOTION_KINDS[value]) return t(PROMOTION_KINDS[value]);
  if (typeof value === "string") return kind === "picture" ? t("admin.audit.aPicture") : ISO_TIME.test(value) ? timeText(value) : plainText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return t("admin.import.none");
    if (kind === "pictures") return t("admin.audit.pictures", { count: value.length });
    // A list of pairs (specifications: { name, value }) reads as "name: value".
    if (value.every((v) => isRecord(v) && "name" in v && "value" in v))
      return value.map((v) => `${String((v as { name: unknown }).name)}: ${String((v as { value: unknown }).value)}`).join("; ");
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) return value.map((v) => valueText(v, field, money, t)).join(", ");
    return t("admin.audit.items", { count: value.length });
  }
  if (isRecord(value)) {
    // A record (a refund, social links): its filled fields, each labelled; ids are left out.
    const parts = Object.entries(value)
      .filter(([key, v]) => v !== null && v !== undefined && v !== "" && !/(^id$|Id$)/.test(key))
      .map(([key, v]) => `${fieldLabel(key, t).toLowerCase()} ${valueText(v, key, money, t)}`);
    return parts.length ? parts.join(", ") : t("admin.import.none");
  }
  return String(value);
}

/**
 * A recorded value as one short line a person reads: money as money, yes/no, a position counted
 * from 1, rich text without its tags, a list joined, a record's fields labelled; "none" for no
 * value; cut at `max` characters with an ellipsis.
 */
export function auditValue(value: unknown, field: string, money: MoneyFormat, t: Translate, max = 80): string {
  return cut(valueText(value, field, money, t), max);
}
