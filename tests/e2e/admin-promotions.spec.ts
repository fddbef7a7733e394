import { type Page, request as playwrightRequest } from "@playwright/test";
import type { Permission } from "#common/auth/permissions";
import { expect, expectAccessible, expectAccessibleWithoutScripts, shot, test, waitForHydration } from "./fixtures";
import { createCustomer, newCustomer } from "./support/accounts";
import { adminApi, apiJson, cleanUpAfterAll, headers, signInPage } from "./support/admin-api";
import { BASE_URL } from "./support/ports";

// The promotions screens (admin-dashboard/promotions) as an owner uses them: a code promotion
// created, seen in the list, edited with the live example following the form, a taken code refused
// beside its field, deleted; the form without JavaScript; and who may open the screens. What a test
// makes carries a suffix of its own and is deleted afterwards: the demo shop is shared.

test.describe.configure({ timeout: 120_000 });

const LIST = "/admin-dashboard/promotions";
const cleanups = cleanUpAfterAll(test);
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** The toast an action left. A freshly started shop can take a few seconds for a navigation. */
const expectToast = (page: Page, text: string | RegExp) =>
  expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

/** Makes a promotion through the admin API (deleted after the spec). */
async function apiPromotion(body: Record<string, unknown>): Promise<{ id: string; code: string | null }> {
  const api = await adminApi();
  const made = await apiJson<{ id: string; code: string | null }>(await api.post("/api/admin/promotions", { data: body, headers }), 201);
  await api.dispose();
  cleanups.push((a) => a.delete(`/api/admin/promotions/${made.id}`, { headers }));
  return made;
}

/** A new confirmed account that is a staff member with `permissions`. */
async function newStaff(label: string, permissions: Permission[]) {
  const admin = await adminApi();
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const account = await createCustomer(api, newCustomer(label, `Staff ${label}`));
  await api.dispose();
  const users = await apiJson<Array<{ id: string; email: string }>>(await admin.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`), 200);
  const id = users.find((u) => u.email === account.email.toLowerCase())!.id;
  await apiJson(await admin.patch(`/api/admin/users/${id}/role`, { data: { role: "staff", permissions }, headers }), 200);
  await admin.dispose();
  return account;
}

test("an owner creates a code promotion, finds it active in the list, edits it with the example following, and deletes it", async ({ page }, testInfo) => {
  const id = suffix();
  const name = `E2E spring ${id}`;
  const code = `E2E-${id}`;
  // Another promotion holds the code the owner will try to take.
  const taken = await apiPromotion({ name: `E2E other ${id}`, code: `E2E-TAKEN-${id}`, kind: "free_shipping" });

  await signInPage(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(LIST);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Promotions" })).toBeVisible();

  await page.getByRole("link", { name: "New promotion" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New promotion" })).toBeVisible();
  await waitForHydration(page);
  const example = page.getByTestId("example-result");
  // The sample cart: 2 × $40 and 1 × $15, $5 shipping.
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Code (optional)" }).fill(code.toLowerCase());
  await page.getByRole("textbox", { name: "Percent off" }).fill("20");
  await expect(page.getByTestId("example-discount")).toHaveText("−$19.00");
  await expect(page.getByTestId("example-total")).toHaveText("$81.00");
  // Below its minimum the example says why it gives nothing, then follows the sample cart.
  await page.getByRole("textbox", { name: /Minimum subtotal/ }).fill("120");
  await expect(example).toContainText("This cart gets nothing. The items are $25.00 short of its minimum subtotal.");
  await page.getByRole("textbox", { name: "Quantity of Item 2" }).fill("3");
  await expect(page.getByTestId("example-discount")).toHaveText("−$25.00");
  await page.getByRole("textbox", { name: /Minimum subtotal/ }).fill("");
  await page.getByRole("textbox", { name: "Quantity of Item 2" }).fill("1");
  // Buy X get Y shows its own figures and its own example.
  await page.getByRole("combobox", { name: "Kind" }).selectOption("buy_x_get_y");
  await expect(page.getByRole("textbox", { name: "Percent off" })).toBeHidden();
  await page.getByRole("spinbutton", { name: "Items bought" }).fill("2");
  await page.getByRole("spinbutton", { name: "Items then discounted" }).fill("1");
  await expect(page.getByTestId("example-discount")).toHaveText("−$15.00");
  await page.getByRole("combobox", { name: "Kind" }).selectOption("percentage");
  await expect(page.getByTestId("example-discount")).toHaveText("−$19.00");
  await expectAccessible(page);
  await shot(page, testInfo, "promotion-new-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "promotion-new-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Create promotion" }).click();
  await expectToast(page, "Promotion created");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-dashboard\/promotions\/[^/]+$/);
  const promotionUrl = page.url();
  cleanups.push((a) => a.delete(`/api/admin/promotions/${promotionUrl.split("/").pop()}`, { headers }));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Active");
  await expect(page.getByText(`${code} · 20% off`)).toBeVisible();
  await expect(page.getByTestId("promotion-uses")).toHaveText("0");
  await expect(page.getByTestId("promotion-discount")).toHaveText("$0.00");
  await expect(page.getByTestId("promotion-revenue")).toHaveText("$0.00");
  await expect(page.getByTestId("audit-history")).toContainText("Created promotion");

  // In the list, active, its offer in words.
  await page.goto(LIST);
  const row = page.getByTestId("promotions-table").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(code);
  await expect(row).toContainText("20% off");
  await expect(row).toContainText("Whole order");
  await expect(row).toContainText("Active");
  await page
    .getByRole("navigation", { name: "Promotions by status" })
    .getByRole("link", { name: /Active/ })
    .click();
  await expect(row).toBeVisible();
  await page
    .getByRole("navigation", { name: "Promotions by status" })
    .getByRole("link", { name: /Expired/ })
    .click();
  await expect(page).toHaveURL(/status=expired/);
  await expect(page.getByTestId("promotions-table").getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await page.goto(LIST);
  await expectAccessible(page);
  await shot(page, testInfo, "promotions-list-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "promotions-list-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  // A search that finds nothing says so.
  await page.goto(`${LIST}?q=no-such-promotion-${id}`);
  await expect(page.getByText("No promotions match these filters")).toBeVisible();

  // Edited: the example follows the figure typed, the change is saved and in the history.
  await page.goto(LIST);
  await row.getByRole("link", { name }).click();
  await waitForHydration(page);
  await expect(page.getByTestId("example-discount")).toHaveText("−$19.00");
  await page.getByRole("textbox", { name: "Percent off" }).fill("25");
  await expect(page.getByTestId("example-discount")).toHaveText("−$23.75");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Saved");
  await expect(page.getByText(`${code} · 25% off`)).toBeVisible();
  await expect(page.getByTestId("audit-history")).toContainText("Updated promotion");
  await expect(page.getByTestId("audit-history")).toContainText(/Value: 20\s*→\s*changed to 25/);

  // A code another promotion has is refused beside the field, and nothing is saved.
  await page.getByRole("textbox", { name: "Code (optional)" }).fill(taken.code!);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("form-error-summary")).toContainText(`The code ${taken.code} is already used by “E2E other ${id}”.`);
  const codeField = page.getByRole("textbox", { name: "Code (optional)" });
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await expect(codeField).toHaveAccessibleDescription(/Choose another code/);
  await expectAccessible(page);
  await page.goto(promotionUrl);
  await expect(page.getByRole("textbox", { name: "Code (optional)" })).toHaveValue(code);

  // Deleted once confirmed.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Delete promotion" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete promotion" }).click();
  await expectToast(page, "Promotion deleted");
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByTestId("promotions-table").getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("without JavaScript the form posts, a refusal shows beside its field and what was typed stays", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInPage(page);
  const name = `E2E no-script ${suffix()}`;
  await page.goto(`${LIST}/new`);
  await expectAccessibleWithoutScripts(browser, page);
  await expect(page.getByText("The example appears once the page has loaded")).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("combobox", { name: "Kind" }).selectOption("fixed_amount");
  // An automatic promotion in the shared shop: a minimum no other spec's cart reaches.
  await page.getByRole("textbox", { name: "Minimum subtotal" }).fill("1000000");
  await page.getByRole("button", { name: "Create promotion" }).click();
  const value = page.getByRole("textbox", { name: /Percent off, or amount off/ });
  await expect(value).toHaveAttribute("aria-invalid", "true");
  await expect(value).toHaveAccessibleDescription(/Give the amount off, such as 10/);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await value.fill("5");
  await page.getByRole("button", { name: "Create promotion" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  cleanups.push((a) => a.delete(`/api/admin/promotions/${page.url().split("/").pop()}`, { headers }));
  await expect(page.getByText("Automatic · $5.00 off")).toBeVisible();
  await context.close();
});

test("a staff member without “catalog” cannot open the promotions screens; one with it can", async ({ browser }) => {
  const ordersOnly = await newStaff("orders-staff", ["orders"]);
  const catalog = await newStaff("catalog-staff", ["catalog"]);
  // Switched off: the shared shop's carts never get it.
  const made = await apiPromotion({ name: `E2E guarded ${suffix()}`, kind: "percentage", value: 10, active: false });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInPage(page, ordersOnly.email, ordersOnly.password);
  for (const path of [LIST, `${LIST}/new`, `${LIST}/${made.id}`]) {
    expect((await page.goto(path))?.status(), path).toBe(403);
    await expect(page.getByTestId("promotions-table")).toHaveCount(0);
  }
  await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Promotions" })).toHaveCount(0);
  // Its actions are guarded too, not only the pages.
  const post = await page.request.post(`${LIST}/${made.id}`, { form: { confirm: "delete" }, headers, maxRedirects: 0 });
  expect(post.status()).toBe(403);
  await context.close();

  const allowed = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await allowed.newPage();
  await signInPage(staffPage, catalog.email, catalog.password);
  expect((await staffPage.goto(`${LIST}/${made.id}`))?.status()).toBe(200);
  await expect(staffPage.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Promotions" })).toBeVisible();
  await allowed.close();
});
