import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import type { Permission } from "#common/auth/permissions";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { createCustomer, newCustomer } from "./support/accounts";
import { adminApi, apiJson, cleanUpAfterAll, headers, signInPage } from "./support/admin-api";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The categories (add-category) and banners (banner-management) screens, as an owner uses them,
// and what the storefront does afterwards. Everything a test creates carries a suffix of its own
// and is deleted afterwards: the demo shop is shared with the other browser tests.

// These tests walk whole journeys (admin screen, then the storefront, and back).
test.describe.configure({ timeout: 120_000 });

const CATEGORIES = "/admin-dashboard/add-category";
const BANNERS = "/admin-dashboard/banner-management";

const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** A wide picture made on the spot (a PNG with a coloured band), as an owner would pick from disk. */
async function picture(width = 1200, height = 450, colour = { r: 190, g: 70, b: 40 }): Promise<Buffer> {
  const band = await sharp({ create: { width: Math.round(width / 3), height, channels: 3, background: { r: 250, g: 240, b: 220 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: band, left: Math.round(width / 2), top: 0 }])
    .png()
    .toBuffer();
}

/** Uploads a picture through the admin API, as the screens do. */
async function upload(api: APIRequestContext, kind: "banner" | "category" | "product"): Promise<string> {
  const res = await api.post("/api/admin/uploads", {
    headers,
    multipart: { kind, file: { name: `${kind}.png`, mimeType: "image/png", buffer: await picture() } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { url: string } }).data.url;
}

/** A new confirmed account that is a staff member with `permissions`. */
async function newStaff(admin: APIRequestContext, label: string, permissions: Permission[]) {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const account = await createCustomer(api, newCustomer(label, `Staff ${label}`));
  await api.dispose();
  const users = await apiJson<Array<{ id: string; email: string }>>(await admin.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`), 200);
  const id = users.find((u) => u.email === account.email.toLowerCase())!.id;
  await apiJson(await admin.patch(`/api/admin/users/${id}/role`, { data: { role: "staff", permissions }, headers }), 200);
  return account;
}

/** The toast an action left (top-center). */
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * Waits for the toast saying `text`. A freshly started test shop is still busy for a few seconds
 * (a navigation can take several), so a toast gets longer than the usual 7 s to appear; it stays 4 s.
 */
const expectToast = (page: Page, text: string | RegExp) => expect(toast(page, text)).toBeVisible({ timeout: 20_000 });

/** The tree's row of the category called `name`. */
const categoryRow = (page: Page, name: string) =>
  page.getByTestId("category-row").filter({ has: page.getByTestId("category-name").getByText(name, { exact: true }) });

/** The storefront's desktop category menu. */
const storefrontMenu = (page: Page) => page.getByRole("navigation", { name: "Categories", exact: true });

/** The home carousel's banner titles, in slide order. */
async function homeBannerTitles(page: Page): Promise<string[]> {
  await page.goto("/");
  return (await page.getByTestId("banner-slide").locator("h2").allTextContents()).map((t) => t.trim());
}

/** Deletes what a test made, whatever happened in it. */
const cleanups = cleanUpAfterAll(test);
const deleteCategoryLater = (id: string) => cleanups.push((api) => api.delete(`/api/admin/categories/${id}`, { headers }));
const deleteBannerLater = (id: string) => cleanups.push((api) => api.delete(`/api/admin/banners/${id}`, { headers }));

test.describe("categories", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an owner creates a category and a sub-category, renames it (the old address redirects) and hides it from the shop", async ({ page }) => {
    const s = suffix();
    const name = `Garden ${s}`;
    const sub = `Seeds ${s}`;
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(CATEGORIES);
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await waitForHydration(page);

    // A new top-level category, from the form beside the tree.
    const form = page.locator("#category-form");
    await expect(form.getByRole("heading", { name: "New category" })).toBeVisible();
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("button", { name: "Create category" }).click();
    await expectToast(page, `Category “${name}” created.`);
    await expect(categoryRow(page, name)).toContainText("No products");
    const slug = (await categoryRow(page, name).getAttribute("data-category"))!;
    expect(slug).toBe(`garden-${s}`);
    const created = (await (await page.request.get("/api/admin/categories")).json()) as { data: Array<{ id: string; slug: string }> };
    deleteCategoryLater(created.data.find((c) => c.slug === slug)!.id);

    // A sub-category under it: the parent comes chosen from its "Add sub-category".
    await page.getByRole("link", { name: `Add sub-category to “${name}”` }).click();
    await expect(form.getByRole("heading", { name: `New sub-category of “${name}”` })).toBeFocused();
    await expect(form.getByRole("combobox", { name: "Parent category" })).toHaveValue(/.+/);
    await form.getByRole("textbox", { name: "Name" }).fill(sub);
    await form.getByRole("button", { name: "Create sub-category" }).click();
    await expectToast(page, `Sub-category “${sub}” added to “${name}”.`);
    await expect(page.getByRole("list", { name: `Sub-categories of ${name}` }).getByTestId("category-name")).toHaveText([sub]);

    // The shop's menu has it, with its sub-category.
    await page.goto("/");
    await expect(storefrontMenu(page).getByText(name, { exact: true })).toHaveCount(1);
    expect((await page.goto(`/product-category/${slug}`))?.status()).toBe(200);

    // Renamed: the form says the address follows and the old one will redirect.
    const renamed = `Backyard ${s}`;
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    await categoryRow(page, name)
      .getByRole("link", { name: `Edit “${name}”` })
      .click();
    await expect(form.getByRole("heading", { name: `Edit “${name}”` })).toBeFocused();
    await form.getByRole("textbox", { name: "Name" }).fill(renamed);
    await expect(page.getByTestId("slug-preview")).toContainText(`/product-category/backyard-${s}`);
    await expect(page.getByTestId("slug-preview")).toContainText(`/product-category/${slug}, will redirect`);
    await form.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, `Category “${renamed}” saved.`);
    await expectToast(page, "redirects there");
    await expect(categoryRow(page, renamed)).toBeVisible();

    await page.goto(`/product-category/${slug}`);
    await expect(page).toHaveURL(`/product-category/backyard-${s}`);
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

    // Hidden: it leaves the shop's menu (and its listing), and the tree says so.
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    await categoryRow(page, renamed)
      .getByRole("button", { name: `Hide “${renamed}” from the shop` })
      .click();
    await expectToast(page, `“${renamed}” is hidden.`);
    await expect(categoryRow(page, renamed).getByText("Hidden", { exact: true })).toBeVisible();
    await page.goto("/");
    await expect(storefrontMenu(page).getByRole("link", { name: "All products" })).toBeVisible();
    await expect(storefrontMenu(page).getByText(renamed, { exact: true })).toHaveCount(0);
    expect((await page.goto(`/product-category/backyard-${s}`))?.status()).toBe(404);

    // And back.
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    await categoryRow(page, renamed)
      .getByRole("button", { name: `Show “${renamed}” in the shop` })
      .click();
    await expectToast(page, `“${renamed}” is visible again.`);
    await page.goto("/");
    await expect(storefrontMenu(page).getByText(renamed, { exact: true })).toHaveCount(1);
  });

  test("the order buttons move a category among its siblings, by keyboard", async ({ page }) => {
    const s = suffix();
    const api = await adminApi();
    const first = await apiJson<{ id: string }>(await api.post("/api/admin/categories", { data: { name: `Aardvark ${s}` }, headers }), 201);
    const second = await apiJson<{ id: string }>(await api.post("/api/admin/categories", { data: { name: `Zebra ${s}` }, headers }), 201);
    deleteCategoryLater(first.id);
    deleteCategoryLater(second.id);
    await api.dispose();

    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    const names = () => page.getByRole("list", { name: "Categories", exact: true }).locator(":scope > li h3").allTextContents();
    const before = await names();
    expect(before.slice(-2)).toEqual([`Aardvark ${s}`, `Zebra ${s}`]);

    const up = page.getByRole("button", { name: `Move “Zebra ${s}” up` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("category-announcement")).toHaveText(`“Zebra ${s}” is now ${before.length - 1} of ${before.length} among the categories.`);
    expect((await names()).slice(-2)).toEqual([`Zebra ${s}`, `Aardvark ${s}`]);
    // The keyboard stays with the moved row.
    await expect(up).toBeFocused();

    // The shop's menu follows.
    await page.goto("/");
    const menu = await storefrontMenu(page).locator(":scope > ul > li").allTextContents();
    const zebra = menu.findIndex((t) => t.includes(`Zebra ${s}`));
    const aardvark = menu.findIndex((t) => t.includes(`Aardvark ${s}`));
    expect(zebra).toBeGreaterThan(-1);
    expect(zebra).toBeLessThan(aardvark);
  });

  test("a category with products is deleted only with a category to move them to, chosen in the same step", async ({ page }) => {
    const s = suffix();
    const api = await adminApi();
    const from = await apiJson<{ id: string; slug: string }>(await api.post("/api/admin/categories", { data: { name: `Closing ${s}` }, headers }), 201);
    const to = await apiJson<{ id: string; slug: string }>(await api.post("/api/admin/categories", { data: { name: `Keeping ${s}` }, headers }), 201);
    deleteCategoryLater(from.id);
    deleteCategoryLater(to.id);
    const productName = `Watering can ${s}`;
    const product = await apiJson<{ id: string }>(
      await api.post("/api/admin/products", {
        data: { name: productName, categorySlug: from.slug, price: 24.5, stock: 4, image: [await upload(api, "product")] },
        headers,
      }),
      201,
    );
    cleanups.push((a) => a.delete(`/api/admin/products/${product.id}`, { headers }));
    await api.dispose();

    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    const row = categoryRow(page, `Closing ${s}`);
    await expect(row.getByTestId("category-count")).toHaveText("1 product");
    await row.getByRole("button", { name: `Delete “Closing ${s}”` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete “Closing ${s}”?` });
    await expect(dialog).toContainText("It still holds 1 product");
    await expectAccessible(page);

    // Without a target the server refuses (409), and the dialog says why.
    await dialog.getByRole("button", { name: "Delete and move 1 product" }).click();
    await expect(dialog.getByRole("alert")).toContainText(`“Closing ${s}” still has 1 product: choose a category to move it to.`);
    await expect(dialog.getByRole("combobox", { name: "Move its products to" })).toHaveAttribute("aria-invalid", "true");
    await expect(row).toBeAttached();

    await dialog.getByRole("combobox", { name: "Move its products to" }).selectOption({ label: `Keeping ${s}` });
    await dialog.getByRole("button", { name: "Delete and move 1 product" }).click();
    await expectToast(page, `Category “Closing ${s}” deleted.`);
    await expectToast(page, `1 product moved to “Keeping ${s}”.`);
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(categoryRow(page, `Keeping ${s}`).getByTestId("category-count")).toHaveText("1 product");

    // The product is in the target now, and the old listing's address leads there.
    await page.goto(`/product-category/${from.slug}`);
    await expect(page).toHaveURL(`/product-category/${to.slug}`);
    await expect(page.getByTestId("product-card").filter({ hasText: productName })).toHaveCount(1);
  });

  test("is accessible and fits a phone, with field errors beside the fields", async ({ page }) => {
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    await expectAccessible(page);

    // A name another top-level category has: refused, said beside the field.
    const taken = (await page.getByRole("list", { name: "Categories", exact: true }).locator(":scope > li h3").first().textContent())!.trim();
    const form = page.locator("#category-form");
    await form.getByRole("textbox", { name: "Name" }).fill(taken);
    await form.getByRole("button", { name: "Create category" }).click();
    await expect(page.getByTestId("form-error-summary")).toContainText("The category could not be created");
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("#category-name-error")).toHaveText("Another category here has this name");
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue(taken);
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Add category" }).click();
    await expect(page.locator("#category-form").getByRole("textbox", { name: "Name" })).toBeInViewport();
  });
});

test.describe("banners", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an owner adds a banner with an uploaded picture; reordering banners reorders the home carousel", async ({ page }) => {
    const s = suffix();
    const title = `Autumn sale ${s}`;
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(BANNERS);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add banner" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New banner" })).toBeVisible();

    // The picture uploads as soon as it is chosen and shows as a preview.
    await page
      .getByTestId("image-picker-image")
      .locator('input[type="file"]')
      .setInputFiles({ name: "autumn.png", mimeType: "image/png", buffer: await picture() });
    await expect(page.getByTestId("picked-image")).toHaveAttribute("src", /^\/uploads\/banners\/.+\.webp$/);
    await page.getByRole("textbox", { name: "Alt text" }).fill("Orange leaves on a wooden table");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("textbox", { name: "Text", exact: true }).fill("Warm knits and boots, up to 20% off.");
    await page.getByRole("textbox", { name: "Link" }).fill("/product-category/shoes");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create banner" }).click();
    await expectToast(page, `Banner “${title}” created.`);
    await expect(page).toHaveURL(BANNERS);

    const rows = page.getByTestId("banner-row");
    const mine = rows.filter({ hasText: title });
    await expect(mine.getByText("Live", { exact: true })).toBeVisible();
    const all = await page.request.get("/api/admin/banners");
    const created = ((await all.json()) as { data: Array<{ id: string; title: string; image: string }> }).data.find((b) => b.title === title)!;
    deleteBannerLater(created.id);

    // A second banner (through the API); it goes last, after the first.
    const api = await adminApi();
    const second = `Winter coats ${s}`;
    const other = await apiJson<{ id: string }>(
      await api.post("/api/admin/banners", { data: { title: second, image: await upload(api, "banner"), alt: "A rail of wool coats" }, headers }),
      201,
    );
    deleteBannerLater(other.id);
    await api.dispose();

    let home = await homeBannerTitles(page);
    expect(home.indexOf(title)).toBeGreaterThan(-1);
    expect(home.indexOf(title)).toBeLessThan(home.indexOf(second));
    // The picture's alt text goes with it to the carousel.
    await expect(page.getByTestId("banner-slide").filter({ hasText: title }).locator('img[alt="Orange leaves on a wooden table"]')).toHaveCount(1);

    // Moved up, the second comes before the first, in the list and on the home page.
    await page.goto(BANNERS);
    await waitForHydration(page);
    await page.getByRole("button", { name: `Move “${second}” up` }).click();
    await expect(page.getByTestId("banner-announcement")).toContainText(`“${second}” is now banner`);
    const listed = (await page.getByTestId("banner-title").allTextContents()).map((t) => t.replace(/^\d+\.\s*/, "").trim());
    expect(listed.indexOf(second)).toBe(listed.indexOf(title) - 1);
    home = await homeBannerTitles(page);
    expect(home.indexOf(second)).toBeGreaterThan(-1);
    expect(home.indexOf(second)).toBeLessThan(home.indexOf(title));

    // Deleted (after asking), it leaves the carousel.
    await page.goto(BANNERS);
    await waitForHydration(page);
    await rows
      .filter({ hasText: second })
      .getByRole("button", { name: `Delete “${second}”` })
      .click();
    await page
      .getByRole("dialog", { name: `Delete “${second}”?` })
      .getByRole("button", { name: "Delete banner" })
      .click();
    await expectToast(page, `Banner “${second}” deleted.`);
    await expect(rows.filter({ hasText: second })).toHaveCount(0);
    expect(await homeBannerTitles(page)).not.toContain(second);
  });

  test("a banner scheduled for later is not on the home page yet", async ({ page }) => {
    const s = suffix();
    const title = `New year ${s}`;

    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${BANNERS}?new`);
    await waitForHydration(page);
    // Without a picture or its description the form is refused, field by field.
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("button", { name: "Create banner" }).click();
    const summary = page.getByTestId("form-error-summary");
    await expect(summary).toContainText("Upload the banner's picture");
    await expect(summary).toContainText("Describe the picture for people who cannot see it");
    await expect(page.getByRole("textbox", { name: "Alt text" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await expectAccessible(page);

    // The picture, and a window starting next year.
    await page
      .getByTestId("image-picker-image")
      .locator('input[type="file"]')
      .setInputFiles({ name: "fireworks.png", mimeType: "image/png", buffer: await picture(1600, 600, { r: 20, g: 30, b: 90 }) });
    await expect(page.getByTestId("picked-image")).toBeVisible();
    await page.getByRole("textbox", { name: "Alt text" }).fill("Fireworks over a city");
    const nextYear = new Date().getFullYear() + 1;
    await page.getByLabel("Active from").fill(`${nextYear}-01-01T00:00`);
    await page.getByRole("button", { name: "Create banner" }).click();
    await expectToast(page, `Banner “${title}” created.`);
    await expectToast(page, "when its start time comes");
    const row = page.getByTestId("banner-row").filter({ hasText: title });
    await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(row).toContainText(`From Jan 1, ${nextYear}`);
    const listed = (
      (await (await page.request.get("/api/admin/banners")).json()) as { data: Array<{ id: string; title: string; startsAt: string }> }
    ).data.find((b) => b.title === title)!;
    deleteBannerLater(listed.id);

    expect(await homeBannerTitles(page)).not.toContain(title);
    const api2 = await page.request.get("/api/banners");
    expect(((await api2.json()) as { data: Array<{ title: string }> }).data.map((b) => b.title)).not.toContain(title);
  });

  test("leaving the form with unsaved changes asks first", async ({ page }) => {
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(BANNERS);
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Edit/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit banner" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title" }).fill("A title not saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("A title not saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    await dialog.getByRole("button", { name: "Leave page" }).click();
    await expect(page).toHaveURL(BANNERS);
    await expect(page.getByTestId("banner-title").filter({ hasText: "A title not saved" })).toHaveCount(0);
  });

  test("is accessible and fits a phone", async ({ page }) => {
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(BANNERS);
    await waitForHydration(page);
    await expect(page.getByTestId("banner-row").first()).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [BANNERS, `${BANNERS}?new`]) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(page);
    }
  });
});

test.describe("permissions", () => {
  test("staff without “catalog” cannot open Categories, staff without “content” cannot open Banners", async ({ browser }) => {
    const admin = await adminApi();
    const contentOnly = await newStaff(admin, "content-staff", ["content"]);
    const catalogOnly = await newStaff(admin, "catalog-staff", ["catalog"]);
    await admin.dispose();

    for (const [account, allowed, refused] of [
      [contentOnly, BANNERS, CATEGORIES],
      [catalogOnly, CATEGORIES, BANNERS],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signInPage(page, account.email, account.password);
      const denied = await page.goto(refused);
      expect(denied?.status(), `${account.email} on ${refused}`).toBe(403);
      await expect(page.getByTestId("category-tree")).toHaveCount(0);
      await expect(page.getByTestId("banner-list")).toHaveCount(0);
      // Its actions are guarded too, not only the page.
      const post = await page.request.post(refused, { form: { intent: "move-up", id: "x" }, headers, maxRedirects: 0 });
      expect(post.status(), `POST ${refused}`).toBe(403);
      const ok = await page.goto(allowed);
      expect(ok?.status(), `${account.email} on ${allowed}`).toBe(200);
      await context.close();
    }
  });
});
