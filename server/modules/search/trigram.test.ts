import { describe, expect, it } from "vitest";
import { createTrigramIndex, strictWordSimilarity, trigrams } from "./trigram";

describe("trigram similarity (as pg_trgm computes it)", () => {
  it("pads words like pg_trgm's show_trgm", () => {
    expect([...trigrams("cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
  });

  // Reference values from PostgreSQL 15: SELECT strict_word_similarity(a, b).
  it.each([
    ["sweat shirt", "grey sweatshirt heavy", 0.6923],
    ["cotton tshirt blue", "classic cotton tshirt", 0.7368],
    ["tshrit", "classic cotton tshirt", 0.2727],
    ["leather boots brown", "chelsea leather boot", 0.6],
    ["oxford shirt slim", "slim fit oxford shirt white", 0.8095],
  ])("strict_word_similarity(%j, %j) = %d", (a, b, expected) => {
    expect(strictWordSimilarity(a, b)).toBeCloseTo(expected, 4);
  });

  it("finds names at least as similar as the threshold, most similar first", () => {
    const index = createTrigramIndex([
      { id: "a", name: "heavy grey sweatshirt" },
      { id: "b", name: "grey sweatpants" },
      { id: "c", name: "leather belt" },
    ]);
    // PostgreSQL: "grey sweat shirt" is 0.78 similar to a, 0.45 to b; "grey sweat" 0.59 to both.
    expect(index.similar("grey sweat shirt")).toEqual(["a"]);
    expect(index.similar("grey sweat")).toEqual(["a", "b"]);
    expect(index.similar("grey sweat", 0.6)).toEqual([]);
  });
});
