import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleWithoutScripts, shot, test, waitForHydration } from "./fixtures";
import { adminApi, apiJson, headers, signInPage } from "./support/admin-api";

// The owner turns the demo shop (US sales tax by state) into an EU one on the taxes screen: prices
// with VAT included, Germany's 19 % and 7 %, shipping taxed; then gives a book the reduced class.
// The demo shop is shared with the other browser tests: the settings and the book are put back after.

test.describe.configure({ timeout: 120_000 });

const TAXES = "/admin-dashboard/settings/taxes";
type Taxes = {
  pricesIncludeTax: boolean;
  shippingTaxed: boolean;
  taxNumber: string;
  classes: string[];
  defaultClass: string;
  regions: Array<{ country: string; region?: string; name?: string; rates: Record<string, number> }>;
};
type Settings = Record<string, unknown> & { country: string; taxes: Taxes };
type Book = { _id: string; slug: string; name: string };

let original: Settings | null = null;
let book: (Book & { taxClass: string | null }) | null = null;

test.beforeAll(async () => {
  const api = await adminApi();
  original = await apiJson<Settings>(await api.get("/api/admin/settings"), 200);
  // A shop in Germany (its address, not its currency, is what the taxes care about).
  await apiJson(await api.put("/api/admin/settings", { data: { ...original, country: "DE" }, headers }), 200);
  await api.dispose();
});
test.afterAll(async () => {
  const api = await adminApi();
  if (original) await apiJson(await api.put("/api/admin/settings", { data: original, headers }), 200);
  if (book) {
    const { version } = await apiJson<{ version: number }>(await api.get(`/api/admin/products/${book._id}`), 200);
    await apiJson(await api.patch(`/api/admin/products/${book._id}`, { data: { taxClass: book.taxClass, version }, headers }), 200);
  }
  await api.dispose();
});

const toast = (page: Page, text: string) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

test.describe("the taxes screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the owner sets up an EU shop (prices with VAT, Germany 19 % and 7 %), sees it kept after a reload, and gives a book the reduced class", async ({
    page,
  }, testInfo) => {
    await signInPage(page);
    await page.goto("/admin-dashboard/settings");
    await waitForHydration(page);
    await page.locator("#taxes").getByRole("link", { name: "Set up taxes" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\/settings\/taxes$/);
    await expect(page.getByRole("heading", { level: 1, name: "Taxes" })).toBeVisible();
    await waitForHydration(page);

    await page.getByRole("radio", { name: "Prices include tax (EU style)" }).check();
    await page.getByRole("textbox", { name: "Shop's tax number" }).fill("DE123456789");
    // Germany has no list of states: its own is free text, left blank here.
    await expect(page.getByRole("textbox", { name: "Shop's state or province (optional)" })).toHaveValue("OR");
    await page.getByRole("textbox", { name: "Shop's state or province (optional)" }).fill("");

    // The demo's clothing class goes; standard, the default and shipping class, cannot.
    const classes = page.locator("#classes");
    await expect(classes.getByTestId("class-row").filter({ hasText: "standard" })).toContainText("Default class");
    await expect(classes.getByRole("button", { name: "Remove class standard" })).toHaveCount(0);
    await classes.getByRole("button", { name: "Remove class clothing" }).click();
    await expect(classes.getByTestId("class-row")).toHaveCount(3);
    await expect(classes.getByRole("button", { name: "Add a class" })).toBeFocused();

    // The US states go, one Remove after another, the focus left on "Add a region" each time.
    const regions = page.locator("#regions");
    await expect(regions.getByTestId("region-row")).toHaveCount(8);
    await regions.getByRole("button", { name: "Remove region United States, New York" }).click();
    await expect(regions.getByRole("button", { name: "Add a region" })).toBeFocused();
    while ((await regions.getByTestId("region-row").count()) > 0) {
      await regions
        .getByTestId("region-row")
        .first()
        .getByRole("button", { name: /^Remove region/ })
        .click();
    }
    await expect(regions.getByText("No regions yet: the shop charges no tax anywhere.")).toBeVisible();

    // Germany by keyboard: Add a region puts the focus on its country.
    await regions.getByRole("button", { name: "Add a region" }).focus();
    await page.keyboard.press("Enter");
    const row = regions.getByTestId("region-row");
    const country = row.getByRole("combobox", { name: "Country" });
    await expect(country).toBeFocused();
    await country.selectOption("DE");
    await expect(row.getByRole("group", { name: "Germany" })).toBeVisible();
    await row.getByRole("combobox", { name: "Tax name" }).fill("MwSt.");
    await row.getByRole("textbox", { name: "standard %" }).fill("19");
    await row.getByRole("textbox", { name: "reduced %" }).fill("7");
    await row.getByRole("textbox", { name: "zero %" }).fill("0");
    await expect(row.getByRole("textbox", { name: "clothing %" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Charge tax on shipping" }).check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save taxes" }).click();
    await toast(page, "Taxes saved");

    // After a reload, all of it as saved.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "Prices include tax (EU style)" })).toBeChecked();
    await expect(page.getByRole("textbox", { name: "Shop's tax number" })).toHaveValue("DE123456789");
    await expect(page.getByRole("checkbox", { name: "Charge tax on shipping" })).toBeChecked();
    await expect(classes.getByTestId("class-row")).toHaveText([/^standard/, /^reduced/, /^zero/]);
    const saved = regions.getByTestId("region-row");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("combobox", { name: "Country" })).toHaveValue("DE");
    await expect(saved.getByRole("combobox", { name: "Tax name" })).toHaveValue("MwSt.");
    await expect(saved.getByRole("textbox", { name: "standard %" })).toHaveValue("19");
    await expect(saved.getByRole("textbox", { name: "reduced %" })).toHaveValue("7");
    const taxes = (await apiJson<Settings>(await page.request.get("/api/admin/settings"), 200)).taxes;
    expect(taxes).toMatchObject({
      pricesIncludeTax: true,
      shippingTaxed: true,
      taxNumber: "DE123456789",
      classes: ["standard", "reduced", "zero"],
      regions: [{ country: "DE", name: "MwSt.", rates: { standard: 19, reduced: 7, zero: 0 } }],
    });
    await shot(page, testInfo, "taxes-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, "taxes-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // A book in the reduced class, on its own screen.
    const [first] = (await (await page.request.get("/api/products/category/books")).json()) as Book[];
    const stored = await apiJson<{ taxClass: string | null }>(await page.request.get(`/api/admin/products/${first!._id}`), 200);
    book = { ...first!, taxClass: stored.taxClass };
    await page.goto(`/admin-dashboard/edit-product/${book._id}`);
    await waitForHydration(page);
    const select = page.getByRole("combobox", { name: "Tax class" });
    await expect(select).toHaveValue("");
    await expect(select.locator("option")).toHaveText(["Default (standard)", "standard", "reduced", "zero"]);
    await select.selectOption("reduced");
    await page.getByRole("button", { name: "Save product" }).click();
    await toast(page, "Saved");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Tax class" })).toHaveValue("reduced");
    expect((await apiJson<{ taxClass: string | null }>(await page.request.get(`/api/admin/products/${book._id}`), 200)).taxClass).toBe("reduced");
  });
});

test.describe("the taxes screen without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the empty row adds a region, a bad rate is told beside it, the Remove box removes it; the phone screen fits", async ({ browser, page }, testInfo) => {
    await signInPage(page);
    await page.goto(TAXES);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await expectAccessibleWithoutScripts(browser, page);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const noJs = await context.newPage();
    await signInPage(noJs);
    await noJs.goto(TAXES);
    const regions = noJs.locator("#regions");
    const count = await regions.getByTestId("region-row").count();
    const blank = regions.getByTestId("region-row").last();
    await expect(blank).toContainText("New region");
    await blank.getByRole("combobox", { name: "Country" }).selectOption("AT");
    await blank.getByRole("combobox", { name: "Tax name" }).fill("USt.");
    await blank.getByRole("textbox", { name: "standard %" }).fill("twenty");
    await noJs.getByRole("button", { name: "Save taxes" }).click();
    // Refused: the rate's error on its row, what was typed still there, nothing stored.
    await expect(noJs.getByTestId("form-error-summary")).toBeVisible();
    const refused = regions.getByTestId("region-row").nth(count - 1);
    await expect(refused.getByTestId(/^regions\.\d+\.rates\.standard-error$/)).toHaveText("Enter a number");
    await expect(refused.getByRole("combobox", { name: "Tax name" })).toHaveValue("USt.");
    await shot(noJs, testInfo, "taxes-phone-nojs");
    const before = (await apiJson<Settings>(await noJs.request.get("/api/admin/settings"), 200)).taxes.regions;
    expect(before.map((r) => r.country)).not.toContain("AT");

    await refused.getByRole("textbox", { name: "standard %" }).fill("20");
    await noJs.getByRole("button", { name: "Save taxes" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: "Taxes saved" })).toBeVisible();
    const saved = (await apiJson<Settings>(await noJs.request.get("/api/admin/settings"), 200)).taxes.regions;
    expect(saved.find((r) => r.country === "AT")).toEqual({ country: "AT", name: "USt.", rates: { standard: 20 } });

    // Ticking Remove on its row removes it on the next save.
    await regions.getByRole("checkbox", { name: "Remove region Austria" }).check();
    await noJs.getByRole("button", { name: "Save taxes" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: "Taxes saved" })).toBeVisible();
    expect((await apiJson<Settings>(await noJs.request.get("/api/admin/settings"), 200)).taxes.regions).toEqual(before);
    await context.close();
  });
});
