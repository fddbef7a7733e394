import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { type OwnShop, startOwnShop } from "./support/own-shop";

// The Background jobs screen (admin-dashboard/background-jobs): an operator sees the jobs that
// failed their last try with their error, tries a mail again (the worker then delivers it) and
// discards a job, on a shop of its own whose database holds two failed jobs.
const ADMIN = { email: "jobs-admin@e2e.test", password: "jobs-admin-password" };
const SCREEN = "/admin-dashboard/background-jobs";
let shop: OwnShop;

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  shop = await startOwnShop(
    "jobs",
    async (db) => {
      const at = new Date(Date.now() - 60_000).toISOString();
      const failed = { state: "failed" as const, locked_until: null, created_at: at, updated_at: at, run_at: at, key: null };
      await db.kysely
        .insertInto("jobs")
        .values([
          {
            ...failed,
            id: "6f1d2c1e-0000-4000-8000-000000000001",
            name: "mail.deliver",
            payload: JSON.stringify({
              to: "ann@example.com",
              subject: "Your order #1042",
              text: "Thank you for your order.",
              html: "<p>Thank you for your order.</p>",
              from: "no-reply@shop.test",
              sentAt: at,
            }),
            attempts: 16,
            max_attempts: 16,
            last_error: "connect ECONNREFUSED 127.0.0.1:2525",
          },
          {
            ...failed,
            id: "6f1d2c1e-0000-4000-8000-000000000002",
            name: "analytics.roll-up",
            payload: "{}",
            attempts: 1,
            max_attempts: 1,
            last_error: "database is locked",
          },
        ])
        .execute();
    },
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789", SMTP_URL: "" },
  );
});
test.afterAll(() => shop?.stop());

async function signIn(context: BrowserContext) {
  const res = await context.request.post(`${shop.base}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: shop.base } });
  expect(res.status(), await res.text()).toBe(200);
}

const toast = (page: Page, text: string | RegExp) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });
const tab = (page: Page, name: RegExp) => page.getByTestId("status-tabs").getByRole("link", { name });

test("an operator tries a failed mail again and discards a failed job", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.base, viewport: { width: 1280, height: 900 } });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(SCREEN);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Background jobs" })).toBeVisible();
  // The sidebar leads here.
  await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Background jobs" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(tab(page, /Failed\s*2/)).toHaveAttribute("aria-current", "page");
  const table = page.getByTestId("jobs-table");
  await expect(table.getByText("Mail delivery")).toBeVisible();
  await expect(table.getByText("Your order #1042 — to ann@example.com")).toBeVisible();
  await expect(table.getByText("connect ECONNREFUSED 127.0.0.1:2525")).toBeVisible();
  await expect(table.getByText("16 of 16 tries")).toBeVisible();
  await expect(table.getByText("database is locked")).toBeVisible();
  await expectAccessible(page);

  // The mail server is back: try the mail again; the worker delivers it (to the outbox here).
  await page.getByRole("checkbox", { name: /Select the job Mail delivery/ }).check();
  await page.getByTestId("bulk-actions").getByRole("button", { name: "Try again" }).click();
  await toast(page, "1 job queued again");
  await expect(tab(page, /Failed\s*1/)).toBeVisible();
  await expect(table.getByText("Mail delivery")).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.goto(`${SCREEN}?state=done`);
        return page.getByTestId("jobs-table").getByText("Your order #1042 — to ann@example.com").count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);

  // The roll-up is discarded, by keyboard in the dialog.
  await page.goto(SCREEN);
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: /Select the job Analytics roll-up/ }).check();
  await page.getByTestId("bulk-actions").getByRole("button", { name: "Discard" }).click();
  const dialog = page.getByRole("dialog", { name: "Discard 1 job?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Discard 1 job" })).toBeFocused();
  await page.keyboard.press("Enter");
  await toast(page, "1 job discarded");
  await expect(page.getByTestId("empty-state")).toContainText("No failed jobs");
  await expectAccessible(page);
  await context.close();
});

test("on a phone, the failed jobs read as cards with their error", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.base, viewport: { width: 390, height: 844 } });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(`${SCREEN}?state=done`);
  await expect(page.getByRole("heading", { level: 1, name: "Background jobs" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await context.close();
});
