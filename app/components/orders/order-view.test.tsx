import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type SiteSettings, siteSettingsSchema } from "#common/content/content.schema";
import type { Language } from "#common/i18n/languages";
import type { CartTotals } from "#modules/cart";
import type { OrderLine, OrderTotals } from "#modules/orders";
import { withLanguage } from "#tests/support/page-language";
import { CartSummary } from "../cart/cart-summary";
import { Price } from "../price";
import { ProductGrid } from "../product-card";
import { BuyerFacts, LineList, StatusBadge, StatusTimeline, TotalsList } from "./order-view";

// A shop that sells in euros and writes English: the page's language decides the words and the
// way money and dates are written.
const settings = siteSettingsSchema.parse({ currency: "EUR", locale: "en-US" });

/** A component as a page of the storefront in `language` renders it on the server, as text. */
function pageText(node: ReactNode, language: Language, shopSettings: SiteSettings = settings): { html: string; text: string } {
  const settings = shopSettings;
  const Stub = createRoutesStub([
    { id: "root", path: "/:lang?", Component: Outlet, loader: () => ({ settings }), children: [{ id: "part", index: true, Component: () => node }] },
  ]);
  const html = renderToString(
    withLanguage(<Stub initialEntries={[language === "en" ? "/" : `/${language}`]} hydrationData={{ loaderData: { root: { settings } } }} />, language),
  );
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, " ");
  return { html, text };
}

const totals: CartTotals = {
  itemCount: 3,
  subtotal: 40,
  discount: 9,
  itemsSubtotal: 31,
  shipping: 4.99,
  shippingMax: 9.99,
  total: 35.99,
  giftCardTotal: 0,
  orderTotal: 35.99,
  freeShippingThreshold: 75,
  amountToFreeShipping: 44,
  currency: "EUR",
  taxTotal: 0,
  pricesIncludeTax: false,
  discountTotal: 0,
};

const line: OrderLine = {
  id: "l1",
  productId: "p1",
  slug: "linen-shirt",
  name: "Linen Shirt",
  image: null,
  selectedColor: "Blue",
  selectedSize: "M",
  selectedAditionalPrice: 0,
  price: 20,
  discount: 25,
  finalPrice: 15.5,
  shippingCost: 0,
  quantity: 2,
  lineTotal: 31,
};

const orderTotals: OrderTotals = {
  subtotal: 40,
  discount: 9,
  itemsSubtotal: 31,
  shipping: 0,
  total: 31,
  currency: "EUR",
  refunded: 10,
  net: 21,
} as OrderTotals;

describe("the cart's summary in the page's language", () => {
  it("speaks German with money written the German way", () => {
    const { text } = pageText(<CartSummary totals={totals} />, "de");
    expect(text).toContain("Zwischensumme 31,00 €");
    expect(text).toContain("Du sparst 9,00 € gegenüber den Listenpreisen");
    expect(text).toContain("Versand ab 4,99 €");
    expect(text).toContain("Gesamt ab 35,99 €");
    expect(text).toContain("Noch 44,00 € bis zum kostenlosen Versand");
  });

  it("speaks Spanish, and English as before", () => {
    expect(pageText(<CartSummary totals={totals} />, "es").text).toContain("Añade 44,00 € más para conseguir el envío gratis");
    const { text } = pageText(<CartSummary totals={{ ...totals, shipping: 0, shippingMax: 0, total: 31 }} />, "en");
    expect(text).toContain("Subtotal €31.00");
    expect(text).toContain("Shipping Free");
    expect(text).toContain("Add €44.00 more for free shipping");
  });
});

describe("an order's promotions", () => {
  it("are taken off as rows of their own, named with their code, in the page's language and money", () => {
    const discounts = [
      { code: "SPRING10", label: "Spring sale", amount: 3.1 },
      { label: "Free shipping", amount: 4.99 },
    ];
    const { text } = pageText(<TotalsList totals={{ ...orderTotals, shipping: 4.99 }} discounts={discounts} />, "fr");
    expect(text).toContain("Spring sale (SPRING10) −3,10 €");
    expect(text).toContain("Free shipping −4,99 €");
    expect(text.indexOf("Free shipping")).toBeLessThan(text.indexOf("Total"));
  });
});

describe("gift cards in a summary", () => {
  it("show each card after the order's total with what it paid, then what is left to pay", () => {
    const paid = { ...orderTotals, refunded: 0, net: 31, total: 21, orderTotal: 31 };
    const { text } = pageText(<TotalsList totals={paid} giftCards={[{ last4: "ABCD", amount: 10 }]} />, "en");
    expect(text).toContain("Order total €31.00 Gift card ••••ABCD −€10.00 To pay €21.00");
  });

  it("say in the cart why a card pays nothing now, in the page's language", () => {
    const refusal = { reason: "other_currency", message: "cart.giftCard.otherCurrency" as const, currency: "USD" };
    const { text } = pageText(
      <CartSummary
        totals={{ ...totals, shipping: 0, shippingMax: 0, total: 31, orderTotal: 31 }}
        giftCards={[{ last4: "WXYZ", amount: 0, problem: "in USD", refusal }]}
      />,
      "de",
    );
    expect(text).toContain("Gutschein ••••WXYZ");
    expect(text).toContain("USD");
    expect(text).toContain("Noch zu zahlen 31,00 €");
  });
});

describe("an order in the page's language", () => {
  it("says its lines, totals and status in Spanish, its links under /es", () => {
    const { html, text } = pageText(
      <>
        <StatusBadge status="shipped" />
        <LineList lines={[line]} currency="EUR" />
        <TotalsList totals={orderTotals} shippingLabel="Standard" />
      </>,
      "es",
    );
    expect(text).toContain("Enviado");
    expect(text).toContain("Cant. 2 × 15,50 €");
    expect(text).toContain("Envío Standard Gratis");
    expect(text).toContain("Reembolsado −10,00 €");
    expect(text).toContain("Total tras reembolsos 21,00 €");
    expect(html).toContain('href="/es/products/linen-shirt"');
  });

  it("dates its status timeline in German", () => {
    const order = {
      status: "processing" as const,
      createdAt: "2026-03-02T09:30:00.000Z",
      history: [
        { status: "pending" as const, actor: "customer" as const, note: null, at: "2026-03-02T09:30:00.000Z" },
        { status: "processing" as const, actor: "shop" as const, note: null, at: "2026-03-03T08:00:00.000Z" },
      ],
    };
    const { text } = pageText(<StatusTimeline order={order as never} />, "de");
    expect(text).toContain("Eingegangen Bestellung aufgegeben · 2. März 2026");
    expect(text).toContain("In Bearbeitung (aktueller Status) Wird vorbereitet · 3. März 2026");
    expect(text).toContain("Versandt (noch nicht) Unterwegs zu dir");
  });
});

describe("the tax in the totals", () => {
  it("adds the sales tax above the total where prices exclude it, in the page's words for a plain tax", () => {
    const exclusive = { itemsSubtotal: 56, discount: 0, shipping: 19.97, total: 80.94, currency: "USD", pricesIncludeTax: false };
    const { text } = pageText(
      <TotalsList totals={exclusive} taxLines={[{ label: "Tax 8.875%", name: null, reverseCharge: false, rate: 8.875, base: 56, amount: 4.97 }]} />,
      "de",
    );
    expect(text).toMatch(/Versand 19,97 \$ Steuer 8,875 % 4,97 \$ Gesamt 80,94 \$/);
  });

  it("says what VAT a tax-inclusive total holds, keeping the shop's name for it, and a reverse charge in the page's words", () => {
    const inclusive = { itemsSubtotal: 46, discount: 0, shipping: 14.98, total: 60.98, currency: "EUR", pricesIncludeTax: true };
    const lines = [
      { label: "VAT 19%", name: "VAT", reverseCharge: false, rate: 19, base: 12.59, amount: 2.39 },
      { label: "VAT 7%", name: "VAT", reverseCharge: false, rate: 7, base: 42.99, amount: 3.01 },
    ];
    expect(pageText(<TotalsList totals={inclusive} taxLines={lines} />, "en").text).toContain("Total €60.98 Includes VAT 19% €2.39 Includes VAT 7% €3.01");
    const reverse = pageText(
      <TotalsList
        totals={{ ...inclusive, total: 50.82 }}
        taxLines={[{ label: "Reverse charge", name: "VAT", reverseCharge: true, rate: 0, base: 50.82, amount: 0 }]}
      />,
      "fr",
    ).text;
    // The buyer pays the prices without the VAT they include: what is taken off is said before the total.
    expect(reverse).toMatch(/Livraison 14,98 € TVA non facturée −10,16 € Total 50,82 € Autoliquidation 0,00 €/);
  });
});

/** A shop that charges tax: US style (sales tax added, the shop's own state New York) or EU style (prices with VAT). */
const usShop = siteSettingsSchema.parse({
  currency: "USD",
  locale: "en-US",
  country: "US",
  taxes: { region: "NY", regions: [{ country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875 } }] },
});
const euShop = siteSettingsSchema.parse({
  currency: "EUR",
  locale: "en-US",
  country: "DE",
  taxes: { pricesIncludeTax: true, regions: [{ country: "DE", name: "VAT", rates: { standard: 19, reduced: 7 } }] },
});

describe("the cart's tax before the address is known", () => {
  const usTotals: CartTotals = {
    ...totals,
    currency: "USD",
    discount: 0,
    itemsSubtotal: 56,
    shipping: 19.97,
    shippingMax: 19.97,
    total: 80.94,
    taxTotal: 4.97,
  };
  const nyTax = [{ label: "Sales tax 8.875%", name: "Sales tax", reverseCharge: false, rate: 8.875, base: 56, amount: 4.97 }];

  it("adds the shop's own state's sales tax above the total and says checkout works it out for the address, in German", () => {
    const { text } = pageText(<CartSummary totals={usTotals} taxLines={nyTax} />, "de", usShop);
    expect(text).toMatch(/Versand 19,97 \$ Sales tax 8,875 % 4,97 \$ Gesamt 80,94 \$/);
    expect(text).toContain("Steuer unserer eigenen Region: Die Kasse berechnet sie für deine Lieferadresse.");
  });

  it("says the tax comes at checkout where the shop's own region charges none", () => {
    const untaxed = { ...usTotals, taxTotal: 0, total: 75.97 };
    expect(pageText(<CartSummary totals={untaxed} taxLines={[]} />, "en", usShop).text).toContain("Total $75.97 Tax calculated at checkout.");
    expect(pageText(<CartSummary totals={untaxed} taxLines={[]} />, "es", usShop).text).toContain("Impuestos calculados en la pantalla de pago.");
  });

  it("says what VAT a tax-inclusive cart's total holds, after it, and that tax is included, in French", () => {
    const euTotals: CartTotals = {
      ...totals,
      itemsSubtotal: 46,
      discount: 0,
      shipping: 14.98,
      shippingMax: 14.98,
      total: 60.98,
      taxTotal: 9.74,
      pricesIncludeTax: true,
    };
    const vat = [{ label: "VAT 19%", name: "VAT", reverseCharge: false, rate: 19, base: 51.24, amount: 9.74 }];
    const { text } = pageText(<CartSummary totals={euTotals} taxLines={vat} compact />, "fr", euShop);
    expect(text).toMatch(/Total 60,98 € Dont VAT 19 % 9,74 € TVA incluse\. Tant que le paiement ne connaît pas votre adresse de livraison/);
  });

  it("says nothing of tax for a shop without a tax setup", () => {
    const { text, html } = pageText(<CartSummary totals={totals} />, "en");
    expect(html).not.toContain("cart-tax");
    expect(text).not.toMatch(/tax/i);
  });
});

describe("a price beside the shop's tax", () => {
  const product = {
    _id: "p1",
    name: "Linen Shirt",
    slug: "linen-shirt",
    price: 40,
    discount: 0,
    finalPrice: 40,
    priceVaries: false,
    image: [],
    category: "Men's Fashion",
    subCategory: null,
    inStock: true,
    rating: { average: null, count: 0 },
  };

  it("says the tax is included (EU style) or added (US style) on the product page and on product cards, in the page's language", () => {
    expect(pageText(<Price price={40} finalPrice={40} discount={0} size="lg" withTaxNote />, "de", euShop).text).toContain("40,00 € inkl. MwSt.");
    expect(pageText(<Price price={40} finalPrice={40} discount={0} size="lg" withTaxNote />, "en", usShop).text).toContain("$40.00 + tax");
    expect(pageText(<ProductGrid products={[product]} />, "fr", euShop).text).toContain("40,00 € TVA incluse");
    expect(pageText(<ProductGrid products={[product]} />, "es", usShop).text).toContain("40,00 US$ + impuestos");
  });

  it("says nothing of tax where the shop has no tax setup, and a cart line's price never does", () => {
    expect(pageText(<ProductGrid products={[product]} />, "en").html).not.toContain("price-tax-note");
    expect(pageText(<Price price={40} finalPrice={40} discount={0} />, "en", euShop).html).not.toContain("price-tax-note");
  });
});

describe("a business buyer's order", () => {
  it("shows the company and VAT number, and for a reverse charge that no VAT was charged, in German", () => {
    const { text } = pageText(<BuyerFacts order={{ company: "Acme SARL", vatNumber: "FR12345678901", reverseCharge: true }} />, "de");
    expect(text).toContain("Acme SARL USt-IdNr. FR12345678901 Steuerschuldnerschaft des Leistungsempfängers: keine MwSt. berechnet.");
    expect(pageText(<BuyerFacts order={{ company: "Muster GmbH", vatNumber: null, reverseCharge: false }} />, "en").text.trim()).toBe("Muster GmbH");
  });
});
