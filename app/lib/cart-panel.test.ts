import { describe, expect, it } from "vitest";
import { REOPEN_WITHIN_MS, reopensOnLoad } from "./cart-panel";

describe("the cart panel's stored open flag on a page load", () => {
  const openedAt = 1_700_000_000_000;
  const open = { open: true, openedAt };

  it("reopens the panel on a load right after it opened (a reload after an add)", () => {
    expect(reopensOnLoad(open, "/products/a-book", openedAt + 800)).toBe(true);
    expect(reopensOnLoad(open, "/", openedAt + REOPEN_WITHIN_MS)).toBe(true);
  });

  it("does not reopen it on a page loaded later, on the checkout, or from a flag without its time", () => {
    expect(reopensOnLoad(open, "/", openedAt + REOPEN_WITHIN_MS + 1)).toBe(false);
    expect(reopensOnLoad(open, "/checkout", openedAt + 500)).toBe(false);
    expect(reopensOnLoad(open, "/checkout/payment", openedAt + 500)).toBe(false);
    expect(reopensOnLoad({ open: true, openedAt: null }, "/", openedAt)).toBe(false);
    expect(reopensOnLoad({ open: false, openedAt }, "/", openedAt + 500)).toBe(false);
    // A clock set back since: the time is not trusted.
    expect(reopensOnLoad(open, "/", openedAt - 60_000)).toBe(false);
  });

  it("knows the checkout in every language", () => {
    expect(reopensOnLoad(open, "/de/checkout", openedAt + 500)).toBe(false);
    expect(reopensOnLoad(open, "/fr/checkout/payment", openedAt + 500)).toBe(false);
    expect(reopensOnLoad(open, "/es/products/a-book", openedAt + 500)).toBe(true);
  });

  it("still opens on pages whose name only starts like the checkout's", () => {
    expect(reopensOnLoad(open, "/checkout-help", openedAt + 500)).toBe(true);
  });
});
