import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleWithoutScripts, shot, test, waitForHydration } from "./fixtures";
import { uniqueEmail, waitForMail } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The gift cards screens (admin-dashboard/gift-cards): an operator issues a card to a recipient,
// copies its code (shown once; the recipient is mailed it), finds the card in the list, opens its
// page with the ledger, and disables and enables it. The issue form works without JavaScript.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const LIST = "/admin-dashboard/gift-cards";
const CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

test("an operator issues a card, copies its code once, and the recipient is mailed it", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(LIST);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Gift cards" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Gift cards" })).toBeVisible();
  await shot(page, testInfo, "gift-cards-before-desktop");

  // A refused form says why beside the field, and keeps what was typed.
  const recipient = uniqueEmail("gift");
  await page.getByRole("textbox", { name: /^Amount/ }).fill("0");
  await page.getByRole("textbox", { name: "Recipient's e-mail (optional)" }).fill(recipient);
  await page.getByRole("button", { name: "Issue gift card" }).click();
  await expect(page.getByTestId("form-error-summary")).toContainText("The amount must be more than 0");
  await expect(page.getByRole("textbox", { name: /^Amount/ })).toHaveAccessibleDescription(/more than 0/);
  await expect(page.getByRole("textbox", { name: "Recipient's e-mail (optional)" })).toHaveValue(recipient);

  await page.getByRole("textbox", { name: /^Amount/ }).fill("40");
  await page.getByLabel("Valid until (optional)").fill("2099-12-31");
  await page.getByRole("textbox", { name: "Note (optional)" }).fill("Thank you for your help!");
  await page.getByRole("button", { name: "Issue gift card" }).click();
  const codeBox = page.getByTestId("code-value");
  await expect(codeBox).toHaveValue(CODE);
  const code = await codeBox.inputValue();
  await expect(page.getByTestId("code-once")).toContainText(`It is on its way to ${recipient}.`);
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect(page.getByText("Code copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  const row = page
    .getByTestId("gift-cards")
    .getByRole("listitem")
    .filter({ hasText: code.slice(-4) });
  await expect(row).toContainText("Active");
  await expect(row).toContainText(recipient);
  await expect(row).toContainText("Dec 31, 2099");
  await expectAccessible(page);
  await shot(page, testInfo, "gift-cards-issued-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "gift-cards-issued-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The recipient has the code; the shop shows it nowhere again.
  const mail = await waitForMail(recipient, /gift card/);
  expect(mail.text).toContain(code);
  expect(mail.text).toContain("Thank you for your help!");
  await page.goto(LIST);
  await expect(page.getByTestId("code-once")).toHaveCount(0);
  expect(await page.content()).not.toContain(code);

  // Its page: the ledger, and disabling and enabling it again.
  await page.getByRole("link", { name: `Gift card ending in ${code.slice(-4)}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(code.slice(-4));
  await waitForHydration(page);
  const ledger = page.getByTestId("gift-card-ledger");
  await expect(ledger.getByRole("row")).toHaveCount(2);
  await expect(ledger).toContainText("Issued");
  await expect(ledger).toContainText("+$40.00");
  await expect(page.getByTestId("card-balance")).toHaveText("$40.00");
  expect(await page.content()).not.toContain(code);
  await page.getByRole("button", { name: "Disable card" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Disabled");
  await expect(ledger.getByRole("row")).toHaveCount(3);
  await expect(ledger.getByRole("row").last()).toContainText("Disabled");
  await expect(ledger.getByRole("row").last()).toContainText(E2E_ADMIN.email);
  await expectAccessible(page);
  await shot(page, testInfo, "gift-card-disabled-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the ledger scrolls inside its box; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "gift-card-disabled-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Enable card" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Active");
  await expect(ledger.getByRole("row").last()).toContainText("Enabled");
});

test("without JavaScript the issue form is plain HTML: it issues the card and shows its code", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto(LIST);
  await page.getByRole("textbox", { name: /^Amount/ }).fill("ten");
  await page.getByRole("button", { name: "Issue gift card" }).click();
  await expect(page.getByRole("textbox", { name: /^Amount/ })).toHaveAccessibleDescription(/must be a number/);
  await expect(page.getByRole("textbox", { name: /^Amount/ })).toHaveValue("ten");
  await page.getByRole("textbox", { name: /^Amount/ }).fill("12,50");
  await page.getByRole("button", { name: "Issue gift card" }).click();
  await expect(page.getByTestId("code-value")).toHaveValue(CODE);
  await expect(page.getByTestId("code-once")).toContainText("Gift card for $12.50 issued");
  await expectAccessibleWithoutScripts(browser, page);
  await context.close();
});
