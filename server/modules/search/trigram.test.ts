import { describe, expect, it } from "vitest";
import { createTrigramIndex, createTrigramIndexBuilder, mergeSimilar, strictWordSimilarity, trigrams } from "./trigram";

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

  it("keeps only the most similar when asked for a few, as the whole list would begin", () => {
    const names = [
      "grey sweatshirt",
      "heavy grey sweatshirt",
      "grey sweatpants",
      "sweat band",
      "shirt grey",
      "grey",
      "sweatshirt 2",
      "grey sweatshirt 3",
      "leather belt",
    ];
    const entries = names.map((name, i) => ({ id: `p${i}`, name }));
    const index = createTrigramIndex(entries);
    for (const query of ["grey sweat shirt", "grey sweat", "sweatshirt", "grey"]) {
      const all = index.similar(query);
      for (const limit of [1, 2, 3, 10]) expect(index.best(query, limit), `${query} ${limit}`).toEqual(all.slice(0, limit));
    }
    // Indexed in batches, as names.ts loads a large catalogue, it answers the same.
    const builder = createTrigramIndexBuilder();
    builder.add(entries.slice(0, 4));
    builder.add(entries.slice(4));
    const batched = builder.finish();
    expect(batched.similar("grey sweat shirt")).toEqual(index.similar("grey sweat shirt"));
  });

  it("merges the names of several indexes (a product's names in two languages) by their best similarity", () => {
    const english = createTrigramIndex([
      { id: "coat", name: "rain coat" },
      { id: "jacket", name: "denim jacket" },
    ]);
    const german = createTrigramIndex([
      { id: "coat", name: "leichte regenjacke" },
      { id: "warm", name: "warme jacke" },
    ]);
    const lists = [english, german].map((index) => index.similarScored("regen jacke"));
    expect(lists[0]).toEqual([]);
    expect(mergeSimilar(lists)).toEqual(["coat", "warm"]);
    expect(mergeSimilar([english.bestScored("rain jacket", 1), german.bestScored("rain jacket", 1)])[0]).toBe(english.best("rain jacket", 1)[0]);
  });
});
