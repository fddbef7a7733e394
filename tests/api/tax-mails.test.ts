import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "#common/content/content.schema";
import { formatMoney } from "#common/money";
import type { Order } from "#modules/orders";
import { browserWithCart, checkoutBody, insertShoppingCatalog, type ShoppingCatalog, setStock } from "#tests/support/shop-fixture";
import { type ReceivedMail, type TestSmtpServer, startSmtpServer } from "#tests/support/smtp";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// The order mails show the tax of the order as it was charged: per rate, in the order's language,
// added before the total (US style) or said to be in it (EU style); a business buyer's company
// and VAT number, and for a reverse-charge order that no VAT was charged. The shop's own mail
// (English) shows the same. Mails go through a real SMTP server.

let shop: TestShop;
let smtp: TestSmtpServer;
let ids: ShoppingCatalog;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ SMTP_URL: smtp.url });
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 100);
});
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
  await smtp?.close();
});

async function useSettings(change: Partial<SiteSettings>) {
  await shop.services.content.saveSettings({
    ...(await shop.services.content.getSettings()),
    siteName: "Corner Store",
    locale: "en-US",
    contactEmail: "owner@corner.test",
    notifyNewOrders: true,
    freeShippingThreshold: 0,
    ...change,
  });
}

/** Places a cash-on-delivery order of two mugs (10.00 each, 4.99 shipping each) and answers it with its confirmation and the shop's mail. */
async function placeAndMail(body: Record<string, unknown>): Promise<{ order: Order; customer: ReceivedMail; owner: ReceivedMail }> {
  const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 2 }]);
  const res = await b.post("/api/orders", checkoutBody(body));
  expect(res.status, await res.clone().text()).toBe(201);
  const { order } = ((await res.json()) as { data: { order: Order } }).data;
  const email = (body.contact as { email: string }).email;
  const customer = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(order.number), 10_000);
  const owner = await smtp.waitFor((m) => m.to.includes("owner@corner.test") && m.subject.includes(`New order ${order.number}`), 10_000);
  return { order, customer, owner };
}

/** The mail's rows as plain text lines, in order. */
const linesOf = (mail: ReceivedMail) => mail.text.split(/\r?\n/);
/** The amounts and percentages as a locale writes them (its no-break spaces included). */
const money = (amount: number, currency: string, locale: string) => formatMoney(amount, currency, locale);
const percent = (rate: number, locale: string) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 3 }).format(rate / 100);

describe("a US-style shop: the state's sales tax added", () => {
  beforeAll(async () => {
    await useSettings({
      country: "US",
      currency: "USD",
      shippingZones: [{ id: "us", name: "United States", rate: 5, country: "US", regions: [], cities: [], freeAbove: 0 }] as never,
      taxes: {
        pricesIncludeTax: false,
        shippingTaxed: false,
        shippingTaxClass: "standard",
        defaultClass: "standard",
        taxNumber: "",
        region: "NY",
        classes: ["standard", "reduced", "zero"],
        regions: [{ country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875 } }],
      },
    });
  });

  it("a Spanish order's confirmation adds the tax before the total, in Spanish, in its text and HTML; the shop's mail too", async () => {
    const { order, customer, owner } = await placeAndMail({
      contact: { name: "Lucía Pérez", email: "lucia@example.com", phone: "+1 555 0101" },
      address: { line1: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "US" },
      shippingMethod: "us",
      language: "es",
    });
    // 20.00 of mugs at 8.875 % = 1.775 → 1.78; shipping 5.00 + 2 × 4.99 untaxed.
    expect(order.totals).toMatchObject({ itemsSubtotal: 20, shipping: 14.98, taxTotal: 1.78, total: 36.76 });
    const es = "es-ES";
    const taxRow = `Sales tax ${percent(8.875, es)}: ${money(1.78, "USD", es)}`;
    const lines = linesOf(customer);
    expect(lines).toContain(taxRow);
    // Shipping, then the tax, then the total it adds up to.
    const at = lines.indexOf(taxRow);
    expect(lines[at - 1]).toMatch(/^Envío/);
    expect(lines[at + 1]).toBe(`Total: ${money(36.76, "USD", es)}`);
    expect(customer.html).toContain(`Sales tax ${percent(8.875, es)}`);
    expect(customer.html).toContain(money(1.78, "USD", es));
    expect(customer.text).not.toContain("NIF-IVA");

    const ownerLines = linesOf(owner);
    const ownerRow = ownerLines.indexOf("Sales tax 8.875%: $1.78");
    expect(ownerRow).toBeGreaterThan(0);
    expect(ownerLines[ownerRow + 1]).toBe("Total: $36.76");
  });
});

describe("an EU-style shop: prices with VAT", () => {
  beforeAll(async () => {
    await useSettings({
      country: "DE",
      currency: "EUR",
      shippingZones: [
        { id: "de", name: "Deutschland", rate: 5, country: "DE", regions: [], cities: [] },
        { id: "fr", name: "France", rate: 5, country: "FR", regions: [], cities: [] },
      ] as never,
      taxes: {
        pricesIncludeTax: true,
        shippingTaxed: true,
        shippingTaxClass: "standard",
        defaultClass: "standard",
        taxNumber: "DE123456789",
        classes: ["standard", "reduced", "zero"],
        regions: [
          { country: "DE", name: "MwSt.", rates: { standard: 19, reduced: 7, zero: 0 } },
          { country: "FR", name: "TVA", rates: { standard: 20, reduced: 5.5, zero: 0 } },
        ],
      },
    });
  });

  it("a German order's confirmation says the VAT its total includes, after the total", async () => {
    const { order, customer, owner } = await placeAndMail({
      contact: { name: "Grete Weber", email: "grete@example.com", phone: "+49 30 1234" },
      address: { line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" },
      shippingMethod: "de",
      language: "de",
    });
    // 20.00 + 14.98 = 34.98 with VAT; 34.98 × 19/119 = 5.585 → 5.59, in the total, not added to it.
    expect(order.totals).toMatchObject({ total: 34.98, taxTotal: 5.59, pricesIncludeTax: true });
    const de = "de-DE";
    const lines = linesOf(customer);
    const total = lines.indexOf(`Gesamt: ${money(34.98, "EUR", de)}`);
    expect(total).toBeGreaterThan(0);
    expect(lines[total + 1]).toBe(`Enthält MwSt. ${percent(19, de)}: ${money(5.59, "EUR", de)}`);
    expect(customer.html).toContain(`Enthält MwSt. ${percent(19, de)}`);
    expect(customer.text).not.toContain("Steuerschuldnerschaft");

    const ownerLines = linesOf(owner);
    expect(ownerLines[ownerLines.indexOf("Total: €34.98") + 1]).toBe("Includes MwSt. 19%: €5.59");
  });

  it("a French business's reverse-charge order: its company, VAT number and that no VAT was charged, in French", async () => {
    const { order, customer, owner } = await placeAndMail({
      contact: { name: "Camille Martin", email: "camille@example.com", phone: "+33 1 23 45 67 89" },
      address: { line1: "1 rue de Rivoli", city: "Paris", postalCode: "75001", country: "FR" },
      shippingMethod: "fr",
      company: "Acme SARL",
      vatNumber: "FR12345678901",
      language: "fr",
    });
    expect(order.reverseCharge).toBe(true);
    const fr = "fr-FR";
    // The buyer pays the prices without the 20 % they include: 34.98 / 1.2 = 29.15, 5.83 not charged.
    expect(order.totals).toMatchObject({ itemsSubtotal: 20, shipping: 14.98, total: 29.15 });
    const lines = linesOf(customer);
    const total = lines.indexOf(`Total: ${money(29.15, "EUR", fr)}`);
    expect(total).toBeGreaterThan(0);
    expect(lines[total - 1]).toBe(`TVA non facturée: −${money(5.83, "EUR", fr)}`);
    expect(lines[total + 1]).toBe(`Autoliquidation: ${money(0, "EUR", fr)}`);
    expect(customer.text).toContain("Société : Acme SARL");
    expect(customer.text).toContain("N° de TVA : FR12345678901");
    expect(customer.text).toContain("Autoliquidation : aucune TVA facturée. Le client acquitte la TVA.");
    expect(customer.html).toContain("Autoliquidation : aucune TVA facturée.");
    expect(customer.html).toContain("FR12345678901");

    expect(owner.text).toContain("VAT not charged: −€5.83\r\nTotal: €29.15\r\nReverse charge: €0.00");
    expect(owner.text).toContain("Company: Acme SARL");
    expect(owner.text).toContain("VAT number: FR12345678901");
    expect(owner.text).toContain("Reverse charge: no VAT charged. The customer accounts for the VAT.");
  });
});
