import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { withLanguage } from "#tests/support/page-language";
import type { Route } from "./+types/register";
import * as register from "./register";

const loaderData = { redirectTo: "/fr", providers: [], description: "" };

/** The French registration page with the answer to a form, as the server renders it. */
function render(actionData: register.RegisterResult) {
  const Stub = createRoutesStub([{ id: "register", path: "/fr/register", Component: register.default, loader: () => loaderData, action: () => actionData }]);
  return renderToString(
    withLanguage(
      <Stub initialEntries={["/fr/register"]} hydrationData={{ loaderData: { register: loaderData }, actionData: { register: actionData } }} />,
      "fr",
    ),
  ).replace(/&amp;/g, "&");
}

describe("the registration page in French", () => {
  it("answers the form with French field errors, and shows them under French labels", async () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("email", "ada@example");
    form.set("password", "short");
    const request = new Request("http://shop.test/fr/register", { method: "POST", body: form });
    const result = (await register.action({ request, context: {}, params: {} } as unknown as Route.ActionArgs)) as unknown as {
      data: register.RegisterResult;
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      message: "Veuillez corriger les champs signalés.",
      fieldErrors: { email: "Veuillez saisir une adresse e-mail valide", password: "Au moins 8 caractères" },
    });

    const html = render(result.data);
    for (const text of [
      "Créer un compte",
      "Votre nom",
      "Adresse e-mail",
      "Mot de passe",
      "Au moins 8 caractères. Quelques mots sans rapport entre eux font un mot de passe solide et facile à retenir.",
      "Créer mon compte",
      "Veuillez saisir une adresse e-mail valide",
      "politique de confidentialité",
    ])
      expect(html).toContain(text);
    expect(html).toContain('href="/fr/privacy-policy"');
    expect(html).toContain('href="/fr/login"');
    expect(html).not.toMatch(/Create account|Your name|Password</);
  });

  it("offers to sign in or reset the password, in French, when the address has an account", () => {
    const html = render({
      ok: false,
      message: "Un compte existe déjà avec cette adresse e-mail. Connectez-vous ou réinitialisez votre mot de passe.",
      fieldErrors: { email: "Cette adresse e-mail a déjà un compte" },
      values: { name: "", email: "ada@example.com" },
      duplicate: true,
    });
    expect(html).toContain("réinitialisez votre mot de passe</a>.");
    expect(html).toContain('href="/fr/forgot-password"');
  });
});
