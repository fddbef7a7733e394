import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The site settings screen (admin-dashboard/settings): an owner changes the shop's name, logo, a
// shipping rate, the announcement bar and the live chat, and the storefront shows them at once.
// The demo shop is shared with the other browser tests: the settings are put back afterwards.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const PAGE = "/admin-dashboard/settings";
const CRISP_ID = "7598bf86-9ebb-46bc-8d61-be8929bbf93d";

type Settings = Record<string, unknown> & { siteName: string; shippingZones: Array<{ id: string; name: string; rate: number }> };

async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

let original: Settings | null = null;
test.beforeAll(async () => {
  original = (await (await playwrightRequest.newContext({ baseURL: BASE_URL })).get("/api/settings").then((r) => r.json())) as Settings;
});
test.afterAll(async () => {
  if (!original) return;
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await api.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  const res = await api.put("/api/admin/settings", { data: original, headers });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});

const toast = (page: Page, text: string | RegExp) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

/** A book without a shipping cost of its own, so the checkout charges the zone's rate alone. */
async function bookAtZoneRate(page: Page): Promise<{ _id: string; slug: string }> {
  const books = ((await (await page.request.get("/api/products/category/books")).json()) as Array<{ _id: string; slug: string; shippingCost: number }>).filter(
    (b) => b.shippingCost === 0,
  );
  expect(books.length).toBeGreaterThan(0);
  return books.sort((a, b) => a.slug.localeCompare(b.slug)).at(-1)!;
}

test.describe("site settings", () => {
  test("the owner changes the name, logo, a shipping rate, the announcement and the chat; the storefront shows them at once", async ({ page }, testInfo) => {
    // The chat provider's script comes from a tiny local stand-in: no internet needed.
    await page.route("https://client.crisp.chat/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.__crispLoaded = window.CRISP_WEBSITE_ID;" }),
    );
    await signInAsAdmin(page);
    const name = `Harbour Goods ${Date.now().toString(36)}`;

    // Before: no chat, so the page's policy lets no chat host in.
    const before = await page.request.get("/");
    expect(before.headers()["content-security-policy"]).not.toContain("crisp");

    await page.goto(PAGE);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
    const form = page.getByTestId("settings-form");

    await form.getByRole("textbox", { name: "Shop name" }).fill(name);
    const logo = await sharp({ create: { width: 400, height: 100, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    await page.getByTestId("image-picker-logo").locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(page.getByTestId("image-picker-logo").getByTestId("picked-image")).toBeVisible();
    await expect(page.getByTestId("image-picker-logo").locator('input[type="hidden"]')).toHaveValue(/^\/uploads\/logos\/.+\.webp$/);
    const icon = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#b45309" } })
      .png()
      .toBuffer();
    await page.getByTestId("image-picker-favicon").locator('input[type="file"]').setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: icon });
    await expect(page.getByTestId("image-picker-favicon").locator('input[type="hidden"]')).toHaveValue(/^\/uploads\/favicons\/.+\.webp$/);

    // The standard zone (the second) costs 7.25 from now on.
    const zones = page.getByTestId("zone-row");
    await expect(zones).toHaveCount(2);
    await zones.nth(1).getByRole("textbox", { name: /^Rate/ }).fill("7.25");

    await form.getByRole("textbox", { name: "Announcement bar" }).fill("Autumn sale: knitwear 20% off");
    await form.getByRole("combobox", { name: "Chat provider" }).selectOption("crisp");
    await form.getByRole("textbox", { name: "Website id" }).fill(CRISP_ID);

    await form.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "Settings saved");
    await expect(form.getByRole("textbox", { name: "Shop name" })).toHaveValue(name);

    // The storefront: the name in the titles, the logo and the bar in the header, the chat script.
    const home = await page.goto("/");
    await expect(page).toHaveTitle(`${name} | Home`);
    const header = page.getByRole("banner");
    await expect(header.getByTestId("site-logo")).toHaveAttribute("src", /^\/uploads\/logos\/.+\.webp$/);
    await expect(header.getByRole("link", { name: `${name}, home` })).toBeVisible();
    await expect(header.getByTestId("announcement-bar")).toHaveText("Autumn sale: knitwear 20% off");
    // The browser tab's icon: the favicon's 32-pixel size, which the server has.
    const favicon = await page.locator('head link[rel="icon"]').getAttribute("href");
    expect(favicon).toMatch(/^\/uploads\/favicons\/.+-32\.webp$/);
    expect((await page.request.get(favicon!)).headers()["content-type"]).toBe("image/webp");
    await expect(page.locator('script[src="https://client.crisp.chat/l.js"]')).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __crispLoaded?: string }).__crispLoaded)).toBe(CRISP_ID);
    const policy = home!.headers()["content-security-policy"];
    expect(policy).toMatch(/script-src [^;]*https:\/\/client\.crisp\.chat/);
    expect(policy).toMatch(/connect-src [^;]*wss:\/\/client\.relay\.crisp\.chat/);
    await page.goto("/contact-us");
    await expect(page).toHaveTitle(`${name} | contact us`);
    await expectAccessible(page);

    // The checkout charges the new rate.
    const book = await bookAtZoneRate(page);
    expect((await page.request.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers })).status()).toBe(201);
    await page.goto("/checkout");
    await waitForHydration(page);
    const methods = page.getByRole("form", { name: "Checkout" }).getByRole("group", { name: "Shipping method" }).getByRole("radio");
    await expect(methods.nth(0)).toHaveAccessibleName(/^Standard shipping.*\$7\.25/);
    await expect(page.getByTestId("checkout-summary").getByTestId("totals-shipping")).toHaveText("$7.25");
    await shot(page, testInfo, "settings-storefront-checkout");

    // Chat off again: the script and the chat's hosts are gone from the next page.
    await page.goto(PAGE);
    await waitForHydration(page);
    await form.getByRole("combobox", { name: "Chat provider" }).selectOption("none");
    await expect(form.getByRole("textbox", { name: "Website id" })).toHaveCount(0);
    await form.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "Settings saved");
    const after = await page.goto("/");
    expect(after!.headers()["content-security-policy"]).not.toContain("crisp");
    await expect(page.locator('script[src="https://client.crisp.chat/l.js"]')).toHaveCount(0);
  });

  for (const viewport of [
    { width: 390, height: 844, name: "phone" },
    { width: 1280, height: 900, name: "desktop" },
  ]) {
    test(`the screen is accessible, fits the ${viewport.name}, and shows a refusal beside its field`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      await page.goto(PAGE);
      await waitForHydration(page);
      const form = page.getByTestId("settings-form");
      await expectAccessible(page);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, testInfo, `settings-${viewport.name}`);

      // A zone added and a prefix that breaks the rule: the errors sit beside their fields, nothing is saved.
      await form.getByRole("button", { name: "Add a zone" }).click();
      await expect(page.getByTestId("zone-row")).toHaveCount(3);
      await page.getByTestId("zone-row").nth(2).getByRole("textbox", { name: "Name" }).fill("Express");
      await page.getByTestId("zone-row").nth(2).getByRole("textbox", { name: /^Rate/ }).fill("fast");
      await form.getByRole("textbox", { name: "Order number prefix" }).fill("TOO-LONG");
      await form.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByTestId("form-error-summary")).toBeFocused();
      await expect(page.getByTestId("orderNumberPrefix-error")).toHaveText(/up to 6 letters/i);
      await expect(form.getByRole("textbox", { name: "Order number prefix" })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("shippingZones.2.rate-error")).toHaveText("Enter a number");
      await expectAccessible(page);
      await shot(page, testInfo, `settings-errors-${viewport.name}`);
      expect(((await (await page.request.get("/api/settings")).json()) as Settings).shippingZones).toHaveLength(2);

      // Leaving with the changes unsaved asks first (the sidebar's link; on phones it sits in the menu),
      // a removed row counting as a change.
      if (viewport.name === "phone") return;
      await page.goto(PAGE);
      await waitForHydration(page);
      await page.getByTestId("couriers-editor").getByRole("button", { name: "Remove courier USPS" }).click();
      await expect(page.getByTestId("couriers-editor").getByRole("listitem")).toHaveCount(3);
      await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Banners" }).click();
      await expect(
        page.getByRole("alertdialog", { name: "Leave without saving?" }).or(page.getByRole("dialog", { name: "Leave without saving?" })),
      ).toBeVisible();
    });
  }

  test("the form works without JavaScript: a change and a new zone from the empty row are saved, and the page says so", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto(PAGE);
    const form = page.getByTestId("settings-form");
    await form.getByRole("textbox", { name: "Announcement bar" }).fill("Closed on Monday for stocktaking");
    const blank = page.getByTestId("zone-row").last();
    await expect(blank).toContainText("A new zone (optional)");
    await blank.getByRole("textbox", { name: "Name" }).fill("Pick-up at the shop");
    await blank.getByRole("textbox", { name: /^Rate/ }).fill("0");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    const saved = (await (await page.request.get("/api/settings")).json()) as Settings & { announcement: string };
    expect(saved.announcement).toBe("Closed on Monday for stocktaking");
    expect(saved.shippingZones.map((z) => [z.id, z.name, z.rate]).at(-1)).toEqual(["pick-up-at-the-shop", "Pick-up at the shop", 0]);
    await context.close();
  });
});

test.describe("the shop's promises", () => {
  test("the return window and the ways to pay that pages state are the settings the checkout and returns enforce", async ({ page }) => {
    await signInAsAdmin(page);
    const book = await bookAtZoneRate(page);
    const put = async (changes: Record<string, unknown>) => {
      const res = await page.request.put("/api/admin/settings", { data: { ...original, ...changes }, headers });
      expect(res.status(), await res.text()).toBe(200);
    };
    const slug = book.slug;

    // The demo shop: a 14-day window, cash on delivery and cards (the local Stripe stand-in).
    await page.goto(`/products/${slug}`);
    await expect(page.getByTestId("returns-note")).toHaveText("Returns within 14 days of delivery");
    await expect(page.getByTestId("payment-note")).toHaveText("Pay by cash on delivery or card");

    await put({ returnWindowDays: 7, cashOnDelivery: false });
    await page.goto(`/products/${slug}`);
    await expect(page.getByTestId("returns-note")).toHaveText("Returns within 7 days of delivery");
    await expect(page.getByTestId("payment-note")).toHaveText("Pay by card");
    await expect(page.getByText(/within 30 days/)).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByText("Returns within 7 days of delivery")).toBeVisible();
    await expect(page.getByText("Pay by card", { exact: true })).toBeVisible();

    // The checkout offers exactly what the product page said.
    await page.request.post("/api/cart/items", { data: { productId: book._id, quantity: 1 }, headers });
    await page.goto("/checkout");
    const payment = page.getByRole("group", { name: "Payment method" });
    await expect(payment.getByRole("radio")).toHaveCount(1);
    await expect(payment.getByRole("radio", { name: /Card/ })).toBeChecked();

    await put({ returnWindowDays: 0, cashOnDelivery: true });
    await page.goto(`/products/${slug}`);
    await expect(page.getByTestId("returns-note")).toHaveText("No returns: every sale is final");
    await expect(page.getByTestId("payment-note")).toHaveText("Pay by cash on delivery or card");
    await page.goto("/");
    await expect(page.getByText(/Returns within/)).toHaveCount(0);
    await put({});
  });
});
