import { z } from "zod";
import { isTimeZone } from "../calendar";
import { COUNTRIES, regionCode, regionsOf } from "../geo";
import { formatMoney } from "../money";
import { isStoredImageUrl } from "../images/image-sizes";
import { NO_LIVE_CHAT, liveChatFromScriptUrl, liveChatSchema } from "./live-chat";
import { ROUNDINGS } from "../currency";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../i18n/languages";
import { translated, translatedText, translationsSchema } from "../translations";
import { taxSettingsSchema } from "../tax/tax.schema";

const url = z.string().trim().url().max(500);
const optionalUrl = z.union([url, z.literal("")]).default("");
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => Object.hasOwn(COUNTRIES, code), "Use an ISO 3166-1 alpha-2 country code, such as US");

/** A delivery zone as stored; zones stored before they named their coverage cover the whole of the shop's country. */
const shippingZoneSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "Use lower-case letters, digits and dashes"),
  name: z.string().trim().min(1).max(60),
  rate: z.number().min(0).max(100000),
  /** The country it delivers to; the shop's country when unset. */
  country: countryCode.optional(),
  /** Regions it covers: codes or names of the country's list (US states, Canadian provinces, …), else as addresses write them; none: the whole country. */
  regions: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  /** Cities it covers (compared without case or accents); none: every city of its regions. */
  cities: z.array(z.string().trim().min(1).max(100)).max(1000).default([]),
});

/** A courier: its tracking page's URL template holds `{tracking}`, where the tracking number goes. */
const courierSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "Use lower-case letters, digits and dashes"),
  name: z.string().trim().min(1).max(60),
  trackingUrl: url.refine((u) => u.includes("{tracking}"), "The tracking URL must contain {tracking}, where the tracking number goes"),
});

export type Courier = z.infer<typeof courierSchema>;

/** The tracking link of a parcel: the courier's template with the number filled in (URL-encoded). */
export function trackingLink(courier: Courier, trackingNumber: string): string {
  return courier.trackingUrl.split("{tracking}").join(encodeURIComponent(trackingNumber));
}

/** Whether the runtime formats money in this ISO 4217 currency code. */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(code);
}
let currencies: Set<string> | undefined;

/** Whether the runtime knows a BCP 47 language tag (en-US). */
export function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const currencyCode = z.string().trim().toUpperCase().refine(isCurrency, "Use a three-letter ISO 4217 currency code, such as USD or EUR");

/** A picture of the settings (logo, favicon): one of the shop's uploads of that kind, an https:// address, or "" for none. */
const pictureRef = (kind: "logo" | "favicon") =>
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === "" || isStoredImageUrl(v, kind) || /^https:\/\/[^\s"'<>]+$/.test(v), "Upload a picture, or give its https:// address")
    .default("");

/** The free-shipping line the header showed before its text was a setting: kept for settings stored before `announcement` existed. */
function legacyAnnouncement(stored: Record<string, unknown>): string {
  const threshold = typeof stored.freeShippingThreshold === "number" ? stored.freeShippingThreshold : 0;
  if (threshold > 0) {
    try {
      const money = formatMoney(
        threshold,
        typeof stored.currency === "string" ? stored.currency : "USD",
        typeof stored.locale === "string" ? stored.locale : "en-US",
      );
      return `Free shipping on orders of ${money} or more`;
    } catch {
      return "";
    }
  }
  return typeof stored.tagline === "string" ? stored.tagline.trim().slice(0, 200) : "";
}

/**
 * Settings stored by earlier versions, read as today's: a bare live-chat script address becomes
 * its provider and id, and settings from before the announcement bar had its own text keep the
 * line the header showed them.
 */
function upgradeStored(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const { liveChatScriptUrl, ...stored } = input as Record<string, unknown>;
  if (!("liveChat" in stored)) stored.liveChat = liveChatScriptUrl === undefined ? NO_LIVE_CHAT : liveChatFromScriptUrl(liveChatScriptUrl);
  if (!("announcement" in stored)) stored.announcement = legacyAnnouncement(stored);
  return stored;
}

/** The settings' texts in another language: each one left blank shows the default language's. */
export const settingsTranslationSchema = z.object({
  siteName: translatedText("The shop's name", 80),
  tagline: translatedText("The tagline", 160),
  description: translatedText("The description", 500),
  announcement: translatedText("The announcement", 200),
});
export type SettingsTranslation = z.output<typeof settingsTranslationSchema>;

/**
 * How product reviews are moderated: published at once or held for a moderator, and words that
 * always hold a review (matched whole, case-insensitive). Links and shouting always hold too
 * (server/modules/reviews). The blocklist is the shop's own: public answers leave it out.
 * `requestAfterDays`: days after delivery at which a buyer is mailed a link to review what they
 * bought; 0 sends no such mail.
 */
export const reviewSettingsSchema = z.object({
  moderation: z.enum(["publish", "hold"], { error: "Moderation is publish or hold" }).default("publish"),
  requestAfterDays: z
    .number({ error: "Give the days after delivery as a whole number from 0 to 365" })
    .int("Give the days after delivery as a whole number from 0 to 365")
    .min(0, "Give the days after delivery as a whole number from 0 to 365")
    .max(365, "Give the days after delivery as a whole number from 0 to 365")
    .default(7),
  blocklist: z
    .array(z.string().trim().min(1, "A blocked word is not empty").max(60, "A blocked word has 60 characters at most"))
    .max(500, "Block 500 words at most")
    .default([]),
});

export type ReviewSettings = z.output<typeof reviewSettingsSchema>;

/** Shoppers' alerts: how far (percent) a wished product's listed price must fall before its price-drop mail goes. */
export const alertSettingsSchema = z.object({
  priceDropPercent: z
    .number({ error: "Give the price drop as a whole percent" })
    .int("Give the price drop as a whole percent")
    .min(1, "The price drop is 1 percent or more")
    .max(90, "The price drop is 90 percent or less")
    .default(10),
});

export type AlertSettings = z.output<typeof alertSettingsSchema>;
/**
 * Cart reminders (server/modules/reminders): whether idle carts are reminded, after how many
 * minutes without a change (one is allowed, for tests), and whether a second reminder follows a
 * day after the first.
 */
export const cartReminderSettingsSchema = z.object({
  enabled: z.boolean({ error: "Enabled is true or false" }).default(false),
  delayMinutes: z
    .number({ error: "Give the delay in minutes" })
    .int("The delay is a whole number of minutes")
    .min(1, "The delay is at least 1 minute")
    .max(7 * 24 * 60 - 1, "The delay is under 7 days")
    .default(240),
  second: z.boolean({ error: "Second is true or false" }).default(false),
});

export type CartReminderSettings = z.output<typeof cartReminderSettingsSchema>;

/** The site settings' fields, each with its default. */
export const siteSettingsFields = z.object({
  siteName: z.string().trim().min(1).max(80).default("Shop"),
  tagline: z.string().trim().max(160).default(""),
  description: z.string().trim().max(500).default(""),
  /** The header's logo (an upload of kind logo, or an https:// address); none: the shop's name alone. */
  logo: pictureRef("logo"),
  /** The browser tab's icon (an upload of kind favicon, or an https:// address); none: the shop's default icon. */
  favicon: pictureRef("favicon"),
  currency: currencyCode.default("USD"),
  locale: z.string().trim().max(35).refine(isLocale, "Use a language tag such as en-US, de-DE or fr-CA").default("en-US"),
  contactEmail: z.union([z.string().trim().email(), z.literal("")]).default(""),
  contactPhone: z.string().trim().max(40).default(""),
  /** Whether each new order is mailed to the contact address (a card order once it is paid). */
  notifyNewOrders: z.boolean().default(true),
  address: z.string().trim().max(300).default(""),
  /** The shop's country (ISO 3166-1 alpha-2): first and preselected in the checkout's country list. */
  country: countryCode.default("US"),
  socialLinks: z
    .object({
      facebook: optionalUrl,
      instagram: optionalUrl,
      twitter: optionalUrl,
      youtube: optionalUrl,
    })
    .default({ facebook: "", instagram: "", twitter: "", youtube: "" }),
  /** The live-chat widget on every storefront page: none, or a provider and its id (live-chat.ts). */
  liveChat: liveChatSchema.default(NO_LIVE_CHAT),
  /** The bar at the top of every storefront page; empty: no bar. */
  announcement: z.string().trim().max(200, "Keep the announcement to 200 characters").default(""),
  /** Whether the checkout offers cash on delivery; off: orders are paid by card (which must then be set up). */
  cashOnDelivery: z.boolean().default(true),
  /** The letters new order numbers start with ("MM" → MM-7K3QX9A); empty: the initials of the shop's name. */
  orderNumberPrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,6}$/, "Use up to 6 letters (A–Z) and digits, such as MM or SHOP1")
    .default(""),
  freeShippingThreshold: z.number().min(0).max(1_000_000).default(0),
  /**
   * Delivery zones, each with a flat rate (major unit) to which every line's per-product shipping
   * cost × quantity is added (all of it free from freeShippingThreshold on), and the addresses it
   * covers: a country, and optionally lists of regions and cities. The checkout offers the zones
   * that cover the delivery address, the most specific first (common/cart/shipping.ts).
   */
  shippingZones: z
    .array(shippingZoneSchema)
    .min(1)
    .default([
      { id: "inside-city", name: "Inside the city", rate: 5, regions: [], cities: [] },
      { id: "outside-city", name: "Outside the city", rate: 12, regions: [], cities: [] },
    ]),
  /** The most units of one product (all its colours and sizes together) a cart and an order take. */
  maxQuantityPerOrder: z.number().int().min(1).max(999).default(10),
  /**
   * Orders one contact (e-mail address or phone number) may have waiting at once: pending cash on
   * delivery, or card orders not paid yet. Another is refused until one is delivered or cancelled.
   */
  maxOpenOrdersPerContact: z.number().int().min(1).max(1000).default(3),
  /**
   * The couriers an operator picks from when shipping an order, each with its tracking page:
   * `{tracking}` in the template stands for the tracking number.
   */
  couriers: z
    .array(courierSchema)
    .max(50)
    .default([
      { id: "dhl", name: "DHL", trackingUrl: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}" },
      { id: "ups", name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={tracking}" },
      { id: "fedex", name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={tracking}" },
      { id: "usps", name: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}" },
    ]),
  /** Minutes an unpaid card order keeps its stock; then it is cancelled and the units go back on sale. */
  unpaidCardReleaseMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  /** Days after delivery in which a customer may ask to return items from /my-orders. */
  returnWindowDays: z.number().int().min(0).max(365).default(14),
  /**
   * The shop's time zone (IANA name): the sales report and the dashboard cut days, weeks and months
   * at its midnight.
   */
  timeZone: z.string().trim().max(64).refine(isTimeZone, "Use a time zone name such as Europe/Berlin or America/New_York").default("UTC"),
  /** A product (or variant) with this many units or fewer left is "low in stock" on the dashboard and the product list. */
  lowStockThreshold: z.number().int().min(0).max(10000).default(5),
  /** Days the site analytics keep raw events before rolling them up into daily figures. */
  analyticsRetentionDays: z.number().int().min(1).max(730).default(90),
  /** The languages the storefront offers, each with the currency its pages open in (common/currency.ts currencyForLanguage). */
  languages: z
    .array(
      z.object({
        code: z.enum(LANGUAGES, { error: `A language is one of ${LANGUAGES.join(", ")}` }),
        currency: currencyCode.optional(),
      }),
    )
    .min(1, "Offer at least one language")
    .default(LANGUAGES.map((code) => ({ code }))),
  /**
   * Currencies shoppers may see and pay in beside the base one (`currency`), each with its rate
   * (units per one unit of the base currency), rounding of converted prices, the date the rate was
   * set (stamped on save) and whether cash on delivery takes it.
   */
  currencies: z
    .array(
      z.object({
        code: currencyCode,
        rate: z.number({ error: "Give the rate as a number" }).positive("A rate is more than 0").max(1_000_000),
        rounding: z.enum(ROUNDINGS, { error: `Rounding is one of ${ROUNDINGS.join(", ")}` }).default("none"),
        rateSetAt: z.string().max(40).optional(),
        cashOnDelivery: z.boolean().default(true),
      }),
    )
    .max(50)
    .default([]),
  /** How the shop charges tax (common/tax/tax.schema.ts): none until the owner sets up regions. */
  taxes: taxSettingsSchema.prefault({}),
  /** Product reviews' moderation: publish at once (the default) or hold for review, and the blocked words. */
  reviews: reviewSettingsSchema.prefault({}),
  /** Shoppers' alerts: the price-drop mail's threshold. */
  alerts: alertSettingsSchema.prefault({}),
  /** Cart reminders: off by default; the delay before the first and whether a second follows. */
  cartReminders: cartReminderSettingsSchema.prefault({}),
  /** The texts shoppers read (name, tagline, description, announcement) in the other languages, `{ de: { announcement } }`; a language left out is not translated. */
  translations: translationsSchema(settingsTranslationSchema).default({}),
});

/**
 * The shop's public site settings; every field has a default so a fresh shop renders, and zones
 * stored without a country get the shop's.
 */
export const siteSettingsSchema = z
  .preprocess(upgradeStored, siteSettingsFields)
  .superRefine((settings, ctx) => {
    const codes = new Set<string>([settings.currency]);
    settings.currencies.forEach((c, i) => {
      if (c.code === settings.currency) ctx.addIssue({ code: "custom", path: ["currencies", i, "code"], message: `${c.code} is the shop's own currency` });
      else if (codes.has(c.code)) ctx.addIssue({ code: "custom", path: ["currencies", i, "code"], message: `${c.code} is listed twice` });
      codes.add(c.code);
    });
    const languages = new Set<string>();
    settings.languages.forEach((l, i) => {
      if (languages.has(l.code)) ctx.addIssue({ code: "custom", path: ["languages", i, "code"], message: `${l.code} is listed twice` });
      languages.add(l.code);
      if (l.currency && !codes.has(l.currency))
        ctx.addIssue({ code: "custom", path: ["languages", i, "currency"], message: `${l.currency} is not one of the shop's currencies` });
    });
    const ids = new Set<string>();
    settings.shippingZones.forEach((zone, i) => {
      if (ids.has(zone.id)) ctx.addIssue({ code: "custom", path: ["shippingZones", i, "id"], message: `Another zone is called ${zone.id}` });
      ids.add(zone.id);
      const country = zone.country ?? settings.country;
      zone.regions.forEach((region, j) => {
        // A country without a list takes any region name; one with a list only its own.
        if (regionsOf(country) && !regionCode(country, region)) {
          ctx.addIssue({ code: "custom", path: ["shippingZones", i, "regions", j], message: `${region} is not a region of ${country}` });
        }
      });
    });
  })
  .transform((settings) => ({
    ...settings,
    shippingZones: settings.shippingZones.map((zone) => {
      const country = zone.country ?? settings.country;
      return { ...zone, country, regions: zone.regions.map((region) => regionCode(country, region) ?? region) };
    }),
  }));

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * Stored settings as the shop reads them: a field that today's rules refuse (stored before a rule
 * was tightened) falls back to its default instead of failing every page.
 */
export function readStoredSettings(stored: unknown): SiteSettings {
  const first = siteSettingsSchema.safeParse(stored);
  if (first.success) return first.data;
  if (!stored || typeof stored !== "object") return siteSettingsSchema.parse({});
  const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(stored as Record<string, unknown>).filter(([key]) => !bad.has(key)));
  const second = siteSettingsSchema.safeParse(kept);
  return second.success ? second.data : siteSettingsSchema.parse({});
}

export const pixelSchema = z.object({
  pixelId: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, "A pixel id is digits only")
    .default(""),
  status: z.enum(["active", "inactive"]).default("inactive"),
});

export type PixelConfig = z.infer<typeof pixelSchema>;

export const contactSchema = z.object({
  name: z.string().trim().min(2, "Please enter your name").max(100, "Name is too long"),
  email: z.string().trim().email("Please enter a valid e-mail address").max(200),
  subject: z.string().trim().max(150, "Subject is too long").optional().default(""),
  message: z.string().trim().min(10, "Please write at least 10 characters").max(5000, "Message is too long (5000 characters at most)"),
});

export type ContactInput = z.infer<typeof contactSchema>;

/**
 * The settings as a page or the public API shows them in `language`: its translated texts over the
 * default language's, where given; without the reviews' blocklist, which stays the shop's own.
 */
export function settingsInLanguage(settings: SiteSettings, language: Language | undefined): SiteSettings {
  const shown = settings.reviews.blocklist.length ? { ...settings, reviews: { ...settings.reviews, blocklist: [] } } : settings;
  if (!language || language === DEFAULT_LANGUAGE) return shown;
  return translated(shown, settings.translations[language]);
}
