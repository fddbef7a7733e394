import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone, waitForMail } from "./support/accounts";
import { adminApi, apiJson, cleanUpAfterAll, headers, signInPage } from "./support/admin-api";
import { BASE_URL } from "./support/ports";

// A gift card sold in the storefront: the admin API makes a product of its own, in a category of
// its own (no other spec's listing or count sees either, and both are deleted afterwards) and marks
// it a gift card; a shopper buys it cash on delivery naming a recipient; once the order desk marks
// it delivered, the recipient's mail arrives with a code that then pays in another cart.

test.describe.configure({ timeout: 90_000 });

const cleanups = cleanUpAfterAll(test);
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** A new active product marked as a gift card of 25.00 through the admin API, in a new category. */
async function giftCardProduct(api: APIRequestContext): Promise<{ id: string; name: string }> {
  const s = suffix();
  const category = await apiJson<{ id: string; slug: string }>(await api.post("/api/admin/categories", { data: { name: `Vouchers ${s}` }, headers }), 201);
  cleanups.push((a) => a.delete(`/api/admin/categories/${category.id}`, { headers }));
  const name = `Zephyr gift card ${s}`;
  const product = await apiJson<{ id: string; giftCard: boolean }>(
    await api.post("/api/admin/products", {
      data: { name, categorySlug: category.slug, price: 25, stock: 50, shippingCost: 0, giftCard: true, image: ["https://images.example.com/gift-card.jpg"] },
      headers,
    }),
    201,
  );
  cleanups.push((a) => a.delete(`/api/admin/products/${product.id}`, { headers }));
  expect(product.giftCard).toBe(true);
  return { id: product.id, name };
}

async function move(api: APIRequestContext, orderId: string, status: string, extra: Record<string, string> = {}) {
  const res = await api.post(`/api/admin/orders/${orderId}/transition`, { data: { status, ...extra }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

async function fillCheckout(page: Page) {
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByRole("textbox", { name: "Full name" }).fill("Grace Hopper");
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(uniqueEmail("giftbuyer"));
  await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("12 Compiler Lane");
  await form.getByRole("textbox", { name: "City" }).fill("Arlington");
  await form.getByRole("combobox", { name: "State" }).selectOption({ label: "Virginia" });
  return form;
}

test("a gift-card product bought cash on delivery is mailed to its recipient once delivered, with a code that pays", async ({ page }) => {
  const api = await adminApi();
  const product = await giftCardProduct(api);
  const res = await page.request.post("/api/cart/items", { data: { productId: product.id, quantity: 1 }, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto("/checkout");
  await waitForHydration(page);
  const form = await fillCheckout(page);
  const section = page.getByRole("region", { name: "Who is the gift card for?" });
  await expect(section).toBeVisible();

  // Without a recipient the order is refused beside the field.
  await page.getByRole("button", { name: "Place order" }).click();
  const email = form.getByRole("textbox", { name: "Recipient's e-mail" });
  await expect(email).toHaveAccessibleDescription(/Please enter the e-mail address of the gift card's recipient/);
  await expectAccessible(page);

  const recipient = uniqueEmail("giftee");
  await email.fill(recipient);
  await form.getByRole("textbox", { name: "Recipient's name (optional)" }).fill("Ada");
  await form.getByRole("textbox", { name: "Your message (optional)" }).fill("Happy birthday!");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?order=[^&]+&token=/);
  const facts = page.getByTestId("order-gift-card");
  await expect(facts).toContainText(`Goes to Ada (${recipient})`);
  await expect(facts).toContainText("We e-mail it once the order is delivered.");
  await expectAccessible(page);

  // The order desk delivers it: the card is issued and mailed.
  const orderId = new URL(page.url()).searchParams.get("order")!;
  await move(api, orderId, "processing");
  await move(api, orderId, "shipped", { courier: "dhl", trackingNumber: `GC${suffix()}` });
  await move(api, orderId, "delivered");
  await api.dispose();

  const mail = await waitForMail(recipient, /gift card/i);
  expect(mail.subject).toContain("Grace Hopper");
  expect(mail.text).toContain("Happy birthday!");
  const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(mail.text)![0];

  // The buyer sees that it went, by its last four characters only.
  await page.reload();
  await expect(page.getByTestId("order-gift-card-sent")).toHaveText(`Sent by e-mail: card ending in ${code.slice(-4)} ($25.00)`);
  await expect(page.locator("body")).not.toContainText(code);

  // So does the order desk, with the buyer's message.
  const desk = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  try {
    const operator = await desk.newPage();
    await signInPage(operator);
    await operator.goto(`/admin-dashboard/orders/${encodeURIComponent(orderId)}`);
    const deskFacts = operator.getByTestId("order-gift-card");
    await expect(deskFacts).toContainText(`Goes to Ada (${recipient})`);
    await expect(deskFacts).toContainText(`card ending in ${code.slice(-4)}`);
    await expect(deskFacts).toContainText("Happy birthday!");
    await expect(operator.locator("body")).not.toContainText(code);
  } finally {
    await desk.close();
  }

  // The code pays in another shopper's cart (a book: a gift card does not buy a gift card).
  const other = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  try {
    const shopper = await other.newPage();
    const books = (await (await shopper.request.get("/api/products/category/books")).json()) as Array<{ _id: string; slug: string; inStock: boolean }>;
    const book = books
      .filter((b) => b.inStock)
      .sort((a, b) => a.slug.localeCompare(b.slug))
      .at(-1)!;
    expect((await shopper.request.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers: { origin: BASE_URL } })).status()).toBe(201);
    const applied = await shopper.request.post("/api/cart/gift-cards", { data: { code }, headers: { origin: BASE_URL } });
    expect(applied.status(), await applied.text()).toBe(200);
    const cart = ((await applied.json()) as { data: { giftCards: Array<{ last4: string; amount: number }> } }).data;
    expect(cart.giftCards).toEqual([expect.objectContaining({ last4: code.slice(-4) })]);
    expect(cart.giftCards[0]!.amount).toBeGreaterThan(0);
  } finally {
    await other.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout asks for the recipient, refuses a malformed address beside it, and places the order", async ({ page }) => {
    const api = await adminApi();
    const product = await giftCardProduct(api);
    await api.dispose();
    const res = await page.request.post("/api/cart/items", { data: { productId: product.id, quantity: 2 }, headers: { origin: BASE_URL } });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto("/checkout");
    const form = await fillCheckout(page);
    await form.getByRole("textbox", { name: "Recipient's e-mail" }).fill("not-an-address");
    await page.getByRole("button", { name: "Place order" }).click();
    const email = form.getByRole("textbox", { name: "Recipient's e-mail" });
    await expect(email).toHaveAccessibleDescription(/Please enter a valid e-mail address for the recipient/);
    // What was typed stays.
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue("Grace Hopper");

    const recipient = uniqueEmail("giftee-nojs");
    await email.fill(recipient);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=[^&]+&token=/);
    await expect(page.getByTestId("order-gift-card")).toContainText(`Goes to ${recipient}`);
  });
});
