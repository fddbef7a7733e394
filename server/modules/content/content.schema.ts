import { z } from "zod";

const url = z.string().trim().url().max(500);
const optionalUrl = z.union([url, z.literal("")]).default("");

/** The shop's public site settings; every field has a default so a fresh shop renders. */
export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80).default("Shop"),
  tagline: z.string().trim().max(160).default(""),
  description: z.string().trim().max(500).default(""),
  logo: z.string().trim().max(500).default(""),
  currency: z.string().trim().length(3).toUpperCase().default("USD"),
  locale: z.string().trim().max(20).default("en-US"),
  contactEmail: z.union([z.string().trim().email(), z.literal("")]).default(""),
  contactPhone: z.string().trim().max(40).default(""),
  address: z.string().trim().max(300).default(""),
  socialLinks: z
    .object({
      facebook: optionalUrl,
      instagram: optionalUrl,
      twitter: optionalUrl,
      youtube: optionalUrl,
    })
    .default({ facebook: "", instagram: "", twitter: "", youtube: "" }),
  liveChatScriptUrl: optionalUrl,
  freeShippingThreshold: z.number().min(0).default(0),
  /**
   * Delivery zones offered at checkout, each with a flat rate (major unit) to which every line's
   * per-product shipping cost × quantity is added; all of it is free from freeShippingThreshold on.
   */
  shippingZones: z
    .array(
      z.object({
        id: z.string().trim().regex(/^[a-z0-9-]{1,40}$/, "Use lower-case letters, digits and dashes"),
        name: z.string().trim().min(1).max(60),
        rate: z.number().min(0).max(100000),
      }),
    )
    .min(1)
    .default([
      { id: "inside-city", name: "Inside the city", rate: 5 },
      { id: "outside-city", name: "Outside the city", rate: 12 },
    ]),
  /** The most units of one product (all its colours and sizes together) a cart and an order take. */
  maxQuantityPerOrder: z.number().int().min(1).max(999).default(10),
  /**
   * Orders one contact (e-mail address or phone number) may have waiting at once: pending cash on
   * delivery, or card orders not paid yet. Another is refused until one is delivered or cancelled.
   */
  maxOpenOrdersPerContact: z.number().int().min(1).max(1000).default(3),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const pixelSchema = z.object({
  pixelId: z.string().trim().regex(/^\d{0,20}$/, "A pixel id is digits only").default(""),
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
