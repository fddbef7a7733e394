import { describe, expect, it } from "vitest";
import { translatorFor } from "#common/i18n/messages.server";
import { waitText } from "#server/lib/rate-limit";
import { authErrorMessage, emailError, landingPath, newPasswordError, safeRedirect, verifyEmailCallback, waitIn } from "./auth-form.server";

const en = translatorFor("en");
const de = translatorFor("de");
const fr = translatorFor("fr");
const es = translatorFor("es");

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirect("/my-profile")).toBe("/my-profile");
    expect(safeRedirect("/product-category/shoes?sort=price#top")).toBe("/product-category/shoes?sort=price#top");
  });

  it("turns other sites, scheme tricks and API or sign-out paths into the fallback", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/\u0000x",
      "/api/auth/sign-out",
      "/logout",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad as string | null | undefined), String(bad)).toBe("/");
    }
    expect(safeRedirect("//evil.example", "/login")).toBe("/login");
  });

  it("normalises first: dot segments, escaped dots and backslashes that resolve to another host go to the fallback", () => {
    for (const bad of ["/.//evil.com", "/..//evil.com", "/%2e%2e//evil.com", "/./\\evil.com", "/a/%2e%2e//evil.com"]) {
      expect(safeRedirect(bad), bad).toBe("/");
    }
    expect(safeRedirect("/a/./b/../checkout")).toBe("/a/checkout");
  });
});

describe("field checks", () => {
  it("explains a missing or malformed e-mail address", () => {
    expect(emailError("", en)).toBe("Please enter your e-mail address");
    expect(emailError("ada@", en)).toBe("Please enter a valid e-mail address");
    expect(emailError("ada@example.com", en)).toBeUndefined();
  });

  it("asks for 8 to 128 characters in a new password", () => {
    expect(newPasswordError("", en)).toBe("Please choose a password");
    expect(newPasswordError("1234567", en)).toBe("Use at least 8 characters");
    expect(newPasswordError("x".repeat(129), en)).toBe("Use at most 128 characters");
    expect(newPasswordError("12345678", en)).toBeUndefined();
  });
});

describe("authErrorMessage", () => {
  it("words better-auth's codes for shoppers", () => {
    expect(authErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }, en)).toMatch(/don’t match an account/);
    expect(authErrorMessage({ status: 400, code: "INVALID_PASSWORD" }, en)).toBe("Your current password is not correct.");
    expect(authErrorMessage({ status: 403, code: "EMAIL_NOT_VERIFIED" }, en)).toMatch(/confirm your e-mail address/);
  });

  it("uses the server's own rate-limit sentence, else says how long to wait", () => {
    expect(authErrorMessage({ status: 429, code: "RATE_LIMITED", message: "Too many failed sign-ins for this account." }, en)).toBe(
      "Too many failed sign-ins for this account.",
    );
    expect(authErrorMessage({ status: 429, retryAfter: 42 }, en)).toBe("Too many attempts. For your security, please wait 42 seconds and try again.");
    expect(authErrorMessage({ status: 429, retryAfter: 600 }, en)).toMatch(/wait 10 minutes/);
  });

  it("never shows a server error's internals", () => {
    expect(authErrorMessage({ status: 500, message: "SQLITE_BUSY: database is locked" }, en)).toBe(
      "Our sign-in service is having trouble. Please try again in a moment.",
    );
    expect(authErrorMessage({ status: 403, code: "SOMETHING", message: "internal detail" }, en)).toBe("Something went wrong. Please try again.");
  });
});

describe("in the page's language", () => {
  it("words field errors and the service's answers in German, French and Spanish", () => {
    expect(emailError("", de)).toBe("Bitte gib deine E-Mail-Adresse ein");
    expect(newPasswordError("1234567", fr)).toBe("Au moins 8 caractères");
    expect(newPasswordError("x".repeat(129), es)).toBe("Usa como máximo 128 caracteres");
    expect(authErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }, de)).toMatch(/passen zu keinem Konto/);
    expect(authErrorMessage({ status: 400, code: "PASSWORD_TOO_SHORT" }, fr)).toBe("Votre mot de passe est trop court : utilisez au moins 8 caractères.");
    expect(authErrorMessage({ status: 500 }, es)).toBe("Nuestro servicio de inicio de sesión tiene problemas. Vuelve a intentarlo en unos instantes.");
  });

  it("says the server's rate limits again, with the wait in the page's words (the English page keeps the server's sentence)", () => {
    const server = "Too many failed sign-ins for this account from your address. For your security, please wait 3 minutes and try again.";
    const limited = { status: 429, code: "RATE_LIMITED", message: server, retryAfter: 180 };
    expect(authErrorMessage(limited, en)).toBe(server);
    expect(authErrorMessage(limited, de)).toBe(
      "Zu viele fehlgeschlagene Anmeldungen für dieses Konto von deiner Adresse. Zu deiner Sicherheit warte bitte 3 Minuten und versuche es dann noch einmal.",
    );
    expect(authErrorMessage({ status: 429, retryAfter: 1 }, fr)).toBe(
      "Trop de tentatives. Pour votre sécurité, veuillez patienter 1 seconde avant de réessayer.",
    );
    // An INVALID_NAME from server/auth/profile-input.ts, through the errors catalog.
    expect(authErrorMessage({ status: 400, code: "INVALID_NAME", message: "Please enter your name." }, es)).toBe("Escribe tu nombre.");
  });

  it("rounds a wait as the server's English waitText does", () => {
    for (const seconds of [1, 2, 59, 89, 90, 91, 150, 3540, 3541, 3600, 3601, 7200, 86_400])
      expect(waitIn(en, seconds), String(seconds)).toBe(waitText(seconds));
  });

  it("lands a form of a /de page on /de pages, and keeps the admin area's addresses", () => {
    const german = new Request("http://shop.test/de/login");
    expect(landingPath(german, "/checkout?step=2")).toBe("/de/checkout?step=2");
    expect(landingPath(german, "/fr/my-orders")).toBe("/de/my-orders");
    expect(landingPath(german, null)).toBe("/de");
    expect(landingPath(german, "//evil.example")).toBe("/de");
    expect(landingPath(german, "/admin-dashboard/orders")).toBe("/admin-dashboard/orders");
    expect(landingPath(new Request("http://shop.test/login"), "/de/checkout")).toBe("/checkout");
    expect(verifyEmailCallback(german, "/de")).toBe("/de/verify-email");
    expect(verifyEmailCallback(german, "/de/checkout")).toBe("/de/verify-email?redirectTo=%2Fde%2Fcheckout");
  });
});
