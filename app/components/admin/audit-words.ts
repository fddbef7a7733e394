/**
 * How the audit log reads to a person: every action the server records (`<entity>.<verb>`) in
 * words, every field it records with a label and a kind (money as money, yes/no, a position),
 * and a value as one short line. The one place that turns the log's codes into words: the audit
 * log screen and a product's history both read through it.
 */

/** Every recorded action, in words. */
const ACTIONS: Record<string, string> = {
  "product.create": "Created product",
  "product.update": "Updated product",
  "product.delete": "Deleted product",
  "product.import": "Imported products from CSV",
  "category.create": "Created category",
  "category.update": "Updated category",
  "category.delete": "Deleted category",
  "category.reorder": "Moved category in the menu",
  "banner.create": "Created banner",
  "banner.update": "Updated banner",
  "banner.delete": "Deleted banner",
  "banner.reorder": "Moved banner in the carousel",
  "contact_message.status": "Changed message status",
  "contact_message.reply": "Replied to message",
  "contact_message.delete": "Deleted message",
  "order.status": "Changed order status",
  "order.cancel": "Cancelled order",
  "order.refund": "Refunded order",
  "order.note": "Added internal note to order",
  "order.message": "Sent message to customer",
  "return.request": "Opened return",
  "return.approve": "Approved return",
  "return.refuse": "Refused return",
  "return.receive": "Received returned items",
  "settings.update": "Updated site settings",
  "pixel.update": "Updated tracking pixel",
  "user.role": "Changed role and permissions",
  "user.ban": "Banned user",
  "user.unban": "Lifted ban",
  "user.revoke": "Signed out a device",
  "user.delete": "Deleted account",
  "user.export": "Exported account data",
  "job.retry": "Retried a failed background job",
  "job.discard": "Discarded a failed background job",
};

/** What each kind of entity is called. */
const ENTITIES: Record<string, string> = {
  product: "product",
  category: "category",
  banner: "banner",
  contact_message: "contact message",
  order: "order",
  settings: "settings",
  user: "user",
  catalog: "catalogue",
  job: "background job",
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
export function actionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const dot = action.indexOf(".");
  if (dot < 0) return capitalise(words(action));
  return `${capitalise(entityLabel(action.slice(0, dot)))}: ${words(action.slice(dot + 1))}`;
}

/** An entity type in words ("contact_message" → "contact message"). */
export function entityLabel(entityType: string): string {
  return ENTITIES[entityType] ?? words(entityType);
}

/** The kinds of values that do not read as they are stored. */
type Kind = "money" | "percent" | "position" | "pictures" | "picture" | "text";

/** Every recorded field with its label, and its kind when it is not plain text. */
const FIELDS: Record<string, { label: string; kind?: Kind }> = {
  name: { label: "Name" },
  slug: { label: "Address" },
  description: { label: "Description" },
  brand: { label: "Brand" },
  sku: { label: "SKU" },
  price: { label: "Price", kind: "money" },
  discount: { label: "Discount", kind: "percent" },
  shippingCost: { label: "Shipping cost", kind: "money" },
  status: { label: "Status" },
  image: { label: "Picture", kind: "pictures" },
  imageAlt: { label: "Picture descriptions" },
  colorImages: { label: "Colour pictures" },
  specifications: { label: "Specifications" },
  category: { label: "Category" },
  subCategory: { label: "Sub-category" },
  stock: { label: "Stock" },
  variants: { label: "Variants" },
  parentId: { label: "Parent category" },
  sortOrder: { label: "Position", kind: "position" },
  hidden: { label: "Hidden" },
  movedTo: { label: "Products moved to" },
  title: { label: "Title" },
  subtitle: { label: "Subtitle" },
  alt: { label: "Picture description" },
  link: { label: "Link" },
  active: { label: "Active" },
  startsAt: { label: "Starts" },
  endsAt: { label: "Ends" },
  email: { label: "E-mail" },
  subject: { label: "Subject" },
  reply: { label: "Reply", kind: "text" },
  note: { label: "Note", kind: "text" },
  refunded: { label: "Refunded in total", kind: "money" },
  refund: { label: "Refund" },
  amount: { label: "Amount", kind: "money" },
  method: { label: "Method" },
  reason: { label: "Reason" },
  paymentStatus: { label: "Payment" },
  pixelId: { label: "Pixel id" },
  role: { label: "Role" },
  permissions: { label: "Permissions" },
  banned: { label: "Banned" },
  banReason: { label: "Ban reason" },
  banExpires: { label: "Ban ends" },
  session: { label: "Signed-in device" },
  account: { label: "Account" },
  ordersKept: { label: "Orders kept" },
  created: { label: "Created" },
  updated: { label: "Updated" },
  unchanged: { label: "Unchanged" },
  siteName: { label: "Shop name" },
  tagline: { label: "Tagline" },
  logo: { label: "Logo", kind: "picture" },
  favicon: { label: "Favicon", kind: "picture" },
  currency: { label: "Currency" },
  locale: { label: "Language and format" },
  contactEmail: { label: "Contact e-mail" },
  contactPhone: { label: "Contact phone" },
  address: { label: "Address" },
  country: { label: "Country" },
  socialLinks: { label: "Social links" },
  liveChat: { label: "Live chat" },
  announcement: { label: "Announcement" },
  cashOnDelivery: { label: "Cash on delivery" },
  orderNumberPrefix: { label: "Order number prefix" },
  freeShippingThreshold: { label: "Free shipping from", kind: "money" },
  shippingZones: { label: "Delivery zones" },
  maxQuantityPerOrder: { label: "Most of one product per order" },
  maxOpenOrdersPerContact: { label: "Most open orders per customer" },
  couriers: { label: "Couriers" },
};

/** A field's label: "shippingCost" → "Shipping cost"; one the table lacks is its name in words ("return r1" → "Return r1"). */
export function fieldLabel(field: string): string {
  return FIELDS[field]?.label ?? capitalise(words(field));
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
function valueText(value: unknown, field: string, money: MoneyFormat): string {
  if (value === null || value === undefined || value === "") return "none";
  const kind = FIELDS[field]?.kind;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    if (kind === "money") return money(value);
    if (kind === "percent") return `${value}%`;
    if (kind === "position") return `${value + 1}`;
    return value.toLocaleString("en");
  }
  if (typeof value === "string") return kind === "picture" ? "a picture" : ISO_TIME.test(value) ? timeText(value) : plainText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (kind === "pictures") return value.length === 1 ? "1 picture" : `${value.length} pictures`;
    // A list of pairs (specifications: { name, value }) reads as "name: value".
    if (value.every((v) => isRecord(v) && "name" in v && "value" in v))
      return value.map((v) => `${String((v as { name: unknown }).name)}: ${String((v as { value: unknown }).value)}`).join("; ");
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) return value.map((v) => valueText(v, field, money)).join(", ");
    return value.length === 1 ? "1 item" : `${value.length} items`;
  }
  if (isRecord(value)) {
    // A record (a refund, social links): its filled fields, each labelled; ids are left out.
    const parts = Object.entries(value)
      .filter(([key, v]) => v !== null && v !== undefined && v !== "" && !/(^id$|Id$)/.test(key))
      .map(([key, v]) => `${fieldLabel(key).toLowerCase()} ${valueText(v, key, money)}`);
    return parts.length ? parts.join(", ") : "none";
  }
  return String(value);
}

/**
 * A recorded value as one short line a person reads: money as money, yes/no, a position counted
 * from 1, rich text without its tags, a list joined, a record's fields labelled; "none" for no
 * value; cut at `max` characters with an ellipsis.
 */
export function auditValue(value: unknown, field: string, money: MoneyFormat, max = 80): string {
  return cut(valueText(value, field, money), max);
}
