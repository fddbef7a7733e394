import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, shot, test, waitForHydration } from "./fixtures";
import { adminApi, apiJson, headers, signInPage } from "./support/admin-api";
import { linkIn, uniqueEmail, waitForMail } from "./support/accounts";
import { BASE_URL } from "./support/ports";

// Cart reminders end to end: a guest ticks the box at checkout and leaves; the scheduled job
// (every minute, the settings' delay set to one minute here) mails the cart; its link brings the
// cart back in another browser; the admin's report counts the reminder and the restore.

type Settings = Record<string, unknown> & { cartReminders: { enabled: boolean; delayMinutes: number; second: boolean } };
let saved: Settings["cartReminders"] | null = null;

async function putReminderRules(api: APIRequestContext, rules: Settings["cartReminders"]) {
  const res = await api.get("/api/admin/settings");
  const body = (await res.json()) as { data: Settings; version: string };
  saved ??= body.data.cartReminders;
  await apiJson(await api.put("/api/admin/settings", { data: { ...body.data, cartReminders: rules, version: body.version }, headers }), 200);
}

test.afterAll(async () => {
  if (!saved) return;
  const api = await adminApi();
  await putReminderRules(api, saved);
  await api.dispose();
});

test("a guest who ticked the box gets the cart back through the reminder's link in another browser", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  await putReminderRules(api, { enabled: true, delayMinutes: 1, second: false });
  await api.dispose();

  // A book nobody else's test counts (the others take the first two by address).
  const books = ((await (await page.request.get("/api/products/category/books")).json()) as Array<{ _id: string; name: string; slug: string }>).sort((a, b) =>
    a.slug.localeCompare(b.slug),
  );
  const book = books[4]!;
  const added = await page.request.post("/api/cart/items", { data: { productId: book._id, quantity: 2 }, headers: { origin: BASE_URL } });
  expect(added.status(), await added.text()).toBe(201);

  const email = uniqueEmail("cart-reminder");
  await page.goto("/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Checkout" });
  const consent = form.getByRole("checkbox", { name: "E-mail me a reminder if I leave my cart" });
  await expect(consent).not.toBeChecked();
  await form.getByRole("textbox", { name: "E-mail" }).fill(email);
  const stored = page.waitForResponse((res) => res.url().includes("/api/cart/reminder") && res.request().method() === "PUT");
  await consent.check();
  expect((await stored).status()).toBe(200);
  await expectAccessible(page);
  await consent.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "consent-desktop", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await consent.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "consent-phone", { fullPage: false });
  // The guest leaves without ordering; the box stays ticked when they come back.
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "E-mail me a reminder if I leave my cart" })).toBeChecked();

  // The job runs every minute; the cart is idle after one.
  const mail = await waitForMail(email, /your cart at .* is waiting/i, { timeout: 200_000 });
  expect(mail.text).toContain(book.name);
  expect(mail.text).toContain("2 ×");
  const restore = linkIn(mail, "/cart/restore/");
  expect(linkIn(mail, "/cart/reminders/stop/")).toBeTruthy();

  const mailPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await mailPage.setContent(mail.html);
  await shot(mailPage, testInfo, "mail-desktop");
  await mailPage.setViewportSize({ width: 390, height: 844 });
  await shot(mailPage, testInfo, "mail-phone");
  await mailPage.close();

  // Another device: a fresh browser opens the link and lands on its cart with the book in it.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const phone = await other.newPage();
  await phone.goto(restore);
  await expect(phone).toHaveURL(/\/shopping-cart$/);
  await expect(phone.getByRole("link", { name: book.name }).first()).toBeVisible();
  // The mail's other link stops the reminders, in one click.
  await phone.goto(linkIn(mail, "/cart/reminders/stop/"));
  await expect(phone.getByRole("heading", { level: 1, name: "No more cart reminders" })).toBeVisible();
  await expectAccessible(phone);
  await other.close();

  // The admin's report counts the reminder and the restore.
  const admin = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  const screen = await admin.newPage();
  await signInPage(screen);
  await screen.goto("/admin-dashboard/cart-reminders");
  await expect(screen.getByRole("heading", { level: 1, name: "Cart reminders" })).toBeVisible();
  await expect(screen.getByTestId("kpi-reminders-sent")).not.toContainText(/^Reminders sent0/);
  await expect(screen.getByTestId("kpi-carts-restored")).not.toContainText(/^Carts restored0/);
  await expectAccessible(screen);
  await shot(screen, testInfo, "report-desktop");
  await screen.setViewportSize({ width: 390, height: 844 });
  await shot(screen, testInfo, "report-phone");
  // The settings' own section says what the shop does now.
  await screen.goto("/admin-dashboard/settings#cart-reminders");
  const section = screen.getByRole("region", { name: "Cart reminders" });
  await expect(section.getByRole("checkbox", { name: "Remind customers of carts they leave" })).toBeChecked();
  await expect(section.getByRole("spinbutton", { name: "First reminder after (minutes)" })).toHaveValue("1");
  await section.scrollIntoViewIfNeeded();
  await shot(section, testInfo, "settings-phone");
  await screen.setViewportSize({ width: 1280, height: 900 });
  await shot(section, testInfo, "settings-desktop");
  await admin.close();
});
