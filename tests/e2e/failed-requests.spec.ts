import type { Page } from "@playwright/test";
import { expect, test, openProductPage, waitForHydration } from "./fixtures";
import { E2E_ADMIN, BASE_URL } from "./support/ports";

// A background request (a fetcher's post to a page's data address) that answers 500 or never
// arrives (the network drops) is its control's toast: the page stays as it was, and what the
// control showed at once (a pressed heart, a new quantity, a line gone) goes back.

// A book without colours or sizes, and a bag: demo-shop products (server/seed/product-planner.ts).
const BOOK = { slug: "the-glass-lighthouse", name: "The Glass Lighthouse" };
const BAG = { slug: "leather-tote-bag", name: "Leather Tote Bag" };

const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";
const BROKEN = "Something went wrong on our side. Please try again.";

type Failure = "500" | "drop";

/** From now on every background post of this page fails: `failure.how` says how (changeable between steps). */
async function failBackgroundPosts(page: Page) {
  const failure: { how: Failure } = { how: "500" };
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      if (failure.how === "drop") return route.abort("internetdisconnected");
      return route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" });
    },
  );
  return failure;
}

/** The error toast `title` with the reason for `how` is shown (then closed, so the next step's toast is its own). */
async function expectFailureToast(page: Page, title: string, how: Failure) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(how === "drop" ? UNREACHABLE : BROKEN);
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

/** No error page took the page's place. */
async function expectNoErrorPage(page: Page) {
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
}

const cartCount = (page: Page) => page.getByRole("banner").getByTestId("cart-count");
const wishlistCount = (page: Page) => page.getByRole("banner").getByTestId("wishlist-count");

test("product page: Add to cart, Buy now and the wishlist heart fail as toasts and change nothing", async ({ page }) => {
  await openProductPage(page, BOOK);
  const failure = await failBackgroundPosts(page);
  const title = page.getByRole("heading", { level: 1, name: BOOK.name });
  const address = page.url();

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expectFailureToast(page, "Failed to add to cart", "500");
  await expect(title).toBeVisible();
  await expectNoErrorPage(page);
  await expect(cartCount(page)).toHaveAttribute("data-count", "0");
  await expect(page.getByRole("dialog", { name: "Shopping cart" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();

  failure.how = "drop";
  await page.getByRole("button", { name: "Buy now" }).click();
  await expectFailureToast(page, "Failed to add to cart", "drop");
  expect(page.url()).toBe(address);
  await expect(title).toBeVisible();
  await expect(cartCount(page)).toHaveAttribute("data-count", "0");
  await expect(page.getByRole("button", { name: "Buy now" })).toBeVisible();

  const heart = page.getByRole("button", { name: `Add ${BOOK.name} to wishlist`, exact: true });
  for (const how of ["500", "drop"] as const) {
    failure.how = how;
    await heart.click();
    await expectFailureToast(page, "Failed to update wishlist", how);
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(title).toBeVisible();
    await expectNoErrorPage(page);
    await expect(wishlistCount(page)).toHaveAttribute("data-count", "0");
  }
});

test("cart page and cart panel: + / − / Remove fail as toasts and the line stays as it was", async ({ page }) => {
  // Two bags in the cart, put there the way a browser without JavaScript does.
  const product = (await (await page.request.get(`/api/products/${BAG.slug}`)).json()).data as { _id: string };
  const added = await page.request.post("/shopping-cart", {
    form: { intent: "add-to-cart", productId: product._id, color: "Tan", quantity: "2" },
    headers: { origin: BASE_URL },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto("/shopping-cart");
  await waitForHydration(page);
  const main = page.getByRole("main");
  const line = main.getByTestId("cart-line");
  const quantity = main.getByLabel(`Quantity of ${BAG.name}`);
  await expect(quantity).toHaveValue("2");
  await expect(cartCount(page)).toHaveAttribute("data-count", "2");
  const failure = await failBackgroundPosts(page);

  const steps = [
    { button: `One more ${BAG.name}`, toast: "Failed to update quantity", how: "500" },
    { button: `One less ${BAG.name}`, toast: "Failed to update quantity", how: "drop" },
    { button: `Remove ${BAG.name}`, toast: "Failed to remove item", how: "500" },
    { button: `Remove ${BAG.name}`, toast: "Failed to remove item", how: "drop" },
  ] as const;
  for (const step of steps) {
    failure.how = step.how;
    await main.getByRole("button", { name: step.button }).click();
    await expectFailureToast(page, step.toast, step.how);
    await expect(page.getByRole("heading", { level: 1, name: "Shopping cart" })).toBeVisible();
    await expectNoErrorPage(page);
    await expect(line).toHaveCount(1);
    await expect(quantity).toHaveValue("2");
    await expect(cartCount(page)).toHaveAttribute("data-count", "2");
  }

  // The slide-out panel's controls are the same lines.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Shopping cart/ })
    .click();
  const panel = page.getByRole("dialog", { name: "Shopping cart" });
  await expect(panel.getByTestId("cart-line")).toHaveCount(1);
  failure.how = "drop";
  await panel.getByRole("button", { name: `One more ${BAG.name}` }).click();
  await expectFailureToast(page, "Failed to update quantity", "drop");
  await expect(panel.getByLabel(`Quantity of ${BAG.name}`)).toHaveValue("2");
  failure.how = "500";
  await panel.getByRole("button", { name: `Remove ${BAG.name}` }).click();
  await expectFailureToast(page, "Failed to remove item", "500");
  await expect(panel.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartCount(page)).toHaveAttribute("data-count", "2");
  await expectNoErrorPage(page);
});

test("admin: a banner's move that fails is a toast and the list keeps its order", async ({ page }) => {
  const signedIn = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { origin: BASE_URL } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto("/admin-dashboard/banner-management");
  await waitForHydration(page);
  const titles = () => page.getByTestId("banner-title").allTextContents();
  const before = await titles();
  expect(before.length).toBeGreaterThan(1);
  const first = before[0].replace(/^\d+\.\s*/, "").trim();
  const failure = await failBackgroundPosts(page);

  for (const how of ["500", "drop"] as const) {
    failure.how = how;
    await page.getByRole("button", { name: `Move “${first}” down` }).click();
    await expectFailureToast(page, "Failed to move the banner", how);
    await expect(page.getByRole("heading", { level: 1, name: "Banners" })).toBeVisible();
    await expectNoErrorPage(page);
    expect(await titles()).toEqual(before);
  }
});
