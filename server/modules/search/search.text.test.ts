import { describe, expect, it } from "vitest";
import { fold, joinNegations, normaliseName, parseQuery } from "./search.text";

describe("query words", () => {
  it("folds case and accents", () => {
    expect(fold("Café CRÈME")).toBe("cafe creme");
  });

  it("keeps the parts of a joined word and their joined form", () => {
    expect(parseQuery("T-Shirt")).toEqual([{ joined: "tshirt", parts: ["t", "shirt"] }]);
    expect(parseQuery("Levi's jeans")).toEqual([
      { joined: "levis", parts: ["levi", "s"] },
      { joined: "jeans", parts: [] },
    ]);
  });

  it("treats query syntax and other punctuation as separators", () => {
    expect(parseQuery('"shirt" NEAR(cotton*) {name}:x')).toEqual(["shirt", "near", "cotton", "name", "x"].map((joined) => ({ joined, parts: [] })));
    expect(parseQuery(' " * - ( ')).toEqual([]);
  });

  it("reads a negative phrase as one word, as the index does: no fragrance is not a fragrance", () => {
    for (const q of ["fragrance-free", "Fragrance free", "without fragrance", "no fragrance", "free from fragrance"]) {
      expect(parseQuery(q)).toEqual([{ joined: "nofragrance", parts: [] }]);
    }
    expect(joinNegations("<li>Fragrance-free and BPA-free</li><li>No batteries needed</li>")).toBe(
      " <li>nofragrance and nobpa</li><li>nobatteries needed</li>",
    );
    // Only words a product can be free of: "hands-free" is a feature.
    expect(parseQuery("hands-free")).toEqual([{ joined: "handsfree", parts: ["hands", "free"] }]);
  });

  it("caps the number of words", () => {
    expect(parseQuery("a b c d e f g h i j k")).toHaveLength(8);
  });

  it("normalises names the way the trigram index stores them", () => {
    expect(normaliseName("Classic Cotton T-Shirt")).toBe("classic cotton tshirt");
  });
});
