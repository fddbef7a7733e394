import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { adminApi, apiJson, cleanUpAfterAll, headers, signInPage } from "./support/admin-api";

// Screens that must read well and fit: the audit log in words, the product list on a phone, and
// the categories as a collapsible, searchable tree reordered by drag or keyboard. What a test
// creates carries a suffix of its own and is deleted afterwards (the demo shop is shared).

test.describe.configure({ timeout: 90_000 });

const CATEGORIES = "/admin-dashboard/add-category";
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** How far an element's content is wider than its box (0 when it fits). */
const sideways = (locator: Locator) => locator.evaluate((el) => el.scrollWidth - el.clientWidth);
const pageSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const cleanups = cleanUpAfterAll(test);

test("the audit log says what changed in words, without codes or JSON, and fits its box at 1280 and 390 px", async ({ page }, testInfo) => {
  const api = await adminApi();
  const pixel = await apiJson<{ pixelId: string; status: string }>(await api.get("/api/admin/facebook-pixel"), 200);
  cleanups.push((a) => a.put("/api/admin/facebook-pixel", { data: pixel, headers }));
  const newId = pixel.pixelId === "123456789012345" ? "543210987654321" : "123456789012345";
  await apiJson(await api.put("/api/admin/facebook-pixel", { data: { pixelId: newId, status: pixel.status }, headers }), 200);
  const category = await apiJson<{ id: string; slug: string }>(
    await api.post("/api/admin/categories", { data: { name: `Audited ${suffix()}` }, headers }),
    201,
  );
  cleanups.push((a) => a.delete(`/api/admin/categories/${category.id}`, { headers }));
  const product = await apiJson<{ id: string; version: number }>(
    await api.post("/api/admin/products", {
      data: { name: `Audited lamp ${suffix()}`, categorySlug: category.slug, price: 24.5, stock: 4, image: ["https://images.example.com/lamp.jpg"] },
      headers,
    }),
    201,
  );
  cleanups.push((a) => a.delete(`/api/admin/products/${product.id}`, { headers }));
  const long = "A warm reading lamp with a linen shade and a brass stem that bends where you need the light. ".repeat(4);
  await apiJson(
    await api.patch(`/api/admin/products/${product.id}`, {
      data: { version: product.version, price: 31, discount: 15, description: `<p>${long}</p>` },
      headers,
    }),
    200,
  );
  await api.dispose();

  await signInPage(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin-dashboard/audit-log");
    const region = page.getByRole("region", { name: /Audit log entries/ });
    const rows = region.getByRole("row");
    const pixelRow = rows.filter({ hasText: "Updated tracking pixel" }).first();
    await expect(pixelRow).toContainText(new RegExp(`Pixel id: ${pixel.pixelId ? pixel.pixelId : "none"}\\W*changed to ${newId}`));
    const productRow = rows.filter({ hasText: "Updated product" }).first();
    await expect(productRow).toContainText(/Price: \$24\.50\W*changed to \$31\.00/);
    await expect(productRow).toContainText(/Discount: 0%\W*changed to 15%/);
    // The long description is cut, and reads without its tags.
    await expect(productRow).toContainText(/Description: none\W*changed to A warm reading lamp[^<]*…/);
    const created = rows.filter({ hasText: "Created category" }).first();
    await expect(created).toContainText(/Name: none\W*changed to Audited/);
    // A new category's empty fields are left out ("Picture: none → none" says nothing).
    await expect(created).not.toContainText(/Picture: none\W*changed to none/);
    // No internal action names in the table, and no JSON in these entries.
    expect((await region.textContent()) ?? "").not.toMatch(/\b(pixel|product|category|user|settings)\.(update|create|delete|role)\b/);
    for (const r of [pixelRow, productRow]) expect((await r.textContent()) ?? "").not.toMatch(/[{}"[\]]/);
    // Nothing is cut: the table fits its frame, and the frame the page.
    expect(await sideways(region), `${width} px`).toBeLessThanOrEqual(0);
    expect(await pageSideways(page), `${width} px`).toBeLessThanOrEqual(0);
    const frame = await region.boundingBox();
    const changes = await productRow.getByTestId("audit-changes").boundingBox();
    expect(changes!.x + changes!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    await expectAccessible(page);
    await shot(page, testInfo, `audit-log-${width}`);
  }
});

test("the product list fits a 390 px phone: each product a card with its price, stock and status, nothing off-screen", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page);
  await page.goto("/admin-dashboard/all-products");
  await waitForHydration(page);
  const region = page.getByRole("region", { name: "Products" });
  const first = region.getByRole("row").nth(1);
  await expect(first).toBeVisible();
  expect(await sideways(region)).toBeLessThanOrEqual(0);
  expect(await pageSideways(page)).toBeLessThanOrEqual(0);
  // Every cell of the card is on the screen, none cut at the right edge.
  for (const cell of await first.getByRole("cell").all()) {
    if (!(await cell.isVisible())) continue;
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Scrolled down to the first card (the page only: the table itself must not need a sideways scroll).
  await first.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
  await expect(first.getByRole("cell").filter({ hasText: /\$\d/ }).first()).toBeInViewport();
  await expect(
    first
      .getByRole("cell")
      .filter({ hasText: /Active|Draft|Archived/ })
      .first(),
  ).toBeInViewport();
  // Sorting stays at hand, as a strip over the cards.
  await expect(region.getByRole("link", { name: "Price" })).toBeInViewport();
  await expectAccessible(page);
  await shot(page, testInfo, "product-list-390", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin-dashboard/all-products");
  expect(await pageSideways(page)).toBeLessThanOrEqual(0);
  await shot(page, testInfo, "product-list-1280", { fullPage: false });
});

test.describe("the categories tree", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /** A top-level category with sub-categories, made for the test at the end of the menu. */
  async function family(api: APIRequestContext, name: string, subs: string[]) {
    const parent = await apiJson<{ id: string; slug: string }>(await api.post("/api/admin/categories", { data: { name }, headers }), 201);
    cleanups.push((a) => a.delete(`/api/admin/categories/${parent.id}`, { headers }));
    for (const sub of subs) await apiJson(await api.post("/api/admin/categories", { data: { name: sub, parentId: parent.id }, headers }), 201);
    return parent;
  }

  type Node = { id: string; name: string; subCategories: Array<{ id: string; name: string }> };
  const menu = async (api: APIRequestContext) => apiJson<Node[]>(await api.get("/api/admin/categories"), 200);
  const topNames = (page: Page) => page.getByRole("list", { name: "Categories", exact: true }).locator(":scope > li h3").allTextContents();
  const subNames = (page: Page, parent: string) =>
    page
      .getByRole("list", { name: `Sub-categories of ${parent}` })
      .getByTestId("category-name")
      .allTextContents();
  const disclosure = (page: Page, parent: string) =>
    page
      .getByTestId("category-node")
      .filter({ has: page.locator("h3", { hasText: parent }) })
      .getByTestId("subcategory-disclosure");

  test("is collapsed at first, remembers what was opened, and a search reveals a sub-category", async ({ page }, testInfo) => {
    const s = suffix();
    const api = await adminApi();
    await family(api, `Pantry ${s}`, [`Spices ${s}`, `Saffron threads ${s}`]);
    const demo = (await menu(api)).find((c) => c.subCategories.length > 0)!;
    await api.dispose();

    await signInPage(page);
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    // Every category's sub-categories are folded away: the screen is a list of categories.
    const disclosures = page.getByTestId("subcategory-disclosure");
    expect(await disclosures.count()).toBeGreaterThan(1);
    for (const d of await disclosures.all()) await expect(d).not.toHaveAttribute("open");
    await expect(page.getByRole("list", { name: `Sub-categories of ${demo.name}` })).toBeHidden();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(3_500);
    await expectAccessible(page);
    await shot(page, testInfo, "categories-1280", { fullPage: false });

    // Opened by its summary (a native disclosure, so also by keyboard), and still open after a reload.
    await disclosure(page, `Pantry ${s}`).locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await subNames(page, `Pantry ${s}`)).toEqual([`Spices ${s}`, `Saffron threads ${s}`]);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("list", { name: `Sub-categories of Pantry ${s}` })).toBeVisible();
    await disclosure(page, `Pantry ${s}`).locator("summary").click();
    await expect(page.getByRole("list", { name: `Sub-categories of Pantry ${s}` })).toBeHidden();

    // A search narrows the tree to the match and opens its parent.
    await page.getByRole("searchbox", { name: "Find a category or sub-category" }).fill(`saffron threads ${s}`);
    await expect(page.getByTestId("category-search-status")).toHaveText(`1 match for “saffron threads ${s}”.`);
    await expect(page.getByTestId("category-name").getByText(`Saffron threads ${s}`, { exact: true })).toBeVisible();
    expect(await subNames(page, `Pantry ${s}`)).toEqual([`Saffron threads ${s}`]);
    expect(await topNames(page)).toEqual([`Pantry ${s}`]);
    await expectAccessible(page);
    await page.getByRole("searchbox", { name: "Find a category or sub-category" }).fill(`nothing like this ${s}`);
    await expect(page.getByTestId("category-search-status")).toHaveText(`No category matches “nothing like this ${s}”.`);
    await page.getByRole("searchbox", { name: "Find a category or sub-category" }).fill("");
    expect((await topNames(page)).length).toBeGreaterThan(2);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    expect(await pageSideways(page)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(5_000);
    await expectAccessible(page);
    await shot(page, testInfo, "categories-390", { fullPage: false });
  });

  test("sub-categories move by keyboard within their category; the new order is announced and kept after a reload", async ({ page }) => {
    const s = suffix();
    const api = await adminApi();
    await family(api, `Stationery ${s}`, [`Pens ${s}`, `Paper ${s}`, `Ink ${s}`]);
    await signInPage(page);
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    await disclosure(page, `Stationery ${s}`).locator("summary").click();

    const up = page.getByRole("button", { name: `Move “Ink ${s}” up` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("category-announcement")).toHaveText(`“Ink ${s}” is now 2 of 3 in Stationery ${s}.`);
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("category-announcement")).toHaveText(`“Ink ${s}” is now 1 of 3 in Stationery ${s}.`);
    expect(await subNames(page, `Stationery ${s}`)).toEqual([`Ink ${s}`, `Pens ${s}`, `Paper ${s}`]);

    await page.reload();
    await waitForHydration(page);
    expect(await subNames(page, `Stationery ${s}`)).toEqual([`Ink ${s}`, `Pens ${s}`, `Paper ${s}`]);
    const saved = (await menu(api)).find((c) => c.name === `Stationery ${s}`)!;
    expect(saved.subCategories.map((c) => c.name)).toEqual([`Ink ${s}`, `Pens ${s}`, `Paper ${s}`]);
    await api.dispose();
  });

  test("rows are dragged by their handle to a new place among their siblings, and it is kept", async ({ page }) => {
    const s = suffix();
    const api = await adminApi();
    await family(api, `Aardvark ${s}`, [`Alpha ${s}`, `Beta ${s}`, `Gamma ${s}`]);
    await family(api, `Zebra ${s}`, []);
    await signInPage(page);
    await page.goto(CATEGORIES);
    await waitForHydration(page);
    expect((await topNames(page)).slice(-2)).toEqual([`Aardvark ${s}`, `Zebra ${s}`]);

    // Zebra onto the top half of Aardvark: before it.
    const row = (name: string) => page.getByTestId("category-row").filter({ has: page.getByTestId("category-name").getByText(name, { exact: true }) });
    await row(`Zebra ${s}`)
      .getByTestId("drag-handle")
      .dragTo(row(`Aardvark ${s}`), { targetPosition: { x: 40, y: 4 } });
    await expect(page.getByTestId("category-announcement")).toHaveText(new RegExp(`“Zebra ${s}” is now \\d+ of \\d+ among the categories\\.`));
    await expect.poll(async () => (await topNames(page)).slice(-2)).toEqual([`Zebra ${s}`, `Aardvark ${s}`]);

    // A sub-category dragged below another of its category.
    await disclosure(page, `Aardvark ${s}`).locator("summary").click();
    const target = row(`Gamma ${s}`);
    // Both rows on the screen, as a person dragging sees them.
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    await row(`Alpha ${s}`)
      .getByTestId("drag-handle")
      .dragTo(target, { targetPosition: { x: 40, y: box.height - 4 } });
    await expect(page.getByTestId("category-announcement")).toHaveText(`“Alpha ${s}” is now 3 of 3 in Aardvark ${s}.`);
    await expect.poll(() => subNames(page, `Aardvark ${s}`)).toEqual([`Beta ${s}`, `Gamma ${s}`, `Alpha ${s}`]);

    await page.reload();
    await waitForHydration(page);
    expect((await topNames(page)).slice(-2)).toEqual([`Zebra ${s}`, `Aardvark ${s}`]);
    expect(await subNames(page, `Aardvark ${s}`)).toEqual([`Beta ${s}`, `Gamma ${s}`, `Alpha ${s}`]);
    const saved = await menu(api);
    expect(saved.slice(-2).map((c) => c.name)).toEqual([`Zebra ${s}`, `Aardvark ${s}`]);
    expect(saved.at(-1)!.subCategories.map((c) => c.name)).toEqual([`Beta ${s}`, `Gamma ${s}`, `Alpha ${s}`]);
    await api.dispose();
  });
});
