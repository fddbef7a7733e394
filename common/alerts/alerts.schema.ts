import { z } from "zod";

/** An account's mail switches, as PATCH /api/account/preferences and the profile's switches send them (each optional, at least one). */
export const preferencesPatchSchema = z
  .strictObject(
    {
      priceDropAlerts: z.boolean({ error: "priceDropAlerts is true or false" }).optional(),
      cartReminders: z.boolean({ error: "cartReminders is true or false" }).optional(),
    },
    { error: "Send priceDropAlerts and/or cartReminders" },
  )
  .refine((p) => p.priceDropAlerts !== undefined || p.cartReminders !== undefined, {
    message: "Send priceDropAlerts and/or cartReminders",
    path: ["priceDropAlerts"],
  });

export type PreferencesPatch = z.output<typeof preferencesPatchSchema>;

/** An account's mail switches: price-drop mails are off until the customer switches them on; cart reminders on until switched off. */
export interface Preferences {
  priceDropAlerts: boolean;
  cartReminders: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { priceDropAlerts: false, cartReminders: true };

/** What a shopper sends to be told when a sold-out product (or its colour and size) is back. */
export const stockAlertInputSchema = z.object({
  productId: z.string({ error: "productId names the product" }).trim().min(1, "productId names the product").max(64),
  color: z.string().trim().max(80, "color has 80 characters at most").nullish(),
  size: z.string().trim().max(80, "size has 80 characters at most").nullish(),
  email: z
    .string({ error: "Give an e-mail address" })
    .trim()
    .max(254, "The e-mail address is too long")
    .pipe(z.email({ error: "Give a valid e-mail address" })),
});

export type StockAlertInput = z.output<typeof stockAlertInputSchema>;
