import { describe, expect, it } from "vitest";
import type { SavedAddress } from "#modules/orders";
import { checkCheckoutForm, formFieldErrors, pickedAddress, readCheckoutForm, toPlaceOrderInput } from "./checkout-form.server";

function form(entries: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
}

const complete = {
  name: "  Ada   Lovelace ",
  email: "ada@example.com",
  phone: "+44 20 7946 0958",
  line1: "12 Analytical Row",
  city: "London",
  country: "United Kingdom",
  shippingMethod: "inside-city",
  paymentMethod: "cod",
  // A price field is not part of the form: it never reaches the service.
  price: "0.01",
};

/** The form's field errors ({} when it can be placed). */
const checkoutFieldErrors = (...args: Parameters<typeof checkCheckoutForm>) => {
  const checked = checkCheckoutForm(...args);
  return checked.ok ? {} : checked.errors;
};

const saved: SavedAddress = {
  id: "addr-1",
  name: "Ada",
  phone: "+44 20 7946 0958",
  isDefault: true,
  line1: "1 Saved Street",
  line2: "Flat 2",
  city: "Bristol",
  region: null,
  postalCode: "BS1 1AA",
  country: "United Kingdom",
};

describe("the checkout form", () => {
  it("reads a complete guest form into the orders service's input, without any price", () => {
    const values = readCheckoutForm(form(complete));
    expect(checkoutFieldErrors(values, null, ["cod"])).toEqual({});
    const input = toPlaceOrderInput(values, null);
    expect(input).toEqual({
      contact: { name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0958" },
      address: { line1: "12 Analytical Row", line2: null, city: "London", region: null, postalCode: null, country: "United Kingdom" },
      shippingMethod: "inside-city",
      paymentMethod: "cod",
      notes: null,
      saveAddress: false,
      company: null,
      vatNumber: null,
    });
    expect(JSON.stringify(input)).not.toContain("0.01");
    // Parsed once, here: the flow takes this value as it is (the country as its code).
    expect(checkCheckoutForm(values, null, ["cod"])).toEqual({ ok: true, input: { ...input, address: { ...input.address, country: "GB" } }, saved: null });
  });

  it("names every missing required field", () => {
    const values = readCheckoutForm(form({ paymentMethod: "cod" }));
    expect(checkoutFieldErrors(values, null, ["cod"])).toEqual({
      name: "Please enter your name",
      email: "Please enter your e-mail address",
      phone: "Please enter your phone number",
      line1: "Please enter your street address",
      city: "Please enter your city",
      country: "Please choose your country",
    });
  });

  it("refuses a malformed e-mail and phone, an unknown payment method, and card payments when they are not offered", () => {
    const values = readCheckoutForm(form({ ...complete, email: "ada@", phone: "call me", paymentMethod: "card" }));
    expect(checkoutFieldErrors(values, null, ["cod"])).toEqual({
      email: "Please enter a valid e-mail address",
      phone: "Please enter a valid phone number",
      paymentMethod: "Card payments are not available. Please choose cash on delivery.",
    });
    expect(checkoutFieldErrors(values, null, ["cod", "card"]).paymentMethod).toBeUndefined();
    const cheque = readCheckoutForm(form({ ...complete, paymentMethod: "cheque" }));
    expect(checkoutFieldErrors(cheque, null, ["cod", "card"])).toEqual({ paymentMethod: "Please choose a payment method" });
  });

  it("says when a field is too long, as the orders API does", () => {
    const values = readCheckoutForm(form({ ...complete, postalCode: "1".repeat(21) }));
    expect(checkoutFieldErrors(values, null, ["cod"])).toEqual({ postalCode: "The postal code is too long (20 characters at most)" });
  });

  it("uses a picked saved address instead of the typed one, and saves only a new address", () => {
    const values = readCheckoutForm(form({ ...complete, line1: "", city: "", country: "", addressId: "addr-1", saveAddress: "on" }));
    const address = pickedAddress(values, [saved]);
    expect(address).toBe(saved);
    expect(checkoutFieldErrors(values, address as SavedAddress, ["cod"])).toEqual({});
    const input = toPlaceOrderInput(values, saved);
    expect(input.address).toEqual({
      line1: "1 Saved Street",
      line2: "Flat 2",
      city: "Bristol",
      region: null,
      postalCode: "BS1 1AA",
      country: "United Kingdom",
    });
    expect(input.saveAddress).toBe(false);

    const fresh = readCheckoutForm(form({ ...complete, addressId: "new", saveAddress: "on" }));
    expect(pickedAddress(fresh, [saved])).toBeNull();
    expect(toPlaceOrderInput(fresh, null).saveAddress).toBe(true);
  });

  it("explains a saved address that is gone", () => {
    const values = readCheckoutForm(form({ ...complete, addressId: "someone-elses" }));
    const address = pickedAddress(values, [saved]);
    expect(address).toBe("missing");
    const noTypedAddress = readCheckoutForm(form({ ...complete, line1: "", city: "", country: "", addressId: "someone-elses" }));
    expect(checkoutFieldErrors(noTypedAddress, "missing", ["cod"])).toEqual({
      addressId: "This address is no longer in your address book. Please choose another one.",
    });
  });

  it("puts the service's field errors beside the form's fields", () => {
    expect(
      formFieldErrors({ "contact.email": "Bad e-mail", "address.postalCode": "Too long", shippingMethod: "Choose one", "lines.0": "Something else" }),
    ).toEqual({
      errors: { email: "Bad e-mail", postalCode: "Too long", shippingMethod: "Choose one" },
      other: ["Something else"],
    });
  });
});

describe("the gift card's recipient on the checkout form", () => {
  it("is sent only when typed, and refused beside its own field", () => {
    const typed = readCheckoutForm(form({ ...complete, giftCardEmail: " grete@example.com ", giftCardName: "Grete", giftCardMessage: "Alles Gute!" }));
    const checked = checkCheckoutForm(typed, null, ["cod"]);
    expect(checked.ok && checked.input.giftCardRecipient).toEqual({ email: "grete@example.com", name: "Grete", message: "Alles Gute!" });
    const none = checkCheckoutForm(readCheckoutForm(form(complete)), null, ["cod"]);
    expect(none.ok && none.input.giftCardRecipient).toBeUndefined();
    // A name without an address, or a malformed address: told beside the e-mail field.
    expect(checkoutFieldErrors(readCheckoutForm(form({ ...complete, giftCardName: "Grete" })), null, ["cod"])).toEqual({
      giftCardEmail: "Please enter the e-mail address of the gift card's recipient",
    });
    expect(checkoutFieldErrors(readCheckoutForm(form({ ...complete, giftCardEmail: "grete" })), null, ["cod"])).toEqual({
      giftCardEmail: "Please enter a valid e-mail address for the recipient",
    });
    // The order's refusal of a gift card without a recipient lands there too.
    expect(formFieldErrors({ "giftCardRecipient.email": "Please enter the e-mail address of the gift card's recipient" }).errors).toEqual({
      giftCardEmail: "Please enter the e-mail address of the gift card's recipient",
    });
  });
});
