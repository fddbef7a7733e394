import { describe, expect, it } from "vitest";
import { sameSitePath } from "./same-site-path";

describe("sameSitePath", () => {
  it("keeps a page of the shop, with its query and fragment", () => {
    expect(sameSitePath("/checkout")).toBe("/checkout");
    expect(sameSitePath("/my-orders?order=abc#top")).toBe("/my-orders?order=abc#top");
    expect(sameSitePath("  /wishlist  ")).toBe("/wishlist");
    expect(sameSitePath("/a/./b/../c")).toBe("/a/c");
  });

  it("refuses every spelling that normalises to another host", () => {
    for (const to of [
      "//evil.com",
      "/\\evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/%2e%2e//evil.com",
      "/%2E//evil.com",
      "/./\\evil.com",
      "/a/..//evil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      "https://evil.com/",
      "http:evil.com",
      "javascript:alert(1)",
      "evil.com",
    ]) {
      expect(sameSitePath(to), JSON.stringify(to)).toBeNull();
    }
  });

  it("refuses what is no page to land on, and what is no text", () => {
    expect(sameSitePath("/api/admin/users")).toBeNull();
    expect(sameSitePath("/logout")).toBeNull();
    expect(sameSitePath("")).toBeNull();
    expect(sameSitePath(null)).toBeNull();
    expect(sameSitePath(42)).toBeNull();
  });

  it("takes an absolute address only on the shop's own origin, as its path", () => {
    expect(sameSitePath("https://shop.example/checkout?x=1", "https://shop.example")).toBe("/checkout?x=1");
    expect(sameSitePath("https://evil.com/checkout", "https://shop.example")).toBeNull();
    expect(sameSitePath("https://shop.example//evil.com", "https://shop.example")).toBeNull();
    expect(sameSitePath("/.//evil.com", "https://shop.example")).toBeNull();
    expect(sameSitePath("https://shop.example/checkout")).toBeNull();
  });
});
