import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };

async function signInPage(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** A guest's cash-on-delivery order of two books (its own cookie jar); returns the buyer's name. */
async function placeOrder(api: APIRequestContext): Promise<string> {
  const books = (await (await api.get("/api/products/category/books")).json()) as Array<{ _id: string }>;
  const added = await api.post("/api/cart/items", { data: { productId: books[2]!._id, quantity: 2 }, headers });
  expect(added.status(), await added.text()).toBe(201);
  const name = `Dashboard Buyer ${Date.now().toString(36)}`;
  const res = await api.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `dashboard-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name, email: uniqueEmail("dashboard"), phone: uniquePhone() },
      address: { line1: "7 Orchard Row", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return name;
}

const number = async (page: Page, testId: string) => Number((await page.getByTestId(`${testId}-value`).textContent())!.replace(/[^\d.]/g, ""));

for (const [device, viewport] of [
  ["a desktop", { width: 1280, height: 900 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`the dashboard counts a new order, switches periods and leads to what needs action, on ${device}`, async ({ page, request }, testInfo) => {
    await page.setViewportSize(viewport);
    await signInPage(page);
    await page.goto("/admin-dashboard?period=today");
    await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    const orders = await number(page, "figure-orders");
    const revenue = await number(page, "figure-revenue");

    const buyer = await placeOrder(request);
    await page.reload();
    await expect(page.getByTestId("figure-orders-value")).toHaveText(String(orders + 1));
    expect(await number(page, "figure-revenue")).toBeGreaterThan(revenue);
    await expect(page.getByTestId("latest-orders").getByRole("listitem").first()).toContainText(buyer);
    await expect(page.getByTestId("dashboard-range")).toContainText("compared with yesterday");

    // The chart is drawn once the page is hydrated (recharts loads only in the admin).
    await waitForHydration(page);
    await expect(page.getByTestId("revenue-chart-plot").locator("svg").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    await expectAccessible(page);
    // The chart's tooltip, under a pointer resting on it, is readable too.
    await page.getByTestId("revenue-chart-plot").hover();
    await expect(page.locator(".recharts-tooltip-item").first()).toBeVisible();
    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await shot(page, testInfo, `dashboard-${viewport.width}`);

    // The period switch is a set of links: 30 days, then the address says so.
    await page.getByRole("link", { name: "30 days" }).click();
    await expect(page).toHaveURL(/period=30d/);
    await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("dashboard-range")).toContainText("compared with the 30 days before");
    expect(await number(page, "figure-orders")).toBeGreaterThanOrEqual(orders + 1);
    await expect(page.getByTestId("best-sellers").getByRole("row")).not.toHaveCount(0);
    // A month's revenue (five figures and cents) stays inside its card.
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="figure-"][data-testid$="-value"]')]
        .filter((value) => value.scrollWidth > value.clientWidth)
        .map((value) => value.textContent),
    );
    expect(clipped, "figures wider than their cards").toEqual([]);

    // What needs action leads to it: the pending orders, the new order among them.
    await page.getByTestId("action-pending-orders").click();
    await expect(page).toHaveURL(/\/admin-dashboard\/orders\/pending$/);
    await expect(page.getByRole("main")).toContainText(buyer);
  });
}
