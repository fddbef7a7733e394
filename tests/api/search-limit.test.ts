import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser } from "../support/auth-browser";
import { insertShoppingCatalog } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// The search API's limit per client address, at its default (SEARCH_LIMIT_PER_IP, 120 a minute).

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ SEARCH_LIMIT_PER_IP: "" });
  await insertShoppingCatalog(shop.db);
});
afterAll(() => shop?.close());

const search = (ip: string, q: string) => browser(shop, { ip }).get(`/api/products/search/ser?q=${encodeURIComponent(q)}&limit=10`);

describe("the search API's limit per address", () => {
  it("never stops a person typing, even through several searches", async () => {
    const ip = "203.0.113.10";
    for (const phrase of ["linen shirt", "ceramic mug", "wool socks", "leather wallet", "summer dress"]) {
      // Search-as-you-type asks at most once per pause; a quick typist pauses at most once a letter.
      for (let end = 1; end <= phrase.length; end++) expect((await search(ip, phrase.slice(0, end))).status).toBe(200);
    }
  });

  it("stops a script within a few hundred searches with a 429 and Retry-After in seconds, while other addresses are served", async () => {
    const script = "203.0.113.66";
    let refusedAt = 0;
    let refusal: Response | null = null;
    for (let i = 1; i <= 400 && !refusal; i++) {
      const res = await search(script, `product ${i}`);
      if (res.status === 429) {
        refusedAt = i;
        refusal = res;
      } else expect(res.status).toBe(200);
    }
    expect(refusal, "the script was never refused").not.toBeNull();
    expect(refusedAt).toBeGreaterThan(100);
    expect(refusedAt).toBeLessThanOrEqual(300);
    const retryAfter = Number(refusal!.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(((await refusal!.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many searches from your address\. Please wait \d+ seconds? and try again\.$/),
    });
    // Still refused on its next try; a visitor from another address is served as before.
    expect((await search(script, "one more")).status).toBe(429);
    expect((await search("198.51.100.7", "mug")).status).toBe(200);
  });
});
