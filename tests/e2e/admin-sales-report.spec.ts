import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv/sync";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The sales report (admin-dashboard/sales-report): a guest's order shows in today's figures; the
// presets, the grouping and the chosen year change the address and the table; the CSV download
// holds the same rows. Figures are compared with what the screen shows, not with fixed numbers:
// other browser tests place orders in the same demo shop.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const SCREEN = "/admin-dashboard/sales-report";

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** A guest's cash-on-delivery order of three units of a book (its own cookie jar); returns the book's name. */
async function placeOrder(api: APIRequestContext): Promise<string> {
  const books = (await (await api.get("/api/products/category/books")).json()) as Array<{ _id: string; name: string }>;
  const book = books[1]!;
  const added = await api.post("/api/cart/items", { data: { productId: book._id, quantity: 3 }, headers });
  expect(added.status(), await added.text()).toBe(201);
  const res = await api.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `sales-report-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Report Buyer", email: uniqueEmail("sales-report"), phone: uniquePhone() },
      address: { line1: "7 Orchard Row", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return book.name;
}

const figure = async (page: Page, testId: string) => Number((await page.getByTestId(testId).locator("dd").first().textContent())!.replace(/[^\d.]/g, ""));

for (const [device, viewport] of [
  ["a desktop", { width: 1280, height: 900 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`the report shows today's new order, switches presets and grouping, and exports its CSV, on ${device}`, async ({ page, playwright }, testInfo) => {
    await page.setViewportSize(viewport);
    const guest = await playwright.request.newContext({ baseURL: BASE_URL });
    const book = await placeOrder(guest);
    await guest.dispose();

    await signIn(page);
    await page.goto(`${SCREEN}?period=today`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sales report" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    expect(await figure(page, "kpi-orders")).toBeGreaterThanOrEqual(1);
    expect(await figure(page, "kpi-units")).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId("by-product")).toContainText(book);
    await expect(page.getByTestId("by-payment")).toContainText("Cash on delivery");
    await expect(page.getByTestId("series-row")).toHaveCount(1);
    // The chart draws after hydration in the box the server sized.
    await expect(page.getByTestId("sales-chart-plot").locator("svg.recharts-surface").first()).toBeVisible();
    // The chart is reachable by keyboard: focused, the arrow keys show a bucket's figure.
    await page.getByTestId("sales-chart-plot").locator("[tabindex='0']").first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("sales-chart-plot").locator(".recharts-tooltip-wrapper")).toContainText("Net sales");
    await expectAccessible(page);

    // Last 7 days by day: seven rows; by week: the address keeps the period.
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByTestId("series-row")).toHaveCount(7);
    await page.getByRole("navigation", { name: "Group by" }).getByRole("link", { name: "Week" }).click();
    await expect(page).toHaveURL(/period=7d.*groupBy=week|groupBy=week.*period=7d/);
    await expect(page.getByRole("heading", { name: "Per week" })).toBeVisible();
    const weeks = await page.getByTestId("series-row").count();
    expect(weeks === 1 || weeks === 2).toBe(true);

    // This month by day: its rows, and the same rows in the CSV.
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "This month" }).click();
    await expect(page).toHaveURL(/period=this-month/);
    await expect(page.getByRole("heading", { name: "Per day" })).toBeVisible();
    const days = await page.getByTestId("series-row").count();
    const shownOrders = await figure(page, "kpi-orders");
    const download = page.waitForEvent("download");
    await page.getByTestId("export-csv").click();
    const file = await (await download).path();
    const rows = parse(fs.readFileSync(file!, "utf8"), { relax_column_count: true }) as string[][];
    const head = rows.findIndex((r) => r[0] === "Day");
    expect(rows[head]).toEqual([
      "Day",
      "Start",
      "End",
      "Orders",
      "Units",
      "Gross sales",
      "Discounts",
      "Refunds",
      "Net sales",
      "Shipping",
      "Total sales",
      "Average order value",
      "Tax",
      "Refunded tax",
      "Net sales without tax",
    ]);
    const total = rows[head + 1 + days]!;
    expect(total[0]).toBe("Total");
    // Another test may place an order meanwhile: never fewer than the screen showed.
    expect(Number(total[3])).toBeGreaterThanOrEqual(shownOrders);
    // The month's best sellers, as the screen lists them (the demo shop's past orders may keep the book out of its top 20).
    const products = rows.findIndex((r) => r[0] === "Product (top 20)");
    expect(rows[products + 1]?.[0]).toBeTruthy();
    await expect(page.getByTestId("by-product")).toContainText(rows[products + 1]![0]!);
    expect(rows.some((r) => r[0] === "Cash on delivery")).toBe(true);

    // A chosen year: the whole year, by month.
    const lastYear = new Date().getUTCFullYear() - 1;
    await page.getByRole("combobox", { name: "Year" }).selectOption(String(lastYear));
    await page.getByRole("button", { name: "Show the year" }).click();
    await expect(page).toHaveURL(new RegExp(`period=year&year=${lastYear}`));
    await expect(page.getByTestId("period-shown")).toContainText(`Jan 1, ${lastYear} – Dec 31, ${lastYear}`);
    await expect(page.getByTestId("sales-empty").or(page.getByRole("heading", { name: "Per month" }))).toBeVisible();

    // A range that is no range says why.
    await page.goto(`${SCREEN}?period=custom&from=2026-03-10&to=2026-03-01`);
    await expect(page.getByTestId("period-error")).toContainText("The end date cannot be before the start date");
    await expectAccessible(page);

    await page.goto(`${SCREEN}?period=30d`);
    await waitForHydration(page);
    await expect(page.getByTestId("sales-chart-plot").locator("svg.recharts-surface").first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, `sales-report-${viewport.width}`);
  });
}

test("the Year menu shows the year of the period shown, also after moving between periods", async ({ page }) => {
  await signIn(page);
  const thisYear = new Date().getUTCFullYear();
  const year = page.getByRole("combobox", { name: "Year" });
  await page.goto(`${SCREEN}?period=this-month`);
  await waitForHydration(page);
  await expect(year).toHaveValue(String(thisYear));
  await year.selectOption(String(thisYear - 2));
  await page.getByRole("button", { name: "Show the year" }).click();
  await expect(page).toHaveURL(new RegExp(`period=year&year=${thisYear - 2}`));
  await expect(year).toHaveValue(String(thisYear - 2));
  // A preset link is a client-side navigation: the menu follows it.
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(year).toHaveValue(String(thisYear));
  // A custom period years ago: that year, though it is older than the menu's last six.
  await page.goto(`${SCREEN}?period=custom&from=2012-05-01&to=2012-05-31`);
  await expect(year).toHaveValue("2012");
  await expect(page.getByRole("textbox", { name: "From" }).or(page.getByLabel("From"))).toHaveValue("2012-05-01");
});

test("the storefront's pages never load recharts", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push(res.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(bodies.some((code) => code.includes("recharts-surface"))).toBe(false);
});
