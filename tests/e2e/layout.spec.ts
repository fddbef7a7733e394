import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

interface Category {
  name: string;
  slug: string;
  productCount: number;
  subCategories: Array<{ name: string; slug: string }>;
}

async function categories(request: APIRequestContext): Promise<Category[]> {
  const body = await (await request.get("/api/categories")).json();
  return body.data as Category[];
}

/** A word that finds products: the first word of a product's name. */
async function searchWord(request: APIRequestContext): Promise<string> {
  const body = await (await request.get("/api/products?pageSize=1")).json();
  return String(body.data[0].name).split(/\s+/)[0];
}

const searchCalls = (page: Page) => {
  const urls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/products/search/ser") && urls.push(r.url()));
  return urls;
};

test.describe("storefront layout on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("landmarks, skip link, counters, account menu and footer", async ({ page, request }) => {
    const settings = await (await request.get("/api/settings")).json();
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Categories", exact: true })).toBeVisible();

    // The first Tab reaches the skip link, which moves focus to the page's content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();

    await expect(page.getByRole("link", { name: "Wishlist, 0 items" })).toHaveAttribute("href", "/wishlist");
    await expect(page.getByRole("link", { name: "Shopping cart, 0 items" })).toHaveAttribute("href", "/shopping-cart");

    const header = page.getByRole("banner");
    await header.locator("summary", { hasText: "Account" }).click();
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/register");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(header.getByRole("link", { name: "Sign in" })).toBeHidden();

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(settings.siteName);
    await expect(footer.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact-us");
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    // Every category with products, and no other, after "All products".
    const stocked = (await categories(request)).filter((c) => c.productCount > 0);
    expect(stocked.length).toBeGreaterThan(8);
    await expect(footer.getByRole("navigation", { name: "Shop", exact: true }).getByRole("link")).toHaveText(["All products", ...stocked.map((c) => c.name)]);
  });

  test("category menu leads to a category and to a sub-category", async ({ page, request }) => {
    const all = await categories(request);
    const withSubs = all.find((c) => c.subCategories.length > 0);
    const plain = all.find((c) => c.subCategories.length === 0);
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Categories", exact: true });

    if (plain) {
      await nav.getByRole("link", { name: plain.name, exact: true }).click();
      await expect(page).toHaveURL(`/product-category/${plain.slug}`);
    }
    if (withSubs) {
      const sub = withSubs.subCategories[0];
      await nav.getByText(withSubs.name, { exact: true }).click();
      await expect(nav.getByRole("link", { name: `All ${withSubs.name}` })).toBeVisible();
      await expectAccessible(page);
      await nav.getByRole("link", { name: `All ${withSubs.name}` }).click();
      await expect(page).toHaveURL(`/product-category/${withSubs.slug}`);
      // The drop-down closed after navigating; open it again for a sub-category.
      await expect(nav.getByRole("link", { name: `All ${withSubs.name}` })).toBeHidden();
      await nav.getByText(withSubs.name, { exact: true }).click();
      await nav.getByRole("link", { name: sub.name, exact: true }).click();
      await expect(page).toHaveURL(`/product-category/${withSubs.slug}?subCategory=${sub.slug}`);
    }
    await expectAccessible(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a category's drop-down opens on its own page, which leads on to its sub-categories", async ({ page, request }) => {
      const withSubs = (await categories(request)).find((c) => c.subCategories.length > 0)!;
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Categories", exact: true });
      await nav.getByText(withSubs.name, { exact: true }).click();
      await nav.getByRole("link", { name: `All ${withSubs.name}` }).click();
      await expect(page).toHaveURL(`/product-category/${withSubs.slug}`);
      await expect(page.getByRole("link", { name: withSubs.subCategories[0]!.name, exact: true }).first()).toHaveAttribute(
        "href",
        new RegExp(`subCategory=${withSubs.subCategories[0]!.slug}`),
      );
    });
  });

  test("a new page starts at the top; a progress bar shows while it loads", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    // Hold the next page's data back so the progress bar has time to show.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // (the route's module and, if any, its data)
    await page.route(
      (url) => url.pathname !== "/privacy-policy" && url.pathname.includes("privacy-policy"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByTestId("navigation-progress")).toHaveAttribute("data-active", "true");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(page.getByTestId("navigation-progress")).toHaveAttribute("data-active", "false");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("storefront layout on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu drawer traps focus, closes on Escape and navigates", async ({ page, request }) => {
    const all = await categories(request);
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Categories", exact: true })).toBeHidden();
    await expectAccessible(page);

    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const drawer = page.getByRole("dialog", { name: /./ });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);

    // Tabbing through more stops than the drawer has never leaves it.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    const target = all[0];
    if (target.subCategories.length > 0) {
      await drawer.getByText(target.name, { exact: true }).click();
      const sub = target.subCategories[0];
      await drawer.getByRole("link", { name: sub.name, exact: true }).click();
      await expect(page).toHaveURL(`/product-category/${target.slug}?subCategory=${sub.slug}`);
    } else {
      await drawer.getByRole("link", { name: target.name, exact: true }).click();
      await expect(page).toHaveURL(`/product-category/${target.slug}`);
    }
    await expect(drawer).toBeHidden();
  });
});

test.describe("phone menu without JavaScript", () => {
  test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

  test("the menu button leads to the category links in the footer", async ({ page, request }) => {
    const all = await categories(request);
    await page.goto("/");
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page).toHaveURL(/#footer-shop$/);
    const shop = page.getByRole("navigation", { name: "Shop", exact: true });
    await expect(shop).toBeInViewport();
    await expect(shop.getByRole("link", { name: all[0].name, exact: true })).toHaveAttribute("href", `/product-category/${all[0].slug}`);
  });
});

test.describe("search box", () => {
  test("suggests products as you type, with keyboard navigation, and Enter opens the results page", async ({ page, request }) => {
    const word = await searchWord(request);
    await page.goto("/");
    await waitForHydration(page);
    const calls = searchCalls(page);
    const box = page.getByRole("combobox", { name: "Search products" });

    // A blank term makes no request.
    await box.fill("   ");
    await page.waitForTimeout(600);
    expect(calls).toEqual([]);

    await box.fill(` ${word} `);
    const listbox = page.getByRole("listbox", { name: "Product suggestions" });
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain(`q=${encodeURIComponent(word)}&limit=10`);
    await expectAccessible(page);

    // The same trimmed term is not searched again.
    await box.press("End");
    await box.pressSequentially("  ");
    await page.waitForTimeout(600);
    expect(calls).toHaveLength(1);

    await box.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");

    await box.press("Enter");
    // The term is trimmed on the way.
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(word)}`);
    await expect(box).toHaveValue(word);
  });

  test("choosing a suggestion opens the product", async ({ page, request }) => {
    const word = await searchWord(request);
    await page.goto("/contact-us");
    await waitForHydration(page);
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.fill(word);
    const option = page.getByRole("listbox", { name: "Product suggestions" }).getByRole("option").first();
    await expect(option).toBeVisible();
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\/[^/]+$/);
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Search products" }).fill("zzqxjv");
    await expect(page.getByTestId("search-suggestions")).toContainText("No products found");
    await expect(page.getByRole("listbox", { name: "Product suggestions" })).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the search box is a plain form to /search", async ({ page }) => {
      await page.goto("/privacy-policy");
      await page.getByRole("combobox", { name: "Search products" }).fill("shirt");
      await page.getByRole("combobox", { name: "Search products" }).press("Enter");
      await expect(page).toHaveURL("/search?q=shirt");
    });
  });
});

test.describe("error page", () => {
  test("an unknown path answers 404 inside the layout, with a search box and a way home", async ({ page }) => {
    const res = await page.goto("/this/page-does-not-exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
    await waitForHydration(page);
    await page.getByLabel("Search the shop").fill("tee");
    await page.getByRole("search", { name: "Site" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/search?q=tee");
  });
});
