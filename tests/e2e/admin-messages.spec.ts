import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { mailsTo, uniqueEmail, waitForMail } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

// The contact messages' inbox (admin-dashboard/contact-messages): a visitor writes through the
// contact form, the operator reads and answers, and the answer arrives by real SMTP. What a test
// sends is deleted afterwards: the demo shop is shared with the other browser tests.

test.describe.configure({ timeout: 90_000 });

const headers = { origin: BASE_URL };
const LIST = "/admin-dashboard/contact-messages";

/** Signs this page's browser in as the administrator through the API (its cookies are the page's). */
async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sends the contact form as a visitor, with JavaScript, as a shopper would. */
async function sendContactForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await page.goto("/contact-us");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Your name" }).fill(values.name);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(values.email);
  await page.getByRole("textbox", { name: "Subject" }).fill(values.subject);
  await page.getByRole("textbox", { name: "Message" }).fill(values.message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("contact-success")).toContainText("Your message has been sent");
}

/** The sidebar's figure of new messages (none shown: 0). */
async function sidebarCount(page: Page): Promise<number> {
  // One read of the page, without waiting for the badge: counting it and then reading its text
  // waited forever when the figure reached 0 in between (the badge goes away), and the poll
  // below timed out although the sidebar showed the right figure.
  const badge = page.getByRole("navigation", { name: "Admin", exact: true }).getByTestId("badge-unreadMessages");
  const text = await badge.evaluateAll((found) => found[0]?.textContent ?? null);
  return text ? Number(text.match(/\d+/)![0]) : 0;
}

/** Deletes the messages a test sent (by sender), whatever happened in it. */
const senders: string[] = [];
test.afterAll(async () => {
  if (!senders.length) return;
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await api.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  for (const email of senders.splice(0)) {
    const list = (await (await api.get(`/api/admin/contact-messages?q=${encodeURIComponent(email)}`)).json()) as { data: Array<{ id: string }> };
    for (const m of list.data) await api.delete(`/api/admin/contact-messages/${m.id}`, { headers });
  }
  await api.dispose();
});

const toast = (page: Page, text: string | RegExp) => expect(page.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });

test.describe("contact messages", () => {
  test("a visitor writes, the shop is told by mail, the operator opens it from the count and replies, and the reply arrives by mail", async ({
    page,
    browser,
  }) => {
    const visitor = {
      name: "Nora Quill",
      email: uniqueEmail("visitor"),
      subject: `Lost parcel ${Date.now().toString(36)}`,
      message: "My parcel has not arrived yet.\nCould you look into it, please?",
    };
    senders.push(visitor.email);
    const settings = (await (await page.request.get("/api/settings")).json()) as { contactEmail: string };
    const shopMailsBefore = settings.contactEmail ? (await mailsTo(settings.contactEmail)).length : 0;

    // The visitor, in a browser of their own.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await sendContactForm(await visitorContext.newPage(), visitor);
    await visitorContext.close();

    // The shop's contact address hears of it at once.
    if (settings.contactEmail) {
      const notice = await waitForMail(settings.contactEmail, new RegExp(`New message from ${visitor.name}`), { after: shopMailsBefore });
      expect(notice.text).toContain("Could you look into it, please?");
      expect(notice.text).toContain(`${BASE_URL}/admin-dashboard/contact-messages/`);
    }

    // The operator sees the count of new messages and the message on the New tab.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    await page.goto("/admin-dashboard");
    const newCount = await sidebarCount(page);
    expect(newCount).toBeGreaterThanOrEqual(1);
    await page
      .getByRole("navigation", { name: "Admin", exact: true })
      .getByRole("link", { name: /Contact messages/ })
      .click();
    await expect(page).toHaveURL(LIST);
    await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Messages by status" });
    await expect(tabs.getByRole("link", { name: new RegExp(`^New ${newCount}$`) })).toHaveAttribute("aria-current", "page");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search messages" }).fill(visitor.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=visitor-/);
    const rows = page.getByTestId("messages-table").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(visitor.subject);
    await expectAccessible(page);

    // Opening it marks it read: the count drops by one.
    await rows
      .first()
      .getByRole("link", { name: /Nora Quill/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: visitor.subject })).toBeVisible();
    await expect(page.getByTestId("message-text")).toHaveText(visitor.message);
    await expect(page.getByTestId("contact-message")).toContainText("Read");
    await expect.poll(() => sidebarCount(page)).toBe(newCount - 1);
    await waitForHydration(page);

    // The reply: kept under the message with who sent it, and mailed.
    const reply = "Hello Nora,\n\nThe courier found it: it reaches you tomorrow.";
    await page.getByRole("textbox", { name: "Your reply" }).fill(reply);
    await page.getByRole("button", { name: "Send reply" }).click();
    await toast(page, "Reply sent");
    const replies = page.getByTestId("reply");
    await expect(replies).toHaveCount(1);
    await expect(replies.first()).toContainText(E2E_ADMIN.email);
    await expect(replies.first()).toContainText("Mailed");
    await expect(replies.first()).toContainText("The courier found it: it reaches you tomorrow.");
    await expect(page.getByRole("textbox", { name: "Your reply" })).toHaveValue("");
    await expectAccessible(page);

    const mail = await waitForMail(visitor.email, new RegExp(`^Re: ${visitor.subject}$`));
    expect(mail.text).toContain("The courier found it: it reaches you tomorrow.");
    expect(mail.text).toContain("> Could you look into it, please?");

    // Dealt with: archived, it leaves the inbox for the Archived tab.
    await page.getByRole("button", { name: "Archive" }).click();
    await toast(page, "Archived");
    await expect(page).toHaveURL(LIST);
    await page
      .getByRole("navigation", { name: "Messages by status" })
      .getByRole("link", { name: /^Archived/ })
      .click();
    await expect(page.getByTestId("messages-table").locator("tbody tr").filter({ hasText: visitor.subject })).toContainText("Replied");
  });

  test("on a phone: the list and a message fit the screen, and a selected message is deleted after confirming", async ({ page }) => {
    const visitor = {
      name: "Omar Pike",
      email: uniqueEmail("phone"),
      subject: `Sizes ${Date.now().toString(36)}`,
      message: "Does the linen shirt run small? I am usually a medium.",
    };
    senders.push(visitor.email);
    await page.setViewportSize({ width: 390, height: 844 });
    await sendContactForm(page, visitor);
    await signInAsAdmin(page);

    await page.goto(`${LIST}?q=${encodeURIComponent(visitor.email)}`);
    const row = page.getByTestId("messages-table").locator("tbody tr");
    await expect(row).toHaveCount(1);
    // The subject, status and date show under the name on a phone.
    await expect(row.first()).toContainText(visitor.subject);
    await expect(row.first()).toContainText("New");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await row
      .first()
      .getByRole("link", { name: /Omar Pike/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: visitor.subject })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Your reply" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    // Back on the list, by keyboard: select it, Delete, and confirm in the dialog.
    await page.goto(`${LIST}?status=all&q=${encodeURIComponent(visitor.email)}`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: new RegExp(`Select the message from ${visitor.name}`) }).check();
    await page.getByTestId("bulk-actions").getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 1 message?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Delete 1 message" })).toBeFocused();
    await page.keyboard.press("Enter");
    await toast(page, "1 message deleted");
    await expect(page.getByTestId("empty-state")).toBeVisible();
  });
});
