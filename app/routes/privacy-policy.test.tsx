import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_COOKIE_PREFIX, SESSION_DAYS } from "#common/auth/session";
import { VISITOR_COOKIE } from "#server/lib/shopper";
import { browser, createAccount } from "#tests/support/auth-browser";
import { insertCatalog } from "#tests/support/catalog-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";
import { withLanguage } from "#tests/support/page-language";
import * as page from "./privacy-policy";
import type { Route } from "./+types/privacy-policy";

let shop: TestShop;
beforeAll(async () => {
  // A provider is configured so that its sign-in sets its cookie; a retention other than the default.
  shop = await createTestShop({ CART_RETENTION_DAYS: "45", GOOGLE_CLIENT_ID: "google-id", GOOGLE_CLIENT_SECRET: "google-secret" });
});
afterAll(() => shop?.close());

/** The names of every cookie the shop sets along a visitor's add to cart, sign-ins with and without "Remember me" and a provider sign-in. */
async function cookiesTheShopSets(): Promise<Set<string>> {
  const names = new Set<string>();
  const note = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) names.add(cookie.slice(0, cookie.indexOf("=")).replace(/^__(Secure|Host)-/, ""));
    return res;
  };
  const { productIds } = await insertCatalog(shop.db, { Books: [] }, [{ name: "A Quiet Book", price: 1200, category: "Books" }]);
  const visitor = browser(shop);
  expect(note(await visitor.post("/api/cart/items", { productId: productIds.get("A Quiet Book"), quantity: 1 })).status).toBe(201);
  expect(note(await visitor.post("/api/wishlist/toggle", { productId: productIds.get("A Quiet Book") })).status).toBeLessThan(300);

  await createAccount(shop, { email: "reader@example.com", password: "reader-password-1" });
  expect(note(await browser(shop).post("/api/auth/sign-in/email", { email: "reader@example.com", password: "reader-password-1" })).status).toBe(200);
  expect(
    note(await browser(shop).post("/api/auth/sign-in/email", { email: "reader@example.com", password: "reader-password-1", rememberMe: false })).status,
  ).toBe(200);
  expect(note(await browser(shop).post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/" })).status).toBe(200);
  return names;
}

/** The policy as the server renders it for this shop, as plain text and as HTML. */
async function renderPolicy() {
  const settings = await shop.services.content.getSettings();
  const policy = await page.loader({
    request: new Request("http://shop.test/privacy-policy"),
    context: { services: shop.services },
  } as unknown as Route.LoaderArgs);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => ({ settings }),
      children: [{ id: "policy", path: "privacy-policy", Component: page.default, loader: () => policy }],
    },
  ]);
  const html = renderToString(withLanguage(<Stub initialEntries={["/privacy-policy"]} hydrationData={{ loaderData: { root: { settings }, policy } }} />));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}

describe("the privacy policy", () => {
  it("names every cookie the shop sets", async () => {
    const names = await cookiesTheShopSets();
    // The flows above really ran: the visitor cookie and better-auth's session cookie are among them.
    expect(names).toContain(VISITOR_COOKIE);
    expect(names).toContain(`${AUTH_COOKIE_PREFIX}.session_token`);
    const { html } = await renderPolicy();
    for (const name of names) expect(html, `the policy names the cookie ${name}`).toContain(`>${name}</code>`);
  });

  it("says the cart and wishlist are kept on the server, not in local storage, and for how long", async () => {
    const { text } = await renderPolicy();
    expect(text).not.toMatch(/(cart|wishlist)[^.]*\b(in|on)\b[^.]*local storage/i);
    expect(text).toMatch(/cart or wishlist are stored on our server/);
    expect(text).toContain("once they have not changed for 45 days");
    expect(text).toContain(`${SESSION_DAYS} days after their last use`);
  });

  it("lists the mails the shop sends and says how to have an account deleted", async () => {
    const { html, text } = await renderPolicy();
    for (const mail of ["confirm your e-mail address", "password reset links", "confirmation of each order", "when its status changes"])
      expect(text).toContain(mail);
    expect(text).toMatch(/Deleting your account The shop has no button for this yet\. To have your account deleted, write to us through the contact form/);
    expect(html).toMatch(/<a[^>]*href="\/contact-us"[^>]*>the contact form<\/a>/);
  });
});
