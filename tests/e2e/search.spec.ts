import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

async function searchFor(page: Page, term: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Search products").fill(term);
  await main.getByLabel("Search products").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(term).replace(/%20/g, "(\\+|%20)")}`));
}

test.describe("search page", () => {
  test("a blank term shows a prompt and categories instead of results", async ({ page }) => {
    const res = await page.goto("/search?q=%20%20");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    await expect(page.getByTestId("empty-state")).toContainText("What are you looking for?");
    await expect(page.getByTestId("result-count")).toHaveCount(0);
    await expect(page.getByTestId("empty-state").getByRole("link").first()).toHaveAttribute("href", /^\/product-category/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectAccessible(page);
  });

  test("a misspelt term still finds the T-shirts", async ({ page }) => {
    await page.goto("/search");
    await waitForHydration(page);
    await searchFor(page, "t-shrit");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “t-shrit”");
    await expect(page.getByRole("main").getByLabel("Search products")).toHaveValue("t-shrit");
    const names = await page.getByTestId("results").getByTestId("product-card").getByRole("link").allTextContents();
    expect(
      names.some((n) => /t-shirt/i.test(n)),
      `T-shirts among ${names.join(", ")}`,
    ).toBe(true);
    await expect(page.getByTestId("result-count")).toContainText(/\d+ products? found/);
    await expectAccessible(page);
  });

  test("no results: says so and suggests categories", async ({ page }) => {
    await page.goto("/search?q=qwxzv%20plonk");
    await expect(page.getByTestId("result-count")).toHaveText("No products found for “qwxzv plonk”");
    const empty = page.getByTestId("empty-state");
    await expect(empty).toContainText("No products found for “qwxzv plonk”");
    await expect(empty.getByRole("link", { name: "All products" })).toBeVisible();
    await expectAccessible(page);
    await empty.getByRole("link", { name: "All products" }).click();
    await expect(page).toHaveURL(/\/product-category$/);
  });

  test("results come in pages of 24", async ({ page }) => {
    // A term every product matches at least as well as a broad word: find one with more than a page of results.
    let term: string | null = null;
    for (const candidate of ["shirt", "tee", "cotton", "a", "e"]) {
      await page.goto(`/search?q=${candidate}`);
      const text = (await page.getByTestId("result-count").textContent()) ?? "";
      if (/of \d+/.test(text)) {
        term = candidate;
        break;
      }
    }
    expect(term, "a search term with more than 24 results in the demo catalogue").not.toBeNull();
    await expect(page.getByTestId("results").getByTestId("product-card")).toHaveCount(24);
    const pages = page.getByRole("navigation", { name: "Search results pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("result-count")).toContainText("25–");
    await expectAccessible(page);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/search");
    await page.getByRole("main").getByLabel("Search products").fill("shirt");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=shirt/);
    await expect(page.getByTestId("results").getByTestId("product-card").first()).toBeVisible();
    const url = page.url();
    await context.close();

    // axe needs scripts in the page: check the same server-rendered page with the app's scripts blocked.
    const checked = await browser.newContext({ javaScriptEnabled: true });
    await checked.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const plain = await checked.newPage();
    await plain.goto(url);
    await expectAccessible(plain);
    await checked.close();
  });
});
