import { type APIRequestContext, type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { createCustomer, newCustomer } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The catalogue screens of the admin: the products list, the one product
// form for adding and editing, and what a save does to the storefront.

const headers = { origin: BASE_URL };
const LIST = "/admin-dashboard/all-products";
const ADD = "/admin-dashboard/add-product";

/** Signs this page's browser in (the page's own cookies) through the API. */
async function signInPage(page: Page, email: string = E2E_ADMIN.email, password: string = E2E_ADMIN.password) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** An API client signed in as the administrator. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await api.post("/api/auth/sign-in/email", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** A small real PNG of one colour, as the file input receives it. */
async function png(name: string, color: string) {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A demo category that has sub-categories, with its first sub-category (names and slugs). */
async function categoryWithSub(request: APIRequestContext) {
  const res = await request.get("/api/categories");
  const { data } = (await res.json()) as { data: Array<{ name: string; slug: string; subCategories: Array<{ name: string; slug: string }> }> };
  const category = data.find((c) => c.subCategories.length > 0);
  expect(category, "a demo category with sub-categories").toBeTruthy();
  return { category: category!, sub: category!.subCategories[0]! };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The input of the variant `name` ("Lagoon / S") in the matrix, by its column label. */
function variantInput(form: Locator, label: "Extra price" | "Stock" | "SKU", variant: string) {
  return form.getByLabel(`${label} of ${variant}`, { exact: true });
}

/** Fills the product form of a new product with two pictures and a 2 × 2 matrix; returns what was typed. */
async function fillNewProduct(page: Page, name: string, cat: { category: { name: string }; sub: { name: string } }) {
  const form = page.getByRole("form", { name: "New product" });
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  // The address follows the name while it has not been edited.
  const slug = await form.getByLabel("Address", { exact: true }).inputValue();
  expect(slug).toBe(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));

  const editor = form.getByRole("textbox", { name: "Description" });
  await editor.click();
  await page.keyboard.type("A brass lantern for long evenings. ");
  const bold = form.getByRole("button", { name: "Bold" });
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("Hand-finished.");

  // Two pictures at once through the file input: each uploads with its progress, then shows its alt text field.
  await form.locator('input[type="file"]').setInputFiles([await png("front.png", "#b45309"), await png("side.png", "#1d4ed8")]);
  await expect(form.getByLabel("Alt text of picture 1")).toBeVisible({ timeout: 15_000 });
  await expect(form.getByLabel("Alt text of picture 2")).toBeVisible({ timeout: 15_000 });
  await expect(form.getByTestId("product-image").first()).toContainText("Main picture");
  await form.getByLabel("Alt text of picture 1").fill("The lantern from the front");
  await form.getByLabel("Alt text of picture 2").fill("The lantern from the side");
  // Keyboard reordering: the second picture becomes the main one, and back.
  await form.getByRole("button", { name: "Move picture 2 up" }).click();
  await expect(form.getByLabel("Alt text of picture 1")).toHaveValue("The lantern from the side");
  await form.getByRole("button", { name: "Move picture 1 down" }).click();
  await expect(form.getByLabel("Alt text of picture 1")).toHaveValue("The lantern from the front");

  await form.getByRole("textbox", { name: "Price (USD)" }).fill("40");
  await form.getByLabel("Discount %").fill("10");
  await form.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: cat.category.name });
  await form.getByLabel("Sub-category").selectOption({ label: cat.sub.name });
  await form.getByLabel("Brand").fill("Lumen & Co");

  // Colours and sizes make the 2 × 2 matrix.
  await form.getByRole("button", { name: "Add a colour" }).click();
  await form.getByLabel("Name of colour 1").fill("Lagoon");
  await form.getByLabel("Hex colour of colour 1").fill("#0e7490");
  await form.getByRole("button", { name: "Add a colour" }).click();
  await form.getByLabel("Name of colour 2").fill("Ember");
  await form.getByLabel("Hex colour of colour 2").fill("#c2410c");
  await form.getByRole("button", { name: "Add a size" }).click();
  await form.getByLabel("Size 1", { exact: true }).fill("S");
  await form.getByRole("button", { name: "Add a size" }).click();
  await form.getByLabel("Size 2", { exact: true }).fill("M");
  await expect(form.getByTestId("variant-row")).toHaveCount(4);
  await form.getByLabel("Stock for all", { exact: true }).fill("6");
  await form.getByRole("button", { name: "Apply stock for all" }).click();
  for (const v of ["Lagoon / S", "Lagoon / M", "Ember / S", "Ember / M"]) await expect(variantInput(form, "Stock", v)).toHaveValue("6");
  await variantInput(form, "Stock", "Ember / M").fill("9");
  await variantInput(form, "Extra price", "Ember / M").fill("5");
  await variantInput(form, "SKU", "Ember / M").fill(`LNT-EM-${name.slice(-4).toUpperCase()}`);

  const specs = form.getByRole("list", { name: "Specifications" });
  await specs.getByLabel("Name of specification 1").fill("Material");
  await specs.getByLabel("Value of specification 1").fill("Brass");
  return { slug };
}

test.describe("the product screens", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a product created through the form shows in the shop, in search and in its category, and a price change follows", async ({ page, request }) => {
    test.setTimeout(90_000);
    const cat = await categoryWithSub(request);
    const name = `Harbour Lantern ${unique()}`;
    await signInPage(page);
    await page.goto(ADD);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
    await expectAccessible(page);
    const { slug } = await fillNewProduct(page, name, cat);
    await page.getByRole("button", { name: "Create product" }).click();

    // Created: the edit screen of the new product, with a toast and its history.
    await expect(page).toHaveURL(/\/admin-dashboard\/edit-product\/[^/]+$/);
    await expect(page.getByText("Product created").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    await expect(page.getByTestId("audit-history")).toContainText("Created");
    const editUrl = page.url();
    const form = page.getByRole("form", { name: "Edit product" });
    await expect(form.getByTestId("variant-row")).toHaveCount(4);
    await expect(variantInput(form, "Stock", "Ember / M")).toHaveValue("9");
    await expect(form.getByLabel("Alt text of picture 2")).toHaveValue("The lantern from the side");
    await expectAccessible(page);

    // The storefront: its page, with both pictures, the description and the discounted price.
    await page.goto(`/products/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("product-price").getByTestId("final-price")).toContainText("$36.00");
    await expect(page.getByTestId("description").locator("strong")).toHaveText("Hand-finished.");
    await expect(page.getByTestId("gallery").getByRole("img", { name: `${name}, picture 2 of 2` })).toBeAttached();
    // In search (the page and the API) and in its sub-category's listing (newest first).
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId("results").getByRole("link", { name }).first()).toBeVisible();
    const found = (await (await request.get(`/api/products/search/ser?q=${encodeURIComponent(name)}`)).json()) as {
      data: { products: Array<{ name: string }> };
    };
    expect(found.data.products.map((p) => p.name)).toContain(name);
    await page.goto(`/product-category/${cat.category.slug}?subCategory=${cat.sub.slug}`);
    await expect(page.getByTestId("product-card").filter({ hasText: name })).toBeVisible();

    // A new price through the edit form: the shop follows at once (a save bumps the cache epoch).
    await page.goto(editUrl);
    await waitForHydration(page);
    await form.getByRole("textbox", { name: "Price (USD)" }).fill("50");
    // Leaving with the change unsaved asks first; staying keeps it.
    await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "All products" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(editUrl);
    await expect(form.getByRole("textbox", { name: "Price (USD)" })).toHaveValue("50");
    await form.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("audit-history").getByRole("listitem").first()).toContainText(/Price: \$[\d.]+\W*changed to \$50\.00/);
    await page.goto(`/products/${slug}`);
    await expect(page.getByTestId("product-price").getByTestId("final-price")).toContainText("$45.00");

    // The list finds it by a misspelt word and links to it.
    await page.goto(`${LIST}?q=${encodeURIComponent(name.replace("Lantern", "Lantren"))}`);
    const row = page.getByTestId("products-table").getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("$45.00");
    await expect(row).toContainText("Active");
    await row.getByRole("link", { name }).click();
    await expect(page).toHaveURL(editUrl);
  });

  test("a stale save answers 409, says so and keeps what was typed", async ({ browser, page, request }) => {
    const cat = await categoryWithSub(request);
    const api = await adminApi();
    const created = await api.post("/api/admin/products", {
      headers,
      data: { name: `Tide Clock ${unique()}`, description: "<p>Keeps time.</p>", categorySlug: cat.category.slug, price: 30, image: [], stock: 4 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const url = `/admin-dashboard/edit-product/${id}`;

    await signInPage(page);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInPage(other);
    await page.goto(url);
    await other.goto(url);
    await waitForHydration(page);
    await waitForHydration(other);

    // Someone else saves first…
    await other.getByRole("form", { name: "Edit product" }).getByLabel("Brand").fill("Their brand");
    await other.getByRole("button", { name: "Save product" }).click();
    await expect(other.getByText("Saved", { exact: true }).first()).toBeVisible();

    // …then this page's save is refused, and what was typed stays.
    const form = page.getByRole("form", { name: "Edit product" });
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Tide Clock, renamed here");
    await form.getByLabel("Brand").fill("My brand");
    await page.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByTestId("conflict-message")).toContainText(
      "Someone else saved this product while you were editing. Your changes are kept below; reload to see theirs.",
    );
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Tide Clock, renamed here");
    await expect(form.getByLabel("Brand")).toHaveValue("My brand");
    await expectAccessible(page);
    const stored = (await (await api.get(`/api/admin/products/${id}`)).json()) as { data: { name: string; brand: string; slug: string } };
    expect(stored.data.brand).toBe("Their brand");
    expect(stored.data.name).not.toBe("Tide Clock, renamed here");
    await other.close();

    // Delete, once confirmed: back to the list, and the product is gone from the shop.
    await page.goto(url);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Delete “${stored.data.name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete product" }).click();
    await expect(page).toHaveURL(LIST);
    await expect(page.getByText("Product deleted").first()).toBeVisible();
    expect((await request.get(`/api/products/${stored.data.slug}`)).status()).toBe(404);
    await api.dispose();
  });

  test("the server's field errors show beside the fields and keep what was typed", async ({ page, request }) => {
    const cat = await categoryWithSub(request);
    await signInPage(page);
    await page.goto(ADD);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "New product" });
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Negative Lamp");
    await form.getByRole("textbox", { name: "Price (USD)" }).fill("-5");
    await form.getByLabel("Discount %").fill("120");
    await form.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: cat.category.name });
    await form.getByRole("button", { name: "Add a size" }).click();
    await form.getByRole("button", { name: "Add a size" }).click();
    await form.getByLabel("Size 1", { exact: true }).fill("L");
    await form.getByLabel("Size 2", { exact: true }).fill("L");
    await page.getByRole("button", { name: "Create product" }).click();

    await expect(page.getByTestId("form-error-summary")).toBeVisible();
    const price = form.getByRole("textbox", { name: "Price (USD)" });
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveAccessibleDescription(/cannot be negative/);
    await expect(form.getByLabel("Discount %")).toHaveAccessibleDescription(/at most 100/);
    await expect(form.getByLabel("Size 2", { exact: true })).toHaveAccessibleDescription(/listed twice/);
    await expect(price).toHaveValue("-5");
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Negative Lamp");
    await expect(page).toHaveURL(ADD);
    await expectAccessible(page);

    // A file that is not a picture: the server's reason beside it, and nothing posted for it.
    await form.locator('input[type="file"]').setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are not pixels") });
    const refused = form.getByTestId("product-image").filter({ hasText: "notes.png" });
    await expect(refused.getByTestId("image-upload-error")).toContainText("not a picture");
    await expect(form.locator('input[type="hidden"][name="image.0"]')).toHaveCount(0);
    await refused.getByRole("button", { name: "Dismiss notes.png" }).click();
    await expect(form.getByTestId("product-image")).toHaveCount(0);
  });

  test("without JavaScript the form is plain HTML: it creates the product, and the shop gets the description sanitised", async ({ browser, request }) => {
    const cat = await categoryWithSub(request);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInPage(page);
    await page.goto(ADD);
    const form = page.getByRole("form", { name: "New product" });
    const name = `Quiet Kettle ${unique()}`;
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await form.getByRole("textbox", { name: "Description" }).fill('<p>Boils <strong>quietly</strong>.</p><script>alert("x")</script>');
    await form.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: cat.category.name });
    await form.getByRole("textbox", { name: "Price (USD)" }).fill("-1");
    await form.getByLabel("Name of specification 1").fill("Volume");
    await form.getByLabel("Value of specification 1").fill("1.7 L");
    await page.getByRole("button", { name: "Create product" }).click();
    // Refused: the page comes back with the message and what was typed.
    await expect(form.getByRole("textbox", { name: "Price (USD)" })).toHaveAccessibleDescription(/cannot be negative/);
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
    await expect(form.getByLabel("Value of specification 1")).toHaveValue("1.7 L");
    await form.getByRole("textbox", { name: "Price (USD)" }).fill("25");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\/edit-product\/[^/]+$/);
    // The toast is a status line in <noscript> (Chromium with scripts switched off still parses it as text, so read the HTML).
    expect(await page.content()).toMatch(/<noscript><p role="status"[^>]*>Product created/);
    const slug = await page.getByRole("form", { name: "Edit product" }).getByLabel("Address", { exact: true }).inputValue();
    await context.close();

    const res = await request.get(`/api/products/${slug}`);
    const product = ((await res.json()) as { data: { description: string; specifications: Array<{ name: string; value: string }> } }).data;
    expect(product.description).toContain("<strong>quietly</strong>");
    expect(product.description).not.toContain("script");
    expect(product.specifications).toEqual([{ name: "Volume", value: "1.7 L" }]);
  });

  test("the list: search, filters, sort, and bulk status, discount and move", async ({ page, request }) => {
    const cat = await categoryWithSub(request);
    const api = await adminApi();
    const tag = unique();
    const slugs: string[] = [];
    for (const n of [1, 2]) {
      const res = await api.post("/api/admin/products", {
        headers,
        data: {
          name: `Bulk Vase ${tag} ${n}`,
          description: "",
          categorySlug: cat.category.slug,
          subCategorySlug: cat.sub.slug,
          price: 10 * n,
          image: [],
          stock: n === 1 ? 0 : 3,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      slugs.push(((await res.json()) as { data: { slug: string } }).data.slug);
    }
    await signInPage(page);
    await page.goto(`${LIST}?q=${encodeURIComponent(`Bulk Vase ${tag}`)}`);
    await waitForHydration(page);
    const table = page.getByTestId("products-table");
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag}` })).toHaveCount(2);
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag} 1` })).toContainText("Out");
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag} 2` })).toContainText("Low");
    await expectAccessible(page);

    // A filter keeps the search (URL state) and narrows it.
    await page.getByLabel("Stock", { exact: true }).selectOption("out");
    await expect(page).toHaveURL(/stock=out/);
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag}` })).toHaveCount(1);
    await page.getByLabel("Stock", { exact: true }).selectOption("");
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag}` })).toHaveCount(2);

    // Sorting by price, dearest first, keeps the search.
    await table.getByRole("link", { name: "Price" }).click();
    await expect(page).toHaveURL(/sort=-finalPrice/);
    await expect(table.getByRole("row").nth(1)).toContainText(`Bulk Vase ${tag} 2`);
    await expect(table.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "descending");

    // Bulk: both become drafts.
    await page.getByLabel(`Select Bulk Vase ${tag} 1`).check();
    await page.getByLabel(`Select Bulk Vase ${tag} 2`).check();
    const bar = page.getByTestId("bulk-actions");
    await expect(bar).toContainText("2 products selected");
    await bar.getByLabel("New status").selectOption("draft");
    await bar.getByRole("button", { name: "Set status" }).click();
    await expect(page.getByText("2 products updated").first()).toBeVisible();
    await expect(
      table
        .getByRole("row")
        .filter({ hasText: "Draft" })
        .filter({ hasText: `Bulk Vase ${tag}` }),
    ).toHaveCount(2);
    // A draft is not in the shop.
    expect((await request.get(`/api/products/${slugs[0]}`)).status()).toBe(404);

    // A discount and a move to another category, asked for with their values.
    await page.getByLabel(`Select Bulk Vase ${tag} 1`).check();
    await page.getByLabel(`Select Bulk Vase ${tag} 2`).check();
    await bar.getByLabel("Discount").selectOption("20");
    await bar.getByRole("button", { name: "Set discount" }).click();
    await expect(page.getByText("2 products updated").first()).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag} 2` })).toContainText("−20%");
    const categories = (await (await request.get("/api/categories")).json()) as { data: Array<{ name: string; slug: string }> };
    const target = categories.data.find((c) => c.slug !== cat.category.slug)!;
    await page.getByLabel(`Select Bulk Vase ${tag} 1`).check();
    await page.getByLabel(`Select Bulk Vase ${tag} 2`).uncheck();
    await expect(bar).toContainText("1 product selected");
    await bar.getByLabel("Move to category").selectOption(target.slug);
    await bar.getByRole("button", { name: "Move" }).click();
    await expect(page.getByText("1 product moved").first()).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag} 1` })).toContainText(target.name);
    await page.goto(`${LIST}?q=${encodeURIComponent(`Bulk Vase ${tag}`)}&status=draft`);
    await expect(table.getByRole("row").filter({ hasText: `Bulk Vase ${tag}` })).toHaveCount(2);

    // A search for nothing: the empty state offers to clear the filters.
    await page.goto(`${LIST}?q=zzqxnotaproduct${tag}`);
    await expect(page.getByTestId("empty-state")).toContainText("No products match these filters");
    await expect(page.getByRole("link", { name: "Clear filters" }).first()).toBeVisible();
    await expectAccessible(page);
    await api.dispose();
  });

  test("Duplicate on the edit page opens a draft copy of the saved product", async ({ page }) => {
    const api = await adminApi();
    const product = ((await (await api.get("/api/admin/products?status=active&pageSize=1&sort=name")).json()) as { data: Array<{ id: string; name: string }> })
      .data[0]!;
    await api.dispose();
    await signInPage(page);
    await page.goto(`/admin-dashboard/edit-product/${product.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Duplicate/ }).click();
    await expect(page).not.toHaveURL(new RegExp(`/edit-product/${product.id}$`));
    await expect(page).toHaveURL(/\/admin-dashboard\/edit-product\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${product.name} (copy)`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Draft copy made" })).toBeVisible();
    await expectAccessible(page);
    // The copy is a draft: it can be deleted without touching the original.
    const copyId = page.url().split("/").at(-1)!;
    const cleanup = await adminApi();
    expect((await cleanup.delete(`/api/admin/products/${copyId}`, { headers })).status()).toBe(204);
    await cleanup.dispose();
  });

  test("staff without the catalogue permission get 403 on all three screens", async ({ page }) => {
    const api = await adminApi();
    const staffApi = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const staff = await createCustomer(staffApi, newCustomer("orders-only", "Orders Only"));
    await staffApi.dispose();
    const users = (await (await api.get(`/api/admin/users?search=${encodeURIComponent(staff.email)}`)).json()) as {
      data: Array<{ id: string; email: string }>;
    };
    const id = users.data.find((u) => u.email === staff.email.toLowerCase())!.id;
    const role = await api.patch(`/api/admin/users/${id}/role`, { data: { role: "staff", permissions: ["orders"] }, headers });
    expect(role.status(), await role.text()).toBe(200);
    const list = (await (await api.get("/api/admin/products?pageSize=1")).json()) as { data: Array<{ id: string }> };

    await signInPage(page, staff.email, staff.password);
    for (const path of [LIST, ADD, `/admin-dashboard/edit-product/${list.data[0]!.id}`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByTestId("forbidden")).toBeVisible();
    }
    // Their saves are refused too (each action checks on its own).
    const post = await page.request.post(`${ADD}.data`, { form: { name: "Sneaky", price: "1" }, headers });
    expect(post.status()).toBe(403);
    await api.dispose();
  });
});

test.describe("the product screens on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list and the form fit the screen, the save button is reachable, and both pass axe", async ({ page }) => {
    await signInPage(page);
    await page.goto(LIST);
    await waitForHydration(page);
    await expect(page.getByTestId("products-table").getByRole("row").nth(1)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    const first = page.getByTestId("products-table").getByRole("row").nth(1).getByRole("link").first();
    await first.click();
    await expect(page).toHaveURL(/edit-product/);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The save bar stays at the bottom of the screen while the long form scrolls.
    const save = page.getByRole("button", { name: "Save product" });
    await expect(save).toBeInViewport();
    await page
      .getByTestId("variant-matrix")
      .or(page.getByLabel("Stock", { exact: true }))
      .first()
      .scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await expectAccessible(page);

    await page.goto(ADD);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "Create product" })).toBeInViewport();
    await expectAccessible(page);
  });
});
