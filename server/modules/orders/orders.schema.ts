import { z } from "zod";

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);
const optional = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** The checkout's input (POST /api/orders and the checkout form). Unknown fields, prices among them, are dropped. */
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
  address: z.object(
    {
      line1: required("Please enter your street address", 200, "The street address is too long (200 characters at most)"),
      line2: optional(200, "The second address line is too long (200 characters at most)"),
      city: required("Please enter your city", 100, "The city is too long (100 characters at most)"),
      region: optional(100, "The region is too long (100 characters at most)"),
      postalCode: optional(20, "The postal code is too long (20 characters at most)"),
      country: required("Please enter your country", 60, "The country is too long (60 characters at most)"),
    },
    { error: "Please enter your delivery address" },
  ),
  shippingMethod: z.string().trim().max(40).optional(),
  paymentMethod: z.enum(["cod", "card"], { error: "Please choose a payment method" }),
  notes: optional(1000, "Order notes can be at most 1000 characters"),
  saveAddress: z.boolean().optional(),
});

export type ValidPlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** An Idempotency-Key header or form field: printable, at most 200 characters. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200, "The Idempotency-Key can be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "The Idempotency-Key must be printable ASCII");
