import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone, waitForMail } from "./support/accounts";
import { adminApi, apiJson, cleanUpAfterAll } from "./support/admin-api";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

const headers = { origin: BASE_URL };
const cleanups = cleanUpAfterAll(test);

/** Places a cash-on-delivery order of `count` books as this browser (its cookies), with a discount code if given. */
async function placeOrder(request: APIRequestContext, email: string, count = 1, code?: string) {
  const books = (await (await request.get("/api/products/category/books")).json()) as Array<{ _id: string; name: string }>;
  for (const book of books.slice(5, 5 + count)) {
    const added = await request.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers });
    expect(added.status(), await added.text()).toBe(201);
  }
  if (code) {
    const applied = await request.post("/api/cart/discount-codes", { data: { code }, headers });
    expect(applied.status(), await applied.text()).toBe(200);
  }
  const res = await request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `desk-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Dorothy Vaughan", email, phone: uniquePhone() },
      address: { line1: "12 Analysis Road", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
      paymentMethod: "cod",
      notes: "Please ring twice.",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { order: { id: string; number: string } } }).data.order;
}

async function signInAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("the order desk", () => {
  test("an operator ships a pending order with a tracking number; the customer sees the link in my orders and in the mail", async ({ page, browser }) => {
    const customer = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
    const shopper = await customer.newPage();
    const email = uniqueEmail("desk");
    const order = await placeOrder(shopper.request, email);

    await signInAdmin(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin-dashboard/orders/${order.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(order.number);
    await expect(page.getByTestId("admin-breadcrumbs")).toContainText(new RegExp(`All orders\\s*›\\s*Order ${order.number}`));
    await waitForHydration(page);
    await expectAccessible(page);
    const moves = page.getByTestId("order-moves");
    await expect(moves.getByRole("button")).toHaveText(["Start preparing", "Cancel order"]);

    await moves.getByRole("button", { name: "Start preparing" }).click();
    await expect(page.getByRole("heading", { level: 1 }).getByTestId("order-status")).toHaveText("Processing");
    // Shipping without the courier and number is refused beside the fields.
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByText("Choose the courier that carries the parcel.").first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Courier").selectOption({ label: "UPS" });
    await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByRole("heading", { level: 1 }).getByTestId("order-status")).toHaveText("Shipped");
    const tracking = "https://www.ups.com/track?tracknum=1Z999AA10123456784";
    await expect(page.getByTestId("admin-order-tracking").getByRole("link", { name: /Track your parcel/ })).toHaveAttribute("href", tracking);
    await expect(page.getByTestId("order-timeline")).toContainText(`Shipped by ${E2E_ADMIN.email}`);

    // A note to the customer, and an internal one.
    await page.getByLabel("Add a note").fill("Your parcel left our warehouse this morning.");
    await page.getByLabel("Send to the customer").check();
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("timeline-note")).toContainText("Sent to the customer by");
    await page.getByLabel("Add a note").fill("Heavy box: two people to lift.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("timeline-note")).toHaveCount(2);

    // Nothing is paid yet (cash on delivery): nothing to refund until it is delivered.
    await expect(page.getByTestId("returns-panel")).toContainText("refundable $0.00");
    await expect(page.getByTestId("refund-open")).toHaveCount(0);

    // The customer's mail, over real SMTP, links the tracking page.
    const mail = await waitForMail(email, /Shipped$/);
    expect(mail.text).toContain(`Track your parcel: ${tracking}`);
    expect(mail.html).toContain(`href="${tracking}"`);
    const message = await waitForMail(email, /A message about your/);
    expect(message.text).toContain("Your parcel left our warehouse this morning.");

    // And their order in /my-orders.
    await shopper.goto("/my-orders");
    await shopper
      .getByTestId("order-row")
      .first()
      .getByRole("link", { name: /View details/ })
      .click();
    const dialog = shopper.getByRole("dialog", { name: `Order #${order.number}` });
    await expect(dialog.getByTestId("order-tracking")).toContainText("UPS · 1Z999AA10123456784");
    await expect(dialog.getByTestId("order-tracking-link")).toHaveAttribute("href", tracking);
    await expect(dialog.getByTestId("order-messages")).toContainText("Your parcel left our warehouse this morning.");
    await expect(dialog).not.toContainText("two people to lift");
    await expectAccessible(shopper);
    await customer.close();

    // Delivered: the cash is in, and the order page offers a refund of it.
    await page.getByRole("button", { name: "Mark delivered" }).click();
    await expect(page.getByTestId("admin-order-payment-status")).toHaveText("Paid");
    await expect(page.getByTestId("refund-open")).toBeVisible();
    await expect(page.getByTestId("returns-panel")).not.toContainText("refundable $0.00");
    await expectAccessible(page);
  });

  test("works on a phone, and prints packing slips and invoices one order a page on A4 and Letter", async ({ page, request }) => {
    // A "buy 1, get 1 at half price" code (a code: the shared shop's other carts never get it).
    const suffix = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
    const promotion = { name: `Second book half price ${suffix}`, code: `PAIR${suffix}` };
    const api = await adminApi();
    const made = await apiJson<{ id: string }>(
      await api.post("/api/admin/promotions", { data: { ...promotion, kind: "buy_x_get_y", buyQuantity: 1, getQuantity: 1, getPercent: 50 }, headers }),
      201,
    );
    await api.dispose();
    cleanups.push((a) => a.delete(`/api/admin/promotions/${made.id}`, { headers }));
    const first = await placeOrder(request, uniqueEmail("print"), 2, promotion.code);
    const second = await placeOrder(request, uniqueEmail("print"), 1);
    await signInAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin-dashboard/orders/${first.id}`);
    await waitForHydration(page);
    await expectAccessible(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "Start preparing" })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin-dashboard/orders/print?ids=${first.id},${second.id}&doc=slip&noprint`);
    await expect(page.getByTestId("print-page")).toHaveCount(2);
    await expect(page.getByTestId("print-page").first()).toContainText("Packing slip");
    await expect(page.getByTestId("print-page").first()).toContainText("Please ring twice.");
    // The slip names the order's promotion and its code for the packer, and no money.
    await expect(page.getByTestId("print-page").first().getByTestId("print-promotion")).toHaveText([`${promotion.name} · ${promotion.code}`]);
    await expect(page.getByTestId("print-page").first()).not.toContainText("$");
    await expect(page.getByTestId("print-page").nth(1).getByTestId("print-promotions")).toHaveCount(0);
    await expectAccessible(page);
    for (const format of ["A4", "Letter"] as const) {
      const pdf = (await page.pdf({ format })).toString("latin1");
      // One page per order, whatever the paper.
      expect(pdf.match(/\/Type\s*\/Page\b/g)?.length, format).toBe(2);
    }
    await page.goto(`/admin-dashboard/orders/print?ids=${second.id}&doc=invoice&noprint`);
    await expect(page.getByTestId("print-page")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
    await expect(page.getByTestId("print-total")).toHaveText(/^\$\d+\.\d\d$/);
    const invoice = (await page.pdf({ format: "A4" })).toString("latin1");
    expect(invoice.match(/\/Type\s*\/Page\b/g)?.length).toBe(1);
    await page.goto("/admin-dashboard/orders/print");
    await expect(page.getByTestId("print-empty")).toBeVisible();
  });
});
