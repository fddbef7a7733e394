import { z } from "zod";

/**
 * What a shopper gives at checkout for cart reminders (the checkout page's form and
 * PUT /api/cart/reminder): the address and whether they agree. Unticked, nothing new is stored.
 */
export const reminderConsentSchema = z.object({
  email: z
    .string({ error: "Give an e-mail address" })
    .trim()
    .toLowerCase()
    .email("Please enter a valid e-mail address")
    .max(200, "The e-mail address is too long"),
  consent: z.boolean({ error: "Consent is true or false" }),
});
export type ReminderConsentInput = z.infer<typeof reminderConsentSchema>;
