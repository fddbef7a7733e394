import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { adminApi, apiJson, cleanUpAfterAll, headers } from "./support/admin-api";
import { BASE_URL } from "./support/ports";

// The discount code field as a shopper uses it: on the cart page (a refused code says why beneath
// the field, a good one shows its discount in the summary and can be taken off), at the checkout,
// and without JavaScript. The demo shop is shared: only code promotions (which no one else types)
// are made here, and deleted afterwards.

test.describe.configure({ timeout: 90_000 });

const cleanups = cleanUpAfterAll(test);
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A 10 % code promotion through the admin API (deleted after the spec). */
async function tenPercentCode(): Promise<string> {
  const code = `TEN-${suffix()}`;
  const api = await adminApi();
  const made = await apiJson<{ id: string }>(
    await api.post("/api/admin/promotions", { data: { name: `Ten off ${code}`, code, kind: "percentage", value: 10 }, headers }),
    201,
  );
  await api.dispose();
  cleanups.push((a) => a.delete(`/api/admin/promotions/${made.id}`, { headers }));
  return code;
}

/**
 * Puts a book in this browser's cart (sharing the page's cookies): the last in stock by address,
 * away from the first ones, which other specs sell out.
 */
async function bookInCart(page: Page) {
  const books = (await (await page.request.get("/api/products/category/books")).json()) as Array<{ _id: string; slug: string; inStock: boolean }>;
  const book = books
    .filter((b) => b.inStock)
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .at(-1)!;
  const res = await page.request.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);
}

const summary = (page: Page) => page.getByRole("region", { name: "Order summary" });

test("on the cart page a wrong code says why beneath the field, a good one shows its discount, and it can be taken off", async ({ page }) => {
  const code = await tenPercentCode();
  await bookInCart(page);
  await page.goto("/shopping-cart");
  await waitForHydration(page);
  const field = summary(page).getByRole("textbox", { name: "Discount code" });

  await field.fill("NOT-A-CODE");
  await summary(page).getByRole("button", { name: "Apply" }).click();
  await expect(summary(page).getByRole("alert")).toHaveText("This code is not valid. Please check it and try again.");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  const total = await summary(page).getByTestId("cart-total").textContent();
  await field.fill(code.toLowerCase());
  await field.press("Enter");
  const row = summary(page).getByTestId("discount-row");
  await expect(row).toContainText(`Ten off ${code} (${code})`);
  await expect(row).toContainText("−$");
  await expect(summary(page).getByTestId("cart-total")).not.toHaveText(total ?? "");
  await expect(summary(page).getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);

  await summary(page)
    .getByRole("button", { name: `Remove code ${code}` })
    .click();
  await expect(row).toHaveCount(0);
  await expect(summary(page).getByTestId("cart-total")).toHaveText(total ?? "");
});

test("at the checkout the code field sits in the summary and the discount comes off the total shown", async ({ page }) => {
  const code = await tenPercentCode();
  await bookInCart(page);
  await page.goto("/checkout");
  await waitForHydration(page);
  const box = page.getByTestId("checkout-summary");
  await box.getByRole("textbox", { name: "Discount code" }).fill(code);
  await box.getByRole("button", { name: "Apply" }).click();
  await expect(box.getByTestId("discount-row")).toContainText(`(${code})`);
  // Still on the checkout, its form as it was.
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole("form", { name: "Checkout" })).toBeVisible();
});

test("a product page names the automatic promotion that concerns it, in the page's language", async ({ page }) => {
  const books = (await (await page.request.get("/api/products/category/books")).json()) as Array<{ _id: string; slug: string }>;
  const book = books.at(-1)!;
  const name = `Book week ${suffix()}`;
  // A minimum no cart reaches: the shared shop's other carts never get it.
  const api = await adminApi();
  const made = await apiJson<{ id: string }>(
    await api.post("/api/admin/promotions", { data: { name, kind: "percentage", value: 15, productIds: [book._id], minSubtotal: 1_000_000 }, headers }),
    201,
  );
  await api.dispose();
  cleanups.push((a) => a.delete(`/api/admin/promotions/${made.id}`, { headers }));
  await page.goto(`/products/${book.slug}`);
  await expect(page.getByTestId("product-promotions")).toHaveText(`${name}: 15% off on orders of $1,000,000.00 or more, taken off in your cart by itself`);
  await page.goto(`/de/products/${book.slug}`);
  await expect(page.getByTestId("product-promotions")).toContainText("15 % Rabatt ab 1.000.000,00");
  // Another book's page does not name it.
  await page.goto(`/products/${books[0]!.slug}`);
  await expect(page.getByText(name)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart page's code form applies a code and comes back to the cart with the discount", async ({ page }) => {
    const code = await tenPercentCode();
    await bookInCart(page);
    await page.goto("/shopping-cart");
    await summary(page).getByRole("textbox", { name: "Discount code" }).fill("nope");
    await summary(page).getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("cart-error")).toHaveText("This code is not valid. Please check it and try again.");
    await page.goto("/shopping-cart");
    await summary(page).getByRole("textbox", { name: "Discount code" }).fill(code);
    await summary(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(summary(page).getByTestId("discount-row")).toContainText(`(${code})`);
  });
});
