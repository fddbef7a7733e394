import { expect, expectAccessible, shot, test } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { adminApi, headers } from "./support/admin-api";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// A refund's credit note: a New York order (8.875 % sales tax added) delivered and partly
// refunded; its credit note names the refund and the order, lists the refunded units and gives
// the tax returned at the order's rate. The order's page links to it.

test.describe.configure({ timeout: 90_000 });

test("a refund's credit note gives the refunded units and the tax returned, and the order links to it", async ({ page, playwright }, testInfo) => {
  const guest = await playwright.request.newContext({ baseURL: BASE_URL });
  const books = (await (await guest.get("/api/products/category/books")).json()) as Array<{ _id: string; name: string }>;
  const book = books[3]!;
  expect((await guest.post("/api/cart/items", { data: { productId: book._id, quantity: 2 }, headers })).status()).toBe(201);
  const placed = await guest.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `credit-note-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Credit Buyer", email: uniqueEmail("credit-note"), phone: uniquePhone() },
      address: { line1: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { data: { order: { id: string; number: string; lines: Array<{ id: string }> } } }).data.order;
  await guest.dispose();

  const admin = await adminApi();
  for (const data of [{ status: "processing" }, { status: "shipped", courier: "dhl", trackingNumber: "JD0146000099999" }, { status: "delivered" }]) {
    const res = await admin.post(`/api/admin/orders/${order.id}/transition`, { data, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  const refunded = await admin.post(`/api/admin/orders/${order.id}/refunds`, {
    data: { lines: [{ lineId: order.lines[0]!.id, quantity: 1 }], reason: "Torn cover" },
    headers,
  });
  expect(refunded.status(), await refunded.text()).toBe(201);
  const refund = ((await refunded.json()) as { data: { id: string; amount: number; taxLines: Array<{ label: string; amount: number }> } }).data;
  expect(refund.taxLines).toEqual([expect.objectContaining({ label: "Sales tax 8.875%" })]);
  await admin.dispose();

  expect((await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers })).status()).toBe(200);

  await page.goto(`/admin-dashboard/orders/${order.id}`);
  const link = page.getByTestId("credit-note-link");
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href"))!;

  await page.goto(`${href}?noprint=1`);
  await expect(page.getByRole("heading", { level: 1, name: "Credit note" })).toBeVisible();
  await expect(page.getByTestId("credit-note-number")).toHaveText(`CN-${order.number}-1`);
  await expect(page.getByTestId("credit-note")).toContainText(`For the invoice of order ${order.number}`);
  await expect(page.getByTestId("credit-note")).toContainText(book.name);
  const taxes = page.getByTestId("credit-note-taxes");
  await expect(taxes).toContainText("Sales tax 8.875%");
  await expect(taxes).toContainText(refund.taxLines[0]!.amount.toFixed(2));
  await expect(page.getByTestId("credit-note-total")).toContainText(refund.amount.toFixed(2));
  await expect(page.getByTestId("reverse-charge")).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, testInfo, "credit-note");
});
