import { describe, expect, it } from "vitest";
import { hasBlockedWord, holdReasons, isShouting } from "./reviews.moderation";

describe("review moderation rules", () => {
  it("holds links written with a scheme or www.", () => {
    expect(holdReasons({ title: "Nice", text: "See https://example.com" }, [])).toEqual(["link"]);
    expect(holdReasons({ title: "Visit www.example.com", text: "Good" }, [])).toEqual(["link"]);
    expect(holdReasons({ title: "Nice", text: "The www is not a link, nor is example.com" }, [])).toEqual([]);
  });

  it("holds a text over half capitals once it has 20 letters", () => {
    expect(isShouting("THIS IS THE BEST MUG EVER MADE")).toBe(true);
    expect(isShouting("GREAT MUG")).toBe(false);
    expect(isShouting("Great mug, I use it every DAY for TEA")).toBe(false);
    expect(isShouting("ÜBER GUT, WIRKLICH SEHR SCHÖN")).toBe(true);
  });

  it("holds blocked words whole, in any case, and not inside other words", () => {
    expect(hasBlockedWord("What a SCAM this is", ["scam"])).toBe(true);
    expect(hasBlockedWord("Scampi taste better", ["scam"])).toBe(false);
    expect(hasBlockedWord("Please buy now!", ["buy now"])).toBe(true);
    expect(hasBlockedWord("a (b) c", ["(b)"])).toBe(true);
    expect(hasBlockedWord("anything", [])).toBe(false);
  });

  it("names every reason", () => {
    expect(holdReasons({ title: "VISIT MY SHOP FOR CHEAP STUFF", text: "www.spam.example scam" }, ["scam"])).toEqual(["link", "capitals", "blocklist"]);
  });
});
