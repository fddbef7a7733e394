import fs from "node:fs";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The admin's order list (orders, orders/pending, orders/completed, orders/management): tabs with
// counts, search, the CSV export, bulk moves with an answer per order and the print actions. The
// demo shop is shared with the other browser tests, so every test places its own orders under a
// customer name of its own and looks at the list through a search for that name (the tabs count
// under the same search).

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

interface Placed {
  id: string;
  number: string;
  email: string;
}

/** Places a cash-on-delivery order for one book as a new guest (its own API context, contact and cart). */
async function placeOrder(name: string): Promise<Placed> {
  const guest = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    // Any book in stock: the checkout spec sells one out in the same shop.
    const books = ((await (await guest.get("/api/products/category/books")).json()) as Array<{ _id: string; inStock?: boolean }>).filter(
      (b) => b.inStock !== false,
    );
    const book = books[Math.floor(Math.random() * books.length)]!;
    const added = await guest.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers });
    expect(added.status(), await added.text()).toBe(201);
    const email = uniqueEmail("orders-list");
    const res = await guest.post("/api/orders", {
      headers: { ...headers, "idempotency-key": `e2e-${suffix()}` },
      data: {
        contact: { name, email, phone: uniquePhone() },
        address: { line1: "3 Wind Tunnel Way", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
        paymentMethod: "cod",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { order } = ((await res.json()) as { data: { order: { id: string; number: string } } }).data;
    return { id: order.id, number: order.number, email };
  } finally {
    await guest.dispose();
  }
}

/** Moves an order as the administrator through the admin API (as the order page does). */
async function move(admin: APIRequestContext, id: string, status: string) {
  const res = await admin.post(`/api/admin/orders/${id}/transition`, { data: { status }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** The status tab called `label` (a link with its count). */
const tab = (page: Page, label: string) => page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: new RegExp(`^${label} `) });

/** Three orders of one new customer name: one pending, one processing, one cancelled. */
async function placeThree(page: Page) {
  const name = `Ada Orderlist ${suffix()}`;
  const [pending, processing, cancelled] = [await placeOrder(name), await placeOrder(name), await placeOrder(name)];
  await move(page.request, processing.id, "processing");
  await move(page.request, cancelled.id, "cancelled");
  return { name, pending, processing, cancelled };
}

test.describe("order list", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("tabs count the search's orders, a search by e-mail finds one, the CSV export downloads what the filters select", async ({ page }) => {
    await signInAdmin(page);
    const { name, pending, processing, cancelled } = await placeThree(page);

    await page.goto(`/admin-dashboard/orders?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("heading", { level: 1, name: "All orders" })).toBeVisible();
    await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "All")).toHaveText("All3");
    await expect(tab(page, "Pending")).toHaveText("Pending1");
    await expect(tab(page, "Processing")).toHaveText("Processing1");
    await expect(tab(page, "Cancelled")).toHaveText("Cancelled1");
    await expect(tab(page, "Completed")).toHaveText("Completed0");
    const table = page.getByTestId("orders-table");
    for (const o of [pending, processing, cancelled])
      await expect(table.getByRole("link", { name: `Order ${o.number}` })).toHaveAttribute("href", `/admin-dashboard/orders/${o.id}`);
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: `Order ${processing.number}` }) });
    await expect(row).toContainText(name);
    await expect(row).toContainText(processing.email);
    await expect(row).toContainText("Cash on delivery");
    await expect(row).toContainText("Processing");
    await expect(row).toContainText(/\d\.\d\d/);
    await waitForHydration(page);
    await expectAccessible(page);

    // A tab keeps the search; the pending screen opens on its own tab.
    await tab(page, "Processing").click();
    await expect(page).toHaveURL(/status=processing/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await page.goto(`/admin-dashboard/orders/pending?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pending orders" })).toBeVisible();
    await expect(tab(page, "Pending")).toHaveAttribute("aria-current", "page");
    await expect(table.getByRole("link", { name: /^Order / })).toHaveText([`Order ${pending.number}`]);
    await expectAccessible(page);

    // The search box by e-mail, in any case.
    await waitForHydration(page);
    await tab(page, "All").click();
    await page.getByRole("searchbox", { name: "Search orders" }).fill(cancelled.email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(table.getByRole("link", { name: /^Order / })).toHaveText([`Order ${cancelled.number}`]);
    await expect(tab(page, "All")).toHaveText("All1");

    // The export has the list's filters: the search's three orders, as CSV.
    await page.goto(`/admin-dashboard/orders?q=${encodeURIComponent(name)}`);
    const download = page.waitForEvent("download");
    await page.getByTestId("orders-export").click();
    const csv = fs.readFileSync((await (await download).path())!, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Number,Date,Customer,E-mail/);
    expect(lines).toHaveLength(4);
    for (const o of [pending, processing, cancelled]) expect(csv).toContain(o.number);

    // The completed screen, on its tab: nothing of this customer's is completed.
    await page.goto(`/admin-dashboard/orders/completed?q=${encodeURIComponent(name)}`);
    await expect(tab(page, "Completed")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("empty-state")).toContainText("No orders match these filters");
    await expectAccessible(page);
  });

  test("a bulk move on mixed statuses answers per order; cancel asks first; print opens the slips in a new tab", async ({ page }) => {
    await signInAdmin(page);
    const { name, pending, processing, cancelled } = await placeThree(page);
    await page.goto(`/admin-dashboard/orders/management?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Order management" })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);

    await page.getByRole("checkbox", { name: "Select all 3 orders on this page" }).check();
    const bar = page.getByRole("group", { name: "Bulk actions" });
    await expect(bar).toContainText("3 orders selected");
    await expect(bar.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);
    await bar.getByRole("button", { name: "Mark processing" }).click();

    const results = page.getByTestId("bulk-results");
    await expect(results.getByRole("heading")).toHaveText("1 order marked processing, 2 skipped");
    await expect(results).toBeFocused();
    const result = (o: Placed) => results.getByTestId("bulk-result").filter({ hasText: o.number });
    await expect(result(pending)).toHaveAttribute("data-ok", "true");
    await expect(result(pending)).toContainText("Moved");
    await expect(result(processing)).toContainText("Skipped");
    await expect(result(processing)).toContainText("An order that is processing cannot become processing.");
    await expect(result(cancelled)).toContainText("Skipped");
    await expect(result(cancelled)).toContainText("cannot become processing");
    // The list and its tabs follow.
    await expect(tab(page, "Processing")).toHaveText("Processing2");
    await expect(tab(page, "Pending")).toHaveText("Pending0");
    await expectAccessible(page);

    // Cancel asks in a dialog naming the count, then cancels the one order.
    await page.getByRole("checkbox", { name: `Select order ${pending.number}` }).check();
    await expect(bar).toContainText("1 order selected");
    await bar.getByRole("button", { name: "Cancel orders" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel 1 order?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button")).toHaveText(["Keep them", "Cancel 1 order"]);
    await dialog.getByRole("button", { name: "Cancel 1 order" }).click();
    await expect(results.getByRole("heading")).toHaveText("1 order cancelled");
    await expect(tab(page, "Cancelled")).toHaveText("Cancelled2");

    // Packing slips of the selected orders open in a new tab.
    await page.getByRole("checkbox", { name: `Select order ${processing.number}` }).check();
    await page.getByRole("checkbox", { name: `Select order ${cancelled.number}` }).check();
    const popup = page.waitForEvent("popup");
    await bar.getByRole("button", { name: "Print packing slips" }).click();
    const slips = new URL((await popup).url());
    expect(slips.pathname).toBe("/admin-dashboard/orders/print");
    expect(slips.searchParams.get("doc")).toBe("slip");
    expect(slips.searchParams.get("ids")!.split(",").sort()).toEqual([processing.id, cancelled.id].sort());
  });
});

test.describe("order list on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list stays usable at 390 px: number, customer, total and status in view, no sideways page", async ({ page }) => {
    await signInAdmin(page);
    const name = `Ada Orderlist ${suffix()}`;
    const order = await placeOrder(name);
    await page.goto(`/admin-dashboard/orders/pending?q=${encodeURIComponent(name)}`);
    const row = page
      .getByTestId("orders-table")
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: `Order ${order.number}` }) });
    await waitForHydration(page);
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole("link", { name: `Order ${order.number}` })).toBeInViewport();
    // Under the number on a phone (the customer column is left out).
    await expect(row.getByRole("rowheader").getByText(name)).toBeInViewport();
    await expect(row.getByRole("rowheader").getByTestId("order-status")).toBeInViewport();
    await expect(row.getByRole("rowheader")).toContainText(/\d\.\d\d/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    for (const path of ["orders", "orders/completed", "orders/management"]) {
      await page.goto(`/admin-dashboard/${path}?q=${encodeURIComponent(name)}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(page);
    }
  });
});
