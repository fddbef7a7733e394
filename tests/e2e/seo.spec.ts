import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { APIRequestContext, BrowserContextOptions, Page } from "@playwright/test";
import { insertCatalog } from "../support/catalog-fixture";
import { type OwnShop, startOwnShop } from "./support/own-shop";
import { expect, expectAccessible, expectAccessibleWithoutScripts, test, waitForHydration } from "./fixtures";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

const meta = (page: Page, attr: "name" | "property", key: string) => page.locator(`head meta[${attr}="${key}"]`);
const canonical = (page: Page) => page.locator('head link[rel="canonical"]');

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
// A person's browser: the test browser's own "HeadlessChrome" counts as a bot, which the server
// renders differently (entry.server.tsx waits for everything before sending).
const SHOPPER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/**
 * The product links of a page's raw HTML, split into those in the page itself and those in the
 * hidden fragments (`<div hidden id="S:…">`) that React streams after the page for an inline script
 * to move into place: without JavaScript (or for a crawler reading the HTML) those never appear.
 * React writes every such fragment after the document's shell, so the shell ends at the first one.
 */
function productLinks(html: string) {
  const firstHidden = html.search(/<div hidden id="S:/);
  const links = (part: string) => [...part.matchAll(/href="(\/products\/[^"]+)"/g)].map((m) => m[1]);
  return { shown: links(firstHidden === -1 ? html : html.slice(0, firstHidden)), hidden: firstHidden === -1 ? [] : links(html.slice(firstHidden)) };
}

/** The raw HTML of one home-page section, from its opening tag to the next section. */
function sectionHtml(html: string, labelledBy: string) {
  const start = html.indexOf(`aria-labelledby="${labelledBy}"`);
  if (start === -1) return "";
  const next = html.indexOf("<section", start);
  return html.slice(start, next === -1 ? undefined : next);
}

/** A product of the first listing page that shares its sub-category with another, so it has "You may also like". */
async function productWithRelated(request: APIRequestContext) {
  const products = (await (await request.get("/api/products")).json()).data as Array<{ slug: string; name: string; subCategorySlug: string | null }>;
  const product = products.find((p) => p.subCategorySlug && products.some((o) => o !== p && o.subCategorySlug === p.subCategorySlug));
  expect(product, "a product with a sibling in its sub-category").toBeDefined();
  return product!;
}

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
    expect(ld.find((x) => x["@type"] === "WebSite")).toMatchObject({
      name: settings.siteName,
      url: `${baseURL}/`,
      potentialAction: { target: `${baseURL}/search?q={search_term_string}` },
    });
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

  test("a product, a listing and a sub-category are named in the title as the shop names them, not by their address", async ({ page, request }) => {
    const settings = await (await request.get("/api/settings")).json();
    const categories = (
      (await (await request.get("/api/categories")).json()) as {
        data: Array<{ name: string; slug: string; subCategories: Array<{ name: string; slug: string }> }>;
      }
    ).data;
    // A category whose name is not its address with dashes as spaces (an apostrophe, capitals, an ampersand).
    const category = categories.find((c) => c.name !== c.slug.replace(/-/g, " ") && c.subCategories.some((s) => s.name !== s.slug.replace(/-/g, " ")))!;
    const sub = category.subCategories.find((s) => s.name !== s.slug.replace(/-/g, " "))!;
    await page.goto(`/product-category/${category.slug}`);
    await expect(page).toHaveTitle(`${settings.siteName} | ${category.name}`);
    await page.goto(`/product-category/${category.slug}?subCategory=${sub.slug}`);
    await expect(page).toHaveTitle(`${settings.siteName} | ${sub.name}`);
    await page.goto("/products/classic-cotton-t-shirt");
    await expect(page).toHaveTitle(`${settings.siteName} | Classic Cotton T-Shirt`);
  });

  test("every admin screen's title names the shop: its last path segment, or the name of what it shows", async ({ page, request }) => {
    const settings = await (await request.get("/api/settings")).json();
    expect((await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { origin: BASE_URL } })).status()).toBe(200);
    const site = settings.siteName as string;
    for (const [path, title] of [
      ["/admin-dashboard", `${site} | admin dashboard`],
      ["/admin-dashboard/sales-report", `${site} | sales report`],
      ["/admin-dashboard/analytics", `${site} | analytics`],
      ["/admin-dashboard/orders/pending", `${site} | pending`],
      ["/admin-dashboard/facebook-pixel", `${site} | facebook pixel`],
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    const product = ((await (await page.request.get("/api/admin/products?pageSize=1")).json()) as { data: Array<{ id: string; name: string }> }).data[0]!;
    await page.goto(`/admin-dashboard/edit-product/${product.id}`);
    await expect(page).toHaveTitle(`${site} | ${product.name}`);
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
    // A hook shares the test's 30 s: starting a second server while CI runs two browser parts on two
    // cores took longer than that once, so the start-up has a minute and a half of its own.
    test.setTimeout(90_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pixel-"));
    const dbFile = path.join(dir, "shop.db");
    base = `http://127.0.0.1:${port}`;
    let output = "";
    child = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        DATABASE_URL: `file:${dbFile}`,
        UPLOADS_DIR: path.join(dir, "uploads"),
        // Pictures in the folder above, even where the developer's environment names an object store.
        STORAGE_URL: "",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        SEED_ON_EMPTY: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 80_000, message: output }).toBe(200);
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

test.describe("crawlers and shoppers without JavaScript get the products in the HTML", () => {
  type Category = { _id: string; name: string; productCount: number };

  for (const [who, headers] of [
    ["a shopper's browser", { "user-agent": SHOPPER }],
    ["Googlebot", { "user-agent": GOOGLEBOT }],
  ] as const) {
    test(`raw HTML for ${who}: every home row and "You may also like" hold product links, none in a hidden fragment`, async ({ request }) => {
      const categories = ((await (await request.get("/api/categories")).json()).data as Category[]).filter((c) => c.productCount > 0);
      const home = await (await request.get("/", { headers })).text();
      expect(productLinks(home).hidden).toEqual([]);
      expect(sectionHtml(home, "home-deals")).toContain('href="/products/');
      for (const c of categories) {
        expect(productLinks(sectionHtml(home, `home-category-${c._id}`)).shown.length, `${c.name} row`).toBeGreaterThan(0);
      }

      const product = await productWithRelated(request);
      const html = await (await request.get(`/products/${product.slug}`, { headers })).text();
      const { shown, hidden } = productLinks(html.slice(html.indexOf("You may also like")));
      expect(hidden).toEqual([]);
      expect(shown.filter((href) => href !== `/products/${product.slug}`).length).toBeGreaterThan(0);
    });
  }

  // Googlebot's first pass reads the HTML without running scripts; the server renders bots differently
  // (it waits for everything before sending), so both are looked at.
  for (const [who, options] of [
    ["without JavaScript", { javaScriptEnabled: false, userAgent: SHOPPER }],
    ["as Googlebot", { javaScriptEnabled: false, userAgent: GOOGLEBOT }],
  ] as Array<[string, BrowserContextOptions]>) {
    test(`${who}: the home page shows cards in every category row and the product page "You may also like"`, async ({ browser, request }) => {
      const categories = ((await (await request.get("/api/categories")).json()).data as Category[]).filter((c) => c.productCount > 0);
      const product = await productWithRelated(request);
      const context = await browser.newContext(options);
      const page = await context.newPage();

      await page.goto("/");
      await expect(page.getByRole("region", { name: "On sale now" }).getByTestId("product-card").first()).toBeVisible();
      for (const c of categories) {
        await expect(page.getByRole("region", { name: c.name, exact: true }).getByTestId("product-card").first(), c.name).toBeVisible();
      }
      await expectAccessibleWithoutScripts(browser, page);

      await page.goto(`/products/${product.slug}`);
      const related = page.getByRole("region", { name: "You may also like" });
      await expect(related).toBeVisible();
      await expect(related.getByRole("link").first()).toHaveAttribute("href", /^\/products\//);
      await expect(related.getByRole("link", { name: product.name, exact: true })).toHaveCount(0);
      await expectAccessibleWithoutScripts(browser, page);
      await context.close();
    });
  }
});

// Listings with more than two pages need more products in one category than the demo shop has:
// a server of its own on a database with a known catalogue.
test.describe("canonical addresses of listings", () => {
  let shop: OwnShop;
  let base: string;
  // 60 sneakers (three pages of 24) and 2 boots.
  const products = [
    ...Array.from({ length: 60 }, (_, i) => ({ name: `Sneaker ${i + 1}`, price: 5000 + i * 100, category: "Shoes", subCategory: "Sneakers" })),
    { name: "Hiking Boot", price: 12000, category: "Shoes", subCategory: "Boots" },
    { name: "Winter Boot", price: 14000, category: "Shoes", subCategory: "Boots" },
  ];

  test.beforeAll(async () => {
    shop = await startOwnShop("canonical", (db) => insertCatalog(db, { Shoes: ["Sneakers", "Boots"] }, products).then(() => undefined));
    base = shop.base;
  });

  test.afterAll(() => shop?.stop());

  const expectCanonical = async (page: Page, path: string) => {
    await expect(canonical(page)).toHaveAttribute("href", `${base}${path}`);
    await expect(meta(page, "property", "og:url")).toHaveAttribute("content", `${base}${path}`);
  };

  test("page N of a listing is its own canonical; page 1 has no page; sort and price filters are dropped", async ({ page }) => {
    await page.goto(`${base}/product-category/shoes?page=3`);
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expectCanonical(page, "/product-category/shoes?page=3");
    await expect(meta(page, "name", "robots")).toHaveCount(0);

    await page.goto(`${base}/product-category/shoes?page=1`);
    await expectCanonical(page, "/product-category/shoes");
    await page.goto(`${base}/product-category/shoes?sort=price-desc&minPrice=1&maxPrice=500&page=2`);
    await expectCanonical(page, "/product-category/shoes?page=2");
    await page.goto(`${base}/product-category?page=2`);
    await expectCanonical(page, "/product-category?page=2");
    await expectAccessible(page);

    // Moving between pages in the browser moves the canonical with it.
    await page.goto(`${base}/product-category/shoes`);
    await waitForHydration(page);
    await page.getByTestId("pagination").getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectCanonical(page, "/product-category/shoes?page=2");

    // A page past the last one has no products to index.
    await page.goto(`${base}/product-category/shoes?page=9`);
    await expect(meta(page, "name", "robots")).toHaveAttribute("content", "noindex");
  });

  test("a sub-category page is its own canonical (by its slug, whatever the spelling) and is in the sitemap", async ({ page, request }) => {
    await page.goto(`${base}/product-category/shoes?subCategory=shoes-boots`);
    await expect(page.getByRole("heading", { level: 1, name: "Boots" })).toBeVisible();
    await expectCanonical(page, "/product-category/shoes?subCategory=shoes-boots");
    await expectAccessible(page);

    await page.goto(`${base}/product-category/shoes?subCategory=Boots&sort=price-asc`);
    await expectCanonical(page, "/product-category/shoes?subCategory=shoes-boots");
    await page.goto(`${base}/product-category/shoes?subCategory=shoes-sneakers&page=2`);
    await expectCanonical(page, "/product-category/shoes?page=2&subCategory=shoes-sneakers");

    const sitemap = await (await request.get(`${base}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&#38;/g, "&"));
    expect(locs).toContain(`${base}/product-category/shoes`);
    expect(locs).toContain(`${base}/product-category/shoes?subCategory=shoes-boots`);
    expect(locs).toContain(`${base}/product-category/shoes?subCategory=shoes-sneakers`);
    // Every listing in the sitemap names itself as its canonical.
    for (const loc of locs.filter((l) => l.includes("/product-category"))) {
      const html = await (await request.get(loc)).text();
      expect(html, loc).toContain(`<link rel="canonical" href="${loc.replace(/&/g, "&amp;")}"/>`);
    }
  });
});
