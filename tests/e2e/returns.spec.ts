import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone, waitForMail } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// A customer asks for a return from /my-orders and an operator approves it, marks the parcel
// received and refunds it from the Returns screen (the order page's pieces: ReturnActions and
// RefundDialog, through the order's returns-action route). On a phone, with axe at each step.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };

/** Moves an order as the administrator through the admin API. */
async function move(admin: APIRequestContext, id: string, data: Record<string, string>) {
  const res = await admin.post(`/api/admin/orders/${id}/transition`, { data, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** No part of the page reaches past the screen's width. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe("returns and refunds", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a customer asks to return a delivered book from My orders; an operator approves, receives and refunds it", async ({ page, browser }, testInfo) => {
    // The customer: a guest whose browser placed a cash-on-delivery order for two copies of a book.
    // Any book in stock: the checkout spec sells one out in the same shop.
    const books = ((await (await page.request.get("/api/products/category/books")).json()) as Array<{ _id: string; name: string; inStock?: boolean }>).filter(
      (b) => b.inStock !== false,
    );
    const book = books[Math.floor(Math.random() * books.length)]!;
    expect((await page.request.post("/api/cart/items", { data: { productId: book._id, quantity: 2 }, headers })).status()).toBe(201);
    const email = uniqueEmail("returns");
    const placed = await page.request.post("/api/orders", {
      headers: { ...headers, "idempotency-key": `e2e-returns-${Date.now()}` },
      data: {
        contact: { name: "Katherine Johnson", email, phone: uniquePhone() },
        address: { line1: "4 Orbit Road", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
        paymentMethod: "cod",
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { data: { order: { id: string; number: string } } }).data.order;

    // The operator ships and delivers it (cash on delivery: paid on delivery).
    const operatorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE_URL });
    const operator = await operatorContext.newPage();
    expect((await operator.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers })).status()).toBe(200);
    await move(operator.request, order.id, { status: "processing" });
    await move(operator.request, order.id, { status: "shipped", courier: "dhl", trackingNumber: "JD0146000012345" });
    await move(operator.request, order.id, { status: "delivered" });

    // The customer asks for one copy back, with a reason.
    await page.goto(`/my-orders?order=${order.id}`);
    await waitForHydration(page);
    const details = page.getByTestId("order-details");
    const returns = details.getByTestId("order-returns");
    await returns.getByText("Request a return").click();
    const quantity = returns.getByRole("spinbutton", { name: new RegExp(book.name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
    await expect(quantity).toHaveAttribute("max", "2");
    await quantity.fill("1");
    await returns.getByLabel("Why are you returning them?").fill("The cover arrived torn.");
    await expectAccessible(page);
    await shot(page, testInfo, "return-form-390", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, testInfo, "return-form-1280", { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await returns.getByRole("button", { name: "Send return request" }).click();
    await expect(details.getByTestId("order-notice")).toContainText("Return requested");
    await expect(returns.getByTestId("return-row")).toContainText("Requested");
    await expect(returns.getByTestId("return-row")).toContainText("1 ×");
    await waitForMail(email, /return requested$/);
    await expectAccessible(page);

    // The operator approves it and marks it received on the Returns screen.
    await operator.goto("/admin-dashboard/returns?status=all");
    await waitForHydration(operator);
    const row = operator.getByTestId("return-row").filter({ hasText: `#${order.number}` });
    await expect(row).toContainText("The cover arrived torn.");
    // The sidebar counts the requests waiting for an answer (this one among them).
    const badge = operator.getByTestId("badge-requestedReturns").first();
    const waiting = Number((await badge.locator('[aria-hidden="true"]').innerText()).trim());
    expect(waiting).toBeGreaterThanOrEqual(1);
    await expect(badge).toContainText(`(${waiting} requested)`);
    await expectAccessible(operator);
    await expectNoSideScroll(operator);
    await shot(operator, testInfo, "returns-list-390");
    await row.getByRole("button", { name: /^Approve/ }).click();
    await expect(row.getByTestId("return-status")).toHaveText("Approved");
    // Answered: one fewer waits.
    await operator.reload();
    if (waiting === 1) await expect(operator.getByTestId("badge-requestedReturns")).toHaveCount(0);
    else await expect(operator.getByTestId("badge-requestedReturns").first()).toContainText(`(${waiting - 1} requested)`);
    await waitForMail(email, /return approved$/);
    await row.getByRole("button", { name: /^Mark received/ }).click();
    await expect(row.getByTestId("return-status")).toHaveText("Received");
    await expect(row).toContainText("Received by admin@e2e.test");

    // …and refunds the copy: a manual refund, the order being cash on delivery.
    await row.getByTestId("refund-open").click();
    const dialog = operator.getByTestId("refund-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("manual refund");
    await dialog.getByRole("spinbutton").first().fill("1");
    await dialog.getByLabel(/^Reason/).fill("Returned: cover torn");
    const total = await dialog.getByTestId("refund-total").textContent();
    expect(total).not.toBe("$0.00");
    await expectAccessible(operator);
    await shot(operator, testInfo, "refund-dialog-390", { fullPage: false });
    await operator.setViewportSize({ width: 1280, height: 900 });
    await shot(operator, testInfo, "refund-dialog-1280", { fullPage: false });
    await dialog.getByRole("button", { name: `Refund ${total}` }).click();
    await expect(dialog).toBeHidden();
    await expect(operator.getByText(/^Refunded \$\d[\d,]*\.\d\d \(manual refund recorded\)$/)).toBeVisible();
    const mail = await waitForMail(email, /refund$/);
    expect(mail.text).toContain(`We have refunded ${total}`);
    await operatorContext.close();

    // The customer's order says so.
    await page.reload();
    await expect(details.getByTestId("order-payment-status")).toHaveText(
      `Partly refunded · ${total} of ${await details.getByTestId("totals-total").textContent()}`,
    );
  });
});
