import { formText } from "~/lib/auth-form.server";
import { fieldErrors } from "#common/errors";
import type { ShippingAddress } from "#common/cart/shipping";
import { type ValidPlaceOrderInput, placeOrderSchema } from "#common/orders/orders.schema";
import { paymentMethodRefusal } from "#common/payments/payment-methods";
import type { PlaceOrderInput, SavedAddress } from "#modules/orders";
import type { PaymentMethod } from "#common/payments/payment-methods";
import { translatorFor } from "#common/i18n/messages.server";
import type { Translate } from "#common/i18n/translate";
import { requestLanguage, requestT } from "~/lib/i18n.server";
import { shopperMessage } from "~/lib/action-failure.server";
import { CHECKOUT_FIELDS, type CheckoutField, type CheckoutFieldErrors, type CheckoutValues, NEW_ADDRESS } from "./checkout-fields";

export function readCheckoutForm(form: FormData): CheckoutValues {
  const values = Object.fromEntries(CHECKOUT_FIELDS.map((f) => [f, formText(form, f)])) as Record<CheckoutField, string>;
  return { ...values, name: values.name.replace(/\s+/g, " "), saveAddress: form.get("saveAddress") === "on" };
}

/** The saved address a signed-in shopper picked, or null when they enter one (or have none). */
export function pickedAddress(values: CheckoutValues, saved: SavedAddress[]): SavedAddress | null | "missing" {
  if (!values.addressId || values.addressId === NEW_ADDRESS) return null;
  return saved.find((a) => a.id === values.addressId) ?? "missing";
}

/** How the checkout says its messages: in the language of the request's page; without a request, in English (the API's words). */
function wordsOf(request: Request | undefined): { t: Translate; say: (text: string) => string; english: boolean } {
  if (!request) return { t: translatorFor("en"), say: (text) => text, english: true };
  return { t: requestT(request), say: (text) => shopperMessage(request, text), english: requestLanguage(request) === "en" };
}

/** The checkout form checked: the order's input as the place-order flow takes it with the saved address it uses (null: the typed one), or the form's field errors. */
export type CheckedCheckout = { ok: true; input: ValidPlaceOrderInput; saved: SavedAddress | null } | { ok: false; errors: CheckoutFieldErrors };

/**
 * Parses the form, once, with the orders module's own input schema (so the page and
 * `POST /api/orders` say the same words), and refuses a saved address that is gone and card
 * payments when the shop does not take them, each beside its field: in the language of the
 * `request`'s page, English without one.
 */
export function checkCheckoutForm(
  values: CheckoutValues,
  address: SavedAddress | null | "missing",
  offered: readonly PaymentMethod[],
  request?: Request,
): CheckedCheckout {
  const { t, say } = wordsOf(request);
  const parsed = placeOrderSchema.safeParse(toPlaceOrderInput(values, address === "missing" ? null : address));
  const errors = parsed.success ? {} : formFieldErrors(fieldErrors(parsed.error.issues), address === "missing" ? null : address, request).errors;
  if (address === "missing") {
    // The typed address was not chosen: its fields say nothing.
    for (const key of ["line1", "line2", "city", "region", "postalCode", "country"] as const) delete errors[key];
    errors.addressId = t("cart.checkout.addressGone");
  }
  const refused = errors.paymentMethod ? null : paymentMethodRefusal(values.paymentMethod as PaymentMethod, offered);
  if (refused) errors.paymentMethod = say(refused);
  if (!parsed.success || address === "missing" || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data, saved: address };
}

/** The orders service's input from the form (a picked saved address replaces the typed one). */
export function toPlaceOrderInput(values: CheckoutValues, address: SavedAddress | null): PlaceOrderInput {
  const optional = (v: string) => v || null;
  return {
    contact: { name: values.name, email: values.email, phone: values.phone },
    address: address
      ? { line1: address.line1, line2: address.line2, city: address.city, region: address.region, postalCode: address.postalCode, country: address.country }
      : {
          line1: values.line1,
          line2: optional(values.line2),
          city: values.city,
          region: optional(values.region),
          postalCode: optional(values.postalCode),
          country: values.country,
        },
    shippingMethod: values.shippingMethod || undefined,
    // Anything but the two methods is refused by the schema.
    paymentMethod: values.paymentMethod as PaymentMethod,
    notes: optional(values.notes),
    saveAddress: !address && values.saveAddress,
    company: optional(values.company),
    vatNumber: optional(values.vatNumber),
    // Sent only by a checkout that asks (its cart holds a gift card); the order refuses a gift card with no recipient.
    ...(values.giftCardEmail || values.giftCardName || values.giftCardMessage
      ? { giftCardRecipient: { email: values.giftCardEmail, name: optional(values.giftCardName), message: optional(values.giftCardMessage) } }
      : {}),
  };
}

/** The input's gift-card recipient fields (`giftCardRecipient.email`) as the form names them. */
const GIFT_CARD_FIELDS: Record<string, CheckoutField> = {
  "giftCardRecipient.email": "giftCardEmail",
  "giftCardRecipient.name": "giftCardName",
  "giftCardRecipient.message": "giftCardMessage",
  giftCardRecipient: "giftCardEmail",
};

/**
 * The service's field errors (keys such as `contact.email` or `address.line1`) on the form's
 * fields; anything without a field of its own is returned apart, to be shown above the form. With
 * a saved address picked, its problems (a state missing from an address saved before states were
 * asked for, a country the shop does not ship to) go beside the address book, where the shopper is.
 * The messages in the language of the `request`'s page, English without one.
 */
export function formFieldErrors(
  fields: Record<string, string> | undefined,
  saved: SavedAddress | null = null,
  request?: Request,
): { errors: CheckoutFieldErrors; other: string[] } {
  const { t, say, english } = wordsOf(request);
  const errors: CheckoutFieldErrors = {};
  const other: string[] = [];
  for (const [key, text] of Object.entries(fields ?? {})) {
    const message = say(text);
    if (saved && key.startsWith("address.")) {
      // English runs the reason on after the colon; the other languages' messages keep it a sentence of its own.
      const reason = english ? `${message.charAt(0).toLowerCase()}${message.slice(1).replace(/\.$/, "")}` : message.replace(/\.$/, "");
      errors.addressId ??= t("cart.checkout.savedAddressUnusable", { reason });
      continue;
    }
    const name = GIFT_CARD_FIELDS[key] ?? (key.replace(/^(contact|address)\./, "") as CheckoutField);
    if ((CHECKOUT_FIELDS as readonly string[]).includes(name) && name !== "addressId") errors[name] ??= message;
    else other.push(message);
  }
  return { errors, other };
}

/** The part of the delivery address the shipping zones look at: the picked saved address, else what was typed. */
export function shippingAddressOf(values: CheckoutValues, saved: SavedAddress | null | "missing", shopCountry: string): ShippingAddress {
  if (saved && saved !== "missing") return { country: saved.country, region: saved.region, city: saved.city };
  return { country: values.country || shopCountry, region: values.region || null, city: values.city || null };
}
