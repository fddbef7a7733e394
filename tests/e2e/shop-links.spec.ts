import { expect, test, waitForHydration } from "./fixtures";

// Product tiles, the category bar and the footer are plain links that the document turns into
// client-side navigations (app/components/shop-link.tsx); they must behave as React Router's links.
test.describe("links of the shop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a product tile prefetches its page on hover and opens it without reloading the document; a Ctrl-click opens a new tab", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const tile = page.getByTestId("product-card").first();
    const link = tile.locator("a.stretched-link");
    const href = (await link.getAttribute("href"))!;
    const name = (await link.textContent())!;

    // Ctrl-click (Cmd on a Mac): a new tab, and this page stays where it is.
    const opened = context.waitForEvent("page");
    await link.click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    // A new tab starts at about:blank and then navigates: wait for the product's address.
    await tab.waitForURL((url) => url.pathname === href);
    await tab.close();
    await expect(page).toHaveURL("/");

    // Resting the pointer on the tile fetches the product page's data ahead.
    await link.hover();
    await expect(page.locator(`link[rel="prefetch"][href^="${href}.data"]`)).toHaveCount(1);

    await link.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Back returns to the home page, still the same document.
    await page.goBack();
    await expect(page).toHaveURL("/");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("the footer and the category bar navigate on the client, and the bar marks the page the shopper is on", async ({ page, request }) => {
    const categories = (await (await request.get("/api/categories")).json()).data as Array<{ name: string; slug: string; subCategories: unknown[] }>;
    const withSubs = categories.find((c) => c.subCategories.length > 0)!;
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const bar = page.getByRole("navigation", { name: "Categories", exact: true });
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "All products" }).click();
    await expect(page).toHaveURL("/product-category");
    await expect(bar.getByRole("link", { name: "All products" })).toHaveAttribute("aria-current", "page");

    // A category's own page is not "All products" (that link matches its address exactly).
    await bar.getByText(withSubs.name, { exact: true }).click();
    await bar.getByRole("link", { name: `All ${withSubs.name}` }).click();
    await expect(page).toHaveURL(`/product-category/${withSubs.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: withSubs.name })).toBeVisible();
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
