import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import type { Database } from "../db/schema";
import { localDateOf, localMidnight } from "#common/calendar";
import { computeTotals } from "#modules/cart";
import { variantPrice } from "#modules/catalog";
import type { SiteSettings } from "#common/content/content.schema";
import { newOrderNumber, orderPrefix } from "#modules/orders";
import { SHIPPING_KEY, quoteTax } from "#modules/tax";
import { createRandom, hashString } from "./random";

// The demo shop's past: a few weeks of orders and of visits, so the dashboard, the sales report,
// the order desk and the site analytics show something on the first start.

/** Days of history before the seed's moment. */
export const PAST_DAYS = 35;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type ProductRow = Insertable<Database["products"]>;
type VariantRow = Insertable<Database["product_variants"]>;

export interface PastRows {
  orders: Array<Insertable<Database["orders"]>>;
  lines: Array<Insertable<Database["order_lines"]>>;
  events: Array<Insertable<Database["order_events"]>>;
  /** Each order's tax per line (and shipping), as the tax module charges it for the customer's state. */
  taxLines: Array<Insertable<Database["order_tax_lines"]>>;
  visits: Array<Insertable<Database["analytics_events"]>>;
}

const CUSTOMERS = [
  ["Olivia Bennett", "Portland", "OR", "97205"],
  ["Liam Carter", "Seattle", "WA", "98101"],
  ["Emma Nguyen", "Portland", "OR", "97209"],
  ["Noah Patel", "Austin", "TX", "78701"],
  ["Ava Rodriguez", "Denver", "CO", "80202"],
  ["Ethan Kim", "Chicago", "IL", "60601"],
  ["Sophia Müller", "Boston", "MA", "02108"],
  ["Mason Brooks", "Portland", "OR", "97214"],
  ["Isabella Rossi", "San Diego", "CA", "92101"],
  ["Lucas Johnson", "Atlanta", "GA", "30303"],
  ["Mia Thompson", "Eugene", "OR", "97401"],
  ["James O'Connor", "New York", "NY", "10001"],
  ["Amelia Davis", "Phoenix", "AZ", "85004"],
  ["Benjamin Lee", "Portland", "OR", "97217"],
  ["Harper Wilson", "Minneapolis", "MN", "55401"],
  ["Elijah Martin", "Salem", "OR", "97301"],
  ["Charlotte García", "Miami", "FL", "33130"],
  ["Henry Clark", "Nashville", "TN", "37203"],
  ["Evelyn Wright", "Sacramento", "CA", "95814"],
  ["Jack Turner", "Portland", "OR", "97212"],
] as const;
const STREETS = ["Oak Street", "Maple Avenue", "Cedar Lane", "Pine Road", "Elm Street", "Birch Way", "Willow Drive", "Lake Shore Drive"];
const NOTES = ["Please leave it at the door.", "Ring twice, the bell is quiet.", "A gift: no invoice in the parcel, please.", "Deliver after 5 pm if you can."];
const REFERRERS: ReadonlyArray<readonly [string | null, number]> = [
  [null, 5],
  ["www.google.com", 4],
  ["www.instagram.com", 2],
  ["www.facebook.com", 1],
  ["duckduckgo.com", 1],
];
const DEVICES: ReadonlyArray<readonly [string, number]> = [
  ["mobile", 6],
  ["desktop", 4],
  ["tablet", 1],
];

/** How far along an order of this age is: each step after a delay, unless it was cancelled or still waits for the shop. */
function stepsOf(
  ageMs: number,
  cancelled: boolean,
  late: number,
  waiting: boolean,
): Array<{ status: string; atMs: number; actor: string; note: string | null }> {
  const steps = [{ status: "pending", atMs: 0, actor: "customer", note: null as string | null }];
  if (cancelled) {
    const atMs = Math.min(ageMs, 6 * HOUR);
    steps.push({
      status: "cancelled",
      atMs,
      actor: late % 2 ? "customer" : "shop",
      note: late % 2 ? null : "Out of stock at the supplier; the customer was told.",
    });
    return steps;
  }
  if (waiting) return steps;
  const plan: Array<[string, number]> = [
    ["processing", (8 + late * 5) * HOUR],
    ["shipped", (26 + late * 4) * HOUR],
    ["delivered", (74 + late * 12) * HOUR],
    ["completed", (9 * 24 + late * 12) * HOUR],
  ];
  for (const [status, atMs] of plan) if (atMs < ageMs) steps.push({ status, atMs, actor: "shop", note: null });
  return steps;
}

/**
 * A few weeks of orders (cash on delivery, guests of several cities, every status by its age) over
 * the given active products and variants, priced and totalled by the shop's own price and total
 * rules with the settings, and the visits of those days (page views, product views, carts,
 * checkouts, and each order's `order_placed`). The stock in the catalogue is what these orders
 * left. Deterministic but for the ids.
 */
export function planPastOrders(input: {
  products: ProductRow[];
  variants: VariantRow[];
  settings: SiteSettings;
  nowMs: number;
  newId: () => string;
}): PastRows {
  const { settings, nowMs, newId } = input;
  const random = createRandom(hashString("past-orders"));
  const products = input.products.filter((p) => p.status === "active");
  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of input.variants) (variantsOf.get(v.product_id) ?? variantsOf.set(v.product_id, []).get(v.product_id)!).push(v);
  const out: PastRows = { orders: [], lines: [], events: [], taxLines: [], visits: [] };
  if (!products.length) return out;
  const prefix = orderPrefix(settings.siteName, settings.orderNumberPrefix);
  const courier = settings.couriers[0];
  const number = () => newOrderNumber(prefix, (n) => random.int(0, n - 1));
  // Best sellers: a few products are bought far more often than the rest.
  const favourites = random.sample(products, Math.min(8, products.length));

  // The history ends at the start of the shop's today: today's figures are today's own.
  const until = localMidnight(settings.timeZone, localDateOf(settings.timeZone, nowMs));
  for (let back = PAST_DAYS; back >= 1; back--) {
    const dayStart = until - (back - 1) * DAY;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    // Slowly growing sales, busier at weekends.
    const count = random.int(0, 2) + (weekend ? 2 : 1) + (back < PAST_DAYS / 2 ? 1 : 0);
    const buyers: Array<{ atMs: number; productIds: string[]; total: number }> = [];
    for (let n = 0; n < count; n++) {
      const createdMs = dayStart - random.int(1, 20) * HOUR - random.int(0, 59) * 60_000;
      const ageMs = nowMs - createdMs;
      const [name, city, region, postalCode] = random.pick(CUSTOMERS);
      const zone =
        settings.shippingZones.find((z) => city === "Portland" && z.cities.includes(city)) ?? settings.shippingZones[settings.shippingZones.length - 1]!;
      const orderId = newId();
      const chosen = new Set<ProductRow>();
      const lineCount = random.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const);
      while (chosen.size < Math.min(lineCount, products.length)) chosen.add(random.chance(0.5) ? random.pick(favourites) : random.pick(products));
      const lines = [...chosen].map((p, i) => {
        const variants = (variantsOf.get(p.id!) ?? []).filter((v) => (v.stock ?? 0) > 0);
        const variant = variants.length ? random.pick(variants) : null;
        const additional = variant?.additional_price ?? 0;
        const { price, finalPrice } = variantPrice(p.price!, additional, p.discount);
        const quantity = random.weighted([
          [1, 8],
          [2, 2],
        ] as const);
        const images = JSON.parse(String(p.images ?? "[]")) as string[];
        return {
          id: newId(),
          order_id: orderId,
          product_id: p.id!,
          variant_id: variant?.id ?? "",
          name: p.name!,
          slug: p.slug!,
          image: images[0] ?? null,
          color: variant?.color ?? null,
          size: variant?.size ?? null,
          sku: variant?.sku ?? p.sku ?? null,
          unit_price: price,
          additional_price: additional,
          discount: p.discount ?? 0,
          unit_final_price: finalPrice,
          shipping_cost: p.shipping_cost ?? 0,
          quantity,
          line_total: finalPrice * quantity,
          sort_order: i,
        };
      });
      const totals = computeTotals(
        lines.map((l) => ({ price: l.unit_price, finalPrice: l.unit_final_price, shippingCost: l.shipping_cost, quantity: l.quantity })),
        settings,
        zone.id,
      );
      // The tax of the customer's state on it, as checkout would have charged it.
      const classOf = new Map([...chosen].map((p) => [p.id!, p.tax_class ?? null]));
      const tax = quoteTax(
        {
          lines: lines.map((l) => ({ key: l.id, taxClass: classOf.get(l.product_id) ?? null, amount: l.line_total })),
          shipping: totals.shipping,
          address: { country: "US", region },
        },
        { country: settings.country, taxes: settings.taxes },
      );
      const total = totals.total + tax.added;
      if (tax.region) {
        for (const t of tax.lines)
          out.taxLines.push({
            id: newId(),
            order_id: orderId,
            order_line_id: t.key === SHIPPING_KEY ? null : t.key,
            tax_class: t.taxClass,
            rate_milli: t.rateMilli,
            base: t.base,
            amount: t.amount,
          });
      }
      // A few are cancelled (one always, so the desk shows one).
      const cancelled = random.chance(0.06) || (back === 9 && n === 0);
      // Yesterday's orders wait for the shop in part (its first one always): the order desk has work.
      const waiting = back === 1 && (n === 0 || random.chance(0.4));
      const steps = stepsOf(ageMs, cancelled && !waiting, random.int(0, 3), waiting);
      const last = steps[steps.length - 1]!;
      const tracking = steps.some((s) => s.status === "shipped") ? `1Z${String(random.int(10_000_000, 99_999_999))}${String(random.int(1000, 9999))}` : null;
      const email = `${name
        .split(" ")[0]!
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^a-z]/g, "")}.${name
        .split(" ")[1]!
        .toLowerCase()
        .replace(/[^a-z]/g, "")}@example.com`;
      const at = (ms: number) => new Date(createdMs + ms).toISOString();
      out.orders.push({
        id: orderId,
        number: number(),
        user_id: null,
        visitor_id: null,
        // Nobody holds the link of a seeded order: a hash of nothing anyone has.
        guest_token_hash: createHash("sha256").update(newId()).digest("hex"),
        idempotency_key: null,
        status: last.status,
        contact_name: name,
        contact_email: email,
        contact_phone: `+1 555 01${String(random.int(10, 99))}`,
        address: JSON.stringify({ line1: `${random.int(10, 2400)} ${random.pick(STREETS)}`, line2: null, city, region, postalCode, country: "US" }),
        shipping_method: zone.id,
        shipping_method_name: zone.name,
        payment_method: "cod",
        // Cash on delivery is paid when the parcel is handed over.
        payment_status: steps.some((s) => s.status === "delivered") ? "paid" : "unpaid",
        payment_intent_id: null,
        currency: settings.currency,
        subtotal: totals.subtotal,
        discount_total: totals.discount,
        shipping_total: totals.shipping,
        total,
        tax_total: tax.taxTotal,
        prices_include_tax: tax.pricesIncludeTax ? 1 : 0,
        reverse_charge: 0,
        tax_country: tax.region?.country ?? null,
        tax_region: tax.region?.region ?? null,
        tax_name: tax.taxLines[0]?.name ?? null,
        notes: random.chance(0.15) ? random.pick(NOTES) : null,
        tracking_number: tracking,
        courier: tracking && courier ? courier.name : null,
        tracking_url: tracking && courier ? courier.trackingUrl.replace("{tracking}", tracking) : null,
        refunded_total: 0,
        created_at: at(0),
        updated_at: at(last.atMs),
      });
      out.lines.push(...lines);
      for (const s of steps)
        out.events.push({
          id: newId(),
          order_id: orderId,
          status: s.status,
          actor: s.actor,
          note: s.note,
          actor_id: null,
          actor_email: null,
          created_at: at(s.atMs),
        });
      buyers.push({ atMs: createdMs, productIds: lines.map((l) => l.product_id), total });
    }
    out.visits.push(...visitsOf(settings.timeZone, dayStart, buyers, products, settings.currency, random));
  }
  return out;
}

/** One day's visits: browsers that look around and leave, some that add to the cart, and the day's buyers. */
function visitsOf(
  timeZone: string,
  dayStart: number,
  buyers: Array<{ atMs: number; productIds: string[]; total: number }>,
  products: ProductRow[],
  currency: string,
  random: ReturnType<typeof createRandom>,
): PastRows["visits"] {
  const rows: PastRows["visits"] = [];
  const browsing = random.int(14, 30);
  for (let i = 0; i < browsing + buyers.length; i++) {
    const buyer = buyers[i - browsing];
    const device = random.weighted(DEVICES);
    let atMs = buyer ? buyer.atMs - random.int(5, 30) * 60_000 : dayStart - random.int(1, 23) * HOUR - random.int(0, 59) * 60_000;
    // A visitor is one browser on one (local) day.
    const day = localDateOf(timeZone, atMs);
    const visitor = createHash("sha256").update(`${day}|${dayStart}|${i}`).digest("base64url").slice(0, 22);
    const event = (type: string, path: string, extra: Partial<PastRows["visits"][number]> = {}) => {
      rows.push({
        day,
        created_at: new Date(atMs).toISOString(),
        visitor,
        type,
        path,
        product_id: null,
        referrer: null,
        device,
        value: null,
        currency: null,
        ...extra,
      });
      atMs += random.int(20, 120) * 1000;
    };
    event("pageview", "/", { referrer: random.weighted(REFERRERS) });
    const seen = buyer ? products.filter((p) => buyer.productIds.includes(p.id!)) : random.sample(products, random.int(0, 3));
    for (const p of seen) {
      event("pageview", `/products/${p.slug}`);
      event("product_view", `/products/${p.slug}`, { product_id: p.id! });
    }
    const carted = buyer ? seen : seen.filter(() => random.chance(0.2));
    for (const p of carted) event("add_to_cart", `/products/${p.slug}`, { product_id: p.id! });
    if (!buyer && !(carted.length && random.chance(0.4))) continue;
    event("pageview", "/checkout");
    event("checkout_started", "/checkout");
    if (!buyer) continue;
    event("pageview", "/order-confirmation");
    event("order_placed", "/order-confirmation", { value: buyer.total, currency });
  }
  return rows;
}
