import { z } from "zod";
import { countryCode, countryName, regionCode, regionsOf } from "../geo";
import { LANGUAGES } from "../i18n/languages";
import { normalizeVatNumber, vatNumberCountry } from "../tax/vat-number";

const required = (message: string, max: number, tooLong: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLong);
const optional = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** What a checkout that buys a gift card without saying whom it goes to is told (the field `giftCardRecipient.email`). */
export const GIFT_CARD_RECIPIENT_EMAIL = "Please enter the e-mail address of the gift card's recipient";

/** A country by ISO code or English name, stored as its code; anything else is refused. */
const countryField = z
  .string({ error: "Please choose your country" })
  .trim()
  .min(1, "Please choose your country")
  .max(60, "Please choose a country from the list")
  .transform((text, ctx) => {
    const code = countryCode(text);
    if (!code) ctx.addIssue({ code: "custom", message: "Please choose a country from the list" });
    return code ?? text;
  });

/** Refuses a region that is not in its country's list (and, when `required`, a missing one); countries without a list take any. */
const knownRegion = (required: boolean) => (a: { country: string; region: string | null }, ctx: z.RefinementCtx) => {
  const list = regionsOf(a.country);
  if (!list) return;
  if (!a.region) {
    if (required) ctx.addIssue({ code: "custom", path: ["region"], message: `Please choose your ${list.noun}` });
  } else if (!regionCode(a.country, a.region)) {
    ctx.addIssue({ code: "custom", path: ["region"], message: `Please choose a ${list.noun} of ${countryName(a.country)} from the list` });
  }
};
// The region is checked once there is an address whose country is known to be one.
const regionCheckable = {
  when: (payload: { value: unknown; issues: ReadonlyArray<{ path?: PropertyKey[] }> }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((i) => !i.path?.length || i.path[0] === "country" || i.path[0] === "region"),
};
const regionAsCode = <A extends { country: string; region: string | null }>(a: A): A => ({
  ...a,
  region: (a.region && regionCode(a.country, a.region)) ?? a.region,
});

/** The address a shopper asks the shipping methods for (`GET /api/shipping-options`): a country, and a region and city when known. */
export const shippingAddressSchema = z
  .object({
    country: countryField,
    region: optional(100, "The region is too long (100 characters at most)"),
    city: optional(100, "The city is too long (100 characters at most)"),
  })
  .superRefine(knownRegion(false), regionCheckable)
  .transform(regionAsCode);

/**
 * The checkout's input (POST /api/orders and the checkout form). Unknown fields, prices among them,
 * are dropped; the address's country and region come out as codes (US, OR).
 */
export const placeOrderSchema = z.object({
  contact: z.object(
    {
      name: required("Please enter your name", 100, "Your name is too long (100 characters at most)"),
      email: z
        .string({ error: "Please enter your e-mail address" })
        .trim()
        .min(1, "Please enter your e-mail address")
        .max(200, "This e-mail address is too long")
        .pipe(z.email("Please enter a valid e-mail address")),
      phone: z
        .string({ error: "Please enter your phone number" })
        .trim()
        .min(1, "Please enter your phone number")
        .max(40, "This phone number is too long")
        .regex(/^\+?[0-9 ().\-/]{5,}$/, "Please enter a valid phone number"),
    },
    { error: "Please enter your contact details" },
  ),
  address: z
    .object(
      {
        line1: required("Please enter your street address", 200, "The street address is too long (200 characters at most)"),
        line2: optional(200, "The second address line is too long (200 characters at most)"),
        city: required("Please enter your city", 100, "The city is too long (100 characters at most)"),
        region: optional(100, "The region is too long (100 characters at most)"),
        postalCode: optional(20, "The postal code is too long (20 characters at most)"),
        country: countryField,
      },
      { error: "Please enter your delivery address" },
    )
    // A country with a list of regions (US states, Canadian provinces, …) needs one of them.
    .superRefine(knownRegion(true), regionCheckable)
    .transform(regionAsCode),
  shippingMethod: z.string().trim().max(40).optional(),
  paymentMethod: z.enum(["cod", "card"], { error: "Please choose a payment method" }),
  notes: optional(1000, "Order notes can be at most 1000 characters"),
  /** A business buyer's company name, printed on the invoice. */
  company: optional(100, "The company name is too long (100 characters at most)"),
  /**
   * A business buyer's EU VAT number, stored as printed (DE123456789); one of another EU country
   * than the shop's makes a reverse-charge order. Only its format is checked.
   */
  vatNumber: z
    .string()
    .max(40, "Please enter a valid EU VAT number, such as DE123456789")
    .nullish()
    .transform((v, ctx) => {
      const number = v ? normalizeVatNumber(v) : "";
      if (!number) return null;
      if (!vatNumberCountry(number)) ctx.addIssue({ code: "custom", message: "Please enter a valid EU VAT number, such as DE123456789" });
      return number;
    }),
  saveAddress: z.boolean().optional(),
  /**
   * Whom the gift cards the order buys go to: required when the cart holds a gift-card product
   * (the place-order flow checks), ignored otherwise. The card is mailed to `email`, greeting
   * `name`, with `message` and the buyer's name.
   */
  giftCardRecipient: z
    .object(
      {
        email: z
          .string({ error: GIFT_CARD_RECIPIENT_EMAIL })
          .trim()
          .min(1, GIFT_CARD_RECIPIENT_EMAIL)
          .max(200, "This e-mail address is too long")
          .pipe(z.email("Please enter a valid e-mail address for the recipient")),
        name: optional(100, "The recipient's name is too long (100 characters at most)"),
        message: optional(500, "The message is too long (500 characters at most)"),
      },
      { error: "Please enter the gift card's recipient" },
    )
    .nullish(),
  // The order's mails are written in it; without it, in the default language (en).
  language: z
    .enum(LANGUAGES, { error: `Unknown language: please use one of ${LANGUAGES.join(", ")}` })
    .optional()
    .describe("The language the order is placed in: its customer's mails are written in it (default en)."),
});

export type ValidPlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** An Idempotency-Key header or form field: printable, at most 200 characters. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200, "The Idempotency-Key can be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "The Idempotency-Key must be printable ASCII");
