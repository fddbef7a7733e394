import { describe, expect, it } from "vitest";
import { newId, nextRequestId } from "./ids";
import { slugify } from "#common/slug";

describe("ids", () => {
  it("makes opaque 128-bit ids and distinct request ids", () => {
    expect(newId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const a = nextRequestId();
    const b = nextRequestId();
    expect(a).not.toBe(b);
    expect(a.split("-")[0]).toBe(b.split("-")[0]);
  });

  it("never gives the same id twice, also across the random pool's refills", () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    expect(new Set(ids).size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("slugs drop apostrophes and accents and join words with dashes", () => {
    expect(slugify("Men's Fashion")).toBe("mens-fashion");
    expect(slugify("Crème Brûlée & Co.")).toBe("creme-brulee-and-co");
  });
});
