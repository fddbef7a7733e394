import { describe, expect, it } from "vitest";
import { productCreateSchema, productPatchSchema } from "#common/catalog/catalog.admin.schema";
import { productBodyFromForm, productFieldErrors } from "./product-data.server";
import { valuesFromPosted, valuesFromProduct } from "./product-form-values";

/** A form as the product form posts it (names as its inputs have them). */
function formOf(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

const LISTS = ["image", "imageAlt", "colorImages", "specifications", "colors", "sizes", "variants"].map((l): [string, string] => [`${l}.length`, "0"]);

const newProduct: Array<[string, string]> = [
  ...LISTS,
  ["name", "Harbour Lantern"],
  ["slug", "harbour-lantern"],
  ["description", "<p>Brass.</p>"],
  ["image.0", "/uploads/products/a.webp"],
  ["imageAlt.0", "From the front"],
  ["colorImages.Lagoon.0", "/uploads/products/a.webp"],
  ["image.1", "/uploads/products/b.webp"],
  ["imageAlt.1", ""],
  ["price", "40"],
  ["discount", "10"],
  ["shippingCost", "0"],
  ["categorySlug", "home-and-kitchen"],
  ["subCategorySlug", ""],
  ["brand", ""],
  ["sku", ""],
  ["status", "active"],
  ["colors.0.name", "Lagoon"],
  ["colors.0.hex", "#0e7490"],
  ["sizes.0", "S"],
  ["sizes.1", "M"],
  ["variants.0.color", "Lagoon"],
  ["variants.0.size", "S"],
  ["variants.0.additionalPrice", "0"],
  ["variants.0.stock", "6"],
  ["variants.0.sku", ""],
  ["variants.1.color", "Lagoon"],
  ["variants.1.size", "M"],
  ["variants.1.additionalPrice", "2.5"],
  ["variants.1.stock", "9"],
  ["variants.1.sku", "LNT-M"],
  ["specifications.0.name", "Material"],
  ["specifications.0.value", "Brass"],
  // The form's empty row, and the empty picture address of the page without JavaScript.
  ["specifications.1.name", ""],
  ["specifications.1.value", " "],
  ["image.2", ""],
  ["imageAlt.2", ""],
];

describe("the product form's submission", () => {
  it("is what the products schema accepts: the API's shape, blank rows left out", () => {
    const body = productBodyFromForm(formOf(newProduct));
    const parsed = productCreateSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({
      name: "Harbour Lantern",
      price: 40,
      discount: 10,
      image: ["/uploads/products/a.webp", "/uploads/products/b.webp"],
      imageAlt: ["From the front", ""],
      colorImages: { Lagoon: ["/uploads/products/a.webp"] },
      specifications: [{ name: "Material", value: "Brass" }],
      colors: [{ name: "Lagoon", hex: "#0e7490" }],
      sizes: ["S", "M"],
      variants: [
        { color: "Lagoon", size: "S", additionalPrice: 0, stock: 6 },
        { color: "Lagoon", size: "M", additionalPrice: 2.5, stock: 9, sku: "LNT-M" },
      ],
    });
  });

  it("an emptied list is sent as empty, so a save removes the last row", () => {
    const body = productBodyFromForm(formOf([...LISTS, ["name", "Bare"], ["version", "3"]]));
    expect(body).toMatchObject({ image: [], specifications: [], colors: [], sizes: [], variants: [], colorImages: {} });
    expect(productPatchSchema.safeParse(body).success).toBe(true);
  });

  it("leaves out stock the editor did not change, so units sold meanwhile are not put back", () => {
    const body = productBodyFromForm(
      formOf([
        ...LISTS,
        ["version", "2"],
        ["variants.0.color", "Red"],
        ["variants.0.stock", "6"],
        ["_stockWas.0", "6"],
        ["variants.1.color", "Blue"],
        ["variants.1.stock", "8"],
        ["_stockWas.1", "3"],
        ["variants.2.color", "Green"],
        ["variants.2.stock", "5"],
        ["stock", "4"],
        ["_stockWas", "4"],
      ]),
    ) as { variants: Array<{ stock?: number }>; stock?: number };
    expect(body.variants.map((v) => v.stock)).toEqual([undefined, 8, 5]);
    expect(body.stock).toBeUndefined();
  });

  it("a refused save is shown again as it was typed (the page without JavaScript)", () => {
    const posted = Object.fromEntries(newProduct.filter(([k]) => !k.endsWith(".length")));
    const values = valuesFromPosted({ ...posted, price: "-5", version: "7" });
    expect(values.price).toBe("-5");
    expect(values.version).toBe("7");
    expect(values.images).toEqual([
      { url: "/uploads/products/a.webp", alt: "From the front", color: "Lagoon" },
      { url: "/uploads/products/b.webp", alt: "", color: "" },
    ]);
    expect(values.specifications).toEqual([{ name: "Material", value: "Brass" }]);
    expect(values.variants.variants.map((v) => `${v.color}/${v.size}:${v.stock}`)).toEqual(["Lagoon/S:6", "Lagoon/M:9"]);
  });

  it("a stored product opens with its stock remembered, so an unchanged figure is not sent back", () => {
    const values = valuesFromProduct({
      version: 4,
      name: "Flask",
      slug: "flask",
      description: "",
      brand: null,
      sku: null,
      categorySlug: "sports",
      subCategorySlug: null,
      price: 20,
      discount: 0,
      shippingCost: 0,
      status: "draft",
      image: ["/uploads/products/f.webp"],
      imageAlt: ["A flask"],
      colorImages: { Teal: ["/uploads/products/f.webp"] },
      specifications: [],
      colors: [{ name: "Teal", hex: null }],
      sizes: [],
      variants: [{ color: "Teal", size: null, additionalPrice: 0, stock: 12, sku: null }],
      stock: 12,
    });
    expect(values.version).toBe("4");
    expect(values.images).toEqual([{ url: "/uploads/products/f.webp", alt: "A flask", color: "Teal" }]);
    expect(values.variants.variants[0]).toMatchObject({ stock: "12", stockWas: "12" });
    expect(values.variants.colors[0]).toEqual({ name: "Teal", hex: "" });
  });

  it("a stored product opens with its price list by currency", () => {
    const values = valuesFromProduct({
      ...storedFlask,
      prices: [
        { currency: "EUR", price: 18.5 },
        { currency: "GBP", price: 16 },
      ],
    });
    expect(values.prices).toEqual({ EUR: "18.5", GBP: "16" });
  });
});

const storedFlask = {
  version: 4,
  name: "Flask",
  slug: "flask",
  description: "",
  brand: null,
  sku: null,
  categorySlug: "sports",
  subCategorySlug: null,
  price: 20,
  discount: 0,
  shippingCost: 0,
  status: "draft" as const,
  image: [],
  imageAlt: [],
  colorImages: {},
  specifications: [],
  colors: [],
  sizes: [],
  variants: [],
  stock: 12,
};

describe("the product form's prices in other currencies", () => {
  // The form shows one input per currency the shop offers (EUR, GBP, CHF), blank for a converted price.
  const priceRows = (eur: string, gbp: string, chf: string): Array<[string, string]> => [
    ["prices.length", "0"],
    ["prices.0.currency", "EUR"],
    ["prices.0.price", eur],
    ["prices.1.currency", "GBP"],
    ["prices.1.price", gbp],
    ["prices.2.currency", "CHF"],
    ["prices.2.price", chf],
  ];

  it("send the fixed ones as the API's price list, blank ones left out (converted)", () => {
    const body = productBodyFromForm(formOf([...LISTS, ["version", "5"], ...priceRows("8.50", " ", "9")]));
    expect(body.prices).toEqual([
      { currency: "EUR", price: 8.5 },
      { currency: "CHF", price: 9 },
    ]);
    const parsed = productPatchSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("send an empty list when every one is blank, so a save removes the fixed prices", () => {
    const body = productBodyFromForm(formOf([...LISTS, ["version", "5"], ...priceRows("", "", "")]));
    expect(body.prices).toEqual([]);
  });

  it("leave the list as it is when the form has no such inputs (the shop offers no other currency)", () => {
    const body = productBodyFromForm(formOf([...LISTS, ["version", "5"], ["name", "Flask"]]));
    expect(body).not.toHaveProperty("prices");
  });

  it("put the service's errors beside the currency's input, counted among all the form's currencies", () => {
    const form = formOf([...LISTS, ["version", "5"], ...priceRows("", "-3", "abc")]);
    const parsed = productPatchSchema.safeParse(productBodyFromForm(form));
    const fields = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    // The service numbers the prices it got: GBP is 0, CHF is 1; a currency the shop does not offer is named by its entry.
    expect(Object.keys(fields).sort()).toEqual(["prices.0.price", "prices.1.price"]);
    expect(productFieldErrors({ ...fields, "prices.1.currency": "CHF is not offered", name: "Give the product a name" }, form)).toEqual({
      "prices.1.price": "The price cannot be negative",
      "prices.2.price": "The price must be a number",
      name: "Give the product a name",
    });
  });

  it("a refused save shows what was typed in each currency again (the page without JavaScript)", () => {
    const posted = Object.fromEntries(priceRows("8.5", "", "abc").filter(([k]) => !k.endsWith(".length")));
    expect(valuesFromPosted(posted).prices).toEqual({ EUR: "8.5", CHF: "abc" });
  });
});

describe("the gift card box", () => {
  it("marks the product when ticked, unmarks it when cleared, and leaves it alone on a form without the box", () => {
    expect(
      productBodyFromForm(
        formOf([
          ["_giftCard", "1"],
          ["giftCard", "on"],
        ]),
      ).giftCard,
    ).toBe(true);
    expect(productBodyFromForm(formOf([["_giftCard", "1"]])).giftCard).toBe(false);
    expect(productBodyFromForm(formOf([["name", "Lantern"]]))).not.toHaveProperty("giftCard");
    expect(valuesFromPosted({ giftCard: "on" }).giftCard).toBe(true);
    expect(valuesFromPosted({}).giftCard).toBe(false);
  });
});
