import { parseQuery } from "./search.text";

/**
 * Words shoppers use for the things the shop sells, in groups of the same meaning: a query word of a
 * group also finds every other word of it ("perfume" finds the Eau de Parfum, "trainers" the
 * sneakers, "tee" the T-shirts). Taken from the demo catalogue's product and category names, with
 * the other words and spellings shoppers type for them. A member may be several words ("eau de
 * parfum"); it matches as whole words, or with its last word in the plural, in names, brands and
 * categories (search.query.ts). A word standing for several things ("top") belongs in no group.
 */
const GROUPS: readonly (readonly string[])[] = [
  ["perfume", "parfum", "fragrance", "scent", "cologne", "toilette"],
  ["sneakers", "trainers", "plimsolls", "kicks"],
  ["running shoes", "runners"],
  ["sofa", "couch", "settee"],
  ["tee", "tees", "t-shirt"],
  ["phone", "smartphone", "mobile", "cellphone"],
  ["laptop", "notebook"],
  ["headphones", "headset", "earphones"],
  ["speaker", "sound column"],
  ["smartwatch", "fitness tracker"],
  ["sweater", "jumper", "pullover", "knitwear"],
  ["hoodie", "hoody", "hooded sweatshirt"],
  ["jacket", "coat", "overshirt"],
  ["handbag", "bag", "tote"],
  ["sunglasses", "shades", "sunnies"],
  ["wallet", "card holder", "billfold"],
  ["cap", "hat"],
  ["watch", "wristwatch"],
  ["mug", "cup"],
  ["lamp", "light", "lighting"],
  ["cushion", "pillow"],
  ["vase", "planter", "plant pot"],
  ["pan", "saucepan", "casserole", "dutch oven", "stockpot", "cookware"],
  ["bottle", "flask"],
  ["dumbbells", "weights"],
  ["yoga mat", "exercise mat"],
  ["tent", "shelter"],
  ["teddy", "plush", "soft toy"],
  ["blocks", "bricks"],
  ["puzzle", "jigsaw"],
  ["lipstick", "lip colour", "lip crayon"],
  ["serum", "booster", "essence"],
  ["colour", "color"],
  ["grey", "gray"],
  ["sulphate", "sulfate"],
  ["polarised", "polarized"],
  ["volumising", "volumizing"],
];

/** One member of a group as the query plan takes it: its words (all required), each a token. */
export type SynonymParts = readonly string[];

/** Each member's words as the query side splits them, by every joined word that can start a lookup. */
const BY_WORD = (() => {
  const index = new Map<string, SynonymParts[]>();
  for (const group of GROUPS) {
    const members = group.map((m) => parseQuery(m).map((w) => w.joined));
    for (const member of members) {
      if (member.length !== 1) continue; // only single words start a lookup
      const others = members.filter((m) => m !== member);
      for (const key of new Set([member[0], singular(member[0])])) index.set(key, [...(index.get(key) ?? []), ...others]);
    }
  }
  return index;
})();

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/** The other ways to say a query word (joined form, folded), each as the words it must match; none for most words. */
export function synonymsOf(word: string): readonly SynonymParts[] {
  return BY_WORD.get(word) ?? BY_WORD.get(singular(word)) ?? [];
}
