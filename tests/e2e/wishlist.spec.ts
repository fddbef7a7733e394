import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration, expectAccessibleWithoutScripts, openProductPage } from "./fixtures";

// Demo-shop products: a book without colours or sizes (it can move to the cart as it is) and a
// bear with a colour and a size to choose.
const BOOK = { slug: "the-glass-lighthouse", name: "The Glass Lighthouse" };
const BEAR = { slug: "cuddly-teddy-bear", name: "Cuddly Teddy Bear" };

const wishlistCount = (page: Page) => page.getByRole("banner").getByTestId("wishlist-count");
const cartCount = (page: Page) => page.getByRole("banner").getByTestId("cart-count");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
/** The product page's own wishlist button (cards below it have hearts too). */
const pageHeart = (page: Page, name: string, saved: boolean) =>
  page
    .getByRole("main")
    .getByRole("button", { name: saved ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`, exact: true })
    .first();

test.describe("wishlist with JavaScript", () => {
  test("the heart on a product card adds ('Added to wishlist') and removes ('{name} Removed from wishlist')", async ({ page }) => {
    await page.goto("/product-category/books");
    await waitForHydration(page);
    // The fourth tile: a listing renders its first two in place (their pictures are preloaded) and
    // the server takes the others' markup from its fragment cache (app/lib/html-fragments.tsx).
    const card = page.getByRole("main").getByTestId("product-card").nth(3);
    const name = (await card.getByRole("heading").textContent())!.trim();
    const heart = card.getByRole("button", { name: `Add ${name} to wishlist` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");

    await heart.click();
    await expect(toast(page, "Added to wishlist")).toBeVisible();
    const saved = card.getByRole("button", { name: `Remove ${name} from wishlist` });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "1");
    await expectAccessible(page);

    await saved.click();
    await expect(toast(page, `${name} Removed from wishlist`)).toBeVisible();
    await expect(card.getByRole("button", { name: `Add ${name} to wishlist` })).toHaveAttribute("aria-pressed", "false");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  });

  test("hearts drawn by the server, saved or not, hydrate without a mismatch and work at once", async ({ page }) => {
    // The server renders a heart's button alone and the browser its fetcher too (wishlist-button.tsx): the markup must agree.
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/product-category/books?sort=price-asc");
    await waitForHydration(page);
    // The fourth tile: a listing renders its first two in place (their pictures are preloaded) and
    // the server takes the others' markup from its fragment cache (app/lib/html-fragments.tsx).
    const card = page.getByRole("main").getByTestId("product-card").nth(3);
    const name = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("button", { name: `Add ${name} to wishlist` }).click();
    await expect(toast(page, "Added to wishlist")).toBeVisible();

    for (const path of ["/product-category/books?sort=price-asc", "/", `/products/${BOOK.slug}`]) {
      await page.goto(path);
      await waitForHydration(page);
    }
    await page.goto("/product-category/books?sort=price-asc");
    await waitForHydration(page);
    const saved = page
      .getByRole("main")
      .getByTestId("product-card")
      .nth(3)
      .getByRole("button", { name: `Remove ${name} from wishlist` });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await saved.click();
    await expect(toast(page, `${name} Removed from wishlist`)).toBeVisible();
    // Production React reports a mismatch as "Minified React error #418" (and its neighbours), then renders the page again.
    expect(problems.filter((p) => /hydrat|React error #4(1[89]|2\d)\b/i.test(p))).toEqual([]);
  });

  test("the product page's button toggles with both toasts, and the server remembers it", async ({ page }) => {
    await openProductPage(page, BOOK);
    await pageHeart(page, BOOK.name, false).click();
    await expect(toast(page, "Added to wishlist")).toBeVisible();
    await expect(pageHeart(page, BOOK.name, true)).toHaveAttribute("aria-pressed", "true");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "1");

    await page.reload();
    await waitForHydration(page);
    await expect(pageHeart(page, BOOK.name, true)).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    await pageHeart(page, BOOK.name, true).click();
    await expect(toast(page, `${BOOK.name} Removed from wishlist`)).toBeVisible();
    await expect(pageHeart(page, BOOK.name, false)).toHaveAttribute("aria-pressed", "false");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  });

  test("a refused toggle toasts 'Failed to update wishlist' and the heart stays as it was", async ({ page }) => {
    await openProductPage(page, BOOK);
    // The product disappears from the shop between the page view and the click.
    await page.route(/\/wishlist\.data/, (route) => {
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("productId", "no-such-product");
      return route.continue({ postData: body.toString() });
    });
    await pageHeart(page, BOOK.name, false).click();
    const failure = toast(page, "Failed to update wishlist");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("no longer available");
    await expect(pageHeart(page, BOOK.name, false)).toHaveAttribute("aria-pressed", "false");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  });

  test("/wishlist lists the products; move to cart adds one and takes it off; a product with options links to its page", async ({ page }) => {
    await page.goto("/wishlist");
    await expect(page.getByTestId("wishlist-empty")).toBeVisible();
    await expectAccessible(page);

    await openProductPage(page, BEAR);
    await pageHeart(page, BEAR.name, false).click();
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "1");
    await openProductPage(page, BOOK);
    await pageHeart(page, BOOK.name, false).click();
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "2");

    await page.getByRole("banner").getByRole("link", { name: "Wishlist, 2 items" }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const main = page.getByRole("main");
    const entries = main.getByTestId("wishlist-entry");
    await expect(entries).toHaveCount(2);
    // Newest first.
    await expect(entries.nth(0)).toContainText(BOOK.name);
    await expect(entries.nth(0).getByTestId("price")).toBeVisible();
    await expect(entries.nth(0).getByTestId("wishlist-stock")).toHaveText("In stock");
    await expect(main.getByRole("link", { name: `Choose options for ${BEAR.name}` })).toHaveAttribute("href", `/products/${BEAR.slug}`);
    await expectAccessible(page);

    await main.getByRole("button", { name: `Move ${BOOK.name} to cart` }).click();
    await expect(toast(page, "Added to cart")).toBeVisible();
    const panel = page.getByRole("dialog", { name: "Shopping cart" });
    await expect(panel.getByRole("link", { name: BOOK.name })).toBeVisible();
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "1");
    await panel.getByRole("button", { name: "Close cart" }).click();
    await expect(entries).toHaveCount(1);

    await main.getByRole("button", { name: `Remove ${BEAR.name}` }).click();
    await expect(page.getByTestId("wishlist-empty")).toBeVisible();
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  });
});

test.describe("wishlist without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("toggle on the product page and move to cart are plain forms", async ({ page, browser }) => {
    await page.goto(`/products/${BOOK.slug}`);
    await pageHeart(page, BOOK.name, false).click();
    // Back on the product page, saved.
    await expect(page).toHaveURL(new RegExp(`/products/${BOOK.slug}$`));
    await expect(pageHeart(page, BOOK.name, true)).toHaveAttribute("aria-pressed", "true");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "1");

    await page.goto("/wishlist");
    await expect(page.getByTestId("wishlist-entry")).toHaveCount(1);
    await expectAccessibleWithoutScripts(browser, page);
    await page.getByRole("button", { name: `Move ${BOOK.name} to cart` }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByTestId("wishlist-empty")).toBeVisible();
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  });

  test("a card's heart posts the page's wishlist form and comes back to the same listing, pressed", async ({ page }) => {
    await page.goto("/product-category/books?sort=price-asc");
    // The fourth tile: a listing renders its first two in place (their pictures are preloaded) and
    // the server takes the others' markup from its fragment cache (app/lib/html-fragments.tsx).
    const card = page.getByRole("main").getByTestId("product-card").nth(3);
    const name = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("button", { name: `Add ${name} to wishlist`, exact: true }).click();
    await expect(page).toHaveURL(/\/product-category\/books\?sort=price-asc$/);
    const again = page.getByRole("main").getByTestId("product-card").nth(3);
    await expect(again.getByRole("button", { name: `Remove ${name} from wishlist`, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "1");
    // And off again, from the same card.
    await again.getByRole("button", { name: `Remove ${name} from wishlist`, exact: true }).click();
    await expect(page).toHaveURL(/\/product-category\/books\?sort=price-asc$/);
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  });
});
