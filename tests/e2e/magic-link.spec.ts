import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { accountMenu, createCustomer, linkIn, mailsTo, newCustomer, uniqueEmail, waitForMail } from "./support/accounts";

test.describe("sign-in with an e-mail link", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("request a link, read the mail, open it: signed in where the visitor was going", async ({ page, request }) => {
    const customer = await createCustomer(request, newCustomer("magic", "Magic Reader"));
    const before = (await mailsTo(customer.email)).length;
    await page.goto("/login?redirectTo=%2Fmy-profile");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Sign in with an e-mail link" });
    await form.getByRole("textbox", { name: "E-mail address for the link" }).fill(customer.email);
    await form.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByTestId("magic-link-sent")).toHaveText(
      `If an account exists for ${customer.email}, we have sent it a sign-in link. Check your e-mail; the link works once and expires soon.`,
    );
    await expectAccessible(page);

    const mail = await waitForMail(customer.email, /sign-in link/i, { after: before });
    await page.goto(linkIn(mail, "/api/auth/magic-link/verify"));
    await expect(page).toHaveURL("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText("Magic Reader");
    await expect(accountMenu(page)).toContainText("Account: Magic Reader");

    // The link works once.
    await page.request.post("/logout", { headers: { origin: new URL(page.url()).origin }, form: {} });
    await page.goto(linkIn(mail, "/api/auth/magic-link/verify"));
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByTestId("login-notice")).toHaveText("That sign-in link is invalid or has expired. Ask for a new one below.");
  });

  test("the answer is the same for an unknown address, and an invalid one is explained", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Sign in with an e-mail link" });
    const field = form.getByRole("textbox", { name: "E-mail address for the link" });
    await field.fill("not an address");
    await form.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByTestId("email-error")).toHaveText("Please enter a valid e-mail address");
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    const stranger = uniqueEmail("stranger");
    await field.fill(stranger);
    await form.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByTestId("magic-link-sent")).toContainText(`If an account exists for ${stranger}`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the link form posts and answers", async ({ page }) => {
      const address = uniqueEmail("nojs-magic");
      await page.goto("/login");
      const form = page.getByRole("form", { name: "Sign in with an e-mail link" });
      await form.getByRole("textbox", { name: "E-mail address for the link" }).fill(address);
      await form.getByRole("button", { name: "E-mail me a sign-in link" }).click();
      await expect(page.getByTestId("magic-link-sent")).toContainText(`If an account exists for ${address}`);
    });
  });
});
