import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse, stringify } from "csv/sync";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// CSV on the admin's lists: the product list exports what its filters select and imports a file in
// two steps (a dry run that stores nothing and lists every rejected row with its line, then
// Apply); the customers list exports what its filters select. The demo shop is shared with the
// other browser tests, so the products here are drafts of a name of their own.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const LIST = "/admin-dashboard/all-products";
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

async function signInAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** The CSV a download link gives, as rows (byte-order mark taken off). */
async function download(page: Page, testId: string): Promise<string[][]> {
  const done = page.waitForEvent("download");
  await page.getByTestId(testId).click();
  return parse(fs.readFileSync((await (await done).path())!, "utf8"), { bom: true }) as string[][];
}

/** A product as the admin API reads it, found by its handle. */
async function productByHandle(page: Page, handle: string) {
  const list = (await (await page.request.get(`/api/admin/products?q=${handle}&pageSize=5`)).json()) as { data: Array<{ id: string; slug: string }> };
  const row = list.data.find((p) => p.slug === handle);
  if (!row) return null;
  return ((await (await page.request.get(`/api/admin/products/${row.id}`)).json()) as { data: { name: string; price: number; status: string } }).data;
}

test.describe("product CSV", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("exports the filtered list; an import with a bad row shows it by line, and the fixed file applies", async ({ page }) => {
    await signInAdmin(page);
    const tag = `Csvprobe ${suffix()}`;
    const handle = (what: string) => `${tag.toLowerCase().replace(/ /g, "-")}-${what}`;
    const categories = ((await (await page.request.get("/api/categories")).json()) as { data: Array<{ slug: string }> }).data;
    const category = categories[0]!.slug;
    // Three drafts and one active product of the same name: the export of the drafts leaves it out.
    for (const [what, price, status] of [
      ["mug", 12, "draft"],
      ["bowl", 18, "draft"],
      ["plate", 22, "draft"],
      ["jug", 30, "active"],
    ] as const) {
      const res = await page.request.post("/api/admin/products", {
        data: { name: `${tag} ${what}`, slug: handle(what), description: "", categorySlug: category, price, image: [], stock: 4, status },
        headers,
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`${LIST}?q=${encodeURIComponent(tag)}&status=draft`);
    await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByTestId("products-table").getByRole("link", { name: new RegExp(tag) })).toHaveCount(3);
    await expectAccessible(page);

    // The export holds what the list shows: the three drafts, a row each, by handle.
    const rows = await download(page, "products-export");
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(0, 3)).toEqual(["Handle", "Title", "Body (HTML)"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([handle("bowl"), handle("mug"), handle("plate")]);
    expect(rows.slice(1).map((r) => [r[col("Title")], r[col("Status")], r[col("Price")]])).toEqual([
      [`${tag} bowl`, "draft", "18.00"],
      [`${tag} mug`, "draft", "12.00"],
      [`${tag} plate`, "draft", "22.00"],
    ]);

    // The file comes back with the mug dearer, a new cup, and a bad price on the bowl's row (line 2).
    const mug = rows.find((r) => r[0] === handle("mug"))!;
    mug[col("Price")] = "14.00";
    const cup = header.map(() => "");
    cup[col("Handle")] = handle("cup");
    cup[col("Title")] = `${tag} cup`;
    cup[col("Category")] = category;
    cup[col("Status")] = "draft";
    cup[col("Price")] = "9.50";
    cup[col("Inventory Qty")] = "6";
    rows.push(cup);
    const bowl = rows.find((r) => r[0] === handle("bowl"))!;
    bowl[col("Price")] = "-3";
    const file = (name: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(stringify(rows)) });

    await page.getByTestId("products-import").click();
    const dialog = page.getByRole("dialog", { name: "Import products from CSV" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("CSV file").setInputFiles(file("products.csv"));
    await dialog.getByRole("button", { name: "Check file" }).click();
    await expect(dialog.getByTestId("import-result-title")).toHaveText("The file has problems");
    await expect(dialog.getByTestId("import-error")).toHaveText(["Line 2: Price: The price cannot be negative"]);
    await expect(dialog.getByTestId("import-apply")).toHaveCount(0);
    await expectAccessible(page);

    // Fixed and checked again: what will change, and still nothing stored.
    bowl[col("Price")] = "16";
    await dialog.getByLabel("CSV file").setInputFiles(file("products-fixed.csv"));
    await dialog.getByRole("button", { name: "Check file" }).click();
    await expect(dialog.getByTestId("import-result-title")).toHaveText("Ready to import: this is what will change");
    await expect(dialog.getByTestId("import-counts")).toContainText("To create1");
    await expect(dialog.getByTestId("import-counts")).toContainText("To update2");
    await expect(dialog.getByTestId("import-counts")).toContainText("Unchanged1");
    await expect(dialog.getByTestId("import-created")).toHaveText(`${tag} cup (line 5)`);
    await expect(dialog.getByTestId("import-updated-product")).toHaveText([
      `${tag} bowl (line 2)Price: 18 → becomes 16`,
      `${tag} mug (line 3)Price: 12 → becomes 14`,
    ]);
    await expectAccessible(page);
    expect(await productByHandle(page, handle("cup"))).toBeNull();
    expect((await productByHandle(page, handle("mug")))?.price).toBe(12);

    // Held a moment on its way, the import shows its progress, and the dialog stays open until the answer.
    await page.route("**/api/admin/products/import", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await dialog.getByTestId("import-apply").click();
    await expect(dialog.getByRole("progressbar")).toBeVisible();
    await expect(dialog.getByRole("status")).toContainText(/Sending the file|importing it in one go/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("import-result-title")).toHaveText("Imported");
    await expect(dialog.getByTestId("import-counts")).toContainText("Created1");
    await expect(dialog.getByTestId("import-counts")).toContainText("Updated2");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("products-import")).toBeFocused();

    // The list shows the import at once: the new cup among the drafts, the mug at its new price.
    const table = page.getByTestId("products-table");
    await expect(table.getByRole("link", { name: new RegExp(tag) })).toHaveCount(4);
    await expect(table.getByRole("row", { name: new RegExp(`${tag} mug`) })).toContainText("$14.00");
    await expect(table.getByRole("row", { name: new RegExp(`${tag} cup`) })).toContainText("$9.50");
    expect(await productByHandle(page, handle("bowl"))).toMatchObject({ price: 16, status: "draft" });
  });
});

test.describe("customers CSV", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the customers list's Export downloads what its filters select", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin-dashboard/users?role=admin");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    const link = page.getByTestId("users-export");
    await expect(link).toBeVisible();
    const rows = await download(page, "users-export");
    const email = rows[0]!.indexOf("E-mail");
    const role = rows[0]!.indexOf("Role");
    expect(rows.slice(1).map((r) => r[email])).toContain(E2E_ADMIN.email);
    expect(new Set(rows.slice(1).map((r) => r[role]))).toEqual(new Set(["admin"]));
  });
});
