import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration, expectAccessibleWithoutScripts, shot } from "./fixtures";
import { createCustomer, newCustomer, uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL } from "./support/ports";

interface ApiProduct {
  _id: string;
  name: string;
  slug: string;
}

interface PlacedOrder {
  order: { id: string; number: string };
  guestToken: string;
}

/** A book (no colour or size), counted from the end of the list sorted by address (the checkout tests count from the start). */
async function pickBook(request: APIRequestContext, pick: number): Promise<ApiProduct> {
  const res = await request.get("/api/products/category/books");
  expect(res.ok()).toBe(true);
  const books = ((await res.json()) as ApiProduct[]).sort((a, b) => b.slug.localeCompare(a.slug));
  expect(books.length, "books in the demo shop").toBeGreaterThan(pick);
  return books[pick]!;
}

/** Places a cash-on-delivery order as this browser (its cookies) through the JSON API. */
async function placeOrder(page: Page, productId: string, quantity = 1): Promise<PlacedOrder> {
  const headers = { origin: BASE_URL };
  const added = await page.request.post("/api/cart/items", { data: { productId, quantity }, headers });
  expect(added.status(), await added.text()).toBe(201);
  const res = await page.request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `e2e-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Mary Jackson", email: uniqueEmail("orders"), phone: uniquePhone() },
      address: { line1: "3 Wind Tunnel Way", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: PlacedOrder }).data;
}

test.describe("my orders", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a guest without orders sees the empty state, a way to shop and a hint to sign in", async ({ page }) => {
    await page.goto("/my-orders");
    await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
    const empty = page.getByTestId("orders-empty");
    await expect(empty).toContainText("No orders yet");
    await expect(empty.getByRole("link", { name: "Start shopping" })).toHaveAttribute("href", "/product-category");
    await expect(empty.getByRole("link", { name: "Sign in to see your orders" })).toHaveAttribute("href", "/login?redirectTo=%2Fmy-orders");
    await waitForHydration(page);
    await expectAccessible(page);
  });

  test("newest first; a guest order's link opens it in any browser, a wrong token does not", async ({ page, browser, request }) => {
    const [a, b] = [await pickBook(request, 0), await pickBook(request, 1)];
    const older = await placeOrder(page, a._id);
    const newer = await placeOrder(page, b._id, 2);
    await page.goto("/my-orders");
    const rows = page.getByTestId("order-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(newer.order.number);
    await expect(rows.nth(0)).toContainText("2 items");
    await expect(rows.nth(1)).toContainText(older.order.number);
    await expect(rows.nth(0)).toContainText("Guest order");
    await expect(page.getByText("placed from this browser without an account")).toBeVisible();
    await expectAccessible(page);

    // The row's order page is the guest link: it works in another browser (no cookies) too.
    const href = await rows
      .nth(0)
      .getByRole("link", { name: /Order page/ })
      .getAttribute("href");
    expect(href).toContain(`order=${newer.order.id}`);
    expect(href).toContain(`token=${newer.guestToken}`);
    const stranger = await browser.newContext({ baseURL: BASE_URL });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(href!);
    await expect(strangerPage.getByTestId("order-number")).toHaveText(newer.order.number);
    await expectAccessible(strangerPage);
    // Without the token, or with another order's, the stranger gets a 404; /my-orders of that browser shows nothing.
    expect((await strangerPage.goto(`/order-confirmation?order=${newer.order.id}`))?.status()).toBe(404);
    expect((await strangerPage.goto(`/order-confirmation?order=${newer.order.id}&token=${older.guestToken}`))?.status()).toBe(404);
    await strangerPage.goto(`/my-orders?order=${newer.order.id}`);
    await expect(strangerPage.getByTestId("order-missing")).toBeVisible();
    await expect(strangerPage.getByRole("dialog")).toHaveCount(0);
    await expectAccessible(strangerPage);
    await stranger.close();
  });

  test("a guest's orders stay listed after signing in, beside the account's own", async ({ page, request }) => {
    const book = await pickBook(request, 2);
    const guest = await placeOrder(page, book._id);
    await createCustomer(page.request, newCustomer("later"));
    const mine = await placeOrder(page, book._id);
    await page.goto("/my-orders");
    const rows = page.getByTestId("order-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(mine.order.number);
    await expect(rows.nth(1)).toContainText(guest.order.number);
    await expect(rows.nth(0)).not.toContainText("Guest order");
    await expect(rows.nth(1)).toContainText("Guest order");
    await expect(page.getByRole("main").getByText("Your account")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("my orders without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("View details opens the dialog from the server, and Cancel order cancels", async ({ page, browser, request }) => {
    const book = await pickBook(request, 3);
    const placed = await placeOrder(page, book._id);
    await page.goto("/my-orders");
    await page
      .getByTestId("order-row")
      .first()
      .getByRole("link", { name: /View details/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`\\?order=${placed.order.id}$`));
    const dialog = page.getByRole("dialog", { name: `Order #${placed.order.number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("timeline-step").first()).toContainText("Pending");
    await expectAccessibleWithoutScripts(browser, page);

    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(dialog.getByTestId("order-notice")).toHaveText(`Order #${placed.order.number} cancelled`);
    await expect(dialog.getByTestId("order-status")).toHaveText("Cancelled");
    await expectAccessibleWithoutScripts(browser, page);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("order-row").first().getByTestId("order-status")).toHaveText("Cancelled");
  });
});

test.describe("my orders on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the list and the details dialog fit a phone screen", async ({ page, request }, testInfo) => {
    const book = await pickBook(request, 4);
    await placeOrder(page, book._id);
    await page.goto("/my-orders");
    await waitForHydration(page);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, "my-orders-phone");
    await page
      .getByTestId("order-row")
      .first()
      .getByRole("link", { name: /View details/ })
      .click();
    const dialog = page.getByRole("dialog", { name: /^Order #/ });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await shot(page, testInfo, "order-modal-phone", { fullPage: false });
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
