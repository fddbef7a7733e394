import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { adminApi, apiJson, headers } from "./support/admin-api";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// A gift card as a shopper pays with it: issued here through the admin API (a card pays only for
// the cart it is applied to, so no other spec's totals change), applied on the cart page, and its
// row with what is left to pay on the checkout and the confirmation of a cash-on-delivery order.

test.describe.configure({ timeout: 90_000 });

/** A card of `amount` dollars through the admin API, with its code (shown once). */
async function issueCard(amount: number): Promise<{ code: string; last4: string }> {
  const api = await adminApi();
  const card = await apiJson<{ code: string; last4: string }>(await api.post("/api/admin/gift-cards", { data: { amount }, headers }), 201);
  await api.dispose();
  return card;
}

/** Puts a book in this browser's cart (sharing the page's cookies): the last in stock by address, away from the ones other specs sell out. */
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

test("a gift card applied on the cart page pays part of a cash-on-delivery order, shown on the checkout, the confirmation and the order desk", async ({
  page,
  browser,
}) => {
  const card = await issueCard(5);
  await bookInCart(page);
  await page.goto("/shopping-cart");
  await waitForHydration(page);
  const field = summary(page).getByRole("textbox", { name: "Gift card" });

  await field.fill("AAAA-BBBB-CCCC-DDDD");
  await summary(page).getByRole("button", { name: "Redeem" }).click();
  await expect(summary(page).getByTestId("gift-card-error")).toHaveText("We do not know this gift card code. Please check it and try again.");

  await field.fill(card.code.toLowerCase());
  await field.press("Enter");
  const row = summary(page).getByTestId("gift-card-row");
  await expect(row).toHaveText(`Gift card ••••${card.last4}−$5.00`);
  // Before the address the shipping is the cheapest zone's, so what is left to pay is "from" it.
  await expect(summary(page).getByTestId("gift-card-to-pay")).toHaveText(/^from \$\d+\.\d\d$/);
  await expect(summary(page).getByRole("button", { name: `Remove gift card ending in ${card.last4}` })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/checkout");
  await waitForHydration(page);
  const box = page.getByTestId("checkout-summary");
  await expect(box.getByTestId("gift-card-row")).toHaveText(`Gift card ••••${card.last4}−$5.00`);
  const toPay = (await box.getByTestId("gift-card-to-pay").textContent())!;
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByRole("textbox", { name: "Full name" }).fill("Grace Hopper");
  await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("giftcard"));
  await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("12 Compiler Lane");
  await form.getByRole("textbox", { name: "City" }).fill("Arlington");
  await form.getByRole("combobox", { name: "State" }).selectOption({ label: "Virginia" });
  await expect(box).not.toHaveAttribute("aria-busy", "true");
  await expect(box.getByTestId("gift-card-to-pay")).toHaveText(toPay);
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order=[^&]+&token=/);
  await expect(page.getByTestId("gift-card-row")).toHaveText(`Gift card ••••${card.last4}−$5.00`);
  await expect(page.getByTestId("gift-card-to-pay")).toHaveText(toPay);
  await expectAccessible(page);

  // The order desk sees the card on the order's page and its invoice.
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const desk = await browser.newContext({ baseURL: BASE_URL });
  try {
    const operator = await desk.newPage();
    const signIn = await operator.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { origin: BASE_URL } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await operator.goto(`/admin-dashboard/orders/${encodeURIComponent(orderId)}`);
    await expect(operator.getByTestId("gift-card-row")).toHaveText(`Gift card ••••${card.last4}−$5.00`);
    await operator.goto(`/admin-dashboard/orders/print?doc=invoice&ids=${encodeURIComponent(orderId)}`);
    await expect(operator.getByTestId("gift-card-row")).toHaveText(`Gift card ••••${card.last4}−$5.00`);
    await expect(operator.getByTestId("gift-card-to-pay")).toHaveText(toPay);
  } finally {
    await desk.close();
  }

  // "My orders" says what the card paid of the order.
  await page.goto("/my-orders");
  await expect(page.getByTestId("order-row-gift-cards").first()).toHaveText("$5.00 paid by gift card");

  // The card went with the order: the cart no longer has it.
  const cart = (await (await page.request.get("/api/cart")).json()) as { data: { giftCards: unknown[] } };
  expect(cart.data.giftCards).toEqual([]);
});

test("at the checkout the gift card field sits in the summary, and a card applied there comes off what is left to pay", async ({ page }) => {
  const card = await issueCard(2);
  await bookInCart(page);
  await page.goto("/checkout");
  await waitForHydration(page);
  const box = page.getByTestId("checkout-summary");
  await box.getByRole("textbox", { name: "Gift card" }).fill(card.code);
  await box.getByRole("button", { name: "Redeem" }).click();
  await expect(box.getByTestId("gift-card-row")).toHaveText(`Gift card ••••${card.last4}−$2.00`);
  await expect(box.getByTestId("gift-card-to-pay")).toBeVisible();
  // Still on the checkout, its form as it was; the card comes off again with its button.
  await expect(page).toHaveURL(/\/checkout/);
  await box.getByRole("button", { name: `Remove gift card ending in ${card.last4}` }).click();
  await expect(box.getByTestId("gift-card-row")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart page's gift card form applies a card and takes it off again", async ({ page }) => {
    const card = await issueCard(3);
    await bookInCart(page);
    await page.goto("/shopping-cart");
    await summary(page).getByRole("textbox", { name: "Gift card" }).fill(card.code);
    await summary(page).getByRole("button", { name: "Redeem" }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(summary(page).getByTestId("gift-card-row")).toHaveText(`Gift card ••••${card.last4}−$3.00`);
    await summary(page)
      .getByRole("button", { name: `Remove gift card ending in ${card.last4}` })
      .click();
    await expect(summary(page).getByTestId("gift-card-row")).toHaveCount(0);
  });
});
