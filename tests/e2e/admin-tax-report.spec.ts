import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv/sync";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The tax report (admin-dashboard/tax-report): a guest's New York order (the demo charges New
// York's 8.875 % sales tax) shows in today's tax per region and rate, the CSV holds the same
// figures, and a period without orders says so. Figures are compared with what the screen shows:
// other browser tests place orders in the same demo shop.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const SCREEN = "/admin-dashboard/tax-report";

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** A guest's cash-on-delivery order of two books delivered to New York (its own cookie jar). */
async function placeOrder(api: APIRequestContext): Promise<void> {
  const books = (await (await api.get("/api/products/category/books")).json()) as Array<{ _id: string }>;
  const added = await api.post("/api/cart/items", { data: { productId: books[2]!._id, quantity: 2 }, headers });
  expect(added.status(), await added.text()).toBe(201);
  const res = await api.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `tax-report-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Tax Buyer", email: uniqueEmail("tax-report"), phone: uniquePhone() },
      address: { line1: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const money = (text: string | null) => Number(text!.replace(/[^\d.]/g, ""));

for (const [device, viewport] of [
  ["a desktop", { width: 1280, height: 900 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`today's New York order shows per region and rate, the CSV agrees, on ${device}`, async ({ page, playwright }) => {
    await page.setViewportSize(viewport);
    const guest = await playwright.request.newContext({ baseURL: BASE_URL });
    await placeOrder(guest);
    await guest.dispose();

    await signIn(page);
    await page.goto(`${SCREEN}?period=today`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Tax report" })).toBeVisible();
    const collected = money(await page.getByTestId("kpi-tax-collected").locator("dd").first().textContent());
    expect(collected).toBeGreaterThan(0);
    const ny = page.getByTestId("tax-rows").getByRole("row").filter({ hasText: "US, NY" }).filter({ hasText: "8.875%" });
    await expect(ny).toHaveCount(1);
    await expectAccessible(page);

    // The CSV link is reachable by keyboard and holds the same New York tax.
    const link = page.getByTestId("export-csv");
    await link.focus();
    await expect(link).toBeFocused();
    const res = await page.request.get((await link.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    const rows = parse(await res.text(), { relax_column_count: true }) as string[][];
    const csvNy = rows.find((r) => r[0] === "US" && r[1] === "NY" && r[2] === "8.875")!;
    const cells = await ny.getByRole("cell").allTextContents();
    expect(Number(csvNy[6])).toBe(money(cells[2]!));
    expect(Number(rows.at(-1)![1])).toBe(collected);

    // A period without orders says so.
    await page.goto(`${SCREEN}?period=custom&from=2001-01-01&to=2001-01-31`);
    await expect(page.getByTestId("tax-empty")).toBeVisible();
  });
}
