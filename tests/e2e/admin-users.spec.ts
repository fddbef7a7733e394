import { type Page, request as playwrightRequest } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { createCustomer, newCustomer } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The users screens (users, users/:id) as an operator uses them. Each test makes its own customer
// (a unique address) and deletes it, the demo shop being shared with the other browser tests.

test.describe.configure({ timeout: 120_000 });

const headers = { origin: BASE_URL };

async function signInPage(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new confirmed customer, signed in on their own API client by the confirmation link (one device). */
async function customerWithDevice(label: string, name: string) {
  const device = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  });
  const customer = await createCustomer(device, newCustomer(label, name));
  return { customer, device };
}

const toast = (page: Page, text: string | RegExp) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test("an operator finds a customer, signs a device out, bans them and deletes the account", async ({ page }, testInfo) => {
  const { customer, device } = await customerWithDevice("users-e2e", "Rosalind Franklin");
  await signInPage(page);

  // The list: search by name, the customer's row, sortable columns.
  await page.goto("/admin-dashboard/users");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search users" }).fill("Rosalind Franklin");
  await page.getByRole("searchbox", { name: "Search users" }).press("Enter");
  const table = page.getByTestId("users-table");
  const row = table.getByRole("row").filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Customer");
  await expect(table.getByRole("columnheader", { name: /Total spent/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "users-1280");

  // The customer page: profile, no orders, one signed-in device.
  await row.getByRole("link", { name: "Rosalind Franklin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rosalind Franklin" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByTestId("customer-orders")).toHaveText("0");
  const sessions = page.getByTestId("session-list");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, testInfo, "customer-1280");

  // Signing the device out ends its session.
  await sessions.getByRole("button", { name: "Sign out Chrome on Linux" }).click();
  await toast(page, "Device signed out");
  await expect(page.getByText("Not signed in anywhere.")).toBeVisible();
  const after = await device.get("/api/auth/get-session?disableCookieCache=true");
  expect(await after.json().catch(() => null)).toBeNull();

  // A ban with a reason and an end; the history says so.
  await page.getByLabel(/Reason/).fill("Abusive messages");
  await page.getByLabel("Length").selectOption("7");
  await page.getByRole("button", { name: "Ban", exact: true }).click();
  await toast(page, "Banned");
  await expect(page.getByText(/Banned: Abusive messages\. Until/)).toBeVisible();
  const history = page.getByTestId("audit-history");
  await expect(history).toContainText("Banned user");
  await expect(history).toContainText("Signed out a device");
  // The ban's end reads as a date, not as the stored ISO text.
  await expect(history).toContainText(/Ban ends: none.*\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
  await expect(history).not.toContainText(/\d{4}-\d{2}-\d{2}T/);

  // Phone width: nothing reaches past the screen, still accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await expectAccessible(page);
  await shot(page, testInfo, "customer-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete asks first, then the account is gone and the list no longer has it.
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: /Delete Rosalind Franklin's account\?/ });
  await expect(dialog).toContainText("They have no orders.");
  await dialog.getByRole("button", { name: "Delete the account" }).click();
  await toast(page, "Account deleted");
  await expect(page).toHaveURL(/\/admin-dashboard\/users$/);
  await page.goto(`/admin-dashboard/users?q=${encodeURIComponent(customer.email)}`);
  await expect(page.getByTestId("users-table").getByRole("row").filter({ hasText: customer.email })).toHaveCount(0);
  const signIn = await device.post("/api/auth/sign-in/email", { data: { email: customer.email, password: customer.password }, headers });
  expect(signIn.status()).toBe(401);
  await device.dispose();
});

test("the users list on a phone: every row names its customer without scrolling sideways", async ({ page }, testInfo) => {
  await signInPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin-dashboard/users?sort=-orders");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByTestId("users-table").getByRole("row").filter({ hasText: E2E_ADMIN.email })).toContainText("Administrator");
  await noSideways(page);
  await expectAccessible(page);
  await shot(page, testInfo, "users-390");
});

test("a customer deletes their own account from their profile, after a wrong password changed nothing", async ({ page }) => {
  const customer = await createCustomer(page.request, newCustomer("self-delete", "Barbara Liskov"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/update-profile");
  await waitForHydration(page);
  const section = page.locator("#delete-account");
  await expect(section.getByRole("heading", { name: "Delete account" })).toBeVisible();
  await expect(section.getByRole("link", { name: "Download your data (JSON)" })).toHaveAttribute("href", "/api/account/export");

  await section.getByLabel("Your password, to confirm").fill("not-the-password");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByTestId("delete-error")).toContainText("not deleted");
  await expectAccessible(page);

  await section.getByLabel("Your password, to confirm").fill(customer.password);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login\?deleted=account$/);
  await expect(page.getByTestId("login-notice")).toContainText("Your account has been deleted");
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email: customer.email, password: customer.password }, headers });
  expect(res.status()).toBe(401);
});
