import { describe, expect, it } from "vitest";
import { createVocabulary, editDistance, maxEdits } from "./vocabulary";

describe("edit distance", () => {
  it("counts inserts, deletes, substitutions and swapped neighbours as one edit each", () => {
    expect(editDistance("shirt", "shirt", 2)).toBe(0);
    expect(editDistance("shrit", "shirt", 2)).toBe(1);
    expect(editDistance("tshirt", "shirt", 2)).toBe(1);
    expect(editDistance("shirt", "short", 2)).toBe(1);
    expect(editDistance("leathr", "leather", 2)).toBe(1);
    expect(editDistance("sneekers", "sneakers", 2)).toBe(1);
    expect(editDistance("snekaers", "sneakers", 2)).toBe(1);
    expect(editDistance("sneekerz", "sneakers", 2)).toBe(2);
  });

  it("stops early once the distance is above the bound", () => {
    expect(editDistance("cotton", "blanket", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("measures against the closest prefix when asked", () => {
    expect(editDistance("tshri", "tshirt", 1, true)).toBe(1);
    expect(editDistance("swaet", "sweatshirt", 1, true)).toBe(1);
    expect(editDistance("xyz", "sweatshirt", 1, true)).toBe(2);
  });

  it("allows no typo below 4 letters, 1 up to 7, 2 from 8", () => {
    expect([3, 4, 7, 8].map(maxEdits)).toEqual([0, 1, 1, 2]);
  });
});

describe("vocabulary expansion", () => {
  const vocabulary = createVocabulary([
    { term: "shirt", docs: 10 },
    { term: "shirts", docs: 2 },
    { term: "tshirt", docs: 5 },
    { term: "short", docs: 3 },
    { term: "sneakers", docs: 4 },
    { term: "speakers", docs: 9 },
    { term: "t", docs: 5 },
  ]);

  it("corrects typos to the closest indexed words only, most used first", () => {
    // "shirts" is a whole word one edit further, and only begins like "shrit": no closer than "shirt".
    expect(vocabulary.expand("shrit", true).fuzzy).toEqual(["shirt"]);
    expect(vocabulary.expand("tshrit", true).fuzzy).toEqual(["tshirt"]);
    expect(vocabulary.expand("sneekerz", true).fuzzy).toEqual(["sneakers"]);
    // "speakers" is two edits from "sneekers", "sneakers" one: only the closer is a correction.
    expect(vocabulary.expand("sneekers", true).fuzzy).toEqual(["sneakers"]);
    expect(vocabulary.expand("shrt", false).fuzzy).toEqual(["shirt", "short"]);
  });

  it("corrects nothing that is, or begins, a word of the index, descriptions included", () => {
    const words = createVocabulary([{ term: "shirt", docs: 1 }], ["shirt", "shirk", "tailoring"]);
    expect(words.expand("shirk", true).fuzzy).toEqual([]);
    expect(words.expand("shir", true).fuzzy).toEqual([]);
    expect(words.expand("shirr", true).fuzzy).toEqual(["shirt"]);
  });

  it("tells a token naming a kind of product: a word of a category name, its beginning, or a correction to one", () => {
    const words = createVocabulary(
      [
        { term: "jeans", docs: 3 },
        { term: "jacket", docs: 2 },
      ],
      ["jeans", "jacket", "tailoring"],
      ["jeans", "jackets", "coats"],
    );
    expect(words.namesKind(words.expand("jeans", true))).toBe(true);
    expect(words.namesKind(words.expand("jack", true))).toBe(true);
    expect(words.namesKind(words.expand("jaket", true))).toBe(true);
    expect(words.namesKind(words.expand("tailoring", true))).toBe(false);
  });

  it("never corrects a negative word to its positive ('noshirt' is not a shirt)", () => {
    expect(vocabulary.expand("noshirt", true).fuzzy).toEqual([]);
    expect(vocabulary.expand("noshirts", false).fuzzy).toEqual([]);
  });

  it("leaves to the engine what the token reaches as a prefix", () => {
    expect(vocabulary.expand("shirt", true).fuzzy).not.toContain("shirts");
    expect(vocabulary.expand("tsh", true)).toEqual({ token: "tsh", prefix: true, fuzzy: [] });
  });

  it("tells a token no word of the index is or begins with, when it knows every word", () => {
    const words = createVocabulary([{ term: "shirt", docs: 1 }], ["shirt", "soft", "cotton"]);
    expect(words.mayMatch("sof", true)).toBe(true);
    expect(words.mayMatch("sof", false)).toBe(false);
    expect(words.mayMatch("soft", false)).toBe(true);
    expect(words.mayMatch("cottn", true)).toBe(false);
    expect(words.mayMatch("zz", true)).toBe(false);
    expect(vocabulary.mayMatch("anything", false)).toBe(true);
  });
});
