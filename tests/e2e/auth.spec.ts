import sharp from "sharp";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { accountMenu, createCustomer, linkIn, newCustomer, signIn, uniqueEmail, waitForMail } from "./support/accounts";

test.describe("customer accounts on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("register, confirm the e-mail, sign out, sign in, update name and photo, see them on the profile", async ({ page }) => {
    test.slow(); // one long journey through seven pages, each checked with axe
    const email = uniqueEmail("ada");
    const password = "correct-horse-battery";

    // Register: clear errors first, tied to their fields, focus on the first one.
    await page.goto("/register");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await expectAccessible(page);
    const form = page.getByRole("form", { name: "Create an account" });
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("email-error")).toHaveText("Please enter your e-mail address");
    await expect(page.getByTestId("password-error")).toHaveText("Please choose a password");
    await expect(form.getByRole("textbox", { name: "E-mail address" })).toBeFocused();
    await expect(form.getByRole("textbox", { name: "E-mail address" })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await form.getByRole("textbox", { name: "Your name" }).fill("Ada Lovelace");
    await form.getByRole("textbox", { name: "E-mail address" }).fill(email);
    const passwordField = form.locator('input[name="password"]');
    await passwordField.fill("short");
    await expect(page.getByTestId("password-strength")).toHaveText("Strength: Too short");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("password-error")).toHaveText("Use at least 8 characters");
    await expect(passwordField).toBeFocused();
    await passwordField.fill(password);
    await expect(page.getByTestId("password-strength")).toHaveText("Strength: Strong");
    await form.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
    await expect(page.getByTestId("register-verify")).toContainText(email);
    await expectAccessible(page);

    // The confirmation link signs the new customer in.
    const mail = await waitForMail(email, /confirm your e-mail/i);
    await page.goto(linkIn(mail, "/api/auth/verify-email"));
    await expect(page.getByRole("heading", { level: 1, name: "Your e-mail address is confirmed" })).toBeVisible();
    await expect(accountMenu(page)).toContainText("Account: Ada Lovelace");
    await expectAccessible(page);

    // Sign out from the account menu.
    await waitForHydration(page);
    await accountMenu(page).click();
    const menu = page.getByRole("banner");
    await expect(menu.getByRole("link", { name: "My profile" })).toHaveAttribute("href", "/my-profile");
    await expect(menu.getByRole("link", { name: "Update profile" })).toHaveAttribute("href", "/update-profile");
    await expect(menu.getByRole("link", { name: "My orders" })).toHaveAttribute("href", "/my-orders");
    await expect(menu.getByRole("link", { name: "Admin dashboard" })).toHaveCount(0);
    await expectAccessible(page);
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(accountMenu(page)).toHaveText("Account");

    // A wrong password is explained; the right one signs in and returns home.
    await page.goto("/login");
    await waitForHydration(page);
    await expectAccessible(page);
    await signIn(page, email, "not-the-password");
    await expect(page.getByTestId("login-error")).toHaveText("That e-mail address and password don’t match an account. Check them and try again.");
    await expect(page.getByRole("form", { name: "Sign in with e-mail and password" }).getByRole("textbox", { name: "E-mail address" })).toHaveValue(email);
    await expectAccessible(page);
    await signIn(page, email, password);
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page)).toContainText("Account: Ada Lovelace");

    // Update profile: an uploaded photo (saved and shown at once), then a new name.
    await page.goto("/update-profile");
    await waitForHydration(page);
    await expectAccessible(page);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b45309" } })
      .png()
      .toBuffer();
    await page.locator("#avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
    await expect(page.getByTestId("avatar-status")).toHaveText("Your new photo is saved.");
    const preview = page.getByRole("region", { name: "Name and photo" }).locator("img").first();
    await expect(preview).toHaveAttribute("src", /^\/uploads\/avatars\/.+\.webp$/);
    await expect(accountMenu(page).locator("img")).toHaveAttribute("src", /^\/uploads\/avatars\//);
    // The shop's own file is not shown as an address to edit.
    await expect(page.getByRole("textbox", { name: /web address/ })).toHaveCount(0);
    await expect(page.getByTestId("uploaded-photo")).toHaveText(/the one you uploaded/);
    expect(await page.getByRole("region", { name: "Name and photo" }).innerText()).not.toContain("/uploads/");
    await page.getByRole("textbox", { name: "Display name" }).fill("Ada King");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("profile-saved")).toHaveText("Your profile has been updated.");
    await expect(page.locator("[data-sonner-toaster]")).toContainText("Your profile has been updated.");
    await expectAccessible(page);

    // The profile page shows the new name and photo, the confirmed address and no orders yet.
    await page.goto("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText("Ada King");
    await expect(page.getByRole("main").locator("img").first()).toHaveAttribute("src", /^\/uploads\/avatars\//);
    await expect(page.getByText("Member since")).toBeVisible();
    await expect(page.getByTestId("email-verified")).toBeVisible();
    await expect(page.getByText("No orders yet")).toBeVisible();
    await expectAccessible(page);

    // Removing the uploaded photo brings the initials back.
    await page.goto("/update-profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Remove photo" }).click();
    await expect(page.getByRole("textbox", { name: "Or a photo’s web address" })).toHaveValue("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("profile-saved")).toHaveText("Your profile has been updated.");
    await expect(accountMenu(page).locator("img")).toHaveCount(0);
  });

  test("a new name shows in the header and on the profile right after saving", async ({ page }) => {
    await createCustomer(page.request, newCustomer("rename", "Old Name"));
    await page.goto("/update-profile");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Display name" }).fill("New Name");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("profile-saved")).toBeVisible();
    await expect(accountMenu(page)).toContainText("Account: New Name");
    await page.goto("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText("New Name");
    await expect(accountMenu(page)).toContainText("Account: New Name");
  });

  test("a signed-out visit to a private page goes to sign in, then back to that page", async ({ page, request }) => {
    const customer = await createCustomer(request, newCustomer("back", "Grace Back"));
    const response = await page.goto("/update-profile");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL("/login?redirectTo=%2Fupdate-profile");
    await expect(page.getByTestId("login-notice")).toHaveText("Please sign in to continue.");
    await waitForHydration(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL("/update-profile");
    await expect(page.getByRole("heading", { level: 1, name: "Update profile" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("Grace Back");

    await page.goto("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText("Grace Back");
    // A signed-in visitor does not see the sign-in page again.
    await page.goto("/login?redirectTo=%2Fmy-profile");
    await expect(page).toHaveURL("/my-profile");
  });

  test("sign-in never sends anyone to another site", async ({ page, request }) => {
    const customer = await createCustomer(request, newCustomer("redirect"));
    await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fsteal");
    await waitForHydration(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL("/");
    // Spellings that normalise to "//evil.com": right after signing in, and for a signed-in visitor.
    for (const to of ["/.//evil.com", "/..//evil.com", "/%2e%2e//evil.com", "/./\\evil.com"]) {
      for (const path of ["/login", "/register"]) {
        await page.goto(`${path}?redirectTo=${encodeURIComponent(to)}`);
        await expect(page, `${path} ${to}`).toHaveURL("/");
      }
    }
    await page.context().clearCookies();
    await page.goto(`/login?redirectTo=${encodeURIComponent("/.//evil.com")}`);
    await waitForHydration(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL("/");
  });

  test("changing the password keeps this session and refuses a wrong current password", async ({ page }) => {
    const customer = await createCustomer(page.request, newCustomer("change"));
    await page.goto("/update-profile");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Change password" });
    await section.locator('input[name="currentPassword"]').fill("wrong-password-here");
    await section.locator('input[name="newPassword"]').fill("a-brand-new-password");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByTestId("currentPassword-error")).toHaveText("This is not your current password");
    await expect(section.locator('input[name="currentPassword"]')).toBeFocused();
    await section.locator('input[name="currentPassword"]').fill(customer.password);
    await section.locator('input[name="newPassword"]').fill("a-brand-new-password");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByTestId("password-changed")).toContainText("Your password has been changed.");
    await expectAccessible(page);
    // Still signed in on this device.
    await page.goto("/my-profile");
    await expect(page).toHaveURL("/my-profile");

    // Sign out everywhere ends this session too.
    await page.goto("/update-profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign out on all devices" }).click();
    await expect(page).toHaveURL("/login?signedout=everywhere");
    await expect(page.getByTestId("login-notice")).toHaveText("You have been signed out on all your devices.");
    await page.goto("/my-profile");
    await expect(page).toHaveURL("/login?redirectTo=%2Fmy-profile");
  });
});

test.describe("customer accounts on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the phone menu shows the account links when signed in, and signs out", async ({ page }) => {
    await createCustomer(page.request, newCustomer("phone", "Phone Person"));
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toContainText("Phone Person");
    await expect(drawer.getByRole("link", { name: "My profile" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Update profile" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("sign-in and registration pages fit a phone", async ({ page }) => {
    for (const path of ["/login", "/register", "/forgot-password"]) {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });
});

test.describe("without JavaScript", () => {
  // (axe needs JavaScript in the page, so these pages are checked in the tests above)
  test.use({ javaScriptEnabled: false });

  test("signing in and out are plain form posts", async ({ page, request }) => {
    const customer = await createCustomer(request, newCustomer("nojs", "No Script"));
    await page.goto("/login?redirectTo=%2Fmy-profile");
    await signIn(page, customer.email, "wrong-password!");
    await expect(page.getByTestId("login-error")).toContainText("don’t match an account");
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText("No Script");

    // A photo and a new name in one plain multipart post.
    await page.goto("/update-profile");
    const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#0f766e" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Upload a photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("textbox", { name: "Display name" }).fill("Still No Script");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("profile-saved")).toHaveText("Your profile has been updated.");
    await expect(accountMenu(page)).toContainText("Account: Still No Script");
    await expect(accountMenu(page).locator("img")).toHaveAttribute("src", /^\/uploads\/avatars\/.+\.webp$/);
    await expect(page.getByRole("textbox", { name: /web address/ })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Remove my photo" }).check();
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("profile-saved")).toHaveText("Your profile has been updated.");
    await expect(accountMenu(page).locator("img")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Photo’s web address" })).toHaveValue("");
    await page.getByLabel("Upload a photo").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("photo-error")).toContainText("We couldn’t read this file as a picture");

    await page.getByRole("banner").locator("summary", { hasText: "Account" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page)).toHaveText("Account");
  });
});

// Last: it uses up the per-address limit of failed sign-ins (AUTH_EMAIL_RATE_LIMIT, 5 per 15 minutes),
// which does not depend on the IP address, so other tests are not affected.
test("repeated failed sign-ins are stopped with a readable message", async ({ page }) => {
  const email = uniqueEmail("limit");
  await page.goto("/login");
  await waitForHydration(page);
  const attempt = async (password: string) => {
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
    await signIn(page, email, password);
    await answered;
  };
  for (let i = 0; i < 5; i++) {
    await attempt(`wrong-password-${i}`);
    await expect(page.getByTestId("login-error")).toContainText("don’t match an account");
  }
  await attempt("wrong-password-5");
  await expect(page.getByTestId("login-error")).toContainText("Too many failed sign-ins");
  await expect(page.getByTestId("login-error")).toContainText("please wait");
  await expectAccessible(page);
});
