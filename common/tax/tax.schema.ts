import { z } from "zod";
import { COUNTRIES, foldName, regionCode, regionsOf } from "../geo";

/** The tax classes every shop starts with; the owner may add their own. */
export const DEFAULT_TAX_CLASSES = ["standard", "reduced", "zero"] as const;

const className = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{1,40}$/, "Name a tax class with lower-case letters, digits and dashes, such as standard or books");

/** A rate in percent, to three decimals (8.875 for New York City's sales tax). */
const percent = z
  .number({ error: "Give the rate in percent, such as 19 or 8.875" })
  .min(0, "A rate is 0 % or more")
  .max(100, "A rate is at most 100 %")
  .refine((n) => Number.isInteger(Math.round(n * 1000)) && Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, "Give a rate to three decimals at most");

/** A tax region: a country, or a state or province of it, with its rate for each class. */
export const taxRegionSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => Object.hasOwn(COUNTRIES, code), "Use an ISO 3166-1 alpha-2 country code, such as DE"),
  /** A state or province (its code where the country has a list); none: the whole country. */
  region: z.string().trim().max(100).optional(),
  /** What the tax is called on receipts ("VAT", "GST", "Sales tax"); none: "Tax". */
  name: z.string().trim().max(30).optional(),
  /** Percent by class; a class without a rate here is taxed at 0 %. */
  rates: z.record(className, percent),
});

/**
 * How the shop charges tax: whether its prices include it (EU style) or have it added (US style),
 * its classes, its regions with a rate per class, whether shipping is taxed and at which class, and
 * its own tax number for invoices.
 */
export const taxSettingsSchema = z
  .object({
    pricesIncludeTax: z.boolean().default(false),
    shippingTaxed: z.boolean().default(false),
    shippingTaxClass: className.default("standard"),
    /** The class of a product that names none. */
    defaultClass: className.default("standard"),
    /** The shop's own VAT or tax number, printed on invoices. */
    taxNumber: z.string().trim().max(40).default(""),
    /** The shop's own state or province: with its country, where tax is reckoned before a shopper gives an address. */
    region: z.string().trim().max(100).optional(),
    classes: z
      .array(className)
      .min(1)
      .max(30)
      .default([...DEFAULT_TAX_CLASSES]),
    regions: z.array(taxRegionSchema).max(500).default([]),
  })
  .superRefine((taxes, ctx) => {
    const classes = new Set(taxes.classes);
    if (classes.size !== taxes.classes.length) ctx.addIssue({ code: "custom", path: ["classes"], message: "A tax class is listed twice" });
    for (const [key, name] of [
      ["shippingTaxClass", taxes.shippingTaxClass],
      ["defaultClass", taxes.defaultClass],
    ] as const) {
      if (!classes.has(name)) ctx.addIssue({ code: "custom", path: [key], message: `${name} is not one of the tax classes` });
    }
    const seen = new Set<string>();
    taxes.regions.forEach((region, i) => {
      const unknown = region.region && regionsOf(region.country) && !regionCode(region.country, region.region);
      if (unknown) ctx.addIssue({ code: "custom", path: ["regions", i, "region"], message: `${region.region} is not a region of ${region.country}` });
      const key = `${region.country}/${taxRegionKey(region.country, region.region)}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["regions", i, "region"], message: "This region is listed twice" });
      seen.add(key);
      for (const name of Object.keys(region.rates)) {
        if (!classes.has(name)) ctx.addIssue({ code: "custom", path: ["regions", i, "rates", name], message: `${name} is not one of the tax classes` });
      }
    });
  });

export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** Why the shop's own state or province (`taxes.region`) is not one of its country's, or null (none given, or a country whose regions are free text). */
export function shopRegionProblem(country: string, region: string | undefined): string | null {
  if (!region || !regionsOf(country) || regionCode(country, region)) return null;
  return `${region} is not a region of ${country}, the shop's country`;
}

/** A region as tax rules compare it: its code where its country has a list ("Oregon" → "OR"), else its folded name. */
export function taxRegionKey(country: string, region: string | null | undefined): string {
  if (!region) return "";
  return regionCode(country, region) ?? foldName(region);
}
export type TaxRegion = z.infer<typeof taxRegionSchema>;
