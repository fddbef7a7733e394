import { describe, expect, it } from "vitest";
import { fold, normaliseName, parseQuery } from "./search.text";

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
    expect(parseQuery('"shirt" NEAR(cotton*) {name}:x')).toEqual(
      ["shirt", "near", "cotton", "name", "x"].map((joined) => ({ joined, parts: [] })),
    );
    expect(parseQuery(' " * - ( ')).toEqual([]);
  });

  it("caps the number of words", () => {
    expect(parseQuery("a b c d e f g h i j k")).toHaveLength(8);
  });

  it("normalises names the way the trigram index stores them", () => {
    expect(normaliseName("Classic Cotton T-Shirt")).toBe("classic cotton tshirt");
  });
});
