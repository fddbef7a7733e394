import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration, expectAccessibleWithoutScripts, openProductPage } from "./fixtures";
import { createCustomer, newCustomer, signIn } from "./support/accounts";
import { BASE_URL } from "./support/ports";

// Demo-shop products: a book without colours or sizes, a bag in one colour (Tan) with 8 in stock and
// no discount, and a lamp in one colour with 9 in stock, fewer than one order may hold (its colour is
// picked when the page opens). A demo product's price and stock depend only on its slug
// (server/seed/product-planner.ts).
const BOOK = { slug: "the-glass-lighthouse", name: "The Glass Lighthouse" };
const BEAR = { slug: "leather-tote-bag", name: "Leather Tote Bag" };
const LAMP = { slug: "rattan-bedside-lamp", name: "Rattan Bedside Lamp" };

const cartCount = (page: Page) => page.getByRole("banner").getByTestId("cart-count");
const panelOf = (page: Page) => page.getByRole("dialog", { name: "Shopping cart" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const money = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

/** The product's price and stock as the API tells them. */
async function productInfo(request: APIRequestContext, slug: string) {
  const body = await (await request.get(`/api/products/${slug}`)).json();
  return body.data as { _id: string; finalPrice: number; stock: number; variants: Array<{ stock: number }> };
}

test.describe("cart with JavaScript", () => {
  test("add to cart opens the panel with the line and 'Added to cart'; change the quantity; remove", async ({ page }) => {
    await openProductPage(page, BEAR);
    await expect(cartCount(page)).toHaveAttribute("data-count", "0");
    await page.getByRole("button", { name: "Add to cart" }).click();

    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    await expect(toast(page, "Added to cart")).toBeVisible();
    await expect(panel.getByTestId("cart-line")).toHaveCount(1);
    await expect(panel.getByRole("link", { name: BEAR.name })).toHaveAttribute("href", `/products/${BEAR.slug}`);
    await expect(panel.getByText("Colour: Tan")).toBeVisible();
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    expect(await page.evaluate(() => localStorage.getItem("isCartOpen"))).toBe("true");
    await expectAccessible(page);

    const quantity = panel.getByLabel(`Quantity of ${BEAR.name}`);
    await panel.getByRole("button", { name: `One more ${BEAR.name}` }).click();
    await expect(quantity).toHaveValue("2");
    await expect(cartCount(page)).toHaveAttribute("data-count", "2");

    await quantity.fill("4");
    await quantity.press("Enter");
    await expect(cartCount(page)).toHaveAttribute("data-count", "4");
    const unit = money(await panel.getByTestId("cart-line").getByTestId("final-price").textContent());
    await expect(panel.getByTestId("line-total")).toContainText((unit * 4).toFixed(2));
    await expect(panel.getByTestId("cart-subtotal")).toContainText((unit * 4).toFixed(2));

    // A quantity below 1 is ignored and never sent (the analytics beacon may post meanwhile: not a cart change).
    const posts: Request[] = [];
    page.on("request", (r) => r.method() === "POST" && !new URL(r.url()).pathname.startsWith("/api/analytics/") && posts.push(r));
    await quantity.fill("0");
    await quantity.press("Enter");
    await expect(quantity).toHaveValue("4");
    await quantity.fill("-2");
    await quantity.blur();
    await expect(quantity).toHaveValue("4");
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await expect(cartCount(page)).toHaveAttribute("data-count", "4");

    await panel.getByRole("button", { name: `Remove ${BEAR.name}` }).click();
    await expect(panel.getByText("Your cart is empty")).toBeVisible();
    await expect(cartCount(page)).toHaveAttribute("data-count", "0");

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("isCartOpen"))).toBe("false");
  });

  test("the panel is a keyboard dialog: focus stays inside, 'Close cart' and Escape close it", async ({ page }) => {
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Add to cart" }).click();
    const panel = panelOf(page);
    await expect(panel.getByTestId("cart-line")).toHaveCount(1);
    await expect(panel.getByRole("button", { name: "Close cart" })).toBeFocused();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await panel.getByRole("button", { name: "Close cart" }).click();
    await expect(panel).toBeHidden();

    // The header's cart button opens it again; Escape closes it and focus goes back to the button.
    const cartButton = page.getByRole("banner").getByRole("link", { name: /^Shopping cart, 1 item$/ });
    await cartButton.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(cartButton).toBeFocused();
  });

  test("buy now adds without opening the panel, toasts and goes to /checkout", async ({ page }) => {
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toast(page, "Proceeding to checkout...")).toBeVisible();
    await expect(panelOf(page)).toBeHidden();
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    expect(await page.evaluate(() => localStorage.getItem("isCartOpen"))).not.toBe("true");
  });

  test("the panel's open flag survives a reload", async ({ page }) => {
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(panelOf(page).getByTestId("cart-line")).toHaveCount(1);

    await page.reload();
    await waitForHydration(page);
    await expect(panelOf(page)).toBeVisible();
    await expect(panelOf(page).getByRole("link", { name: BOOK.name })).toBeVisible();

    await panelOf(page).getByRole("button", { name: "Close cart" }).click();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: BOOK.name })).toBeVisible();
    await expect(panelOf(page)).toBeHidden();
  });

  test("checkout from the panel: an empty cart toasts 'Your cart is empty', a full one goes to /checkout and closes the panel", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Shopping cart, 0 items$/ })
      .click();
    const panel = panelOf(page);
    await expect(panel.getByText("Your cart is empty")).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole("button", { name: "Checkout", exact: true }).click();
    await expect(toast(page, "Your cart is empty")).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(panel).toBeVisible();

    await panel.getByRole("button", { name: "Close cart" }).click();
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(panel.getByTestId("cart-line")).toHaveCount(1);
    await panel.getByRole("button", { name: "Checkout", exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("isCartOpen"))).toBe("false");
  });

  test("more than the stock is refused with the reason: 'Failed to add to cart'", async ({ page, request }) => {
    const lamp = await productInfo(request, LAMP.slug);
    const stock = lamp.variants[0]?.stock ?? lamp.stock;
    expect(stock).toBeGreaterThan(0);
    await openProductPage(page, LAMP);
    await page.getByLabel("Quantity", { exact: true }).fill(String(stock));
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartCount(page)).toHaveAttribute("data-count", String(stock));
    await panelOf(page).getByRole("button", { name: "Close cart" }).click();

    await page.getByLabel("Quantity", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Add to cart" }).click();
    const failure = toast(page, "Failed to add to cart");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(new RegExp(`Only ${stock} left of ${LAMP.name}`));
    await expect(panelOf(page)).toBeHidden();
    await expect(cartCount(page)).toHaveAttribute("data-count", String(stock));
  });

  test("a refused quantity change or removal toasts 'Failed to update quantity' / 'Failed to remove item' and keeps the line", async ({ page }) => {
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Add to cart" }).click();
    const panel = panelOf(page);
    await expect(panel.getByTestId("cart-line")).toHaveCount(1);
    // The line is gone on the server (e.g. removed in another tab) by the time the shopper clicks.
    await page.route(/\/shopping-cart\.data/, (route) => {
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("lineId", "no-such-line");
      return route.continue({ postData: body.toString() });
    });

    await panel.getByRole("button", { name: `One more ${BOOK.name}` }).click();
    const quantityFailure = toast(page, "Failed to update quantity");
    await expect(quantityFailure).toBeVisible();
    await expect(quantityFailure).toContainText("not in your cart");
    await expect(panel.getByLabel(`Quantity of ${BOOK.name}`)).toHaveValue("1");

    await panel.getByRole("button", { name: `Remove ${BOOK.name}` }).click();
    await expect(toast(page, "Failed to remove item")).toBeVisible();
    await expect(panel.getByTestId("cart-line")).toHaveCount(1);
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
  });

  test("the cart page: lines, summary with the free-shipping hint, quantity and remove", async ({ page, request }) => {
    const book = await productInfo(request, BOOK.slug);
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(panelOf(page).getByTestId("cart-line")).toHaveCount(1);
    await panelOf(page).getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(panelOf(page)).toBeHidden();

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Shopping cart" })).toBeVisible();
    await expect(main.getByTestId("cart-line")).toHaveCount(1);
    await expect(main.getByTestId("cart-subtotal")).toContainText(book.finalPrice.toFixed(2));
    await expect(main.getByTestId("free-shipping-hint")).toContainText(/^Add \$[\d.]+ more for free shipping$/);
    await expect(main.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(main.getByRole("link", { name: "Continue shopping" })).toBeVisible();
    await expectAccessible(page);

    await main.getByRole("button", { name: `One more ${BOOK.name}` }).click();
    await expect(main.getByLabel(`Quantity of ${BOOK.name}`)).toHaveValue("2");
    await expect(main.getByTestId("cart-subtotal")).toContainText((book.finalPrice * 2).toFixed(2));
    await main.getByRole("button", { name: `One less ${BOOK.name}` }).click();
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    await expect(main.getByRole("button", { name: `One less ${BOOK.name}` })).toBeDisabled();

    await main.getByRole("button", { name: `Remove ${BOOK.name}` }).click();
    await expect(main.getByTestId("cart-empty")).toBeVisible();
    await expect(cartCount(page)).toHaveAttribute("data-count", "0");
    await expectAccessible(page);
  });

  test("signing in merges the anonymous cart into the account's: quantities add up", async ({ page, request }) => {
    // The account already holds 2 books (added through the API with its own session).
    const customer = await createCustomer(request, newCustomer("cart-merge", "Merge Shopper"));
    const signedIn = await request.post("/api/auth/sign-in/email", {
      data: { email: customer.email, password: customer.password },
      headers: { origin: BASE_URL },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const book = await productInfo(request, BOOK.slug);
    const added = await request.post("/api/cart/items", { data: { productId: book._id, quantity: 2 }, headers: { origin: BASE_URL } });
    expect(added.status(), await added.text()).toBe(201);

    // Anonymous in the browser: 1 book and 1 bear.
    await openProductPage(page, BOOK);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    // The open panel would come back after the next page load (its flag is kept) and cover the page.
    await panelOf(page).getByRole("button", { name: "Close cart" }).click();
    await openProductPage(page, BEAR);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartCount(page)).toHaveAttribute("data-count", "2");
    await panelOf(page).getByRole("button", { name: "Close cart" }).click();

    await page.goto("/login");
    await waitForHydration(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).not.toHaveURL(/\/login/);
    await expect(cartCount(page)).toHaveAttribute("data-count", "4");

    await page.goto("/shopping-cart");
    const main = page.getByRole("main");
    await expect(main.getByLabel(`Quantity of ${BOOK.name}`)).toHaveValue("3");
    await expect(main.getByLabel(`Quantity of ${BEAR.name}`)).toHaveValue("1");
  });
});

test.describe("cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add to cart, change the quantity and remove as plain forms", async ({ page, browser }) => {
    await page.goto(`/products/${BOOK.slug}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    const main = page.getByRole("main");
    await expect(main.getByTestId("cart-line")).toHaveCount(1);
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");
    // Without JavaScript the header's cart button is a plain link to this page.
    await expect(page.getByRole("banner").getByRole("link", { name: "Shopping cart, 1 item" })).toHaveAttribute("href", "/shopping-cart");
    await expectAccessibleWithoutScripts(browser, page);

    await main.getByRole("button", { name: `One more ${BOOK.name}` }).click();
    await expect(main.getByLabel(`Quantity of ${BOOK.name}`)).toHaveValue("2");
    await main.getByLabel(`Quantity of ${BOOK.name}`).fill("5");
    await main.getByRole("button", { name: "Update" }).click();
    await expect(main.getByLabel(`Quantity of ${BOOK.name}`)).toHaveValue("5");
    await expect(cartCount(page)).toHaveAttribute("data-count", "5");
    // Enter in the field updates too (it never presses − or +).
    await main.getByLabel(`Quantity of ${BOOK.name}`).fill("3");
    await main.getByLabel(`Quantity of ${BOOK.name}`).press("Enter");
    await expect(main.getByLabel(`Quantity of ${BOOK.name}`)).toHaveValue("3");

    await main.getByRole("button", { name: `Remove ${BOOK.name}` }).click();
    await expect(main.getByTestId("cart-empty")).toBeVisible();
    await expect(cartCount(page)).toHaveAttribute("data-count", "0");
  });

  test("buy now goes to /checkout; more than the stock shows the reason on the page", async ({ page, request, browser }) => {
    await page.goto(`/products/${BEAR.slug}`);
    await page.getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(cartCount(page)).toHaveAttribute("data-count", "1");

    const lamp = await productInfo(request, LAMP.slug);
    const stock = lamp.variants[0]?.stock ?? lamp.stock;
    await page.goto(`/products/${LAMP.slug}`);
    await page.getByLabel("Quantity", { exact: true }).fill(String(stock));
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartCount(page)).toHaveAttribute("data-count", String(stock + 1));
    await page.goto(`/products/${LAMP.slug}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(page.getByRole("alert")).toContainText(new RegExp(`Only ${stock} left of ${LAMP.name}`));
    await expect(cartCount(page)).toHaveAttribute("data-count", String(stock + 1));
  });
});
