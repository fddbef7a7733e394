import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { accountMenu } from "./support/accounts";
import { OIDC_CLIENT, OIDC_PORT } from "./support/ports";

// The local provider's one account (tests/support/oidc-provider.ts).
const ACCOUNT = { login: "grace", password: "punch-cards-1952", name: "Grace Hopper" };
const BUTTON = `Continue with ${OIDC_CLIENT.name}`;

/** Signs in on the provider's own pages (login form, then consent when asked). */
async function signInAtProvider(window: Page) {
  await expect(window).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/`));
  await window.getByLabel("Login").fill(ACCOUNT.login);
  await window.getByLabel("Password").fill(ACCOUNT.password);
  await window.getByRole("button", { name: "Sign in" }).click();
  const allow = window.getByRole("button", { name: "Allow" });
  await allow.click({ timeout: 3_000 }).catch(() => {}); // consent is asked only the first time
}

test.describe("OpenID Connect sign-in", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the button is there because OIDC_* is configured, on sign-in and registration", async ({ page, request }) => {
    const body = await (await request.get("/api/auth-providers")).json();
    expect(body.providers).toContainEqual({ id: "oidc", name: OIDC_CLIENT.name, type: "oidc" });
    await page.goto("/login");
    await expect(page.getByRole("button", { name: BUTTON })).toBeVisible();
    await page.goto("/register");
    await expect(page.getByRole("button", { name: `Sign up with ${OIDC_CLIENT.name}` })).toBeVisible();
  });

  test("on a desktop the provider opens in a 500×600 popup, which ends signed in", async ({ page }) => {
    // Playwright gives every page of a test the same viewport, so record what the page asked for.
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (url, target, features) => {
        (window as unknown as { popupFeatures?: string }).popupFeatures = features;
        return open(url, target, features);
      };
    });
    await page.goto("/login?redirectTo=%2Fmy-profile");
    await waitForHydration(page);
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: BUTTON }).click();
    const popup = await popupOpened;
    const features = await page.evaluate(() => (window as unknown as { popupFeatures?: string }).popupFeatures);
    expect(features).toMatch(/(^|,)width=500(,|$)/);
    expect(features).toMatch(/(^|,)height=600(,|$)/);
    await expect(page.getByRole("button", { name: `Waiting for ${OIDC_CLIENT.name}…` })).toBeDisabled();
    await signInAtProvider(popup);
    await expect.poll(() => popup.isClosed(), { message: "the popup closes itself" }).toBe(true);
    await expect(page).toHaveURL("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText(ACCOUNT.name);
    await expect(accountMenu(page)).toContainText(`Account: ${ACCOUNT.name}`);
    await expectAccessible(page);
  });

  test("closing the popup simply stops waiting", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: BUTTON }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    await popup.close();
    await expect(page.getByRole("button", { name: BUTTON })).toBeEnabled();
    await expect(page.getByTestId("social-error")).toHaveCount(0);
    await expect(page).toHaveURL("/login");
  });

  test("when the browser blocks the popup, the whole page goes to the provider and comes back signed in", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/login?redirectTo=%2Fmy-profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: BUTTON }).click();
    await signInAtProvider(page);
    await expect(page).toHaveURL("/my-profile");
    await expect(page.getByTestId("profile-name")).toHaveText(ACCOUNT.name);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the button posts the form and the page goes to the provider", async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("button", { name: BUTTON }).click();
      await signInAtProvider(page);
      await expect(page).toHaveURL("/");
      await expect(accountMenu(page)).toContainText(`Account: ${ACCOUNT.name}`);
    });
  });
});
