import { z } from "zod";

/** The events the storefront sends: page views and the shop's events (app/lib/shop-events.ts). */
export const ANALYTICS_EVENT_TYPES = ["pageview", "product_view", "add_to_cart", "checkout_started", "order_placed"] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Events in one batch at most (the beacon sends every few seconds and when the page is hidden). */
export const MAX_EVENTS_PER_BATCH = 50;
/** The body limit of POST /api/analytics/events (server/http/input-guard.ts): a full batch of long paths fits. */
export const ANALYTICS_BODY_BYTES = 32 * 1024;

const PRODUCT_EVENTS = new Set<AnalyticsEventType>(["product_view", "add_to_cart"]);

/** One event of a batch; the server adds the time, the visitor, the device and trims the referrer to its host. */
export const analyticsEventSchema = z
  .object({
    type: z.enum(ANALYTICS_EVENT_TYPES, "Unknown event type"),
    /** The page's path, without its query (which may hold an order's token). */
    path: z.string().trim().min(1).max(300).regex(/^\//, "A path starts with /"),
    /** The page that linked here (document.referrer), on a visit's first page. */
    referrer: z.string().trim().max(1000).optional(),
    productId: z.string().trim().min(1).max(64).optional(),
    /** Major units (a checkout's basket, an order's total). */
    value: z.number().finite().min(0).max(10_000_000).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "A currency is a three-letter code")
      .optional(),
  })
  .refine((e) => !PRODUCT_EVENTS.has(e.type) || e.productId, { message: "This event needs its productId", path: ["productId"] });

export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** The body of POST /api/analytics/events. */
export const analyticsBatchSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, "A batch has at least one event")
    .max(MAX_EVENTS_PER_BATCH, `A batch has ${MAX_EVENTS_PER_BATCH} events at most`),
});

export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "Not a date");

/** Days a report may span at most (a little over two years: a year compared with the one before). */
export const MAX_REPORT_DAYS = 800;

/** The period of GET /api/admin/analytics: both days included, in the shop's time zone. */
export const analyticsPeriodSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((p) => p.from <= p.to, { message: "The period ends before it starts", path: ["to"] })
  .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: `A period spans ${MAX_REPORT_DAYS} days at most`,
    path: ["from"],
  });

export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

/** How the analytics screen and its CSV name the funnel's steps. */
export const FUNNEL_STEP_LABELS = {
  product_view: "Viewed a product",
  add_to_cart: "Added to cart",
  checkout_started: "Started checkout",
  order_placed: "Placed an order",
} as const satisfies Partial<Record<AnalyticsEventType, string>>;

/** How the analytics screen and its CSV name the device classes (a stored one not listed here shows as it is). */
export const DEVICE_LABELS: Record<string, string> = { desktop: "Desktop", mobile: "Phone", tablet: "Tablet" };
