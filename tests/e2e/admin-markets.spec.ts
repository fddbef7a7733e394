import type { APIRequestContext, Page } from "@playwright/test";
import { convertPrice, marketOf } from "#common/currency";
import { formatMoney, toMinor } from "#common/money";
import { expect, expectAccessible, expectAccessibleWithoutScripts, shot, test, waitForHydration } from "./fixtures";
import { adminApi, apiJson, headers, signInPage } from "./support/admin-api";

// The shop's languages and currencies as the owner sets them on the settings screen, a product's
// price fixed in a currency on its own screen, and what the German storefront then shows. The demo
// shop is shared with the other browser tests: the settings and the price list are put back after.

// Each page is checked with axe, which takes seconds on the settings' long form.
test.describe.configure({ timeout: 120_000 });

const SETTINGS = "/admin-dashboard/settings";
type Settings = Record<string, unknown> & { currency: string; currencies: unknown[] };
type Book = { _id: string; slug: string; name: string; price: number; discount: number };

let original: Settings | null = null;
let fixedBook: Book | null = null;

test.beforeAll(async () => {
  const api = await adminApi();
  original = await apiJson<Settings>(await api.get("/api/admin/settings"), 200);
  await api.dispose();
});
test.afterAll(async () => {
  const api = await adminApi();
  if (original) await apiJson(await api.put("/api/admin/settings", { data: original, headers }), 200);
  if (fixedBook) {
    const { version } = await apiJson<{ version: number }>(await api.get(`/api/admin/products/${fixedBook._id}`), 200);
    await apiJson(await api.patch(`/api/admin/products/${fixedBook._id}`, { data: { prices: [], version }, headers }), 200);
  }
  await api.dispose();
});

/** Two demo books without a discount: one to fix a euro price for, one left to the conversion. */
async function twoBooks(request: APIRequestContext): Promise<[Book, Book]> {
  const books = ((await (await request.get("/api/products/category/books")).json()) as Book[]).filter((b) => b.discount === 0);
  expect(books.length).toBeGreaterThan(1);
  const [a, b] = books.sort((x, y) => x.slug.localeCompare(y.slug));
  return [a!, b!];
}

const toast = (page: Page, text: string) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

/** The German product page's price, as it ends ("12,34 €"). */
async function expectGermanPrice(page: Page, slug: string, euros: string) {
  await page.goto(`/de/products/${slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("main").getByTestId("final-price").first()).toHaveText(new RegExp(`${euros.replace(/[.$]/g, "\\$&").replace(/\s/g, "\\s")}$`));
}

test.describe("languages and currencies", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the owner offers euros for German pages, fixes one product's euro price, the storefront shows both; then removes the currency", async ({
    page,
    request,
  }) => {
    const [fixed, converted] = await twoBooks(request);
    fixedBook = fixed;
    await signInPage(page);
    await page.goto(SETTINGS);
    await waitForHydration(page);
    const section = page.locator("#markets");
    await expect(section.getByRole("heading", { name: "Languages and currencies" })).toBeVisible();

    // By keyboard: Add a currency opens a row with the focus on its currency, Tab goes on to its rate.
    await section.getByRole("button", { name: "Add a currency" }).focus();
    await page.keyboard.press("Enter");
    const row = section.getByTestId("currency-row").last();
    const code = row.getByRole("combobox", { name: "Currency" });
    await expect(code).toBeFocused();
    await code.selectOption("EUR");
    await page.keyboard.press("Tab");
    const rate = row.getByRole("textbox", { name: "Rate (EUR per 1 USD)" });
    await expect(rate).toBeFocused();
    await page.keyboard.type("0.92");
    await page.keyboard.press("Tab");
    await expect(row.getByRole("combobox", { name: "Rounding of converted prices" })).toBeFocused();
    await row.getByRole("combobox", { name: "Rounding of converted prices" }).selectOption("0.99");
    // $100.00 × 0.92 = €92.00, rounded up to .99 (common/currency.ts).
    await expect(row.getByTestId("currency-preview")).toHaveText("Preview: $100.00 → €92.99");
    await expect(row.getByTestId("currency-rate-set")).toHaveText("New: dated when saved");

    // German pages open in it (the list offers the currency just added).
    const german = section.getByRole("group", { name: "German (Deutsch)" });
    await expect(german.getByRole("checkbox", { name: "Served" })).toBeChecked();
    await german.getByRole("combobox", { name: "Default currency" }).selectOption("EUR");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "Settings saved");

    // After a reload: the row as saved, its rate dated by the server, German's currency kept.
    await page.reload();
    await waitForHydration(page);
    const saved = section.getByTestId("currency-row");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("combobox", { name: "Currency" })).toHaveValue("EUR");
    await expect(saved.getByRole("textbox", { name: "Rate (EUR per 1 USD)" })).toHaveValue("0.92");
    await expect(saved.getByRole("combobox", { name: "Rounding of converted prices" })).toHaveValue("0.99");
    await expect(saved.getByRole("checkbox", { name: "Cash on delivery" })).toBeChecked();
    await expect(saved.getByTestId("currency-rate-set")).toHaveText(/^Rate set \w{3} \d{1,2}, \d{4}$/);
    await expect(german.getByRole("combobox", { name: "Default currency" })).toHaveValue("EUR");

    // The product's screen: its prices in other currencies sit in a closed disclosure, opened by keyboard.
    await page.goto(`/admin-dashboard/edit-product/${fixed._id}`);
    await waitForHydration(page);
    const prices = page.getByTestId("other-prices");
    await expect(prices).not.toHaveAttribute("open");
    await prices.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(prices).toHaveAttribute("open");
    await expect(prices.locator("summary")).toHaveText("Prices in other currencies: 0 of 1 fixed");
    const euro = prices.getByRole("textbox", { name: "Price in EUR" });
    const market = marketOf(
      { currency: "USD", cashOnDelivery: true, currencies: [{ code: "EUR", rate: 0.92, rounding: "0.99", cashOnDelivery: true }], languages: [] },
      "EUR",
    )!;
    const convertedOf = (book: Book) => convertPrice(toMinor(book.price), market) / 100;
    await expect(euro).toHaveAttribute("placeholder", convertedOf(fixed).toFixed(2));
    await expect(page.getByText(`Blank: ${formatMoney(convertedOf(fixed), "EUR", "en-US")}, converted`)).toBeVisible();
    // A negative price is refused beside its field, nothing saved.
    await euro.fill("-1");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByTestId("prices.0.price-error")).toHaveText("The price cannot be negative");
    await expect(euro).toHaveAttribute("aria-invalid", "true");
    await euro.fill("12.34");
    await expect(prices.locator("summary")).toHaveText("Prices in other currencies: 1 of 1 fixed");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save product" }).click();
    await toast(page, "Saved");
    const product = await apiJson<{ prices: unknown }>(await page.request.get(`/api/admin/products/${fixed._id}`), 200);
    expect(product.prices).toEqual([{ currency: "EUR", price: 12.34 }]);

    // German pages: the fixed euro price for that book, the converted one for another.
    await expectGermanPrice(page, fixed.slug, formatMoney(12.34, "EUR", "de-DE"));
    await expectAccessible(page);
    await expectGermanPrice(page, converted.slug, formatMoney(convertedOf(converted), "EUR", "de-DE"));

    // The currency removed: German's default goes back to automatic, German pages back to dollars.
    await page.goto(SETTINGS);
    await waitForHydration(page);
    await section.getByRole("button", { name: "Remove currency EUR" }).click();
    await expect(section.getByTestId("currency-row")).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Add a currency" })).toBeFocused();
    await expect(german.getByRole("combobox", { name: "Default currency" })).toHaveValue("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "Settings saved");
    await page.reload();
    await expect(section.getByText("Only USD so far: add a currency to show prices in it.")).toBeVisible();
    expect((await apiJson<Settings>(await page.request.get("/api/admin/settings"), 200)).currencies).toEqual([]);
    await expectGermanPrice(page, fixed.slug, formatMoney(fixed.price, "USD", "de-DE"));
  });
});

test.describe("languages and currencies without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the empty row adds a currency, the Remove box removes it, a bad rate is told on its row; the phone screen fits", async ({
    browser,
    page,
  }, testInfo) => {
    await signInPage(page);
    await page.goto(SETTINGS);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessibleWithoutScripts(browser, page);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const noJs = await context.newPage();
    await signInPage(noJs);
    await noJs.goto(SETTINGS);
    const section = noJs.locator("#markets");
    const blank = section.getByTestId("currency-row").last();
    await expect(blank).toContainText("A new currency (optional)");
    await blank.getByRole("combobox", { name: "Currency" }).selectOption("GBP");
    await blank.getByRole("textbox", { name: /^Rate/ }).fill("lots");
    await section.getByRole("group", { name: "Spanish (Español)" }).getByRole("checkbox", { name: "Served" }).uncheck();
    await noJs.getByRole("button", { name: "Save settings" }).click();
    // Refused: the rate's error on its row, what was typed still there, nothing stored.
    await expect(noJs.getByTestId("form-error-summary")).toBeVisible();
    const refused = section.getByTestId("currency-row").last();
    await expect(refused.getByTestId(/^currencies\.\d+\.rate-error$/)).toHaveText("Enter a number");
    await expect(refused.getByRole("combobox", { name: "Currency" })).toHaveValue("GBP");
    await expect(section.getByRole("group", { name: "Spanish (Español)" }).getByRole("checkbox", { name: "Served" })).not.toBeChecked();
    await shot(noJs, testInfo, "markets-settings-phone-nojs");
    expect((await apiJson<Settings>(await noJs.request.get("/api/admin/settings"), 200)).currencies).toEqual(original?.currencies);

    await refused.getByRole("textbox", { name: /^Rate/ }).fill("0.79");
    await noJs.getByRole("button", { name: "Save settings" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    const saved = await apiJson<Settings & { languages: Array<{ code: string }> }>(await noJs.request.get("/api/admin/settings"), 200);
    expect(saved.currencies).toMatchObject([{ code: "GBP", rate: 0.79, rounding: "none", cashOnDelivery: true }]);
    expect(saved.languages.map((l) => l.code)).toEqual(["en", "de", "fr"]);

    // Ticking Remove on the saved row removes it on the next save.
    await section.getByRole("checkbox", { name: "Remove currency GBP" }).check();
    await section.getByRole("group", { name: "Spanish (Español)" }).getByRole("checkbox", { name: "Served" }).check();
    await noJs.getByRole("button", { name: "Save settings" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    const after = await apiJson<Settings & { languages: Array<{ code: string }> }>(await noJs.request.get("/api/admin/settings"), 200);
    expect(after.currencies).toEqual([]);
    expect(after.languages.map((l) => l.code)).toEqual(["en", "de", "fr", "es"]);
    await context.close();
  });
});
