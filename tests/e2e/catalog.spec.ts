import type { Browser, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/** The amount in a price text such as "Now $1,234.50" (currency symbols and screen-reader words aside). */
function amount(text: string): number {
  const match = text.replace(/,/g, "").match(/\d+(?:\.\d+)?/);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0]);
}

async function finalPrices(scope: Page | Locator): Promise<number[]> {
  const texts = await scope.getByTestId("product-card").getByTestId("final-price").allTextContents();
  return texts.map(amount);
}

const results = (page: Page) => page.getByTestId("results");

/**
 * axe needs scripts in the page, which a context without JavaScript refuses; so the same URL is
 * checked in a context whose app scripts are blocked: the server-rendered page a no-JS visitor gets.
 */
async function expectAccessibleWithoutScripts(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  await expectAccessible(page);
  await context.close();
}

test.describe("product listing", () => {
  test("home → category → price range → sort by price → product page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectAccessible(page);

    // The first category the home page offers (header menu or category tiles).
    await page.locator('a[href^="/product-category/"]:visible').first().click();
    await expect(page).toHaveURL(/\/product-category\/./);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);

    // A range that cuts through the prices on show: every shown final price must lie inside it, bounds included.
    const shown = (await finalPrices(results(page))).sort((a, b) => a - b);
    expect(shown.length).toBeGreaterThan(1);
    const min = shown[Math.floor(shown.length / 4)];
    const max = shown[Math.floor((shown.length * 3) / 4)];
    await page.getByLabel("Minimum price").fill(String(min));
    await page.getByLabel("Maximum price").fill(String(max));
    await expect(page).toHaveURL(new RegExp(`maxPrice=${max}`));
    await expect(page).toHaveURL(new RegExp(`minPrice=${min}`));
    await expect(results(page)).toHaveAttribute("aria-busy", "false");
    const inRange = await finalPrices(results(page));
    expect(inRange.length).toBeGreaterThan(0);
    for (const p of inRange) {
      expect(p).toBeGreaterThanOrEqual(min);
      expect(p).toBeLessThanOrEqual(max);
    }
    await expect(page.getByRole("link", { name: /From .*remove filter/ })).toBeVisible();

    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(results(page)).toHaveAttribute("aria-busy", "false");
    const sorted = await finalPrices(results(page));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // Both bounds are inclusive: the cheapest product shown costs exactly the minimum.
    expect(sorted[0]).toBe(min);
    await expectAccessible(page);

    const first = results(page).getByTestId("product-card").first();
    const name = (await first.getByRole("link").textContent())!.trim();
    await first.getByRole("link").click();
    await expect(page).toHaveURL(/\/products\//);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectAccessible(page);
  });

  test("clear filters resets category, price and sort", async ({ page }) => {
    await page.goto("/product-category");
    const total = await page.getByTestId("result-count").textContent();
    const category = page.getByRole("navigation", { name: "Category", exact: true }).getByRole("link").nth(1);
    await category.click();
    await expect(page).toHaveURL(/\/product-category\/[^/?]+$/);
    await waitForHydration(page);
    await page.getByLabel("Minimum price").fill("1");
    await expect(page).toHaveURL(/minPrice=1/);
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);

    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/product-category$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All products");
    await expect(page.getByTestId("result-count")).toHaveText(total!);
    await expect(page.getByLabel("Minimum price")).toHaveValue("");
    await expect(page.getByLabel("Sort by")).toHaveValue("newest");
    await expectAccessible(page);
  });

  test("pages of 24 with previous and next links", async ({ page }) => {
    await page.goto("/product-category");
    await waitForHydration(page);
    await expect(results(page).getByTestId("product-card")).toHaveCount(24);
    const firstPage = await results(page).getByTestId("product-card").getByRole("link").allTextContents();
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondPage = await results(page).getByTestId("product-card").getByRole("link").allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);
    await expect(page.getByTestId("result-count")).toContainText("25–");
    await expectAccessible(page);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/product-category$/);
  });

  test("shows sub-categories of the chosen category as links, by name or slug in any case", async ({ page }) => {
    const { data: categories } = (await (await page.request.get("/api/categories")).json()) as {
      data: Array<{ name: string; slug: string; subCategories: unknown[] }>;
    };
    const parent = categories.find((c) => c.subCategories.length > 0);
    expect(parent, "a category with sub-categories").toBeTruthy();
    await page.goto("/product-category");
    await page.getByRole("navigation", { name: "Category", exact: true }).locator(`a[href="/product-category/${parent!.slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/product-category/${parent!.slug}$`));
    const subNav = page.getByRole("navigation", { name: `${parent!.name} sub-categories` });
    const sub = subNav.getByRole("link").nth(1);
    const subName = (await sub.textContent())!.trim();
    await sub.click();
    await expect(page).toHaveURL(/subCategory=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(subName);
    await expect(subNav.getByRole("link", { name: subName, exact: true })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    // The same sub-category by its name in upper case, under the category's name, gives the same products.
    const names = await results(page).getByTestId("product-card").getByRole("link").allTextContents();
    const res = await page.goto(`/product-category/${encodeURIComponent(parent!.name.toUpperCase())}?subCategory=${encodeURIComponent(subName.toUpperCase())}`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/product-category/${parent!.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(subName);
    expect(await results(page).getByTestId("product-card").getByRole("link").allTextContents()).toEqual(names);
  });

  test("invalid filters explain themselves with a 400, and the page still works", async ({ page }) => {
    const res = await page.goto("/product-category?minPrice=50&maxPrice=10");
    expect(res?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("The minimum price must not be higher than the maximum price.");
    await expect(results(page).getByTestId("product-card").first()).toBeVisible();
    await expectAccessible(page);

    const negative = await page.goto("/product-category?minPrice=-5&sort=cheapest");
    expect(negative?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("minimum price “-5” is not valid");
    await expect(page.getByRole("alert")).toContainText("Unknown sort order");
  });

  test("a price range without matches shows the empty state with a way out", async ({ page }) => {
    await page.goto("/product-category?minPrice=999999");
    await expect(page.getByTestId("empty-state")).toContainText("No products match these filters.");
    await expectAccessible(page);
    await page.getByTestId("empty-state").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/product-category$/);
    await expect(results(page).getByTestId("product-card").first()).toBeVisible();
  });

  test("unknown category answers 404", async ({ page }) => {
    const res = await page.goto("/product-category/no-such-category-here");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("product listing on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("filters sit in a disclosure", async ({ page }) => {
    await page.goto("/product-category");
    await waitForHydration(page);
    const min = page.getByLabel("Minimum price");
    await expect(min).toBeHidden();
    await page.locator("summary").filter({ hasText: "Filters" }).click();
    await expect(min).toBeVisible();
    await min.fill("5");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/minPrice=5/);
    await expectAccessible(page);
  });
});

test.describe("product listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form, sort and pages work as plain links and forms", async ({ page, browser }) => {
    await page.goto("/product-category");
    const prices = (await finalPrices(results(page))).sort((a, b) => a - b);
    const min = prices[1];
    const max = prices[prices.length - 2];
    await page.getByLabel("Minimum price").fill(String(min));
    await page.getByLabel("Maximum price").fill(String(max));
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`minPrice=${min}`));
    for (const p of await finalPrices(results(page))) {
      expect(p).toBeGreaterThanOrEqual(min);
      expect(p).toBeLessThanOrEqual(max);
    }

    await page.getByLabel("Sort by").selectOption("price-desc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page).toHaveURL(new RegExp(`minPrice=${min}`));
    const sorted = await finalPrices(results(page));
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    await expectAccessibleWithoutScripts(browser, page.url());

    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/product-category$/);
  });
});
