import { slugify } from "#common/slug";
import { CATALOG, type CategoryDef, type Facts, type Line, type NameWord, type SubCategoryDef } from "./catalog-data";
import { COLORS, type ColorName } from "./colors";
import type { Art, ArtText } from "./illustrations";
import { type Random, createRandom, hashString } from "./random";

/** One picture of a product: the drawing, its colour and the view; identical refs share one file. */
export interface ImageRef {
  art: Art;
  colorName: ColorName;
  view: number;
  /** What the drawing shows of the product's facts (long sleeves, a hood…). */
  look?: Facts;
  text?: ArtText;
}

export interface PlannedVariant {
  color: string | null;
  color_hex: string | null;
  size: string | null;
  additional_price: number;
  stock: number;
  sku: string;
  sort_order: number;
}

/** A product of the demo catalogue before it gets ids: money in cents, JSON fields as values. */
export interface PlannedProduct {
  name: string;
  slug: string;
  description: string;
  price: number;
  discount: number;
  category: CategoryDef;
  sub: SubCategoryDef;
  brand: string;
  sku: string;
  stock: number;
  shipping_cost: number;
  /** What the product is; its specification, description and pictures are written from these. */
  facts: Facts;
  specifications: Array<{ name: string; value: string }>;
  images: ImageRef[];
  variants: PlannedVariant[];
  /** When it was added, as an offset before the seed's "now" in milliseconds. */
  ageMs: number;
  /** When it was last changed, as an offset before "now" (never before it was added). */
  updatedAgoMs: number;
}

const DAY = 86_400_000;
/** Products were added over the last half year, so "newest first" has a story to tell. */
const CATALOG_AGE_DAYS = 180;
const DISCOUNTS: ReadonlyArray<readonly [number, number]> = [
  [5, 1],
  [10, 3],
  [15, 3],
  [20, 3],
  [25, 2],
  [30, 2],
  [40, 1],
  [50, 1],
];
const IMAGE_COUNTS: ReadonlyArray<readonly [number, number]> = [
  [1, 2],
  [2, 4],
  [3, 3],
  [4, 1],
];
/** A product's main colour (its thumbnail) is one of the first colours of its sub-category's palette. */
const HERO_COLORS = 3;
/** A discount is given to this share of the products. */
const DISCOUNTED_SHARE = 0.4;

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A shop-like price in cents within the range: ends in .99, cheap things cluster low. */
function nicePrice(r: ReturnType<typeof createRandom>, [min, max]: [number, number]): number {
  const dollars = Math.exp(Math.log(min) + r.next() * (Math.log(max) - Math.log(min)));
  if (dollars < 100) return Math.max(1, Math.round(dollars)) * 100 - 1;
  return Math.round(dollars / 10) * 1000 - 1;
}

/** A short SKU part: "Heather Grey" → "HEAGRE", "Size 5" → "SIZ5", "45 × 45 cm" → "4545CM". */
function code(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .map((word) => (/^\d/.test(word) ? word : word.slice(0, 3)))
    .join("")
    .toUpperCase();
}

const COLOR_INDEX = Object.fromEntries(Object.keys(COLORS).map((c, i) => [c, i])) as Record<ColorName, number>;
const wordText = (w: NameWord) => (typeof w === "string" ? w : w[0]);
const wordFacts = (w: NameWord): Facts => (typeof w === "string" ? {} : w[1]);

/** Whether two name words imply different values of one fact ("Zip-Up" and "Pullover Hoodie"). */
function contradict(a: Facts, b: Facts): boolean {
  for (const key in a) if (key in b && a[key] !== b[key]) return true;
  return false;
}

/** The adjective–noun pairs of a sub-category that make a name, in a mixed order (nouns rotate against adjectives). */
function namePairs(sub: SubCategoryDef): Array<[adjective: NameWord, noun: NameWord]> {
  const a = sub.adjectives.length;
  const n = sub.nouns.length;
  const pairs: Array<[NameWord, NameWord]> = [];
  for (let j = 0; j < a * n; j++) {
    const adjective = sub.adjectives[j % a];
    const noun = sub.nouns[((j % a) + Math.floor(j / a)) % n];
    if (!contradict(wordFacts(adjective), wordFacts(noun))) pairs.push([adjective, noun]);
  }
  return pairs;
}

type Written = (facts: Facts, sizes: readonly string[]) => string | null;

/** A line made ready to write: a template is split once into text and the facts it fills in. */
function compile(line: Line): Written {
  if (typeof line !== "string") return line;
  const parts = line.split(/\{(\w+)\}/);
  if (parts.length === 1) return () => line;
  return (facts) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const value = facts[parts[i]];
      if (value === undefined) throw new Error(`The demo catalogue's template "${line}" needs the fact "${parts[i]}"`);
      out += value + parts[i + 1];
    }
    return out;
  };
}

/** What the planner reads of a sub-category, prepared once: its names with their facts, and its lines compiled. */
function prepare(sub: SubCategoryDef) {
  return {
    // The adjective is the more specific word ("Linen" of a "Polo Shirt" that is piqué by default).
    names: namePairs(sub).map(([adjective, noun]) => ({
      base: `${wordText(adjective)} ${wordText(noun)}`,
      named: { ...wordFacts(noun), ...wordFacts(adjective) } as Facts,
    })),
    facts: Object.entries(sub.facts),
    specs: Object.entries(sub.specs).map(([name, line]) => [name, compile(line)] as const),
    intro: sub.intro.map(compile),
    features: sub.features.map(compile),
  };
}

/** The facts of a product: what its name's words imply, then the sub-category's other facts drawn in order. */
function decideFacts(prepared: ReturnType<typeof prepare>, named: Facts, brand: string, base: string, rng: Random): Facts {
  const facts: Record<string, string> = { brand, ...named };
  for (const [key, source] of prepared.facts) {
    if (key in named) continue;
    const value = typeof source === "function" ? source({ rng, facts, base }) : source;
    facts[key] = typeof value === "string" ? value : rng.pick(value);
  }
  return facts;
}

/** The lines that apply to a product, written. */
function writeAll(lines: readonly Written[], facts: Facts, sizes: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const text = line(facts, sizes);
    if (text !== null) out.push(text);
  }
  return out;
}

/**
 * Plans the demo products one after another, deterministically: the same seed always gives the
 * same sequence, whatever the total. Sub-categories take turns in proportion to their weight
 * (smooth weighted round-robin), so any prefix of the sequence spans the whole catalogue.
 */
export function createProductPlanner(seed = 20_240_601, catalog: CategoryDef[] = CATALOG) {
  const subs = catalog.flatMap((category) => category.subs.map((sub) => ({ category, sub })));
  const weights = subs.map((s) => s.sub.weight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const credit = subs.map(() => 0);
  const countInSub = subs.map(() => 0);
  const prepared = subs.map((s) => prepare(s.sub));
  const offer = createRandom(seed);
  const content = createRandom(seed);
  // Pictures each sub-category has drawn, per look: colour index × 4 + view.
  const pictured = subs.map(() => new Map<string, Set<number>>());
  const slugs = new Set<string>();
  let sequence = 0;

  function nextSub(): number {
    let best = 0;
    for (let i = 0; i < subs.length; i++) {
      credit[i] += weights[i];
      if (credit[i] > credit[best]) best = i;
    }
    credit[best] -= totalWeight;
    return best;
  }

  /** The k-th name of a sub-category and the facts its words imply: every pair once, then numbered. */
  function nameFor(subIndex: number, k: number): { base: string; name: string; named: Facts } {
    const names = prepared[subIndex].names;
    const { base, named } = names[k % names.length];
    const round = Math.floor(k / names.length);
    if (round === 0) return { base, name: base, named };
    return { base, name: subs[subIndex].sub.art === "book" ? `${base}, Vol. ${round + 1}` : `${base} ${round + 1}`, named };
  }

  /**
   * A product's pictures: first its own thumbnail (its main colour, in a view that products of the
   * same colour have not used first), then one picture of each of its other colours, then more
   * colours and angles up to `count`. Pictures the sub-category already has come first, then those
   * likely to be reused (the palette's main colours in the views the next thumbnails take), so a
   * catalogue draws few distinct pictures. Every colour a product comes in has a picture.
   */
  function gallery(
    subIndex: number,
    sub: SubCategoryDef,
    look: Facts | undefined,
    hero: ColorName,
    firstView: number,
    colors: ColorName[],
    count: number,
  ): ImageRef[] {
    const lookKey = look ? Object.values(look).join("|") : "";
    let drawn = pictured[subIndex].get(lookKey);
    if (!drawn) pictured[subIndex].set(lookKey, (drawn = new Set<number>()));
    const id = (color: ColorName, view: number) => COLOR_INDEX[color] * 4 + view;
    const heroes = sub.palette.slice(0, HERO_COLORS);
    const ordered = [...colors.filter((c) => heroes.includes(c)), ...colors.filter((c) => !heroes.includes(c))];
    const chosen: ImageRef[] = [];
    const taken = new Set<number>();
    const take = (colorName: ColorName, view: number) => {
      chosen.push(look ? { art: sub.art, colorName, view, look } : { art: sub.art, colorName, view });
      taken.add(id(colorName, view));
    };
    take(hero, firstView);
    for (const color of ordered) {
      if (color === hero) continue;
      let view = firstView;
      for (let step = 0; step < 4; step++) {
        if (drawn.has(id(color, (firstView + step) % 4))) {
          view = (firstView + step) % 4;
          break;
        }
      }
      take(color, view);
    }
    // Then pictures already drawn, then new ones: colours in turn, view after view.
    for (const known of [true, false]) {
      for (let step = 0; step < 4 && chosen.length < count; step++) {
        const view = (firstView + step) % 4;
        for (const color of ordered) {
          if (chosen.length >= count) break;
          const n = id(color, view);
          if (!taken.has(n) && drawn.has(n) === known) take(color, view);
        }
      }
    }
    for (const n of taken) drawn.add(n);
    return chosen;
  }

  function uniqueSlug(name: string): string {
    const base = slugify(name);
    let slug = base;
    for (let i = 2; slugs.has(slug); i++) slug = `${base}-${i}`;
    slugs.add(slug);
    return slug;
  }

  return {
    /** The next product of the sequence. */
    next(): PlannedProduct {
      const index = nextSub();
      const { category, sub } = subs[index];
      const k = countInSub[index]++;
      sequence++;
      const { base, name, named } = nameFor(index, k);
      const slug = uniqueSlug(name);
      const isBook = sub.art === "book";
      // Each product draws from two streams of its own, keyed by its slug: its offer (brand, price,
      // discount, colours, sizes, stock, dates) and its content (facts, text, pictures). Rewriting the
      // catalogue's text or adding a sub-category reshuffles no product's price or stock.
      offer.reseed(hashString(`${seed}:${slug}:offer`));
      content.reseed(hashString(`${seed}:${slug}:content`));
      const brand = offer.pick(sub.brands);
      const sku = `${sub.code}-${String(sequence).padStart(5, "0")}`;

      const price = nicePrice(offer, sub.price);
      const discount = offer.chance(DISCOUNTED_SHARE) ? offer.weighted(DISCOUNTS) : 0;
      const own = prepared[index];
      const facts = decideFacts(own, named, brand, base, content);

      // Colours: the pictured ("hero") colour first, then others of the palette (or of the few its facts allow).
      const palette = facts.colours ? (facts.colours.split(",") as ColorName[]) : sub.palette;
      const heroes = Math.min(HERO_COLORS, palette.length);
      const hero: ColorName = isBook ? palette[hashString(base) % palette.length] : palette[k % heroes];
      const rule = sub.variants ?? {};
      let colors: ColorName[] = [];
      if (rule.colors) {
        const count = Math.min(offer.int(rule.colors[0], rule.colors[1]), palette.length);
        // Mostly the palette's main colours, so products of a sub-category share pictures.
        const others = palette.filter((c) => c !== hero);
        const main = others.slice(0, heroes - 1);
        const picked = offer.sample(main, Math.min(main.length, count - 1));
        colors = [hero, ...picked, ...offer.sample(others.slice(heroes - 1), count - 1 - picked.length)];
      }
      let sizes: string[] = [];
      if (rule.sizes) {
        const values = rule.sizes.values;
        const length = offer.int(Math.min(rule.sizes.min, values.length), values.length);
        const start = offer.int(0, values.length - length);
        sizes = values.slice(start, start + length);
      }
      const variants: PlannedVariant[] = [];
      for (const color of colors.length ? colors : [null]) {
        for (const size of sizes.length ? sizes : [null]) {
          if (color === null && size === null) continue;
          variants.push({
            color,
            color_hex: color ? COLORS[color] : null,
            size,
            additional_price: size ? (rule.sizes?.extra?.[size] ?? 0) : 0,
            stock: offer.chance(0.12) ? 0 : offer.int(1, 40),
            sku: [sku, color && code(color), size && code(size)].filter(Boolean).join("-"),
            sort_order: variants.length,
          });
        }
      }
      const stock = variants.length ? variants.reduce((s, v) => s + v.stock, 0) : offer.chance(0.05) ? 0 : offer.int(5, 150);

      // Specification, description and pictures: all written from the facts.
      const specifications: Array<{ name: string; value: string }> = [];
      for (const [specName, line] of own.specs) {
        const value = line(facts, sizes);
        if (value !== null) specifications.push({ name: specName, value });
      }
      const intros = writeAll(own.intro, facts, sizes);
      const applicable = writeAll(own.features, facts, sizes);
      const features = content.sample(applicable, Math.min(4, applicable.length));
      const description =
        `<p><strong>${esc(name)}</strong> by ${esc(facts.author ?? brand)} ${esc(content.pick(intros))}</p>` +
        `<ul>${features.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>` +
        `<p>${esc(content.pick(category.closing))}</p>`;

      const imageCount = isBook ? content.int(1, 2) : Math.max(content.weighted(IMAGE_COUNTS), colors.length);
      const images = isBook
        ? Array.from({ length: imageCount }, (_, view): ImageRef => ({ art: sub.art, colorName: hero, view, text: { title: base, author: facts.author } }))
        : gallery(index, sub, sub.look?.(facts), hero, Math.floor(k / heroes) % 4, colors.length ? colors : [hero], imageCount);

      const ageMs = Math.round(offer.next() * CATALOG_AGE_DAYS * DAY);
      const updatedAgoMs = Math.round(ageMs * offer.next() * 0.5);
      return {
        name,
        slug,
        description,
        price,
        discount,
        category,
        sub,
        brand,
        sku,
        stock,
        shipping_cost: price >= 10_000 ? 0 : offer.pick(category.shipping),
        facts,
        specifications,
        images,
        variants,
        ageMs,
        updatedAgoMs,
      };
    },
  };
}
