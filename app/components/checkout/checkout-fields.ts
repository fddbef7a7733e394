/** The checkout form's fields, as the page names them (flat, so a plain HTML form can post them). */
export const CHECKOUT_FIELDS = [
  "name",
  "email",
  "phone",
  "addressId",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "shippingMethod",
  "paymentMethod",
  "notes",
  "company",
  "vatNumber",
  // Whom a gift card bought goes to (asked only when the cart holds one).
  "giftCardEmail",
  "giftCardName",
  "giftCardMessage",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** What the shopper typed, echoed back on an error so nothing is lost. */
export type CheckoutValues = Record<CheckoutField, string> & { saveAddress: boolean };
export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;

/** The radio value for "enter a new address" beside the saved ones. */
export const NEW_ADDRESS = "new";
