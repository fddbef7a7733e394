import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { passwordStrength } from "#common/auth/password-rules";
import { translatorFor } from "#common/i18n/messages.server";
import { withLanguage } from "#tests/support/page-language";
import { EmailField, strengthText } from "./fields";

describe("the account form fields in the page's language", () => {
  it("say each password strength rule in German, French and Spanish, and in English as the rules word it", () => {
    const verdict = (password: string) => passwordStrength(password).rule;
    expect(strengthText(translatorFor("de"), verdict("abc"))).toBe("Sicherheit: Zu kurz");
    expect(strengthText(translatorFor("fr"), verdict("12345678"))).toBe("Sécurité : Faible (facile à deviner)");
    expect(strengthText(translatorFor("es"), verdict("correct-horse-battery"))).toBe("Seguridad: Fuerte");
    expect(strengthText(translatorFor("de"), verdict(""))).toBe("");
    for (const password of ["abc", "aaaaaaaaaa", "sunflower", "Sunflower7", "correct-horse-battery"])
      expect(strengthText(translatorFor("en"), verdict(password))).toBe(`Strength: ${passwordStrength(password).label}`);
  });

  it("label the e-mail field in Spanish", () => {
    expect(renderToString(withLanguage(<EmailField />, "es"))).toContain("Correo electrónico");
  });
});
