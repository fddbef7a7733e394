import type { APIRequestContext, Page } from "@playwright/test";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Language } from "#common/i18n/languages";
import { translatorFor } from "#common/i18n/messages.server";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone, waitForMail } from "./support/accounts";
import { adminApi, apiJson, headers } from "./support/admin-api";

// The storefront in another language and currency, walked as a shopper walks it. Expected texts
// come from the catalogs themselves, so a better wording never breaks these tests; what they
// check is that each page speaks the language of its address.
const t = (language: Language, key: MessageKey, values?: Record<string, string | number>) => translatorFor(language)(key, values);

/** A demo book without variants (one click to the cart). */
async function aBook(request: APIRequestContext): Promise<{ slug: string; name: string }> {
  const res = await request.get("/api/products/category/books");
  expect(res.ok()).toBe(true);
  const books = ((await res.json()) as Array<{ slug: string; name: string; inStock: boolean }>).filter((b) => b.inStock);
  return books.sort((a, b) => a.slug.localeCompare(b.slug))[1]!;
}

async function expectLanguage(page: Page, language: Language, locale: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator("html")).toHaveAttribute("data-language", language);
}

test.describe("a shopper in Spanish", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("product → cart → checkout → confirmation under /es, in Spanish, and the confirmation mail in Spanish", async ({ page, request }) => {
    test.slow(); // four pages, each checked with axe
    const book = await aBook(request);
    const email = uniqueEmail("es-guest");

    await page.goto(`/es/products/${book.slug}`);
    await expectLanguage(page, "es", "es-ES");
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", new RegExp(`/de/products/${book.slug}$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/es/products/${book.slug}$`));
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole("button", { name: t("es", "shop.product.addToCart") }).click();
    await expect(page.getByTestId("cart-count")).toHaveAttribute("data-count", "1");
    await page.goto("/es/checkout");
    await expect(page).toHaveURL(/\/es\/checkout$/);
    await waitForHydration(page);
    await expectAccessible(page);

    const form = page.getByRole("form", { name: t("es", "cart.checkout.title") });
    await form.getByRole("textbox", { name: t("es", "cart.checkout.name") }).fill("Ana García");
    await form.getByRole("textbox", { name: t("es", "cart.checkout.email") }).fill(email);
    await form.getByRole("textbox", { name: t("es", "cart.checkout.phone") }).fill(uniquePhone());
    await form.getByRole("textbox", { name: t("es", "cart.address.line1"), exact: true }).fill("12 Compiler Lane");
    await form.getByRole("textbox", { name: t("es", "cart.address.city") }).fill("Arlington");
    await form.getByRole("combobox", { name: t("es", "cart.address.regionLabel", { kind: "state" }) }).selectOption({ value: "VA" });
    await page.getByRole("button", { name: t("es", "cart.checkout.place") }).click();

    await expect(page).toHaveURL(/\/es\/order-confirmation\?order=/);
    await expect(page.getByRole("heading", { level: 1, name: t("es", "cart.confirmation.title") })).toBeVisible();
    await expectLanguage(page, "es", "es-ES");
    await expectAccessible(page);
    const mail = await waitForMail(email, /.+/);
    expect(mail.text).toContain(t("es", "mail.order.received"));
    expect(mail.html).toMatch(/\/es\/order-confirmation\?order=/);
  });
});

test.describe("switching language and currency", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header's switcher keeps the page; the currency switcher shows prices in euros, German style, and back", async ({ page, request }) => {
    const api = await adminApi();
    const before = await apiJson<Record<string, unknown>>(await api.get("/api/admin/settings"), 200);
    try {
      await apiJson(await api.put("/api/admin/settings", { data: { ...before, currencies: [{ code: "EUR", rate: 0.9, rounding: "0.99" }] }, headers }), 200);
      const book = await aBook(request);

      await page.goto(`/products/${book.slug}?ref=x`);
      await waitForHydration(page);
      await page.getByTestId("language-switcher-header").locator("summary").click();
      await page.getByTestId("language-switcher-header").getByRole("link", { name: "Deutsch" }).click();
      await expect(page).toHaveURL(new RegExp(`/de/products/${book.slug}\\?ref=x$`));
      await expectLanguage(page, "de", "de-DE");
      // German pages open in euros once the shop offers them, written the German way.
      const price = page.getByRole("main").getByTestId("final-price").first();
      await expect(price).toHaveText(/\d,\d\d\s€$/);
      await expectAccessible(page);

      await page.getByTestId("currency-switcher-footer").locator("summary").click();
      await page
        .getByTestId("currency-switcher-footer")
        .getByRole("button", { name: t("de", "market.currency.choose", { currency: "USD" }) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/de/products/${book.slug}\\?ref=x$`));
      await expect(price).toHaveText(/\d,\d\d\s\$$/);
      // The switcher on screen (React may keep a hidden copy of it for a moment while the page re-renders).
      await expect(page.getByTestId("currency-switcher-header").locator("summary").filter({ visible: true })).toContainText("USD");
    } finally {
      await api.put("/api/admin/settings", { data: before, headers });
      await page.context().clearCookies();
      await api.dispose();
    }
  });
});

test.describe("a first visit", () => {
  test.use({ locale: "fr-FR", viewport: { width: 390, height: 844 } });

  test("offers the page in the browser's language, in that language, never redirecting; turned down, the offer stays away", async ({ page }) => {
    const res = await page.goto("/product-category");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/product-category$/);
    await waitForHydration(page);
    const offer = page.getByTestId("language-suggestion");
    await expect(offer).toContainText(t("fr", "shop.language.suggest"));
    await expect(offer.getByRole("link", { name: t("fr", "shop.language.suggestSwitch") })).toHaveAttribute("href", "/fr/product-category");
    await expectAccessible(page);
    await offer.getByRole("button", { name: t("fr", "shop.language.suggestDismiss") }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("language-suggestion")).toHaveCount(0);
  });
});
