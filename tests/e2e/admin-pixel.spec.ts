import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, uniquePhone } from "./support/accounts";

// The tracking pixel screen (admin-dashboard/facebook-pixel) and what a shopper's browser then does.
// Switching the pixel on changes every page of the shop (its scripts and its CSP), so these tests
// run a demo shop of their own (seeded in seconds), not the shared one other specs read at once.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const ADMIN = { email: "pixel-admin@e2e.test", password: "pixel-admin-password" };
const PIXEL_ID = "1234567890123456";
const PAGE = "/admin-dashboard/facebook-pixel";

let dir: string;
let child: ChildProcess;
let base: string;

/** A free port on this machine (the shop's own, beside the shared one's). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pixel-admin-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  let output = "";
  child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: `file:${path.join(dir, "shop.db")}`,
      UPLOADS_DIR: path.join(dir, "uploads"),
      // Pictures in the folder above, even where the developer's environment names an object store.
      STORAGE_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      OIDC_ISSUER: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 60_000, message: output }).toBe(200);
});

test.afterAll(() => {
  child?.kill("SIGKILL");
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A browser context on this spec's shop, with or without JavaScript. */
const open = (browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}) =>
  browser.newContext({ baseURL: base, javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: { width: options.width ?? 1280, height: 900 } });

async function signInAsAdmin(context: BrowserContext) {
  const res = await context.request.post("/api/auth/sign-in/email", { data: ADMIN, headers: { origin: base } });
  expect(res.status(), await res.text()).toBe(200);
}

/** What the page reached on Facebook's hosts, and every fbq call the fake fbevents.js saw. */
interface FacebookTraffic {
  scripts: string[];
  images: string[];
  calls: unknown[][];
}

/**
 * Routes Facebook's hosts to local fakes: fbevents.js becomes a script that hands every fbq call
 * (the queued ones, then each new one) to the test, as the real one hands them to Facebook; the
 * tracking image answers 204. Set on the context, so it covers full page loads too.
 */
async function fakeFacebook(context: BrowserContext): Promise<FacebookTraffic> {
  const traffic: FacebookTraffic = { scripts: [], images: [], calls: [] };
  await context.exposeBinding("__recordFbq", (_source, args: unknown[]) => void traffic.calls.push(args));
  await context.route("https://connect.facebook.net/**", (route) => {
    traffic.scripts.push(route.request().url());
    return route.fulfill({
      contentType: "text/javascript",
      body: `(function () {
        var f = window.fbq, record = function (args) { window.__recordFbq(JSON.parse(JSON.stringify(Array.prototype.slice.call(args)))); };
        f.queue.forEach(record); f.queue.length = 0;
        f.callMethod = function () { record(arguments); };
      })();`,
    });
  });
  await context.route("https://www.facebook.com/**", (route) => {
    traffic.images.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  return traffic;
}

const tracked = (traffic: FacebookTraffic, event: string) => traffic.calls.filter((c) => c[0] === "track" && c[1] === event);

/** A book of the demo shop (books have no colour or size to choose), with its price. */
async function aBook(context: BrowserContext): Promise<{ _id: string; name: string; slug: string; finalPrice: number }> {
  const books = (await (await context.request.get("/api/products/category/books")).json()) as Array<{
    _id: string;
    name: string;
    slug: string;
    finalPrice: number;
  }>;
  expect(books.length).toBeGreaterThan(0);
  return books.sort((a, b) => a.slug.localeCompare(b.slug))[0]!;
}

const csp = async (context: BrowserContext, url = "/") => (await context.request.get(url)).headers()["content-security-policy"] ?? "";

/** The screen's parts. */
const screen = (page: Page) => ({
  id: page.getByRole("textbox", { name: "Pixel id" }),
  active: page.getByRole("switch", { name: "Pixel active" }),
  preview: page.getByTestId("pixel-preview"),
  save: page.getByRole("button", { name: "Save" }),
});

test("an operator switches the pixel on; a shopper's browser then sends PageView, ViewContent, AddToCart, InitiateCheckout and Purchase, and a no-JS visitor's one PageView", async ({
  browser,
}, testInfo) => {
  // The operator: the screen says what the storefront does now, and follows the form before saving.
  const admin = await open(browser);
  await signInAsAdmin(admin);
  const page = await admin.newPage();
  await page.goto(PAGE);
  await waitForHydration(page);
  const ui = screen(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tracking pixel" })).toBeVisible();
  await expect(ui.preview).toContainText("Inactive: nothing is loaded from Facebook or sent to it.");
  await expect(ui.active).not.toBeChecked();
  await expect(page.getByRole("term")).toHaveText(["PageView", "ViewContent", "AddToCart", "InitiateCheckout", "Purchase"]);
  await expectAccessible(page);

  // On without an id: the preview says why it stays off, and saving is refused beside the field.
  await ui.active.check();
  await expect(ui.preview).toContainText("an active pixel needs its id");
  await ui.save.click();
  await expect(page.getByTestId("pixelId-error")).toHaveText("An active pixel needs its id: enter it, or keep the pixel inactive.");
  await expect(ui.id).toHaveAttribute("aria-invalid", "true");
  // A wrong id too.
  await ui.id.fill("12345");
  await ui.save.click();
  await expect(page.getByTestId("pixelId-error")).toContainText("15 or 16 digits");
  await expectAccessible(page);

  await ui.id.fill(PIXEL_ID);
  await expect(ui.preview).toContainText(`Active: the pixel ${PIXEL_ID} loads on every storefront page.`);
  await expect(ui.preview).toContainText("Not saved yet");
  await ui.save.click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Tracking pixel saved: active" })).toBeVisible({ timeout: 20_000 });
  await expect(ui.preview).not.toContainText("Not saved yet");
  await expect(ui.active).toBeChecked();
  await expect(ui.id).toHaveValue(PIXEL_ID);
  await shot(page, testInfo, "pixel-desktop");
  // The admin area itself never loads the pixel.
  expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe("undefined");

  // The shopper: the page's CSP names Facebook, fbevents.js loads, and the shopping events follow.
  const shopper = await open(browser);
  const fb = await fakeFacebook(shopper);
  const { currency } = (await (await shopper.request.get("/api/settings")).json()) as { currency: string };
  const book = await aBook(shopper);
  const policy = await csp(shopper);
  expect(policy).toContain("script-src 'self'");
  expect(policy).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
  expect(policy).toMatch(/connect-src [^;]*https:\/\/www\.facebook\.com/);

  const shop = await shopper.newPage();
  await shop.goto("/");
  await waitForHydration(shop);
  await expect
    .poll(() => fb.calls.slice(0, 2))
    .toEqual([
      ["init", PIXEL_ID],
      ["track", "PageView"],
    ]);
  expect(fb.scripts).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);

  await shop.goto(`/products/${book.slug}`);
  await expect(shop.getByRole("heading", { level: 1, name: book.name })).toBeVisible();
  await waitForHydration(shop);
  await expect
    .poll(() => tracked(fb, "ViewContent"))
    .toEqual([["track", "ViewContent", { value: book.finalPrice, currency, content_ids: [book._id], content_name: book.name, content_type: "product" }]]);

  await shop.getByRole("button", { name: "Add to cart" }).click();
  const panel = shop.getByRole("dialog", { name: "Shopping cart" });
  await expect(panel).toContainText(book.name);
  await expect
    .poll(() => tracked(fb, "AddToCart"))
    .toEqual([
      [
        "track",
        "AddToCart",
        {
          value: book.finalPrice,
          currency,
          content_ids: [book._id],
          content_name: book.name,
          content_type: "product",
          contents: [{ id: book._id, quantity: 1 }],
        },
      ],
    ]);

  await panel.getByRole("button", { name: "Checkout" }).click();
  await expect(shop.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await waitForHydration(shop);
  await expect.poll(() => tracked(fb, "InitiateCheckout").length).toBe(1);
  const [, , started] = tracked(fb, "InitiateCheckout")[0] as [string, string, { value: number; currency: string; num_items: number }];
  expect(started).toMatchObject({ currency, num_items: 1 });
  expect(started.value).toBeGreaterThanOrEqual(book.finalPrice);

  // A cash-on-delivery order (the default way to pay).
  const form = shop.getByRole("form", { name: "Checkout" });
  await expect(shop.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await form.getByRole("textbox", { name: "Full name" }).fill("Pixel Shopper");
  await form.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("pixel"));
  await form.getByRole("textbox", { name: "Phone" }).fill(uniquePhone());
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("12 Compiler Lane");
  await form.getByRole("textbox", { name: "City" }).fill("Arlington");
  await form.getByRole("combobox", { name: "State" }).selectOption({ label: "Virginia" });
  const total = Number((await shop.getByTestId("checkout-summary").getByTestId("totals-total").textContent())!.replace(/[^\d.]/g, ""));
  await shop.getByRole("button", { name: "Place order" }).click();
  await expect(shop.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const orderId = new URL(shop.url()).searchParams.get("order")!;
  // The order's id is the event id: Facebook counts the order once, whichever browser reports it.
  await expect
    .poll(() => tracked(fb, "Purchase"))
    .toEqual([["track", "Purchase", { value: total, currency, num_items: 1, content_type: "product" }, { eventID: orderId }]]);
  // A reload of the confirmation is not a second purchase.
  await shop.reload();
  await waitForHydration(shop);
  await expect.poll(() => tracked(fb, "PageView").length).toBeGreaterThanOrEqual(5);
  expect(tracked(fb, "Purchase")).toHaveLength(1);
  // Every page load initialised the one pixel.
  expect(new Set(fb.calls.filter((c) => c[0] === "init").map((c) => c[1]))).toEqual(new Set([PIXEL_ID]));

  // A visitor without JavaScript: the noscript image, one PageView.
  const noJs = await open(browser, { javaScriptEnabled: false });
  const plain = await fakeFacebook(noJs);
  const plainPage = await noJs.newPage();
  await plainPage.goto(`/products/${book.slug}`);
  await expect(plainPage.getByRole("heading", { level: 1, name: book.name })).toBeVisible();
  await expect.poll(() => plain.images).toEqual([`https://www.facebook.com/tr?id=${PIXEL_ID}&ev=PageView&noscript=1`]);
  expect(plain.scripts).toEqual([]);

  await Promise.all([admin.close(), shopper.close(), noJs.close()]);
});

test("switched off without JavaScript on a phone: the storefront then loads nothing from Facebook and its CSP does not name it", async ({
  browser,
}, testInfo) => {
  // The operator's form works before JavaScript (a plain POST), on a 390 px wide screen.
  const admin = await open(browser, { javaScriptEnabled: false, width: 390 });
  await signInAsAdmin(admin);
  const page = await admin.newPage();
  await page.goto(PAGE);
  const ui = screen(page);
  await expect(ui.preview).toContainText(`Active: the pixel ${PIXEL_ID} loads on every storefront page.`);
  // A bad id comes back beside its field, with what was typed.
  await ui.id.fill("not-a-pixel");
  await ui.save.click();
  await expect(page.getByTestId("pixelId-error")).toContainText("15 or 16 digits");
  await expect(ui.id).toHaveValue("not-a-pixel");
  await ui.id.fill(PIXEL_ID);
  await ui.active.uncheck();
  await ui.save.click();
  await expect(page.getByRole("status").filter({ hasText: "Tracking pixel saved: inactive" })).toBeVisible();
  await expect(ui.preview).toContainText("Inactive: nothing is loaded from Facebook or sent to it.");
  await expect(ui.id).toHaveValue(PIXEL_ID);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "pixel-phone-nojs");

  // axe needs scripts: the same screen on a phone with JavaScript.
  const adminJs = await open(browser, { width: 390 });
  await signInAsAdmin(adminJs);
  const phone = await adminJs.newPage();
  await phone.goto(PAGE);
  await waitForHydration(phone);
  await expect(screen(phone).active).not.toBeChecked();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(phone);
  await shot(phone, testInfo, "pixel-phone");

  // The shopper: no script request, no fbq, no Facebook in the CSP, on the pages that had events.
  const shopper = await open(browser);
  const fb = await fakeFacebook(shopper);
  expect(await csp(shopper)).not.toContain("facebook");
  const book = await aBook(shopper);
  const shop = await shopper.newPage();
  await shop.goto("/");
  await waitForHydration(shop);
  await shop.goto(`/products/${book.slug}`);
  await waitForHydration(shop);
  await shop.getByRole("button", { name: "Add to cart" }).click();
  await expect(shop.getByRole("dialog", { name: "Shopping cart" })).toContainText(book.name);
  expect(await shop.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe("undefined");
  expect(await shop.content()).not.toContain("facebook.com/tr");
  expect(fb).toEqual({ scripts: [], images: [], calls: [] });

  // A visitor without JavaScript: the inactive pixel's id is kept, but no image goes to Facebook.
  const noJs = await open(browser, { javaScriptEnabled: false });
  const plain = await fakeFacebook(noJs);
  const plainPage = await noJs.newPage();
  const res = await plainPage.goto(`/products/${book.slug}`);
  expect(res!.headers()["content-security-policy"]).not.toContain("facebook");
  await expect(plainPage.getByRole("heading", { level: 1, name: book.name })).toBeVisible();
  await plainPage.waitForLoadState("load");
  expect(plain.images).toEqual([]);

  await Promise.all([admin.close(), adminJs.close(), shopper.close(), noJs.close()]);
});
