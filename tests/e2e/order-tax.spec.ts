import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleWithoutScripts, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { adminApi, apiJson, headers } from "./support/admin-api";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// Tax wherever money is shown: the cart page and panel (the shop's own state's sales tax before
// an address is known, and a note saying so), the price on the product page, the confirmation and
// my orders of a taxed order, and the invoice of a reverse-charge order.

/** New York sales tax, the shop's own state, so the cart is taxed before an address is known. */
const US_TAXES = {
  pricesIncludeTax: false,
  shippingTaxed: false,
  shippingTaxClass: "standard",
  defaultClass: "standard",
  taxNumber: "US-TAX-0042",
  region: "NY",
  classes: ["standard", "reduced", "zero"],
  regions: [{ country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875, reduced: 4, zero: 0 } }],
};

let before: Record<string, unknown>;
async function putSettings(change: Record<string, unknown>) {
  const api = await adminApi();
  await apiJson(await api.put("/api/admin/settings", { data: { ...before, ...change }, headers }), 200);
  await api.dispose();
}
test.beforeAll(async () => {
  const api = await adminApi();
  before = await apiJson<Record<string, unknown>>(await api.get("/api/admin/settings"), 200);
  await api.dispose();
});
test.afterAll(async () => {
  const api = await adminApi();
  await api.put("/api/admin/settings", { data: before, headers });
  await api.dispose();
});

/** A demo book in stock (no colour or size) with its price after discount in cents. */
async function aBook(request: APIRequestContext, index: number): Promise<{ _id: string; slug: string; name: string; cents: number }> {
  const res = await request.get("/api/products/category/books");
  expect(res.ok()).toBe(true);
  const books = ((await res.json()) as Array<{ _id: string; slug: string; name: string; finalPrice: number; inStock: boolean }>).filter((b) => b.inStock);
  const book = books.sort((a, b) => a.slug.localeCompare(b.slug))[index]!;
  return { ...book, cents: Math.round(book.finalPrice * 100) };
}

async function addToCartByApi(request: APIRequestContext, productId: string) {
  const res = await request.post("/api/cart/items", { data: { productId, quantity: 1 }, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);
}

const dollars = (amount: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount / 100);
/** Sales tax at a rate in thousandths of a percent, rounded half up to the cent (one line). */
const taxOf = (amount: number, milli: number) => Math.round((amount * milli) / 100_000);

test.describe("tax on the cart, the confirmation and my orders", () => {
  test.beforeAll(() => putSettings({ taxes: US_TAXES }));

  for (const viewport of [
    { width: 1280, height: 900, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    test(`the cart shows the shop's own state's tax, the order its tax as charged (${viewport.name})`, async ({ page, request }, testInfo) => {
      test.slow(); // four pages checked with axe, an order placed
      await page.setViewportSize(viewport);
      const book = await aBook(request, viewport.name === "desktop" ? 4 : 6);
      const ny = taxOf(book.cents, 8875);

      // The product page says the price has tax added.
      await page.goto(`/products/${book.slug}`);
      await waitForHydration(page);
      await expect(page.getByTestId("product-price").getByTestId("price-tax-note")).toHaveText("+ tax");

      // The cart panel and the cart page: New York's tax before an address is known, and the note.
      await page.getByRole("button", { name: "Add to cart" }).click();
      const panel = page.getByRole("dialog", { name: "Shopping cart" });
      await expect(panel.getByTestId("cart-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
      await expect(panel.getByTestId("cart-tax-note")).toHaveText("Tax shown for our own region: checkout calculates it for your delivery address.");
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      await expectAccessible(page);
      await shot(page, testInfo, `order-tax-panel-${viewport.name}`, { fullPage: false });
      await panel.getByRole("link", { name: "View cart" }).click();
      await expect(page).toHaveURL(/\/shopping-cart/);
      // The panel stays in the page, hidden: the summary looked at is the page's own.
      const summary = page.getByRole("main").getByTestId("cart-summary");
      await expect(summary.getByTestId("cart-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
      await expect(summary.getByTestId("cart-tax-note")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await shot(page, testInfo, `order-tax-cart-${viewport.name}`);

      // Placed for a New York address: the confirmation shows the tax charged.
      await page.goto("/checkout");
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Checkout" });
      await form.getByRole("textbox", { name: "Full name" }).fill("Ada Lovelace");
      await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail(`order-tax-${viewport.name}`));
      await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
      await form.getByRole("textbox", { name: "Address", exact: true }).fill("350 Fifth Avenue");
      await form.getByRole("textbox", { name: "City" }).fill("New York");
      await form.getByRole("combobox", { name: "State" }).selectOption("NY");
      await form.getByRole("textbox", { name: "Company (optional)" }).fill("Analytical Engines Inc.");
      await expect(page.getByTestId("checkout-summary").getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?order=/);
      await expect(page.getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
      await expect(page.getByTestId("order-business")).toHaveText("Analytical Engines Inc.");
      await expectAccessible(page);
      await shot(page, testInfo, `order-tax-confirmation-${viewport.name}`);
      const number = (await page.getByTestId("order-number").textContent())?.trim();

      // My orders: the order's details show the same tax.
      await page.goto("/my-orders");
      await waitForHydration(page);
      await page
        .getByTestId("order-row")
        .first()
        .getByRole("link", { name: /View details/ })
        .click();
      const dialog = page.getByRole("dialog", { name: `Order #${number}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
      await expect(dialog.getByTestId("order-business")).toHaveText("Analytical Engines Inc.");
      await expectAccessible(page);
      await shot(page, testInfo, `order-tax-my-orders-${viewport.name}`, { fullPage: false });
    });
  }
});

test.describe("tax on the cart page without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  test.beforeAll(() => putSettings({ taxes: US_TAXES }));

  test("the cart page, the product page, the confirmation and my orders say the tax as the server renders them", async ({ page, browser, request }) => {
    test.slow(); // an order placed through plain forms, two pages checked with axe
    const book = await aBook(request, 5);
    const ny = taxOf(book.cents, 8875);
    await page.goto(`/products/${book.slug}`);
    await expect(page.getByTestId("product-price").getByTestId("price-tax-note")).toHaveText("+ tax");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/shopping-cart/);
    await expect(page.getByTestId("cart-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
    await expect(page.getByTestId("cart-tax-note")).toHaveText("Tax shown for our own region: checkout calculates it for your delivery address.");
    await expectAccessibleWithoutScripts(browser, page);

    await page.goto("/checkout");
    const form = page.getByRole("form", { name: "Checkout" });
    await form.getByRole("textbox", { name: "Full name" }).fill("Ada Lovelace");
    await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("order-tax-nojs"));
    await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
    await form.getByRole("textbox", { name: "Address", exact: true }).fill("350 Fifth Avenue");
    await form.getByRole("textbox", { name: "City" }).fill("New York");
    await form.getByRole("combobox", { name: "State" }).selectOption("NY");
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=/);
    await expect(page.getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
    await expectAccessibleWithoutScripts(browser, page);

    await page.goto("/my-orders");
    await page
      .getByTestId("order-row")
      .first()
      .getByRole("link", { name: /View details/ })
      .click();
    await expect(page.getByRole("dialog").getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
  });
});

test.describe("a reverse-charge order's invoice", () => {
  // An EU shop (Germany, prices with VAT) sells to a French business with its VAT number.
  test.beforeAll(async () => {
    const zones = before.shippingZones as Array<Record<string, unknown>>;
    await putSettings({
      country: "DE",
      shippingZones: [...zones, { id: "france", name: "France", rate: 9, country: "FR", regions: [], cities: [] }],
      taxes: {
        ...US_TAXES,
        pricesIncludeTax: true,
        shippingTaxed: true,
        taxNumber: "DE123456789",
        region: undefined,
        regions: [
          { country: "DE", name: "VAT", rates: { standard: 19, reduced: 7, zero: 0 } },
          { country: "FR", name: "VAT", rates: { standard: 20, reduced: 5.5, zero: 0 } },
        ],
      },
    });
  });

  for (const viewport of [
    { width: 1280, height: 900, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    test(`prints the shop's tax number, the buyer's company and VAT number, the tax per rate and "Reverse charge" (${viewport.name})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      const book = await aBook(page.request, 7);
      await addToCartByApi(page.request, book._id);
      const res = await page.request.post("/api/orders", {
        headers,
        data: {
          contact: { name: "Camille Martin", email: uniqueEmail("reverse"), phone: uniquePhone() },
          address: { line1: "1 rue de Rivoli", city: "Paris", postalCode: "75001", country: "FR" },
          shippingMethod: "france",
          paymentMethod: "cod",
          company: "Acme SARL",
          vatNumber: "FR12345678901",
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { order } = (
        (await res.json()) as { data: { order: { id: string; reverseCharge: boolean; totals: { itemsSubtotal: number; shipping: number; total: number } } } }
      ).data;
      expect(order.reverseCharge).toBe(true);

      const signedIn = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      await page.goto(`/admin-dashboard/orders/print?ids=${order.id}&doc=invoice&noprint`);
      const invoice = page.getByTestId("print-page");
      await expect(invoice.getByTestId("print-tax-number")).toHaveText("Tax number: DE123456789");
      await expect(invoice.getByTestId("print-company")).toHaveText("Acme SARL");
      await expect(invoice.getByTestId("print-vat-number")).toHaveText("VAT number: FR12345678901");
      await expect(invoice.getByTestId("print-prices-tax")).toHaveText("Prices include tax.");
      // The buyer pays the prices without the VAT they include: it is taken off before the total.
      const { itemsSubtotal, shipping, total } = order.totals;
      const notCharged = Math.round(itemsSubtotal * 100) + Math.round(shipping * 100) - Math.round(total * 100);
      expect(notCharged).toBeGreaterThan(0);
      await expect(invoice.getByTestId("print-vat-not-charged")).toHaveText(`−${dollars(notCharged)}`);
      await expect(invoice.getByTestId("print-tax-line")).toHaveCount(1);
      await expect(invoice.getByTestId("print-tax-line")).toContainText("Reverse charge");
      await expect(invoice.getByTestId("print-reverse-charge")).toContainText("Reverse charge: no VAT charged.");
      await expectAccessible(page);
      await shot(page, testInfo, `order-tax-invoice-${viewport.name}`);

      // The admin's order page: the tax as charged, the company, the VAT number and the reverse charge.
      await page.goto(`/admin-dashboard/orders/${order.id}`);
      await expect(page.getByTestId("totals-tax")).toHaveText(["Reverse charge$0.00"]);
      await expect(page.getByTestId("totals-vat-not-charged")).toHaveText(`VAT not charged−${dollars(notCharged)}`);
      await expect(page.getByTestId("order-business")).toContainText("Acme SARL");
      await expect(page.getByTestId("order-business")).toContainText("VAT number FR12345678901");
      await expect(page.getByTestId("order-reverse-charge")).toBeVisible();

      // The packing slip names the company, and no money.
      await page.goto(`/admin-dashboard/orders/print?ids=${order.id}&doc=slip&noprint`);
      await expect(page.getByTestId("print-page").getByTestId("print-company")).toHaveText("Acme SARL");
      await expect(page.getByTestId("print-page")).not.toContainText("€");
      await expect(page.getByTestId("print-page")).not.toContainText("$");
    });
  }
});
