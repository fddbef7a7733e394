import { emailError, formText } from "~/lib/auth-form.server";
import type { PaymentMethod, PlaceOrderInput, SavedAddress } from "../../../server/modules/orders/orders.types";
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

/**
 * The checks a shopper should hear about before anything is sent to the orders service: missing
 * required fields and a malformed e-mail address (the service validates everything again).
 */
export function checkoutFieldErrors(values: CheckoutValues, address: SavedAddress | null | "missing", options: { cardPayments: boolean }): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  if (!values.name) errors.name = "Please enter your full name";
  errors.email = emailError(values.email);
  if (!values.phone) errors.phone = "Please enter a phone number";
  else if (!/^[+()\d\s.-]{5,30}$/.test(values.phone) || !/\d{5}/.test(values.phone.replace(/\D/g, ""))) errors.phone = "Please enter a valid phone number";
  if (address === "missing") errors.addressId = "This address is no longer in your address book. Please choose another one.";
  if (address === null) {
    if (!values.line1) errors.line1 = "Please enter the street address";
    if (!values.city) errors.city = "Please enter the city";
    if (!values.country) errors.country = "Please enter the country";
  }
  if (values.paymentMethod !== "cod" && values.paymentMethod !== "card") errors.paymentMethod = "Please choose how you want to pay";
  else if (values.paymentMethod === "card" && !options.cardPayments) errors.paymentMethod = "Card payments are not available. Please choose cash on delivery.";
  for (const key of Object.keys(errors) as CheckoutField[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** The orders service's input from the form (a picked saved address replaces the typed one). */
export function toPlaceOrderInput(values: CheckoutValues, address: SavedAddress | null): PlaceOrderInput {
  const optional = (v: string) => v || null;
  return {
    contact: { name: values.name, email: values.email, phone: values.phone },
    address: address
      ? { line1: address.line1, line2: address.line2, city: address.city, region: address.region, postalCode: address.postalCode, country: address.country }
      : { line1: values.line1, line2: optional(values.line2), city: values.city, region: optional(values.region), postalCode: optional(values.postalCode), country: values.country },
    shippingMethod: values.shippingMethod || undefined,
    paymentMethod: values.paymentMethod as PaymentMethod,
    notes: optional(values.notes),
    saveAddress: !address && values.saveAddress,
  };
}

/**
 * The service's field errors (keys such as `contact.email` or `address.line1`) on the form's
 * fields; anything without a field of its own is returned apart, to be shown above the form.
 */
export function formFieldErrors(fields: Record<string, string> | undefined): { errors: CheckoutFieldErrors; other: string[] } {
  const errors: CheckoutFieldErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields ?? {})) {
    const name = key.replace(/^(contact|address)\./, "") as CheckoutField;
    if ((CHECKOUT_FIELDS as readonly string[]).includes(name) && name !== "addressId") errors[name] ??= message;
    else other.push(message);
  }
  return { errors, other };
}
