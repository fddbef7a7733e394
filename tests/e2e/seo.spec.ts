import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

const meta = (page: Page, attr: "name" | "property", key: string) => page.locator(`head meta[${attr}="${key}"]`);

test.describe("titles and sharing tags", () => {
  test("home: site name and Home, description, canonical, Open Graph and Twitter tags with absolute URLs", async ({ page, request, baseURL }) => {
    const settings = await (await request.get("/api/settings")).json();
    await page.goto("/");
    await expect(page).toHaveTitle(`${settings.siteName} | Home`);
    await expect(meta(page, "name", "description")).toHaveAttribute("content", /\S/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(meta(page, "property", "og:url")).toHaveAttribute("content", `${baseURL}/`);
    await expect(meta(page, "property", "og:title")).toHaveAttribute("content", `${settings.siteName} | Home`);
    await expect(meta(page, "property", "og:site_name")).toHaveAttribute("content", settings.siteName);
    await expect(meta(page, "property", "og:type")).toHaveAttribute("content", "website");
    await expect(meta(page, "name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
    const image = await meta(page, "property", "og:image").getAttribute("content");
    expect(image).toBe(`${baseURL}/og-image.png`);
    await expect(meta(page, "name", "twitter:image")).toHaveAttribute("content", image!);
    const png = await request.get(image!);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toContain("image/png");
    await expect(meta(page, "name", "robots")).toHaveCount(0);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(ld.find((x) => x["@type"] === "WebSite")).toMatchObject({ name: settings.siteName, url: `${baseURL}/`, potentialAction: { target: `${baseURL}/search?q={search_term_string}` } });
    expect(ld.find((x) => x["@type"] === "Organization")).toMatchObject({ name: settings.siteName });
    await expectAccessible(page);
  });

  test("other pages: the last path segment with dashes as spaces, and their own canonical URL", async ({ page, request, baseURL }) => {
    const settings = await (await request.get("/api/settings")).json();
    await page.goto("/contact-us");
    await expect(page).toHaveTitle(`${settings.siteName} | contact us`);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/contact-us`);
    await expect(meta(page, "property", "og:url")).toHaveAttribute("content", `${baseURL}/contact-us`);
    await expect(meta(page, "name", "twitter:title")).toHaveAttribute("content", `${settings.siteName} | contact us`);
    await expectAccessible(page);

    // Client-side navigation updates the tags too.
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveTitle(`${settings.siteName} | privacy policy`);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/privacy-policy`);
    await expect(meta(page, "name", "description")).toHaveAttribute("content", /privacy|personal data/i);
  });

  test("the 404 page follows the title rule and is not indexed", async ({ page, request }) => {
    const settings = await (await request.get("/api/settings")).json();
    const res = await page.goto("/lost-and-found");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(`${settings.siteName} | lost and found`);
    await expect(meta(page, "name", "robots")).toHaveAttribute("content", "noindex");
  });

  test("no tracking pixel without a pixel id", async ({ page }) => {
    const res = await page.goto("/");
    expect(await res!.text()).not.toContain("facebook.com/tr");
    await waitForHydration(page);
    expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe("undefined");
  });
});

// Settings the shared test server does not have: a server of its own on its own database.
test.describe("tracking pixel and live chat from the settings", () => {
  let dir: string;
  let child: ChildProcess;
  let base: string;
  const port = 4800 + Math.floor(Math.random() * 400);

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pixel-"));
    const dbFile = path.join(dir, "shop.db");
    base = `http://127.0.0.1:${port}`;
    let output = "";
    child = spawn(process.execPath, ["server.mjs"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, DATABASE_URL: `file:${dbFile}`, UPLOADS_DIR: path.join(dir, "uploads"), LOG_LEVEL: "warn", NODE_ENV: "production", SEED_ON_EMPTY: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 30_000, message: output }).toBe(200);
    // The server has migrated the database; settings are read on the first page request.
    const db = new Database(dbFile);
    const put = db.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    const now = new Date().toISOString();
    put.run("site", JSON.stringify({ siteName: "Pixel Shop", liveChatScriptUrl: "https://chat.example.com/widget.js" }), now);
    put.run("facebook_pixel", JSON.stringify({ pixelId: "123456789", status: "active" }), now);
    db.close();
  });

  test.afterAll(() => {
    child?.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("an active pixel is initialised and tracks each page view; the noscript image is there; the chat script loads", async ({ page }) => {
    await page.route("https://connect.facebook.net/**", (route) => route.fulfill({ contentType: "text/javascript", body: "window.__fbeventsLoaded = true;" }));
    await page.route("https://chat.example.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: "window.__chatLoaded = true;" }));
    await page.route("https://www.facebook.com/**", (route) => route.fulfill({ status: 204 }));

    const res = await page.goto(`${base}/`);
    const html = await res!.text();
    expect(html).toContain("<noscript>");
    expect(html).toContain("https://www.facebook.com/tr?id=123456789&amp;ev=PageView&amp;noscript=1");
    await expect(page).toHaveTitle("Pixel Shop | Home");
    await expect(page.locator('head script[src="https://chat.example.com/widget.js"]')).toHaveAttribute("async", "");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __chatLoaded?: boolean }).__chatLoaded)).toBe(true);

    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __fbeventsLoaded?: boolean }).__fbeventsLoaded)).toBe(true);
    const calls = () => page.evaluate(() => ((window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue ?? []).map((args) => Array.from(args).join(" ")));
    expect(await calls()).toEqual(["init 123456789", "track PageView"]);

    await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(`${base}/contact-us`);
    await expect.poll(calls).toEqual(["init 123456789", "track PageView", "track PageView"]);
    // Loaded once, not again on navigation.
    await expect(page.locator('script[src="https://chat.example.com/widget.js"]')).toHaveCount(1);
    await expectAccessible(page);
  });
});
