import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-rules";

describe("passwordStrength", () => {
  it("is silent for an empty field and says when a password is too short", () => {
    expect(passwordStrength("")).toEqual({ score: 0, label: "" });
    expect(passwordStrength("abc123").label).toBe("Too short");
  });

  it("calls repeated characters, runs and common words weak", () => {
    for (const weak of ["aaaaaaaaaa", "12345678", "abcdefghij", "password123"]) expect(passwordStrength(weak).score, weak).toBe(1);
  });

  it("rewards length and variety", () => {
    expect(passwordStrength("sunflower").score).toBe(2);
    expect(passwordStrength("Sunflower7").score).toBe(3);
    expect(passwordStrength("correct-horse-battery").score).toBe(4);
  });
});
