import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The site analytics (admin-dashboard/analytics): a scripted shopper visits the home page and a
// product, adds it to the cart and pays cash on delivery; the analytics screen then shows that
// one visit. The other browser tests share the demo shop but are not counted: Playwright's
// headless Chromium says "HeadlessChrome" in its user agent, which the analytics take for a bot.
// Only this shopper carries an ordinary browser's user agent, so today's figures are its own.

test.describe.configure({ timeout: 120_000 });

const SHOPPER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const headers = { origin: BASE_URL };
const SCREEN = "/admin-dashboard/analytics";

/** A book from the end of the list (the checkout tests take theirs from the start). */
async function pickBook(request: APIRequestContext): Promise<{ _id: string; name: string; slug: string }> {
  const res = await request.get("/api/products/category/books");
  expect(res.ok()).toBe(true);
  const books = ((await res.json()) as Array<{ _id: string; name: string; slug: string; inStock?: boolean }>).sort((a, b) => a.slug.localeCompare(b.slug));
  return books.filter((b) => b.inStock !== false).at(-1)!;
}

async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** Today in the shop's time zone (the analytics' days are the shop's). */
async function shopToday(page: Page): Promise<string> {
  const { timeZone } = (await (await page.request.get("/api/settings")).json()) as { timeZone?: string };
  return new Intl.DateTimeFormat("en-CA", { timeZone: timeZone || "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

type Report = { totals: { visitors: number; orders: number }; funnel: Array<{ step: string; visitors: number }> };

test("a shopper's visit, from the home page to a cash-on-delivery order, shows on the analytics screen: the visit, the product and the funnel 1/1/1/1 at 100%", async ({
  browser,
  page,
  request,
}, testInfo) => {
  const book = await pickBook(request);

  // The shopper: an ordinary browser (counted), in a context of its own.
  const shopper = await browser.newContext({ userAgent: SHOPPER_UA, viewport: { width: 1280, height: 900 } });
  const beacons: string[] = [];
  shopper.on("request", (r) => {
    if (r.url().endsWith("/api/analytics/events")) beacons.push(r.postData() ?? "");
  });
  const visit = await shopper.newPage();
  // Each page's events leave before the next page is opened: a beacon sent as a page unloads
  // outlives it, and Chromium sends it with its own user agent ("HeadlessChrome", a bot) instead of
  // the context's, so the test waits for the batches the beacon sends every few seconds.
  const sent = (text: string) => expect.poll(() => beacons.join("\n"), { timeout: 15_000 }).toContain(text);
  await visit.goto("/");
  await waitForHydration(visit);
  await sent('"path":"/"');
  await visit.goto(`/products/${book.slug}`);
  await expect(visit.getByRole("heading", { level: 1, name: book.name })).toBeVisible();
  await waitForHydration(visit);
  await visit.getByRole("button", { name: "Add to cart" }).click();
  const panel = visit.getByRole("dialog", { name: "Shopping cart" });
  await expect(panel).toContainText(book.name);
  await panel.getByRole("button", { name: "Checkout" }).click();
  await expect(visit.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await waitForHydration(visit);
  const form = visit.getByRole("form", { name: "Checkout" });
  await form.getByRole("textbox", { name: "Full name" }).fill("Ada Analytics");
  await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("analytics"));
  await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("1 Funnel Street");
  await form.getByRole("textbox", { name: "City" }).fill("Portland");
  await form.getByRole("combobox", { name: "State" }).selectOption({ label: "Oregon" });
  await expect(visit.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(visit.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible({ timeout: 20_000 });
  await sent('"type":"order_placed"');
  // Reloading the confirmation is not a second order.
  const batches = beacons.length;
  await visit.reload();
  await waitForHydration(visit);
  await expect.poll(() => beacons.length, { timeout: 15_000 }).toBeGreaterThan(batches);
  expect(beacons.join("\n").match(/order_placed/g)).toHaveLength(1);

  // The server writes what it accepted within a second.
  await signInAsAdmin(page);
  await expect
    .poll(
      async () => {
        const day = await shopToday(page);
        const res = await page.request.get(`/api/admin/analytics?from=${day}&to=${day}`);
        const { data } = (await res.json()) as { data: Report };
        return [data.totals.visitors, ...data.funnel.map((s) => s.visitors), data.totals.orders];
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toEqual([1, 1, 1, 1, 1, 1]);
  // Batches of the shopper's own events, never its address or the order's token.
  expect(beacons.length).toBeGreaterThan(0);
  expect(beacons.join("\n")).not.toContain("token");
  await shopper.close();

  // The screen, on a desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${SCREEN}?period=today`);
  await expect(page.getByRole("heading", { level: 1, name: "Site analytics" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("total-visitors")).toContainText("1");
  await expect(page.getByTestId("total-orders")).toContainText("1");
  await expect(page.getByTestId("total-conversion")).toContainText("100%");
  const funnel = page.getByTestId("funnel");
  for (const step of ["product_view", "add_to_cart", "checkout_started", "order_placed"]) {
    await expect(funnel.getByTestId(`funnel-${step}`).getByTestId("funnel-visitors")).toHaveText(/^1\b/);
  }
  for (const step of ["add_to_cart", "checkout_started", "order_placed"]) {
    await expect(funnel.getByTestId(`funnel-${step}`).getByTestId("funnel-rate")).toHaveText(/^100%/);
  }
  await expect(page.getByTestId("funnel-overall")).toContainText("100%");
  await expect(page.getByTestId("top-products").getByRole("link", { name: book.name })).toBeVisible();
  const pages = page.getByTestId("top-pages");
  await expect(pages.getByRole("rowheader", { name: "/", exact: true })).toBeVisible();
  await expect(pages.getByRole("rowheader", { name: `/products/${book.slug}` })).toBeVisible();
  await expect(pages.getByRole("rowheader", { name: "/order-confirmation" })).toBeVisible();
  await expect(page.getByTestId("devices").getByRole("rowheader", { name: "Desktop" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "analytics-desktop");

  // On a phone: the same figures, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("total-visitors")).toContainText("1");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, testInfo, "analytics-phone");
});

test("the period: presets, a custom period with its empty state, and a period that ends before it starts", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(SCREEN);
  await waitForHydration(page);
  // Seven days by default.
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/period=30d/);
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

  const custom = page.getByRole("form", { name: "Custom period" });
  await custom.getByLabel("From").fill("2020-01-01");
  await custom.getByLabel("To").fill("2020-01-31");
  await custom.getByRole("button", { name: "Show this period" }).click();
  await expect(page).toHaveURL(/period=custom&from=2020-01-01&to=2020-01-31/);
  await expect(page.getByTestId("period-shown")).toContainText("Jan 1, 2020 – Jan 31, 2020");
  await expect(page.getByTestId("analytics-empty")).toContainText("No visits in this period");
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, testInfo, "analytics-empty-phone");

  await page.goto(`${SCREEN}?period=custom&from=2020-02-01&to=2020-01-01`);
  await expect(page.getByTestId("period-error")).toContainText("The period ends before it starts");
});

test("a browser with Global Privacy Control sends nothing at all", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: SHOPPER_UA });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  let sent = 0;
  context.on("request", (r) => {
    if (r.url().includes("/api/analytics/")) sent += 1;
  });
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.goto("/contact-us");
  await waitForHydration(page);
  await page.waitForTimeout(5_000);
  expect(sent).toBe(0);
  await context.close();
});
