import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleWithoutScripts, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { adminApi, apiJson, headers } from "./support/admin-api";
import { BASE_URL } from "./support/ports";

// The checkout's summary shows the tax the server reckons for the address typed: sales tax of the
// state chosen, updated as it changes (with JavaScript) or with Update (without), and the order is
// placed for the total shown.

/** The tax set up for these tests: New York and Texas sales tax, prices without it, nothing before a state is chosen. */
const TAXES = {
  pricesIncludeTax: false,
  shippingTaxed: false,
  shippingTaxClass: "standard",
  defaultClass: "standard",
  taxNumber: "",
  classes: ["standard", "reduced", "zero"],
  regions: [
    { country: "US", region: "NY", name: "Sales tax", rates: { standard: 8.875, reduced: 4, zero: 0 } },
    { country: "US", region: "TX", rates: { standard: 6.25 } },
  ],
};

let before: Record<string, unknown>;
test.beforeAll(async () => {
  const api = await adminApi();
  before = await apiJson<Record<string, unknown>>(await api.get("/api/admin/settings"), 200);
  await apiJson(await api.put("/api/admin/settings", { data: { ...before, taxes: TAXES }, headers }), 200);
  await api.dispose();
});
test.afterAll(async () => {
  const api = await adminApi();
  await api.put("/api/admin/settings", { data: before, headers });
  await api.dispose();
});

/** A demo book in stock (no colour or size) with its price after discount in cents. */
async function aBook(request: APIRequestContext): Promise<{ _id: string; slug: string; name: string; cents: number }> {
  const res = await request.get("/api/products/category/books");
  expect(res.ok()).toBe(true);
  const books = ((await res.json()) as Array<{ _id: string; slug: string; name: string; finalPrice: number; inStock: boolean }>).filter((b) => b.inStock);
  const book = books.sort((a, b) => a.slug.localeCompare(b.slug))[2]!;
  return { ...book, cents: Math.round(book.finalPrice * 100) };
}

async function addToCartByApi(page: Page, productId: string) {
  const res = await page.request.post("/api/cart/items", { data: { productId, quantity: 1 }, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);
}

const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const dollars = (amount: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount / 100);
/** Sales tax at a rate in thousandths of a percent, rounded half up to the cent (one line). */
const taxOf = (amount: number, milli: number) => Math.round((amount * milli) / 100_000);

/** The summary's figures: subtotal, shipping and total in cents, and its tax rows as "label amount". */
async function summaryOf(page: Page) {
  const summary = page.getByTestId("checkout-summary");
  return {
    subtotal: cents(await summary.getByTestId("totals-subtotal").textContent()),
    shipping: cents(await summary.getByTestId("totals-shipping").textContent()),
    total: cents(await summary.getByTestId("totals-total").textContent()),
    taxes: (await summary.getByTestId("totals-tax").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim()),
  };
}

test.describe("tax at checkout", () => {
  for (const viewport of [
    { width: 1280, height: 900, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    test(`the summary adds the sales tax of the state chosen, and the order is placed for that total (${viewport.name})`, async ({
      page,
      request,
    }, testInfo) => {
      test.slow(); // two pages checked with axe, an order placed
      await page.setViewportSize(viewport);
      const book = await aBook(request);
      await addToCartByApi(page, book._id);
      await page.goto("/checkout");
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Checkout" });
      const summary = page.getByTestId("checkout-summary");
      const state = form.getByRole("combobox", { name: "State" });

      // No state yet: no region of the shop's covers the address, so no tax.
      await expect(summary.getByTestId("totals-tax")).toHaveCount(0);
      const untaxed = await summaryOf(page);
      expect(untaxed.total).toBe(untaxed.subtotal + untaxed.shipping);

      await state.selectOption("NY");
      const ny = taxOf(book.cents, 8875);
      await expect(summary.getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
      await expect(summary.getByTestId("totals-total")).toHaveText(dollars(untaxed.total + ny));

      await state.selectOption("TX");
      const tx = taxOf(book.cents, 6250);
      await expect(summary.getByTestId("totals-tax")).toHaveText([`Tax 6.25%${dollars(tx)}`]);
      await expect(summary.getByTestId("totals-total")).toHaveText(dollars(untaxed.total + tx));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await shot(page, testInfo, `checkout-tax-${viewport.name}`);

      // A business buyer's details go with the order; a malformed VAT number is refused beside its field.
      await form.getByRole("textbox", { name: "Full name" }).fill("Ada Lovelace");
      await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail(`tax-${viewport.name}`));
      await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
      await form.getByRole("textbox", { name: "Address", exact: true }).fill("1 Main Street");
      await form.getByRole("textbox", { name: "City" }).fill("Austin");
      await form.getByRole("textbox", { name: "Company (optional)" }).fill("Analytical Engines Inc.");
      const vat = form.getByRole("textbox", { name: "VAT number (optional)" });
      await vat.fill("DE12");
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page.getByTestId("vatNumber-error")).toHaveText("Please enter a valid EU VAT number, such as DE123456789");
      await expect(vat).toHaveAttribute("aria-invalid", "true");
      await vat.fill("");
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?order=/);
      await expect(page.getByTestId("totals-total")).toHaveText(dollars(untaxed.total + tx));
      await expectAccessible(page);
    });
  }
});

test.describe("tax at checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("Update re-quotes the summary with the tax of the state typed", async ({ page, browser, request }) => {
    const book = await aBook(request);
    await page.goto(`/products/${book.slug}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/shopping-cart/);
    await page.goto("/checkout");
    const form = page.getByRole("form", { name: "Checkout" });
    const summary = page.getByTestId("checkout-summary");
    await expect(summary.getByTestId("totals-tax")).toHaveCount(0);
    const untaxed = await summaryOf(page);

    await form.getByRole("combobox", { name: "State" }).selectOption("NY");
    await form.getByRole("button", { name: /Update/ }).click();
    const ny = taxOf(book.cents, 8875);
    await expect(summary.getByTestId("totals-tax")).toHaveText([`Sales tax 8.875%${dollars(ny)}`]);
    await expect(summary.getByTestId("totals-total")).toHaveText(dollars(untaxed.total + ny));
    await expect(form.getByRole("combobox", { name: "State" })).toHaveValue("NY");
    await expectAccessibleWithoutScripts(browser, page);
  });
});
