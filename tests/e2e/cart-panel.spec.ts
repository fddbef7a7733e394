import type { Page } from "@playwright/test";
import { expect, expectAccessible, openProductPage, test, waitForHydration } from "./fixtures";

// A demo-shop book without colours or sizes: "Add to cart" needs no choice first.
const BOOK = { slug: "the-glass-lighthouse", name: "The Glass Lighthouse" };

const panelOf = (page: Page) => page.getByRole("dialog", { name: "Shopping cart" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Adds the book on its page and waits for the panel to show it. */
async function addBook(page: Page) {
  await openProductPage(page, BOOK);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(panelOf(page).getByRole("link", { name: BOOK.name })).toBeVisible();
}

/** Waits until nothing on the page moves (the toast has slid in, the panel has slid out). */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

test.describe("the cart panel's close button on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is not covered by the 'Added to cart' toast: a tap closes the panel while the toast shows", async ({ page }) => {
    await addBook(page);
    const added = toast(page, "Added to cart");
    const close = panelOf(page).getByRole("button", { name: "Close cart" });
    await expect(added).toBeVisible();
    await settled(page);

    const onTop = await close.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && button.contains(hit);
    });
    expect(onTop, "the element at the close button's centre is the button").toBe(true);
    const [toastBox, closeBox] = [await added.boundingBox(), await close.boundingBox()];
    const overlaps =
      toastBox!.x < closeBox!.x + closeBox!.width &&
      closeBox!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < closeBox!.y + closeBox!.height &&
      closeBox!.y < toastBox!.y + toastBox!.height;
    expect(overlaps, "toast and close button overlap").toBe(false);

    await close.click({ timeout: 2_000 });
    await expect(panelOf(page)).toBeHidden();
    await expect(added).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the cart panel's remembered open flag", () => {
  test("does not open the panel over the checkout typed into the address bar after an add", async ({ page }) => {
    await addBook(page);
    await page.goto("/checkout");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(panelOf(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("isCartOpen"))).toBe("false");
  });

  test("reopens the panel on a reload right after the add, but not on a page opened later", async ({ page }) => {
    await addBook(page);
    await page.reload();
    await waitForHydration(page);
    await expect(panelOf(page)).toBeVisible();

    // A minute later the shopper types another address: the page opens without the panel over it.
    await page.clock.setFixedTime(Date.now() + 60_000);
    await page.goto("/privacy-policy");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(panelOf(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("isCartOpen"))).toBe("false");
    await expectAccessible(page);
  });

  test("closes when Forward brings the checkout back while the panel is open", async ({ page }) => {
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: BOOK.name })).toBeVisible();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(panelOf(page)).toBeVisible();

    await page.goForward();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(panelOf(page)).toBeHidden();
  });
});
