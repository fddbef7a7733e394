import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration, expectAccessibleWithoutScripts, shot } from "./fixtures";
import { createCustomer, newCustomer, uniqueEmail, uniquePhone, waitForMail } from "./support/accounts";
import { BASE_URL } from "./support/ports";

interface ApiProduct {
  _id: string;
  name: string;
  slug: string;
  /** From the product's own answer (listings say only inStock). */
  stock: number;
}

/**
 * A book (books have no colour or size), by its place in the list sorted by address. Each test that
 * counts stock or sells a book out takes its own (0: the journey, 1: sold out); the others share.
 */
async function pickBook(request: APIRequestContext, pick: number): Promise<ApiProduct> {
  const res = await request.get("/api/products/category/books");
  expect(res.ok()).toBe(true);
  const books = ((await res.json()) as ApiProduct[]).sort((a, b) => a.slug.localeCompare(b.slug));
  expect(books.length, "books in the demo shop").toBeGreaterThan(pick);
  const book = books[pick]!;
  return { ...book, stock: await stockOf(request, book.slug) };
}

async function stockOf(request: APIRequestContext, slug: string): Promise<number> {
  const res = await request.get(`/api/products/${slug}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data?: ApiProduct } & Partial<ApiProduct>;
  return (body.data ?? (body as ApiProduct)).stock;
}

/** Puts a product in this browser's cart through the JSON API (sharing the page's cookies). */
async function addToCartByApi(page: Page, productId: string, quantity = 1) {
  const res = await page.request.post("/api/cart/items", { data: { productId, quantity }, headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(201);
}

function amount(text: string | null): number {
  const match = (text ?? "").replace(/,/g, "").match(/\d+(?:\.\d+)?/);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0]);
}

const GUEST = { name: "Grace Hopper", line1: "12 Compiler Lane", city: "Arlington", region: "Virginia", postalCode: "22201" };
/** A delivery address for orders placed through the JSON API (the demo shop ships anywhere in the US). */
const API_ADDRESS = { line1: "1 Other St", city: "Elsewhere", region: "VA", country: "US" };

/** Types a delivery address (the country stays the shop's own, preselected). */
async function fillAddress(page: Page, address: { line1: string; city: string; region: string; postalCode?: string }) {
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByRole("textbox", { name: "Address", exact: true }).fill(address.line1);
  await form.getByRole("textbox", { name: "City" }).fill(address.city);
  await form.getByRole("combobox", { name: "State" }).selectOption({ label: address.region });
  if (address.postalCode) await form.getByRole("textbox", { name: "Postal code (optional)" }).fill(address.postalCode);
}

async function fillGuestForm(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Checkout" });
  await form.getByRole("textbox", { name: "Full name" }).fill(GUEST.name);
  await form.getByRole("textbox", { name: "E-mail" }).fill(email);
  await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
  await fillAddress(page, GUEST);
}

test.describe("checkout on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("anonymous: product → Add to cart → panel → Checkout → cash on delivery → confirmation → my orders → details → cancel, and the stock comes back", async ({
    page,
    request,
  }, testInfo) => {
    test.slow(); // one long journey across six pages, each checked with axe
    const book = await pickBook(request, 0);
    const stockBefore = await stockOf(request, book.slug);
    const email = uniqueEmail("guest");

    await page.goto(`/products/${book.slug}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: book.name })).toBeVisible();
    await page.getByRole("button", { name: "Add to cart" }).click();
    const panel = page.getByRole("dialog", { name: "Shopping cart" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(book.name);
    await panel.getByRole("button", { name: "Checkout" }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await waitForHydration(page);
    const summary = page.getByTestId("checkout-summary");
    await expect(summary).toContainText(book.name);
    // Cash on delivery is the default; the totals come from the server.
    await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
    await expectAccessible(page);

    // A Portland address is offered the city courier and standard shipping; changing the method
    // re-quotes the summary (with JavaScript, without a reload).
    await fillGuestForm(page, email);
    await fillAddress(page, { line1: "9 Harbor Street", city: "Portland", region: "Oregon" });
    const options = page.getByRole("group", { name: "Shipping method" }).getByRole("radio");
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toHaveAccessibleName(/^Inside the city/);
    await expect(options.nth(0)).toBeChecked();
    await expect(options.nth(1)).toHaveAccessibleName(/^Standard shipping/);
    // The summary is re-quoted for the address first (it is busy meanwhile): read its total once that is in.
    await expect(summary).not.toHaveAttribute("aria-busy", "true");
    const totalBefore = amount(await summary.getByTestId("totals-total").textContent());
    await options.nth(1).check();
    await expect.poll(async () => amount(await summary.getByTestId("totals-total").textContent())).not.toBe(totalBefore);
    await options.nth(0).check();
    await expect.poll(async () => amount(await summary.getByTestId("totals-total").textContent())).toBe(totalBefore);

    await page.getByRole("textbox", { name: /Notes/ }).fill("Please ring twice.");
    await shot(page, testInfo, "checkout-desktop");
    const total = (await summary.getByTestId("totals-total").textContent())!;
    await page.getByRole("button", { name: "Place order" }).click();

    // Confirmation: number, lines, total, address, payment, the e-mail.
    await expect(page).toHaveURL(/\/order-confirmation\?order=[^&]+&token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const number = (await page.getByTestId("order-number").textContent())!.trim();
    expect(number).toMatch(/\S{4,}/);
    await expect(page.getByTestId("order-lines")).toContainText(book.name);
    await expect(page.getByTestId("totals-total")).toHaveText(total);
    await expect(page.getByTestId("order-address")).toContainText("9 Harbor Street");
    await expect(page.getByTestId("order-address")).toContainText("United States");
    await expect(page.getByTestId("order-payment")).toContainText("Cash on delivery");
    await expect(page.getByTestId("order-email")).toHaveText(email);
    await expect(page.getByTestId("guest-link-note")).toContainText("e-mailed");
    await expect(page.getByTestId("order-link")).toHaveValue(page.url());
    await waitForHydration(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expectAccessible(page);
    await shot(page, testInfo, "confirmation-desktop");
    await expect.poll(() => stockOf(request, book.slug), { timeout: 10_000 }).toBe(stockBefore - 1);

    // The confirmation mail carries the same link.
    const mail = await waitForMail(email, new RegExp(number));
    expect(mail.text).toContain(new URL(page.url()).searchParams.get("token")!);

    // My orders lists it; the details dialog shows the timeline.
    await page.getByRole("link", { name: "View my orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
    const rows = page.getByTestId("order-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(number);
    await expect(rows.first().getByTestId("order-status")).toHaveText("Pending");
    await expect(rows.first().getByTestId("order-row-total")).toHaveText(total);
    await waitForHydration(page);
    await expectAccessible(page);
    await shot(page, testInfo, "my-orders-desktop");

    const opener = rows.first().getByRole("link", { name: /View details/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: `Order #${number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel order" })).toBeVisible();
    const steps = dialog.getByTestId("timeline-step");
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toHaveAttribute("aria-current", "step");
    await expect(steps.nth(0)).toContainText("Pending");
    await expect(steps.nth(2)).toHaveAttribute("data-reached", "false");
    await expect(dialog.getByTestId("order-lines")).toContainText(book.name);
    await expect(dialog.getByTestId("order-address")).toContainText("Portland");
    await expectAccessible(page);
    await shot(page, testInfo, "order-modal-desktop", { fullPage: false });

    // Keyboard: focus stays inside, Escape closes and focus returns to the opener.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Cancel (with its confirm step): the order shows Cancelled, with the notice.
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await expect(dialog.getByTestId("order-status")).toHaveText("Pending");
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(dialog.getByTestId("order-notice")).toHaveText(`Order #${number} cancelled`);
    await expect(dialog.getByTestId("order-status")).toHaveText("Cancelled");
    await expect(dialog.getByTestId("timeline-step").last()).toContainText("Cancelled");
    await expect(dialog.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await expect(page.getByText(`Order #${number} cancelled`).first()).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(rows.first().getByTestId("order-status")).toHaveText("Cancelled");

    // The unit is on sale again.
    await expect.poll(() => stockOf(request, book.slug), { timeout: 10_000 }).toBe(stockBefore);
  });

  test("a signed-in customer saves the address at checkout and the next checkout offers it", async ({ page, request }) => {
    test.slow();
    const customer = await createCustomer(page.request, newCustomer("saver", "Katherine Johnson"));
    const [first, second] = [await pickBook(request, 2), await pickBook(request, 3)];

    await addToCartByApi(page, first._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Checkout" });
    // Prefilled from the account; no saved address yet, so the address fields are there.
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue(customer.name);
    await expect(form.getByRole("textbox", { name: "E-mail" })).toHaveValue(customer.email);
    await expect(page.getByText("Checking out as a guest")).toHaveCount(0);
    await form.getByRole("textbox", { name: "Phone" }).fill("+1 555 010 0123");
    await form.getByRole("textbox", { name: "Address", exact: true }).fill("7 Orbit Road");
    await form.getByRole("textbox", { name: "Apartment/suite (optional)" }).fill("Suite 3");
    await form.getByRole("textbox", { name: "City" }).fill("Hampton");
    await form.getByRole("combobox", { name: "State" }).selectOption("VA");
    const save = form.getByRole("checkbox", { name: "Save this address" });
    await save.check();
    await expectAccessible(page);
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    // A signed-in customer's order needs no "keep this link" note.
    await expect(page.getByTestId("guest-link-note")).toHaveCount(0);

    // The next checkout offers the saved address, chosen, with the phone prefilled.
    await addToCartByApi(page, second._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    const addresses = form.getByRole("group", { name: "Choose a delivery address" });
    const saved = addresses.getByRole("radio", { name: /7 Orbit Road/ });
    await expect(saved).toBeChecked();
    await expect(form.getByTestId("new-address-fields")).toBeHidden();
    await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("+1 555 010 0123");
    await expectAccessible(page);
    // Choosing "A new address" shows the fields; back to the saved one and place the order with it.
    await addresses.getByRole("radio", { name: "A new address" }).check();
    await expect(form.getByRole("textbox", { name: "City" })).toBeVisible();
    await saved.check();
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    await expect(page.getByTestId("order-address")).toContainText("7 Orbit Road");
    await expect(page.getByTestId("order-address")).toContainText("Suite 3");

    // Both orders are the account's: my orders lists them, the profile counts them.
    await page.goto("/my-orders");
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    await expect(page.getByText("Guest order")).toHaveCount(0);
    await expectAccessible(page);
    await page.goto("/my-profile");
    await expect(page.getByTestId("orders-count")).toHaveText("2 orders");
    await expect(page.getByTestId("my-orders-link")).toHaveAttribute("href", "/my-orders");
    await expectAccessible(page);
  });

  test("a double click, or the same form posted twice, places one order", async ({ page, request }) => {
    const book = await pickBook(request, 4);
    await addToCartByApi(page, book._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    await fillGuestForm(page, uniqueEmail("double"));

    // The same rendered form posted twice at once (a resubmission): both answers lead to one order.
    const landed = await page.evaluate(async () => {
      const form = document.querySelector<HTMLFormElement>('form[aria-label="Checkout"]')!;
      const body = () => {
        const data = new FormData(form);
        data.set("intent", "place");
        return new URLSearchParams(data as unknown as Record<string, string>);
      };
      const answers = await Promise.all([fetch("/checkout", { method: "POST", body: body() }), fetch("/checkout", { method: "POST", body: body() })]);
      return answers.map((a) => a.url);
    });
    expect(landed[0]).toMatch(/\/order-confirmation\?order=/);
    expect(landed[1]).toBe(landed[0]);

    // A double click on Place order (the button is disabled while the first is on its way).
    await addToCartByApi(page, book._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    await fillGuestForm(page, uniqueEmail("double"));
    await page.getByRole("button", { name: "Place order" }).dblclick();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();

    await page.goto("/my-orders");
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    await expectAccessible(page);
  });

  test("field errors sit beside their fields and nothing typed is lost; sold-out lines are named with a way back to the cart", async ({
    page,
    browser,
    request,
  }) => {
    const book = await pickBook(request, 1);
    await addToCartByApi(page, book._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Checkout" });

    await form.getByRole("textbox", { name: "Full name" }).fill("Ada Lovelace");
    await form.getByRole("textbox", { name: "E-mail" }).fill("ada@");
    await form.getByRole("textbox", { name: /Notes/ }).fill("Leave it with the neighbour.");
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText("Please correct the highlighted fields.");
    await expect(page.getByTestId("email-error")).toHaveText("Please enter a valid e-mail address");
    await expect(page.getByTestId("phone-error")).toHaveText("Please enter your phone number");
    await expect(page.getByTestId("line1-error")).toHaveText("Please enter your street address");
    await expect(page.getByTestId("city-error")).toHaveText("Please enter your city");
    await expect(page.getByTestId("region-error")).toHaveText("Please choose your state");
    const emailBox = form.getByRole("textbox", { name: "E-mail" });
    await expect(emailBox).toBeFocused();
    await expect(emailBox).toHaveAttribute("aria-invalid", "true");
    await expect(emailBox).toHaveAccessibleDescription(/Please enter a valid e-mail address/);
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue("Ada Lovelace");
    await expect(form.getByRole("textbox", { name: /Notes/ })).toHaveValue("Leave it with the neighbour.");
    await expectAccessible(page);

    // Meanwhile other shoppers buy every unit left (each at most the shop's per-order quantity):
    // this cart's line can no longer be served.
    const { maxQuantityPerOrder } = (await (await request.get("/api/settings")).json()) as { maxQuantityPerOrder: number };
    for (let left = book.stock; left > 0; left -= maxQuantityPerOrder) {
      const other = await browser.newContext({ baseURL: BASE_URL });
      const otherRes = await other.request.post("/api/cart/items", {
        data: { productId: book._id, quantity: Math.min(left, maxQuantityPerOrder) },
        headers: { origin: BASE_URL },
      });
      expect(otherRes.status(), await otherRes.text()).toBe(201);
      const placed = await other.request.post("/api/orders", {
        headers: { origin: BASE_URL, "idempotency-key": `sold-out-${Date.now()}-${left}` },
        data: { contact: { name: "Other", email: uniqueEmail("other"), phone: uniquePhone() }, address: API_ADDRESS, paymentMethod: "cod" },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await other.close();
    }

    await fillGuestForm(page, "ada@example.com");
    await form.getByRole("button", { name: "Place order" }).click();
    const problems = page.getByTestId("checkout-problems");
    await expect(problems).toContainText(book.name);
    await expect(problems.getByRole("link", { name: "Review your cart" })).toHaveAttribute("href", "/shopping-cart");
    await expect(form.getByRole("textbox", { name: "City" })).toHaveValue(GUEST.city);
    await expect(form.getByRole("textbox", { name: /Notes/ })).toHaveValue("Leave it with the neighbour.");
    await expectAccessible(page);
  });

  test("an empty cart goes back to the cart page; an unknown order or a wrong token is a 404", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/shopping-cart$/);
    const res = await page.goto("/order-confirmation?order=nope&token=nope");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("add to cart, cart page, checkout (an Update for the address's shipping methods, a field error, a method that does not deliver there), confirmation: all plain forms", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const book = await pickBook(request, 5);
    await page.goto(`/products/${book.slug}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/shopping-cart/);
    await expect(page.getByRole("main")).toContainText(book.name);
    await page.getByRole("main").getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expectAccessibleWithoutScripts(browser, page);

    const form = page.getByRole("form", { name: "Checkout" });
    const summary = page.getByTestId("checkout-summary");
    const total = async () => amount(await summary.getByTestId("totals-total").textContent());
    const methods = form.getByRole("group", { name: "Shipping method" }).getByRole("radio");
    await expect(form.getByRole("combobox", { name: "Country" })).toHaveValue("US");
    await expect(methods).toHaveCount(1);

    // Without JavaScript, "Update" offers the methods of the address typed, re-quotes the chosen
    // one and keeps what was typed.
    await form.getByRole("textbox", { name: "Full name" }).fill(GUEST.name);
    await fillAddress(page, { line1: "9 Harbor Street", city: "Portland", region: "Oregon" });
    await form.getByRole("button", { name: /Update/ }).click();
    await expect(methods).toHaveCount(2);
    await expect(methods.nth(0)).toHaveAccessibleName(/^Inside the city/);
    // The method the form sent (the only one offered before) stays chosen.
    await expect(methods.nth(1)).toHaveAccessibleName(/^Standard shipping/);
    await expect(methods.nth(1)).toBeChecked();
    const before = await total();
    await methods.nth(0).check();
    await form.getByRole("button", { name: /Update/ }).click();
    expect(await total()).not.toBe(before);
    await expect(methods.nth(0)).toBeChecked();
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue(GUEST.name);
    await expect(form.getByRole("textbox", { name: "City" })).toHaveValue("Portland");

    // A missing field comes back beside the field, with the rest kept.
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByTestId("email-error")).toHaveText("Please enter your e-mail address");
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue(GUEST.name);
    await expect(form.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("aria-invalid", "true");

    // The courier's zone with an address outside Portland is refused beside the field, and the
    // page comes back with the methods of the new address.
    const email = uniqueEmail("nojs");
    await fillGuestForm(page, email);
    await methods.nth(0).check();
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByTestId("shippingMethod-error")).toHaveText(
      "Inside the city (1–2 days) does not deliver to this address. Please choose one of the shipping methods offered.",
    );
    await expect(methods).toHaveCount(1);
    await expect(methods.nth(0)).toHaveAccessibleName(/^Standard shipping/);
    await expect(methods.nth(0)).toBeChecked();
    await expectAccessibleWithoutScripts(browser, page);
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?order=/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    await expect(page.getByTestId("order-lines")).toContainText(book.name);
    await expect(page.getByTestId("order-shipping-method")).toHaveText(/./);
    await expect(page.getByTestId("order-email")).toHaveText(email);
    await expectAccessibleWithoutScripts(browser, page);
  });
});

test.describe("checkout on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("checkout and confirmation fit a phone screen", async ({ page, request }, testInfo) => {
    const book = await pickBook(request, 6);
    await addToCartByApi(page, book._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, "checkout-phone");
    await fillGuestForm(page, uniqueEmail("phone"));
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The order link is readable on a phone: a full-height field with the button below it.
    const link = (await page.getByTestId("order-link").boundingBox())!;
    expect(link.height).toBeGreaterThanOrEqual(40);
    expect(link.width).toBeGreaterThan(250);
    await shot(page, testInfo, "confirmation-phone");
  });

  test("a refusal with no field to point at (too many waiting orders) is brought into view after Place order", async ({ page, request, browser }, testInfo) => {
    const book = await pickBook(request, 6);
    const email = uniqueEmail("waiting");
    const { maxOpenOrdersPerContact } = (await (await request.get("/api/settings")).json()) as { maxOpenOrdersPerContact: number };
    for (let i = 0; i < maxOpenOrdersPerContact; i++) {
      const other = await browser.newContext({ baseURL: BASE_URL });
      expect((await other.request.post("/api/cart/items", { data: { productId: book._id }, headers: { origin: BASE_URL } })).status()).toBe(201);
      const placed = await other.request.post("/api/orders", {
        headers: { origin: BASE_URL, "idempotency-key": `waiting-${Date.now()}-${i}` },
        data: { contact: { name: "Waiting", email, phone: uniquePhone() }, address: API_ADDRESS, paymentMethod: "cod" },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await other.close();
    }

    await addToCartByApi(page, book._id);
    await page.goto("/checkout");
    await waitForHydration(page);
    await fillGuestForm(page, email);
    await page.getByRole("button", { name: "Place order" }).click();
    const alert = page.getByTestId("checkout-error");
    await expect(alert).toContainText(`You already have ${maxOpenOrdersPerContact} orders waiting`);
    await expect(alert).toBeInViewport();
    await expectAccessible(page);
    await shot(page, testInfo, "checkout-refused-phone");
  });
});

test.describe("shipping follows the delivery address", () => {
  /** A book with no shipping cost of its own (the checkout charges the zone's rate alone), the last such by address, which no stock-counting test takes. */
  async function pickBookAtZoneRate(request: APIRequestContext): Promise<ApiProduct & { finalPrice: number }> {
    const res = await request.get("/api/products/category/books");
    expect(res.ok()).toBe(true);
    const books = ((await res.json()) as Array<ApiProduct & { shippingCost: number; finalPrice: number }>).filter((b) => b.shippingCost === 0);
    expect(books.length, "demo books without a shipping cost of their own").toBeGreaterThan(0);
    return books.sort((a, b) => a.slug.localeCompare(b.slug)).at(-1)!;
  }

  for (const viewport of [
    { width: 1280, height: 900, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    test(`country and state are selects, and only the zones that deliver to the address are offered (${viewport.name})`, async ({
      page,
      request,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      const book = await pickBookAtZoneRate(request);
      await addToCartByApi(page, book._id);
      await page.goto("/checkout");
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Checkout" });
      const methods = form.getByRole("group", { name: "Shipping method" }).getByRole("radio");

      // The shop's country comes first and is chosen; the US has a list of states.
      const country = form.getByRole("combobox", { name: "Country" });
      await expect(country).toHaveValue("US");
      await expect(country.locator("option").first()).toHaveText("United States");
      expect(await country.locator("option").count()).toBe(249);
      const state = form.getByRole("combobox", { name: "State" });
      await expect(state.locator("option", { hasText: "Oregon" })).toHaveAttribute("value", "OR");
      await expect(methods).toHaveCount(1);
      await expect(methods.nth(0)).toHaveAccessibleName(/^Standard shipping/);

      // Portland, Oregon: the city courier too, first and chosen, and the summary follows it.
      await form.getByRole("textbox", { name: "City" }).fill("Portland");
      await expect(methods).toHaveCount(1);
      await state.selectOption("OR");
      await expect(methods).toHaveCount(2);
      await expect(methods.nth(0)).toHaveAccessibleName(/^Inside the city \(1–2 days\)/);
      await expect(methods.nth(0)).toBeChecked();
      await expect(page.getByTestId("checkout-summary").getByTestId("totals-shipping")).toHaveText("$4.99");
      await expectAccessible(page);
      await shot(page, testInfo, `checkout-zones-${viewport.name}`);

      // Another city in Oregon: standard shipping only.
      await form.getByRole("textbox", { name: "City" }).fill("Salem");
      await expect(methods).toHaveCount(1);
      await expect(methods.nth(0)).toBeChecked();
      await expect(page.getByTestId("checkout-summary").getByTestId("totals-shipping")).toHaveText("$9.99");

      // Canada has provinces; Germany a free-text region, and the shop does not ship there.
      await country.selectOption("CA");
      await expect(form.getByRole("combobox", { name: "Province or territory" })).toBeVisible();
      await expect(page.getByTestId("shipping-unavailable")).toContainText("We don't ship to Canada yet.");
      await country.selectOption("DE");
      await expect(form.getByRole("textbox", { name: "Region (optional)" })).toBeVisible();
      await expect(page.getByTestId("shipping-unavailable")).toContainText("We don't ship to Germany yet.");
      await expect(methods).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);

      // The server says the same beside the country when the order is placed anyway.
      await form.getByRole("textbox", { name: "Full name" }).fill("Emmy Noether");
      await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("abroad"));
      await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
      await form.getByRole("textbox", { name: "Address", exact: true }).fill("Bunsenstraße 3");
      await form.getByRole("textbox", { name: "City" }).fill("Göttingen");
      await form.getByRole("button", { name: "Place order" }).click();
      await expect(page.getByTestId("country-error")).toHaveText("We don't ship to Germany yet.");
      await expect(country).toHaveValue("DE");
      await expectAccessible(page);
    });
  }

  test("the product page, the cart and the checkout say the same about shipping for a product without its own shipping cost", async ({ page, request }) => {
    const book = await pickBookAtZoneRate(request);
    expect(book.finalPrice, "under the free-shipping threshold").toBeLessThan(75);

    await page.goto(`/products/${book.slug}`);
    const note = page.getByTestId("shipping-note");
    await expect(note).toHaveText("Shipping from $4.99, free on orders of $75.00 or more");
    await expect(page.getByRole("main")).not.toContainText("Free shipping");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("dialog", { name: "Shopping cart" }).getByTestId("cart-shipping")).toHaveText("from $4.99");
    await page.goto("/shopping-cart");
    const main = page.getByRole("main");
    await expect(main.getByTestId("cart-shipping")).toHaveText("from $4.99");
    await expect(main.getByTestId("cart-total")).toHaveText(`from $${(book.finalPrice + 4.99).toFixed(2)}`);

    await page.goto("/checkout");
    await waitForHydration(page);
    const shipping = page.getByTestId("checkout-summary").getByTestId("totals-shipping");
    await expect(shipping).toHaveText("$9.99");
    await fillAddress(page, { line1: "9 Harbor Street", city: "Portland", region: "Oregon" });
    await expect(shipping).toHaveText("$4.99");
  });
});
