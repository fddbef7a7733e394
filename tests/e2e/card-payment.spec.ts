import type { APIRequestContext, Page } from "@playwright/test";
import Stripe from "stripe";
import { FAKE_STRIPE_KEYS } from "../support/fake-stripe";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, STRIPE_PORT } from "./support/ports";

// The browser-test server runs a local fake of the Stripe API (tests/e2e/support/e2e-shop.ts) that
// posts signed webhook events back to the shop. Stripe.js itself comes from js.stripe.com, which
// this machine cannot reach: the payment page shows its "could not be loaded" state, and the
// confirmation Stripe.js would make is made here through the fake's API instead.

/** The Stripe SDK on the fake, with the secret key: confirms an intent as Stripe.js would. */
const stripe = new Stripe(FAKE_STRIPE_KEYS.secretKey, { host: "127.0.0.1", port: STRIPE_PORT, protocol: "http", maxNetworkRetries: 0 });

async function aBook(request: APIRequestContext): Promise<{ _id: string; name: string }> {
  const res = await request.get("/api/products/category/books");
  const books = (await res.json()) as Array<{ _id: string; name: string; slug: string; inStock: boolean }>;
  // The last books by address: other specs count the stock of the first ones.
  const book = books.filter((b) => b.inStock).sort((a, b) => b.slug.localeCompare(a.slug))[0];
  expect(book, "an in-stock book in the demo shop").toBeTruthy();
  return book!;
}

async function placeCardOrder(page: Page) {
  const book = await aBook(page.request);
  const add = await page.request.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers: { origin: BASE_URL } });
  expect(add.status(), await add.text()).toBe(201);

  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByRole("textbox", { name: "Full name" }).fill("Katherine Johnson");
  await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("card"));
  await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("1 Orbit Road");
  await form.getByRole("textbox", { name: "City" }).fill("Hampton");
  await form.getByRole("combobox", { name: "State" }).selectOption("VA");
  await expect(form.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await form.getByRole("radio", { name: /^Card/ }).check();
  await form.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/checkout\/payment\?order=[^&]+&token=/);
  const url = new URL(page.url());
  return { book, orderId: url.searchParams.get("order")!, token: url.searchParams.get("token")! };
}

async function orderOf(request: APIRequestContext, orderId: string, token: string) {
  const res = await request.get(`/api/orders/${orderId}?token=${encodeURIComponent(token)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { number: string; paymentStatus: string; paymentIntentId: string | null; totals: { total: number } } }).data;
}

test("a card order goes to the payment page, waits for Stripe's word, and is paid by the signed webhook", async ({ page }) => {
  const { orderId, token } = await placeCardOrder(page);
  const order = await orderOf(page.request, orderId, token);
  expect(order.paymentStatus).toBe("pending");
  expect(order.paymentIntentId).toMatch(/^pi_/);

  // The payment page: the order and its total; Stripe.js cannot load here, so it says so and offers a retry.
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  await expect(page.getByText(order.number)).toBeVisible();
  await expect(page.getByText("The secure card form could not be loaded.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expectAccessible(page);

  // The intent Stripe holds is for the server's total, in cents.
  const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId!);
  expect(intent.amount).toBe(Math.round(order.totals.total * 100));

  // A shopper who leaves the payment page finds the way back on the confirmation page.
  await page.goto(`/order-confirmation?${new URLSearchParams({ order: orderId, token })}`);
  await expect(page.getByTestId("payment-pending")).toContainText("We are waiting for your card payment to be confirmed.");
  await page.getByRole("link", { name: "Complete your payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\?/);

  // Stripe confirms the card and posts payment_intent.succeeded, signed, to the shop's webhook.
  await stripe.paymentIntents.confirm(order.paymentIntentId!, { payment_method: "pm_card_visa" });
  await expect.poll(async () => (await orderOf(page.request, orderId, token)).paymentStatus).toBe("paid");

  // A paid order's payment page now leads to its confirmation, which says it is paid.
  await page.goto(`/checkout/payment?${new URLSearchParams({ order: orderId, token })}`);
  await expect(page).toHaveURL(/\/order-confirmation\?/);
  await expect(page.getByTestId("payment-pending")).toHaveCount(0);
  await expect(page.getByTestId("order-payment-status").first()).toHaveText("Paid");
  await expectAccessible(page);
});

test("a declined card leaves the order unpaid with a way to pay again", async ({ page }) => {
  const { orderId, token } = await placeCardOrder(page);
  const order = await orderOf(page.request, orderId, token);
  await stripe.paymentIntents.confirm(order.paymentIntentId!, { payment_method: "pm_card_chargeDeclined" }).catch(() => {
    // The fake answers a decline with a card error, as Stripe does; the webhook still comes.
  });
  await expect.poll(async () => (await orderOf(page.request, orderId, token)).paymentStatus).toBe("failed");

  await page.goto(`/order-confirmation?${new URLSearchParams({ order: orderId, token })}`);
  await expect(page.getByTestId("payment-pending")).toContainText("Your card payment did not go through.");
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", /\/checkout\/payment\?order=/);
});
