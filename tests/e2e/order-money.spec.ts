import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// A discounted product in the cart: on every screen the printed line totals add up to the printed
// subtotal, and subtotal + shipping to the printed total; the discount is said, never subtracted
// again. Then a partly refunded order: money amounts everywhere and the refund on the invoice.

test.describe.configure({ timeout: 120_000 });

const headers = { origin: BASE_URL };

interface ListedProduct {
  _id: string;
  slug: string;
  name: string;
  discount: number;
  inStock?: boolean;
}
interface ProductDetail {
  stock: number;
  variants: Array<{ id: string; color: string | null; size: string | null; stock: number }>;
  listedVariantId?: string | null;
}

/** "$1,234.50" → 123450 cents; "Free" → 0. */
function cents(text: string | null): number {
  const t = (text ?? "").trim();
  if (/^free$/i.test(t)) return 0;
  const match = t.replace(/,/g, "").match(/\d+(?:\.\d\d)?/);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(match[0]) * 100);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const amountsOf = async (cells: Locator) => (await cells.allTextContents()).map(cents);

/** A discounted product in stock (its listed variant, when it has variants), put twice in this page's cart. */
async function addDiscountedProduct(page: Page, request: APIRequestContext): Promise<ListedProduct> {
  const listed = ((await (await request.get("/api/products/category?limit=100")).json()) as ListedProduct[]).filter(
    (p) => p.discount > 0 && p.inStock !== false,
  );
  expect(listed.length, "discounted products in the demo shop").toBeGreaterThan(0);
  for (const p of listed) {
    const res = await request.get(`/api/products/${p.slug}`);
    const body = (await res.json()) as { data?: ProductDetail } & Partial<ProductDetail>;
    const detail = (body.data ?? body) as ProductDetail;
    const variant = detail.variants.find((v) => v.id === detail.listedVariantId) ?? detail.variants.find((v) => v.stock >= 2);
    if (detail.variants.length ? !variant || variant.stock < 2 : detail.stock < 2) continue;
    const add = await page.request.post("/api/cart/items", {
      data: { productId: p._id, quantity: 2, color: variant?.color ?? undefined, size: variant?.size ?? undefined },
      headers,
    });
    if (add.status() === 201) return p;
  }
  throw new Error("no discounted product could be put in the cart");
}

/** The printed lines add up to the printed subtotal, and subtotal + shipping to the printed total. */
async function expectSumsAddUp(scope: Locator, ids: { line: string; subtotal: string; shipping: string; total: string }) {
  const lines = await amountsOf(scope.getByTestId(ids.line));
  expect(lines.length).toBeGreaterThan(0);
  const subtotal = cents(await scope.getByTestId(ids.subtotal).textContent());
  const shipping = cents(await scope.getByTestId(ids.shipping).textContent());
  const total = cents(await scope.getByTestId(ids.total).textContent());
  expect(sum(lines), "the lines add up to the subtotal").toBe(subtotal);
  expect(subtotal + shipping, "subtotal + shipping is the total").toBe(total);
  return { subtotal, shipping, total };
}

async function shots(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, testInfo, `${name}-1280`);
  await page.setViewportSize(size);
}

test.describe("money on every screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a discounted cart adds up as printed on the cart, panel, checkout, confirmation and invoice; a partial refund shows in money", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const product = await addDiscountedProduct(page, request);

    // The cart page: each line at its discounted price, the list price struck through.
    await page.goto("/shopping-cart");
    await waitForHydration(page);
    const main = page.getByRole("main");
    await expect(main.getByTestId("cart-line").filter({ hasText: product.name }).getByTestId("original-price")).toBeVisible();
    const cart = await expectSumsAddUp(main, { line: "line-total", subtotal: "cart-subtotal", shipping: "cart-shipping", total: "cart-total" });
    await expect(main.getByTestId("cart-savings")).toContainText(/You save \$\d/);
    await expect(main.getByText("Discount", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await shots(page, testInfo, "cart");

    // The slide-out panel.
    await page.getByRole("link", { name: /^Shopping cart, / }).click();
    const panel = page.getByRole("dialog", { name: "Shopping cart" });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("cart-savings")).toBeVisible();
    expect(await expectSumsAddUp(panel, { line: "line-total", subtotal: "cart-subtotal", shipping: "cart-shipping", total: "cart-total" })).toEqual(cart);
    await expectAccessible(page);
    await shot(page, testInfo, "panel-1280", { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "panel-390", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole("button", { name: "Checkout" }).click();

    // The checkout's summary, for a delivery address.
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Checkout" });
    const email = uniqueEmail("money");
    await form.getByRole("textbox", { name: "Full name" }).fill("Katherine Johnson");
    await form.getByRole("textbox", { name: "E-mail" }).fill(email);
    await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
    await form.getByRole("textbox", { name: "Address", exact: true }).fill("4 Orbit Road");
    await form.getByRole("textbox", { name: "City" }).fill("Hampton");
    await form.getByRole("combobox", { name: "State" }).selectOption({ label: "Virginia" });
    const summary = page.getByTestId("checkout-summary");
    await expect(summary.getByTestId("totals-savings")).toBeVisible();
    await expect(summary.getByTestId("order-totals")).not.toContainText("Discount");
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const quoted = await expectSumsAddUp(summary, { line: "line-total", subtotal: "totals-subtotal", shipping: "totals-shipping", total: "totals-total" });
    expect(quoted.subtotal).toBe(cart.subtotal);
    await expectAccessible(page);
    await shots(page, testInfo, "checkout");
    await page.getByRole("button", { name: "Place order" }).click();

    // The confirmation.
    await expect(page).toHaveURL(/\/order-confirmation\?order=[^&]+&token=/);
    await waitForHydration(page);
    const confirmationUrl = page.url();
    const orderId = new URL(confirmationUrl).searchParams.get("order")!;
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    const placed = await expectSumsAddUp(main, { line: "line-total", subtotal: "totals-subtotal", shipping: "totals-shipping", total: "totals-total" });
    expect(placed).toEqual(quoted);
    await expect(main.getByTestId("totals-savings")).toBeVisible();
    await expectAccessible(page);
    await shots(page, testInfo, "confirmation");

    // The invoice, as the shop prints it.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: BASE_URL });
    const admin = await adminContext.newPage();
    expect((await admin.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers })).status()).toBe(200);
    const invoiceUrl = `/admin-dashboard/orders/print?ids=${orderId}&doc=invoice&noprint=1`;
    await admin.goto(invoiceUrl);
    const invoice = admin.getByTestId("print-page");
    const invoiceLines = await amountsOf(invoice.locator("tbody tr td:last-child"));
    const invoiceSums = {
      subtotal: cents(await invoice.getByTestId("print-subtotal").textContent()),
      shipping: cents(await invoice.getByTestId("print-shipping").textContent()),
      total: cents(await invoice.getByTestId("print-total").textContent()),
    };
    expect(sum(invoiceLines)).toBe(invoiceSums.subtotal);
    expect(invoiceSums).toEqual(placed);
    await expect(invoice.getByTestId("print-totals")).not.toContainText("Discount");
    await expect(invoice.getByTestId("print-savings")).toContainText(/discounts of \$\d/);

    // Delivered and paid (cash on delivery), then partly refunded by hand.
    for (const status of ["processing", "shipped", "delivered"]) {
      const moved = await admin.request.post(`/api/admin/orders/${orderId}/transition`, {
        data: status === "shipped" ? { status, courier: "dhl", trackingNumber: "JD0146000099999" } : { status },
        headers,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const refund = await admin.request.post(`/api/admin/orders/${orderId}/refunds`, {
      data: { amount: 5, reason: "Box arrived dented" },
      headers: { ...headers, "idempotency-key": `e2e-money-${Date.now()}` },
    });
    expect(refund.status(), await refund.text()).toBe(201);
    const total = `$${(placed.total / 100).toFixed(2)}`;
    const net = `$${((placed.total - 500) / 100).toFixed(2)}`;

    await admin.goto(invoiceUrl);
    await expect(invoice).toContainText(`Partly refunded · $5.00 of ${total}`);
    await expect(invoice.getByTestId("print-refund")).toHaveCount(1);
    await expect(invoice.getByTestId("print-refund")).toContainText("Box arrived dented");
    await expect(invoice.getByTestId("print-refund")).toContainText("−$5.00");
    await expect(invoice.getByTestId("print-net")).toHaveText(net);
    await expectAccessible(admin);
    await shots(admin, testInfo, "invoice-refunded");

    // The order desk: the payment status and the timeline speak money.
    await admin.goto(`/admin-dashboard/orders/${orderId}`);
    await waitForHydration(admin);
    await expect(admin.getByTestId("admin-order-payment-status")).toHaveText(`Partly refunded · $5.00 of ${total}`);
    await expect(admin.getByTestId("admin-order")).toContainText("Refund of $5.00 made manually: Box arrived dented");
    await expect(admin.getByTestId("admin-order").getByTestId("totals-net")).toHaveText(net);
    await expectAccessible(admin);
    await shots(admin, testInfo, "admin-order-refunded");
    await admin.goto("/admin-dashboard/orders");
    await expect(admin.getByRole("row").filter({ hasText: orderNumber })).toContainText(`Partly refunded · $5.00 of ${total}`);
    await shots(admin, testInfo, "admin-orders-refunded");
    await adminContext.close();

    // The customer's own order says it too.
    await page.goto(confirmationUrl);
    await expect(main.getByTestId("order-payment-status")).toHaveText(`Partly refunded · $5.00 of ${total}`);
    await expect(main.getByTestId("totals-refunded")).toHaveText("−$5.00");
    await expect(main.getByTestId("totals-net")).toHaveText(net);
    await expectAccessible(page);
    await shots(page, testInfo, "confirmation-refunded");

    // …and so do its details under My orders.
    await page.goto(`/my-orders?order=${orderId}`);
    const details = page.getByTestId("order-details");
    await expect(details.getByTestId("order-payment-status")).toHaveText(`Partly refunded · $5.00 of ${total}`);
    await expect(details.getByTestId("totals-subtotal")).toHaveText(`$${(placed.subtotal / 100).toFixed(2)}`);
    await expect(details.getByTestId("totals-net")).toHaveText(net);
    await expectAccessible(page);
    await details.getByTestId("totals-net").scrollIntoViewIfNeeded();
    await shot(page, testInfo, "my-orders-refunded-1280", { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await details.getByTestId("totals-net").scrollIntoViewIfNeeded();
    await shot(page, testInfo, "my-orders-refunded-390", { fullPage: false });
  });
});
