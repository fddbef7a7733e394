import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Language } from "#common/i18n/languages";
import { withLanguage } from "#tests/support/page-language";
import type { Route } from "./+types/login";
import * as login from "./login";

/** The sign-in page's loader for a signed-out visitor (no third-party providers configured). */
const load = (url: string, user: unknown = null) =>
  login.loader({ request: new Request(url), context: { user, services: { auth: { providers: [] } } }, params: {} } as unknown as Route.LoaderArgs);

/** The page as the server renders it at `path`, in `language`, with its loader's data. */
function render(path: string, language: Language, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "login", path: path.split("?")[0], Component: login.default, loader: () => loaderData, action: () => actionData }]);
  const html = renderToString(
    withLanguage(
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { login: loaderData }, ...(actionData ? { actionData: { login: actionData } } : {}) }} />,
      language,
    ),
  );
  return html.replace(/&amp;/g, "&");
}

describe("the sign-in page in another language", () => {
  it("shows its form in German, with links and the way back under /de", async () => {
    const data = await load("http://shop.test/de/login?redirectTo=%2Fde%2Fcheckout");
    expect(data.redirectTo).toBe("/de/checkout");
    const html = render("/de/login?redirectTo=%2Fde%2Fcheckout", "de", data);
    expect(html).toContain("Bitte melde dich an, um fortzufahren.");
    expect(html).toContain(">Anmelden</h1>");
    expect(html).toContain("E-Mail-Adresse");
    expect(html).toContain("Passwort vergessen?");
    expect(html).toContain("Auf diesem Gerät angemeldet bleiben");
    expect(html).toContain("Anmeldelink per E-Mail schicken");
    expect(html).toContain('href="/de/forgot-password"');
    expect(html).toContain('href="/de/register?redirectTo=%2Fde%2Fcheckout"');
    expect(html).not.toMatch(/Sign in|Forgot password|Remember me/);
  });

  it("sends a signed-in visitor of /es/login to the Spanish home page, or to the page in Spanish", async () => {
    const user = { id: "u1", role: "customer" };
    const where = async (url: string) => {
      try {
        await load(url, user);
      } catch (response) {
        return (response as Response).headers.get("Location");
      }
      return null;
    };
    expect(await where("http://shop.test/es/login")).toBe("/es");
    expect(await where("http://shop.test/es/login?redirectTo=%2Fmy-orders")).toBe("/es/my-orders");
  });

  it("answers a /de/login form with German field errors", async () => {
    const form = new FormData();
    form.set("email", "ada@");
    form.set("password", "");
    const request = new Request("http://shop.test/de/login", { method: "POST", body: form });
    const result = (await login.action({ request, context: {}, params: {} } as unknown as Route.ActionArgs)) as unknown as {
      data: login.LoginResult;
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({
      message: "Bitte korrigiere die markierten Felder.",
      fieldErrors: { email: "Bitte gib eine gültige E-Mail-Adresse ein", password: "Bitte gib dein Passwort ein" },
    });
    const html = render("/de/login", "de", await load("http://shop.test/de/login"), result.data);
    expect(html).toContain("Bitte gib dein Passwort ein");
  });
});
