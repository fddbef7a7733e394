import { slugify } from "../../lib/ids";
import { CATALOG, type CategoryDef, type SubCategoryDef } from "./catalog-data";
import { COLORS, type ColorName } from "./colors";
import type { Art, ArtText } from "./illustrations";
import { createRandom, hashString } from "./random";

/** One picture of a product: the drawing, its colour and the view; identical refs share one file. */
export interface ImageRef {
  art: Art;
  colorName: ColorName;
  view: number;
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
const DISCOUNTS: ReadonlyArray<readonly [number, number]> = [[5, 1], [10, 3], [15, 3], [20, 3], [25, 2], [30, 2], [40, 1], [50, 1]];
const IMAGE_COUNTS: ReadonlyArray<readonly [number, number]> = [[1, 2], [2, 4], [3, 3], [4, 1]];
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

/**
 * Plans the demo products one after another, deterministically: the same seed always gives the
 * same sequence, whatever the total. Sub-categories take turns in proportion to their weight
 * (smooth weighted round-robin), so any prefix of the sequence spans the whole catalogue.
 */
export function createProductPlanner(seed = 20_240_601, catalog: CategoryDef[] = CATALOG) {
  const rng = createRandom(seed);
  const subs = catalog.flatMap((category) => category.subs.map((sub) => ({ category, sub })));
  const weights = subs.map((s) => s.sub.weight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const credit = subs.map(() => 0);
  const countInSub = subs.map(() => 0);
  const pictured = subs.map(() => new Set<string>());
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

  /** The k-th name of a sub-category: every adjective–noun pair once, in a mixed order, then numbered. */
  function nameFor(sub: SubCategoryDef, k: number): { base: string; name: string } {
    const a = sub.adjectives.length;
    const n = sub.nouns.length;
    const pairs = a * n;
    const j = k % pairs;
    const adjective = sub.adjectives[j % a];
    const noun = sub.nouns[(j % a + Math.floor(j / a)) % n];
    const base = `${adjective} ${noun}`;
    const round = Math.floor(k / pairs);
    if (round === 0) return { base, name: base };
    return { base, name: sub.art === "book" ? `${base}, Vol. ${round + 1}` : `${base} ${round + 1}` };
  }

  /**
   * A product's pictures: first its own thumbnail (its main colour, in a view that products of the
   * same colour have not used first), then the product in its other colours and from other angles.
   * Pictures the sub-category already has come first, then those likely to be reused (the palette's
   * main colours in the views the next thumbnails take), so a catalogue draws few distinct pictures.
   */
  function gallery(subIndex: number, sub: SubCategoryDef, hero: ColorName, firstView: number, colors: ColorName[], count: number): ImageRef[] {
    const drawn = pictured[subIndex];
    const key = (color: ColorName, view: number) => `${color}|${view}`;
    const heroes = sub.palette.slice(0, HERO_COLORS);
    const ordered = [...colors.filter((c) => heroes.includes(c)), ...colors.filter((c) => !heroes.includes(c))];
    const candidates: Array<[ColorName, number]> = [];
    for (let step = 0; step < 4; step++) {
      const view = (firstView + step) % 4;
      for (const color of ordered) if (color !== hero || step !== 0) candidates.push([color, view]);
    }
    const known = candidates.filter(([c, v]) => drawn.has(key(c, v)));
    const fresh = candidates.filter(([c, v]) => !drawn.has(key(c, v)));
    const thumbnail: [ColorName, number] = [hero, firstView];
    const chosen = [thumbnail, ...known, ...fresh].slice(0, count);
    for (const [c, v] of chosen) drawn.add(key(c, v));
    return chosen.map(([colorName, view]) => ({ art: sub.art, colorName, view }));
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
      const { base, name } = nameFor(sub, k);
      const slug = uniqueSlug(name);
      const isBook = sub.art === "book";
      const brand = rng.pick(sub.brands);
      const sku = `${sub.code}-${String(sequence).padStart(5, "0")}`;

      const price = nicePrice(rng, sub.price);
      const discount = rng.chance(DISCOUNTED_SHARE) ? rng.weighted(DISCOUNTS) : 0;

      // Colours: the pictured ("hero") colour first, then others of the palette.
      const heroes = Math.min(HERO_COLORS, sub.palette.length);
      const hero: ColorName = isBook ? sub.palette[hashString(base) % sub.palette.length] : sub.palette[k % heroes];
      const rule = sub.variants ?? {};
      let colors: ColorName[] = [];
      if (rule.colors) {
        const count = rng.int(rule.colors[0], rule.colors[1]);
        // Mostly the palette's main colours, so products of a sub-category share pictures.
        const others = sub.palette.filter((c) => c !== hero);
        const main = others.slice(0, heroes - 1);
        const picked = rng.sample(main, Math.min(main.length, count - 1));
        colors = [hero, ...picked, ...rng.sample(others.slice(heroes - 1), count - 1 - picked.length)];
      }
      let sizes: string[] = [];
      if (rule.sizes) {
        const values = rule.sizes.values;
        const length = rng.int(Math.min(rule.sizes.min, values.length), values.length);
        const start = rng.int(0, values.length - length);
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
            stock: rng.chance(0.12) ? 0 : rng.int(1, 40),
            sku: [sku, color && code(color), size && code(size)].filter(Boolean).join("-"),
            sort_order: variants.length,
          });
        }
      }
      const stock = variants.length ? variants.reduce((s, v) => s + v.stock, 0) : rng.chance(0.05) ? 0 : rng.int(5, 150);

      const specifications = Object.entries(sub.specs).map(([specName, values]) => {
        // A title keeps its author across volumes, so its cover is drawn once.
        const value =
          typeof values === "function" ? values(rng) : specName === "Author" ? values[hashString(base) % values.length] : rng.pick(values);
        return { name: specName, value };
      });
      const author = specifications.find((s) => s.name === "Author")?.value;

      const fill = (t: string) => t.replace("{color}", hero.toLowerCase());
      const features = rng.sample(sub.features, Math.min(4, sub.features.length));
      const description =
        `<p><strong>${esc(name)}</strong> by ${esc(author ?? brand)} ${esc(fill(rng.pick(sub.intro)))}</p>` +
        `<ul>${features.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>` +
        `<p>${esc(rng.pick(category.closing))}</p>`;

      const imageCount = isBook ? rng.int(1, 2) : rng.weighted(IMAGE_COUNTS);
      const images = isBook
        ? Array.from({ length: imageCount }, (_, view): ImageRef => ({ art: sub.art, colorName: hero, view, text: { title: base, author } }))
        : gallery(index, sub, hero, Math.floor(k / heroes) % 4, colors.length ? colors : [hero], imageCount);

      const ageMs = Math.round(rng.next() * CATALOG_AGE_DAYS * DAY);
      const updatedAgoMs = Math.round(ageMs * rng.next() * 0.5);
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
        shipping_cost: price >= 10_000 ? 0 : rng.pick(category.shipping),
        specifications,
        images,
        variants,
        ageMs,
        updatedAgoMs,
      };
    },
  };
}
