import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { accountMenu, createCustomer, newCustomer, signIn } from "./support/accounts";
import { E2E_ADMIN } from "./support/ports";

test.describe("admin area guard", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a signed-out visitor signs in as the administrator and lands on the dashboard", async ({ page }) => {
    await page.goto("/admin-dashboard");
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin-dashboard");
    await waitForHydration(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL("/admin-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();

    // The dashboard layout: a sidebar with the admin screens, no storefront navbar or footer.
    // (Pending and Contact messages may carry a count: "Pending (2 pending)".)
    const sidebar = page.getByRole("navigation", { name: "Admin", exact: true });
    for (const name of [
      "Dashboard",
      "All products",
      "Add product",
      "Categories",
      "All orders",
      "Pending",
      "Completed",
      "Order management",
      "Users",
      "Contact messages",
      "Site settings",
      "Banners",
      "Sales report",
      "Tracking pixel",
      "Audit log",
    ]) {
      await expect(sidebar.getByRole("link", { name: new RegExp(`^${name}( \\(\\d+ \\w+\\))?$`) })).toBeVisible();
    }
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Categories", exact: true })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Search products" })).toHaveCount(0);
    await expectAccessible(page);

    // The audit log and the order list are screens of their own.
    await sidebar.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL("/admin-dashboard/audit-log");
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(page.getByTestId("coming-soon")).toHaveCount(0);
    await sidebar.getByRole("link", { name: /^Pending/ }).click();
    await expect(page).toHaveURL("/admin-dashboard/orders/pending");
    await expect(page.getByRole("heading", { level: 1, name: "Pending" })).toBeVisible();
    await expect(page.getByTestId("coming-soon")).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: /^Pending/ })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    // No screen is still to come: the sales report, the last one, is a screen of its own.
    await sidebar.getByRole("link", { name: "Sales report" }).click();
    await expect(page).toHaveURL("/admin-dashboard/sales-report");
    await expect(page.getByRole("heading", { level: 1, name: "Sales report" })).toBeVisible();
    await expect(page.getByTestId("coming-soon")).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "Sales report" })).toHaveAttribute("aria-current", "page");

    // The storefront's account menu links administrators to the dashboard.
    await page.getByRole("link", { name: "View the shop" }).click();
    await waitForHydration(page);
    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin dashboard" })).toHaveAttribute("href", "/admin-dashboard");
  });

  test("a customer gets a 403 page on every admin screen, and no admin link", async ({ page }) => {
    await createCustomer(page.request, newCustomer("customer", "Just Shopping"));
    for (const path of ["/admin-dashboard", "/admin-dashboard/users"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "You don’t have access to this area" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toHaveCount(0);
    }
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to the shop" }).click();
    await expect(page).toHaveURL("/");
    await waitForHydration(page);
    await accountMenu(page).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "My profile" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin dashboard" })).toHaveCount(0);
  });

  test("a client-side visit checks the guard too", async ({ page, request }) => {
    const customer = await createCustomer(request, newCustomer("spa"));
    await page.goto("/login?redirectTo=%2Fadmin-dashboard");
    await waitForHydration(page);
    await signIn(page, customer.email, customer.password);
    await expect(page.getByRole("heading", { level: 1, name: "You don’t have access to this area" })).toBeVisible();
  });
});

test.describe("an unknown admin address", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  const unknown = "/admin-dashboard/no-such-screen/at-all";

  test("shows the admin's own 404 inside the dashboard, with its sidebar and no storefront navbar", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fadmin-dashboard");
    await waitForHydration(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL("/admin-dashboard");

    const response = await page.goto(unknown);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("There is no admin screen at this address.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "All products" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
    // The storefront's frame (category menu, search, footer) is not there.
    await expect(page.getByRole("navigation", { name: "Categories", exact: true })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Search products" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectAccessible(page);

    await waitForHydration(page);
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL("/admin-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  });

  test("keeps the admin guard: visitors are sent to sign in, customers get the 403 page", async ({ page }) => {
    await page.goto(unknown);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(unknown)}`);

    await createCustomer(page.request, newCustomer("unknown-admin", "Curious Customer"));
    const response = await page.goto(unknown);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You don’t have access to this area" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toHaveCount(0);
  });
});

test.describe("admin area on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the admin screens are behind a menu button", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fadmin-dashboard");
    await waitForHydration(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL("/admin-dashboard");
    await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Admin menu" });
    await menu.getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL("/admin-dashboard/users");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
