import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, openProductPage, shot, test } from "./fixtures";
import { createCustomer, linkIn, newCustomer, uniqueEmail, waitForMail } from "./support/accounts";
import { adminApi, apiJson, cleanUpAfterAll, headers, signInPage } from "./support/admin-api";
import { E2E_ADMIN } from "./support/ports";

// "Tell me when it's back" on the product page: a product of this spec's own, in a category of its
// own (no other spec's listing sees either; both are deleted afterwards), with a sold-out size. A
// guest chooses it, gives an address and is asked to confirm by mail; the mail's link opens the
// alert's page, confirmed by its button; a signed-in shopper's address is filled in and waits at once.

test.describe.configure({ timeout: 60_000 });

const cleanups = cleanUpAfterAll(test);
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** A rain jacket in Navy, sizes M (in stock) and L (sold out). */
async function jacket(api: APIRequestContext) {
  const s = suffix();
  const category = await apiJson<{ id: string; slug: string }>(await api.post("/api/admin/categories", { data: { name: `Alert coats ${s}` }, headers }), 201);
  cleanups.push((a) => a.delete(`/api/admin/categories/${category.id}`, { headers }));
  const product = await apiJson<{ id: string; slug: string; name: string }>(
    await api.post("/api/admin/products", {
      data: {
        name: `Harbour Rain Jacket ${s}`,
        categorySlug: category.slug,
        price: 89,
        image: ["https://images.example.com/rain-jacket.jpg"],
        colors: [{ name: "Navy", hex: "#1f2a44" }],
        sizes: ["M", "L"],
        variants: [
          { color: "Navy", size: "M", additionalPrice: 0, stock: 4 },
          { color: "Navy", size: "L", additionalPrice: 0, stock: 0 },
        ],
      },
      headers,
    }),
    201,
  );
  cleanups.push((a) => a.delete(`/api/admin/products/${product.id}`, { headers }));
  return product;
}

let product: { id: string; slug: string; name: string };

test.beforeAll(async () => {
  const api = await adminApi();
  product = await jacket(api);
  await api.dispose();
});

const chooseSoldOutSize = async (page: import("@playwright/test").Page) => {
  await page.getByRole("group", { name: /^Size/ }).getByText("L", { exact: true }).click();
  await expect(page.getByTestId("stock-status")).toHaveText("Out of stock");
};

test("a guest asks by keyboard for a sold-out size, confirms by mail, and the alert's page says so", async ({ page }, testInfo) => {
  await openProductPage(page, product);
  // In stock: no alert offered.
  await expect(page.getByRole("heading", { name: "Tell me when it's back" })).toHaveCount(0);
  await chooseSoldOutSize(page);
  const form = page.getByTestId("stock-alert");
  await expect(form.getByRole("heading", { name: "Tell me when it's back" })).toBeVisible();

  // A bad address is refused with the field named.
  const email = form.getByRole("textbox", { name: "E-mail address" });
  await email.fill("not-an-address");
  await email.press("Enter");
  await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  const guest = uniqueEmail("alert-guest");
  await email.fill(guest);
  await form.getByRole("button", { name: "Notify me" }).focus();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toHaveText("Check your inbox to confirm your alert.");
  await shot(page, testInfo, "stock-alert-desktop", { fullPage: false });

  const mail = await waitForMail(guest, /Confirm your alert/);
  expect(mail.subject).toBe(`Confirm your alert for ${product.name} (Navy, L)`);
  await page.goto(linkIn(mail, "/stock-alerts/"));
  await expect(page.getByText(`Confirm that we may e-mail you once when ${product.name} (Navy, L) is back in stock.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(page.getByTestId("stock-alert-state")).toHaveText(`You're on the list: we'll e-mail you once when ${product.name} (Navy, L) is back.`);
  await shot(page, testInfo, "stock-alert-confirmed");

  // Unsubscribing forgets it.
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByTestId("stock-alert-gone")).toHaveText("This alert no longer exists: we won't e-mail you about it.");
});

test("a signed-in shopper finds their address filled in and waits at once, on a phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer(page.request, newCustomer("alert-customer", "Ada Alert"));
  await openProductPage(page, product);
  await chooseSoldOutSize(page);
  const form = page.getByTestId("stock-alert");
  await expect(form.getByRole("textbox", { name: "E-mail address" })).toHaveValue(customer.email);
  await form.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "stock-alert-phone", { fullPage: false });
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText("Done! We'll e-mail you when it's back.");
  await expectAccessible(page);
  await shot(page, testInfo, "stock-alert-phone-done", { fullPage: false });
});

test("the French page asks in French", async ({ page }) => {
  await page.goto(`/fr/products/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await page
    .getByRole("group", { name: /^Taille/ })
    .getByText("L", { exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Me prévenir du retour en stock" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Adresse e-mail" })).toBeVisible();
});

test("staff see what shoppers wait for, and who", async ({ page }, testInfo) => {
  await signInPage(page);
  const asked = await page.request.post("/api/stock-alerts", { data: { productId: product.id, color: "Navy", size: "L", email: E2E_ADMIN.email }, headers });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  await page.goto("/admin-dashboard/stock-alerts");
  const row = page.getByRole("row", { name: new RegExp(`${product.name} \\(Navy, L\\)`) });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: /View addresses/ }).click();
  const addresses = page.getByTestId("stock-alert-addresses");
  await expect(addresses.getByRole("rowheader", { name: new RegExp(E2E_ADMIN.email) })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "stock-alerts-admin");
});

test("a customer switches on price-drop e-mails on their wishlist", async ({ page }, testInfo) => {
  await createCustomer(page.request, newCustomer("price-drop", "Pia Drop"));
  await page.goto("/wishlist");
  const toggle = page.getByRole("switch", { name: "E-mail me when a wished item's price drops" });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect.poll(async () => (await (await page.request.get("/api/account/preferences")).json()).data.priceDropAlerts).toBe(true);
  await page.reload();
  await expect(page.getByRole("switch", { name: "E-mail me when a wished item's price drops" })).toBeChecked();
  await expectAccessible(page);
  await shot(page, testInfo, "price-drop-switch");
});
