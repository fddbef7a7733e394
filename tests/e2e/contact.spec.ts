import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

async function fill(page: Page, values: { name: string; email: string; subject?: string; message: string }) {
  await page.getByRole("textbox", { name: "Your name" }).fill(values.name);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(values.email);
  await page.getByRole("textbox", { name: "Subject" }).fill(values.subject ?? "");
  await page.getByRole("textbox", { name: "Message" }).fill(values.message);
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Order question", message: "Hello! When will my order ship, please?" };

test.describe("contact page", () => {
  test("shows the shop's contact details beside the form", async ({ page, request }) => {
    const settings = await (await request.get("/api/settings")).json();
    await page.goto("/contact-us");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const details = page.getByRole("complementary", { name: "Other ways to reach us" });
    if (settings.contactEmail)
      await expect(details.getByRole("link", { name: settings.contactEmail })).toHaveAttribute("href", `mailto:${settings.contactEmail}`);
    else await expect(details.getByRole("link", { name: "contact form" })).toBeVisible();
    await expectAccessible(page);
  });

  test("explains each invalid field, then sends the message with a toast", async ({ page }) => {
    await page.goto("/contact-us");
    await waitForHydration(page);
    await fill(page, { name: "A", email: "not-an-email", message: "short" });
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByTestId("name-error")).toHaveText("Please enter your name");
    await expect(page.getByTestId("email-error")).toHaveText("Please enter a valid e-mail address");
    await expect(page.getByTestId("message-error")).toHaveText("Please write at least 10 characters");
    await expect(page.getByRole("textbox", { name: "Your name" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Your name" })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Subject" })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please correct the highlighted fields.").first()).toBeVisible();
    // What was typed is kept.
    await expect(page.getByRole("textbox", { name: "E-mail address" })).toHaveValue("not-an-email");
    await expectAccessible(page);

    await fill(page, valid);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("contact-success")).toContainText("Your message has been sent");
    await expect(page.locator("[data-sonner-toaster]")).toContainText("Your message has been sent");
    await expect(page.getByRole("textbox", { name: "Your name" })).toHaveValue("");
    await expect(page.getByTestId("name-error")).toHaveCount(0);
    await expectAccessible(page);
  });

  test.describe("without JavaScript", () => {
    // (axe needs JavaScript in the page, so these pages are checked in the tests above)
    test.use({ javaScriptEnabled: false });

    test("the form posts, shows errors next to the fields, and sends", async ({ page }) => {
      await page.goto("/contact-us");
      await fill(page, { ...valid, email: "nope" });
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page).toHaveURL("/contact-us");
      await expect(page.getByTestId("email-error")).toHaveText("Please enter a valid e-mail address");
      await expect(page.getByTestId("name-error")).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Your name" })).toHaveValue(valid.name);
      await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(valid.message);

      await page.getByRole("textbox", { name: "E-mail address" }).fill(valid.email);
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByTestId("contact-success")).toContainText("Your message has been sent");
      await expect(page.getByRole("textbox", { name: "Your name" })).toHaveValue("");
    });
  });
});

test.describe("privacy policy", () => {
  test("names the shop and how to reach it", async ({ page, request }) => {
    const settings = await (await request.get("/api/settings")).json();
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(page.getByRole("article")).toContainText(settings.siteName);
    if (settings.contactEmail) await expect(page.getByRole("article").getByRole("link", { name: settings.contactEmail }).first()).toBeVisible();
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Your rights" }).click();
    await expect(page).toHaveURL(/#your-rights$/);
    await expectAccessible(page);
  });
});
