import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { routeWithPath } from "../support/route-table";
import { ADMIN_SCREEN_ACCESS, PERMISSIONS, type Permission } from "#common/auth/permissions";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { type Customer, createCustomer, newCustomer, uniqueEmail, uniquePhone } from "./support/accounts";
import { BASE_URL, E2E_ADMIN } from "./support/ports";

const headers = { origin: BASE_URL };

/** Signs this page's browser in through the API (its cookies are the page's). */
async function signInPage(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** An API client signed in as `email` (its own cookie jar). */
async function apiAs(email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await api.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** The account id of `email`, through the admin users API. */
async function userId(admin: APIRequestContext, email: string): Promise<string> {
  const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  expect(res.status(), await res.text()).toBe(200);
  const users = ((await res.json()) as { data: Array<{ id: string; email: string }> }).data;
  const user = users.find((u) => u.email === email.toLowerCase());
  expect(user, email).toBeTruthy();
  return user!.id;
}

/** Makes a customer a staff member with `permissions` (an audited admin write). */
async function setStaff(admin: APIRequestContext, id: string, permissions: Permission[]) {
  const res = await admin.patch(`/api/admin/users/${id}/role`, { data: { role: "staff", permissions }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new confirmed account that is a staff member with `permissions`. */
async function newStaff(admin: APIRequestContext, label: string, permissions: Permission[]): Promise<Customer & { id: string }> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const account = await createCustomer(api, newCustomer(label, `Staff ${label}`));
  await api.dispose();
  const id = await userId(admin, account.email);
  await setStaff(admin, id, permissions);
  return { ...account, id };
}

/** Places a cash-on-delivery order for a book as a guest with its own cookie jar; it stays pending. */
async function placePendingOrder(api: APIRequestContext) {
  const books = (await (await api.get("/api/products/category/books")).json()) as Array<{ _id: string }>;
  expect(books.length).toBeGreaterThan(3);
  const added = await api.post("/api/cart/items", { data: { productId: books[3]!._id, quantity: 1 }, headers });
  expect(added.status(), await added.text()).toBe(201);
  const res = await api.post("/api/orders", {
    headers: { ...headers, "idempotency-key": `shell-${Date.now()}-${Math.random()}` },
    data: {
      contact: { name: "Katherine Johnson", email: uniqueEmail("shell-order"), phone: uniquePhone() },
      address: { line1: "1 Langley Way", city: "Hampton", region: "VA", postalCode: "23666", country: "US" },
      paymentMethod: "cod",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { order: { id: string } } }).data.order.id;
}

/** The figure of a dashboard card ("3" of "3 Orders waiting to be prepared"). */
async function figure(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).locator("span").last().textContent())?.replace(/\D/g, ""));
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin", exact: true });

test.describe("the admin shell on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("groups the sidebar by area, counts pending orders, and shows breadcrumbs", async ({ page, request }) => {
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    const nav = sidebar(page);
    const groups = {
      Catalogue: ["All products", "Add product", "Categories"],
      Orders: ["All orders", "Pending", "Completed", "Order management"],
      Customers: ["Users", "Contact messages"],
      Marketing: ["Promotions"],
      Reports: ["Sales report", "Site analytics"],
      Shop: ["Site settings", "Banners", "Tracking pixel", "Audit log"],
    };
    for (const [group, links] of Object.entries(groups)) {
      const list = nav.getByRole("list", { name: group });
      for (const name of links) await expect(list.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    // An admin's dashboard has every part: the period's figures, what needs action, the latest orders.
    for (const part of ["figure-revenue", "needs-action", "latest-orders", "best-sellers"]) await expect(page.getByTestId(part)).toBeVisible();
    await expectAccessible(page);

    // A new order waits: the dashboard's figure and the sidebar's badge count it.
    const before = await figure(page, "action-pending-orders");
    await placePendingOrder(request);
    await page.reload();
    await expect(page.getByTestId("action-pending-orders")).toContainText(String(before + 1));
    await expect(nav.getByRole("link", { name: `Pending (${before + 1} pending)` })).toBeVisible();
    await expect(nav.getByTestId("badge-pendingOrders")).toHaveText(`${before + 1} (${before + 1} pending)`);

    // Breadcrumbs: Dashboard › Shop › Audit log, the way back is a link.
    await waitForHydration(page);
    await nav.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL("/admin-dashboard/audit-log");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Dashboard", /Shop$/, /Audit log$/]);
    await expect(crumbs.getByText("Audit log")).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(/^.+ \| audit log$/);
    await crumbs.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL("/admin-dashboard");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
  });

  test("is usable from the keyboard: the skip link first, then the sidebar", async ({ page }) => {
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin-dashboard/audit-log");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#admin-main")).toBeFocused();

    await page.goto("/admin-dashboard/audit-log");
    await waitForHydration(page);
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // the shop's name
    await page.keyboard.press("Tab");
    const dashboard = sidebar(page).getByRole("link", { name: "Dashboard" });
    await expect(dashboard).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin-dashboard");
  });
});

test.describe("the admin shell on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sidebar is a drawer: Menu opens it, focus stays inside, Escape and a chosen screen close it", async ({ page }) => {
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin-dashboard");
    await waitForHydration(page);
    await expect(sidebar(page)).toBeHidden();
    await expectAccessible(page);

    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    const drawer = page.getByRole("dialog", { name: /admin$/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Audit log" })).toBeVisible();
    await expectAccessible(page);

    // Tab and Shift+Tab never leave the drawer.
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL("/admin-dashboard/audit-log");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[role=region]")?.contains(el.parentElement))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} ${Math.round(el.getBoundingClientRect().width)}px`),
    );
    expect(overflow, `wider than the screen: ${wide.join("; ")}`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

test.describe("the audit log", () => {
  test("lists an admin change, filters by entity and actor through the URL, and pages 50 at a time", async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await apiAs(E2E_ADMIN.email, E2E_ADMIN.password);
    const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const customer = await createCustomer(api, newCustomer("audited", "Audited Person"));
    await api.dispose();
    const id = await userId(admin, customer.email);
    await setStaff(admin, id, ["orders"]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin-dashboard/audit-log");
    const table = page.getByRole("table", { name: /Audit log entries/ });
    const newest = table.getByRole("row").nth(1);
    await expect(newest).toContainText(E2E_ADMIN.email);
    await expect(newest).toContainText("Changed role and permissions");
    await expect(newest).toContainText(id.slice(0, 8));
    await expect(newest).toContainText(/Role: customer\W*changed to staff/);
    await expect(newest).toContainText(/Permissions: none\W*changed to orders/);
    await expectAccessible(page);

    // Filters from the URL: the user's entries by the administrator.
    await page.goto(`/admin-dashboard/audit-log?entity=user&actor=${encodeURIComponent(E2E_ADMIN.email)}`);
    await expect(page.getByLabel("Entity", { exact: true })).toHaveValue("user");
    await expect(page.getByLabel("Changed by")).toHaveValue(E2E_ADMIN.email);
    const whatCells = table.getByRole("row").locator("td:nth-child(2)");
    await expect(whatCells.first()).toBeVisible();
    for (const text of await whatCells.allTextContents()) expect(text).toMatch(/User /);

    // Choosing a filter applies it and puts it in the address.
    await waitForHydration(page);
    await page.getByLabel("Entity", { exact: true }).selectOption("");
    await expect(page).toHaveURL(`/admin-dashboard/audit-log?actor=${encodeURIComponent(E2E_ADMIN.email)}`);

    // A date range with nothing in it: the empty state offers to clear the filters.
    await page.goto("/admin-dashboard/audit-log?from=2999-01-01");
    await expect(page.getByTestId("empty-state")).toContainText("No entries match these filters");
    await expectAccessible(page);
    await page.getByTestId("empty-state").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/admin-dashboard/audit-log");

    // 51 more changes of one account: 52 entries for it, 50 on the first page.
    for (let i = 0; i < 51; i++) await setStaff(admin, id, i % 2 === 0 ? ["catalog"] : ["orders"]);
    await page.goto(`/admin-dashboard/audit-log?entityId=${id}`);
    await expect(table.getByRole("row")).toHaveCount(51);
    await expect(page.getByTestId("table-range")).toHaveText("Showing 1–50 of 52 entries");
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages).toContainText("Page 1 of 2");
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(`/admin-dashboard/audit-log?entityId=${id}&page=2`);
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(page.getByTestId("table-range")).toHaveText("Showing 51–52 of 52 entries");
    // The oldest entry of the account is its first change, from customer to staff.
    await expect(table.getByRole("row").last()).toContainText(/Role: customer\W*changed to staff/);
    await expectAccessible(page);
    await admin.dispose();
  });
});

test.describe("staff permissions", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a staff member with only 'orders' sees the Orders area and gets 403 elsewhere", async ({ page }) => {
    const admin = await apiAs(E2E_ADMIN.email, E2E_ADMIN.password);
    const staff = await newStaff(admin, "orders-only", ["orders"]);
    await admin.dispose();
    await signInPage(page, staff.email, staff.password);
    await page.goto("/admin-dashboard");
    const nav = sidebar(page);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("list", { name: "Orders" })).toBeVisible();
    await expect(nav.getByRole("list")).toHaveCount(2); // Dashboard and Orders
    for (const name of ["All products", "Users", "Banners", "Audit log"]) await expect(nav.getByRole("link", { name })).toHaveCount(0);
    // Their dashboard: what needs action in the orders and the latest orders; no sales figures (reports), messages (content) or stock (catalogue).
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Needs action", "Latest orders"]);
    await expect(page.getByTestId("action-pending-orders")).toBeVisible();
    for (const part of ["figure-revenue", "revenue-chart", "best-sellers", "action-messages", "action-low-stock"])
      await expect(page.getByTestId(part)).toHaveCount(0);
    await expectAccessible(page);

    for (const path of ["/admin-dashboard/audit-log", "/admin-dashboard/all-products"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "You don’t have access to this screen" })).toBeVisible();
      // Their own screens stay a click away.
      await expect(sidebar(page).getByRole("link", { name: "All orders" })).toBeVisible();
      await expectAccessible(page);
    }
  });

  test("every screen of the permission table: 403 without its permission, 200 with it", async () => {
    test.setTimeout(90_000);
    const admin = await apiAs(E2E_ADMIN.email, E2E_ADMIN.password);
    const product = ((await (await admin.get("/api/products/category/books")).json()) as Array<{ _id: string }>)[0]!;

    // The screens that have a route (the table may name screens still to come).
    const routed = new Set<string>();
    type Entry = { path?: string; index?: boolean; children?: Entry[] };
    const walk = (entries: Entry[], prefix: string) => {
      for (const r of entries) {
        const path = [prefix, r.path ?? ""].filter(Boolean).join("/");
        if (r.index || (r.path && r.path !== "*")) routed.add(path);
        if (r.children) walk(r.children, path);
      }
    };
    walk(routeWithPath("admin-dashboard")!.children ?? [], "");
    // Screens, not the form handlers of a screen (`…-action` routes answer POSTs; a GET goes back to their screen).
    const screens = Object.entries(ADMIN_SCREEN_ACCESS).filter(([path]) => routed.has(path) && !path.endsWith("-action"));
    expect(screens.length).toBeGreaterThan(10);

    const withOnly = new Map<Permission, APIRequestContext>();
    for (const p of PERMISSIONS) {
      const s = await newStaff(admin, `only-${p}`, [p]);
      withOnly.set(p, await apiAs(s.email, s.password));
    }
    const everything = await newStaff(admin, "all-permissions", [...PERMISSIONS]);
    const allStaff = await apiAs(everything.email, everything.password);

    // A real record for each screen of one record (its id in place of :id).
    const guest = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const orderId = await placePendingOrder(guest);
    const message = await guest.post("/api/contact", {
      data: { name: "Shell Test", email: uniqueEmail("shell-contact"), message: "A question about the shell, please." },
      headers,
    });
    expect(message.status(), await message.text()).toBe(201);
    const messageId = ((await message.json()) as { data: { _id: string } }).data._id;
    await guest.dispose();
    // An endpoint switched off (nothing is sent to it), deleted at the end.
    const endpoint = await admin.post("/api/admin/webhooks", { data: { url: "http://127.0.0.1:9/shell", events: ["order.created"], active: false }, headers });
    expect(endpoint.status(), await endpoint.text()).toBe(201);
    const endpointId = ((await endpoint.json()) as { data: { id: string } }).data.id;
    // A promotion switched off (no cart gets it), deleted at the end.
    const promotion = await admin.post("/api/admin/promotions", { data: { name: "Shell test", kind: "free_shipping", active: false }, headers });
    expect(promotion.status(), await promotion.text()).toBe(201);
    const promotionId = ((await promotion.json()) as { data: { id: string } }).data.id;
    const giftCard = await admin.post("/api/admin/gift-cards", { data: { amount: 5, note: "Admin shell screen" }, headers });
    expect(giftCard.status(), await giftCard.text()).toBe(201);
    const records: Record<string, string> = {
      "edit-product": product._id,
      orders: orderId,
      users: await userId(admin, E2E_ADMIN.email),
      "contact-messages": messageId,
      webhooks: endpointId,
      promotions: promotionId,
      "gift-cards": ((await giftCard.json()) as { data: { id: string } }).data.id,
    };
    const withRecord = (path: string) => path.replace(/^([^/]+)\/:id$/, (whole, screen: string) => (records[screen] ? `${screen}/${records[screen]}` : whole));
    const statusOf = async (api: APIRequestContext, path: string) => (await api.get(`/admin-dashboard/${withRecord(path)}`, { maxRedirects: 0 })).status();
    const results: string[] = [];
    for (const [path, access] of screens) {
      const allowed = access === "admin" ? admin : access === "staff" ? withOnly.get("orders")! : withOnly.get(access)!;
      const denied = access === "admin" ? allStaff : access === "staff" ? null : withOnly.get(PERMISSIONS.find((p) => p !== access)!)!;
      results.push(`${path || "(dashboard)"} needs ${access}: allowed ${await statusOf(allowed, path)}, denied ${denied ? await statusOf(denied, path) : "-"}`);
    }
    expect(results).toEqual(screens.map(([path, access]) => `${path || "(dashboard)"} needs ${access}: allowed 200, denied ${access === "staff" ? "-" : 403}`));
    await admin.delete(`/api/admin/webhooks/${endpointId}`, { headers });
    await admin.delete(`/api/admin/promotions/${promotionId}`, { headers });
    for (const api of [...withOnly.values(), allStaff, admin]) await api.dispose();
  });
});
