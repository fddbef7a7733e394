import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthTables } from "../../server/db/auth-tables";
import { CookieJar, browser } from "../support/auth-browser";
import { startOidcProvider } from "../support/oidc-provider";
import { type TestShop, createTestShop } from "../support/test-shop";

const CLIENT_ID = "shop-test-client";
const CLIENT_SECRET = "a-long-and-random-test-client-secret";

let shop: TestShop;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: "http://shop.test/api/auth/callback/oidc" });
  shop = await createTestShop({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_NAME: "Test IdP" });
});
afterAll(async () => {
  await shop?.close();
  await idp?.close();
});

/** The browser's trip through the identity provider: follows its redirects, fills in the login and consent forms, and returns the URL it sends back to the shop. */
async function throughProvider(startUrl: string, login: string, password: string): Promise<string> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.header()) headers.set("cookie", jar.header());
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    jar.store(res);
    return res;
  };
  let url = startUrl;
  let res = await go(url);
  for (let step = 0; step < 12; step++) {
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).toString();
      if (!url.startsWith(idp.issuer)) return url;
      res = await go(url);
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBeTruthy();
    const form = html.includes('name="password"') ? new URLSearchParams({ login, password }) : new URLSearchParams({});
    url = new URL(action!, url).toString();
    res = await go(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
  }
  throw new Error("the provider did not send the browser back");
}

describe("sign-in with a generic OpenID Connect provider", () => {
  it("lists the provider for the UI", async () => {
    const res = await shop.request("/api/auth-providers");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ providers: [{ id: "oidc", name: "Test IdP", type: "oidc" }] });
    expect(shop.services.auth.providers).toEqual([{ id: "oidc", name: "Test IdP", type: "oidc" }]);
  });

  it("creates the account, links it to the provider and signs the customer in", async () => {
    const b = browser(shop);
    const start = await b.post("/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/my-profile" });
    expect(start.status).toBe(200);
    const { url, redirect } = (await start.json()) as { url: string; redirect: boolean };
    expect(redirect).toBe(true);
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");

    const back = await throughProvider(url, idp.account.login, idp.account.password);
    expect(back.startsWith("http://shop.test/api/auth/callback/oidc?")).toBe(true);
    const callback = await b.get(back);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/my-profile");
    expect(b.jar.has("session_token")).toBe(true);

    const session = await b.session();
    expect(session?.user).toMatchObject({ email: idp.account.email, name: idp.account.name, emailVerified: true, role: "customer" });
    const k = shop.db.kysely.withTables<AuthTables>();
    const accounts = await k.selectFrom("accounts").selectAll().where("user_id", "=", session!.user.id).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ provider_id: "oidc", account_id: idp.account.id, user_id: session!.user.id, password: null });

    // A second sign-in reuses the same account instead of creating another.
    const again = browser(shop);
    const start2 = (await (await again.post("/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/" })).json()) as { url: string };
    await again.get(await throughProvider(start2.url, idp.account.login, idp.account.password));
    expect((await again.session())?.user.id).toBe(session!.user.id);
    expect(await k.selectFrom("users").select("id").where("email", "=", idp.account.email).execute()).toHaveLength(1);
  });

  it("refuses a wrong password at the provider and a forged callback at the shop", async () => {
    const b = browser(shop);
    const { url } = (await (await b.post("/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/" })).json()) as { url: string };
    await expect(throughProvider(url, idp.account.login, "not the password")).rejects.toThrow();
    const forged = await b.get("/api/auth/callback/oidc?code=made-up&state=made-up");
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/error=/);
    expect(await b.session()).toBeNull();
  });
});
