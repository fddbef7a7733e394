import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { accountMenu, createCustomer, linkIn, mailsTo, newCustomer, signIn, uniqueEmail, waitForMail } from "./support/accounts";

test.describe("password reset", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("forgot password → e-mail link → new password twice → sign in with it", async ({ page, request }) => {
    const customer = await createCustomer(request, newCustomer("reset", "Reset Person"));
    const before = (await mailsTo(customer.email)).length;
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("textbox", { name: "E-mail address" }).fill(customer.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("forgot-sent")).toContainText(`If an account exists for ${customer.email}, we have sent it a link`);
    await expectAccessible(page);

    const mail = await waitForMail(customer.email, /reset your/i, { after: before });
    await page.goto(linkIn(mail, "/api/auth/reset-password/"));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);

    const form = page.getByRole("form", { name: "Choose a new password" });
    await form.locator('input[name="password"]').fill("a-new-password-2026");
    await form.locator('input[name="confirm"]').fill("a-new-password-2027");
    await form.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByTestId("confirm-error")).toHaveText("The two passwords don’t match");
    await expect(form.locator('input[name="confirm"]')).toBeFocused();
    await expectAccessible(page);
    await form.locator('input[name="password"]').fill("a-new-password-2026");
    await form.locator('input[name="confirm"]').fill("a-new-password-2026");
    await form.getByRole("button", { name: "Save new password" }).click();

    await expect(page).toHaveURL("/login?reset=1");
    await expect(page.getByTestId("login-notice")).toHaveText("Your password has been changed. Sign in with your new password.");
    await signIn(page, customer.email, customer.password);
    await expect(page.getByTestId("login-error")).toContainText("don’t match an account");
    await signIn(page, customer.email, "a-new-password-2026");
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page)).toContainText("Account: Reset Person");

    // The link worked once.
    await page.goto(linkIn(mail, "/api/auth/reset-password/"));
    await expect(page.getByTestId("reset-invalid")).toBeVisible();
  });

  test("the answer never tells whether an account exists", async ({ page }) => {
    const stranger = uniqueEmail("nobody");
    await page.goto("/forgot-password");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "E-mail address" }).fill(stranger);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("forgot-sent")).toHaveText(
      `If an account exists for ${stranger}, we have sent it a link to choose a new password. Check your e-mail; the link expires in an hour.`,
    );
  });

  test("an unknown or used link explains how to get a new one", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Choose a new password" });
    await form.locator('input[name="password"]').fill("whatever-password-1");
    await form.locator('input[name="confirm"]').fill("whatever-password-1");
    await form.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByTestId("reset-invalid")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
    await expectAccessible(page);
  });
});
