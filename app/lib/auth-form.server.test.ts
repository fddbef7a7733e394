import { describe, expect, it } from "vitest";
import { authErrorMessage, emailError, newPasswordError, safeRedirect } from "./auth-form.server";

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
    expect(emailError("")).toBe("Please enter your e-mail address");
    expect(emailError("ada@")).toBe("Please enter a valid e-mail address");
    expect(emailError("ada@example.com")).toBeUndefined();
  });

  it("asks for 8 to 128 characters in a new password", () => {
    expect(newPasswordError("")).toBe("Please choose a password");
    expect(newPasswordError("1234567")).toBe("Use at least 8 characters");
    expect(newPasswordError("x".repeat(129))).toBe("Use at most 128 characters");
    expect(newPasswordError("12345678")).toBeUndefined();
  });
});

describe("authErrorMessage", () => {
  it("words better-auth's codes for shoppers", () => {
    expect(authErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" })).toMatch(/don’t match an account/);
    expect(authErrorMessage({ status: 400, code: "INVALID_PASSWORD" })).toBe("Your current password is not correct.");
    expect(authErrorMessage({ status: 403, code: "EMAIL_NOT_VERIFIED" })).toMatch(/confirm your e-mail address/);
  });

  it("uses the server's own rate-limit sentence, else says how long to wait", () => {
    expect(authErrorMessage({ status: 429, code: "RATE_LIMITED", message: "Too many failed sign-ins for this account." })).toBe(
      "Too many failed sign-ins for this account.",
    );
    expect(authErrorMessage({ status: 429, retryAfter: 42 })).toBe("Too many attempts. For your security, please wait 42 seconds and try again.");
    expect(authErrorMessage({ status: 429, retryAfter: 600 })).toMatch(/wait 10 minutes/);
  });

  it("never shows a server error's internals", () => {
    expect(authErrorMessage({ status: 500, message: "SQLITE_BUSY: database is locked" })).toBe(
      "Our sign-in service is having trouble. Please try again in a moment.",
    );
    expect(authErrorMessage({ status: 403, code: "SOMETHING", message: "internal detail" })).toBe("Something went wrong. Please try again.");
  });
});
