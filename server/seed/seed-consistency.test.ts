import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStore } from "#modules/storage";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { slugify } from "#common/slug";
import sharp from "sharp";
import { COLORS } from "./colors";
import { productSvg } from "./illustrations";
import { seedDemo } from "./seed";

/**
 * Reads the seeded demo catalogue as a shopper would and lists every place where it contradicts
 * itself: a product's name, specification, description, variants and pictures, and the banners'
 * claims. Each check knows only the stored rows, not how the seed wrote them.
 */

interface Spec {
  name: string;
  value: string;
}

interface Product {
  name: string;
  status: string;
  category: string;
  sub: string;
  brand: string;
  /** The description as text: tags out, entities decoded. */
  text: string;
  specs: Spec[];
  images: string[];
  colorImages: Record<string, string[]>;
  colors: string[];
  sizes: string[];
  discount: number;
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whether `phrase` occurs in `text` as whole words, in any case. */
const has = (text: string, phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(phrase)}(?![\\p{L}\\p{N}])`, "iu").test(text);

// ---------------------------------------------------------------------------------------------
// Materials

/** Materials a name, a specification or a description may claim, each with the words that name it. */
const MATERIALS: Array<[string, RegExp]> = [
  ["cotton", /\bcotton\b/i],
  ["linen", /\blinen\b/i],
  ["silk", /\bsilk\b/i],
  ["wool", /\b(?:lambs)?wool(?:len)?\b/i],
  ["merino", /\bmerino\b/i],
  ["cashmere", /\bcashmere\b/i],
  ["alpaca", /\balpaca\b/i],
  ["mohair", /\bmohair\b/i],
  ["polyester", /\bpolyester\b/i],
  ["nylon", /\bnylon\b/i],
  ["viscose", /\bviscose\b/i],
  ["elastane", /\belastane\b/i],
  ["leather", /\bleather\b/i],
  ["suede", /\bsuede\b/i],
  ["nubuck", /\bnubuck\b/i],
  ["canvas", /\bcanvas\b/i],
  ["denim", /\bdenim\b/i],
  ["velvet", /\bvelvet\b/i],
  ["satin", /\bsatin\b/i],
  ["corduroy", /\bcorduroy\b/i],
  ["fleece", /\bfleece\b/i],
  ["shearling", /\bshearling\b/i],
  ["cork", /\bcork\b/i],
  ["rubber", /\brubber\b/i],
  ["wood", /\bwood(?:en)?\b/i],
  ["bamboo", /\bbamboo\b/i],
  ["rattan", /\brattan\b/i],
  ["glass", /\bglass\b/i],
  ["steel", /\bsteel\b/i],
  ["iron", /\biron\b/i],
  ["aluminium", /\balumini?um\b/i],
  ["copper", /\bcopper\b/i],
  ["brass", /\bbrass\b/i],
  ["bronze", /\bbronze\b/i],
  ["ceramic", /\bceramic\b/i],
  ["stoneware", /\bstoneware\b/i],
  ["porcelain", /\bporcelain\b/i],
  ["terracotta", /\bterracotta\b/i],
  ["enamel", /\benamel(?:led)?\b/i],
  ["plastic", /\bplastic\b/i],
  ["acetate", /\bacetate\b/i],
  ["neoprene", /\bneoprene\b/i],
  ["vinyl", /\bvinyl\b/i],
  ["silicone", /\bsilicone\b/i],
  ["metal", /\bmetal\b/i],
];

/** Specifications that say what the product, or a part of it, is made of. */
const MATERIAL_SPECS = new Set(["Material", "Shell", "Upper", "Cover", "Frame", "Shade", "Base", "Footbed", "Lining", "Sole", "Strap", "Case"]);

/** Negative phrases ("fragrance-free", "free from PVC", "no batteries", "without parabens") and the word they negate. */
const NEGATIONS = [
  /([\p{L}]+)-free\b/giu,
  /\bfree (?:from|of) ([\p{L}]+(?: and [\p{L}]+)?)/giu,
  /\b(?:no|without) (?:the |a |an |any )?([\p{L}]+)/giu,
  /\b([\p{L}]+) (?:not required|not needed)/giu,
];

/** The text with its negative phrases taken out, and the words they negated. */
function splitNegations(text: string): { positive: string; negated: string[] } {
  const negated: string[] = [];
  let positive = text;
  for (const re of NEGATIONS) {
    positive = positive.replace(re, (_, words: string) => {
      negated.push(...words.toLowerCase().split(" and "));
      return " ";
    });
  }
  return { positive, negated };
}

function materialsIn(text: string): string[] {
  return MATERIALS.filter(([, re]) => re.test(text)).map(([m]) => m);
}

// ---------------------------------------------------------------------------------------------
// Measures

/** Units a measure may be given in, each with its canonical name; `case` when letter case matters (g vs G). */
const UNITS: Array<{ unit: string; re: string; cased?: boolean }> = [
  { unit: "inch", re: `-?inch(?:es)?\\b|"|″|\\s?in\\b` },
  { unit: "g/m²", re: "g/m²", cased: true },
  { unit: "mAh", re: "mAh\\b" },
  { unit: "mm", re: "mm\\b" },
  { unit: "cm", re: "cm\\b" },
  { unit: "km", re: "km\\b" },
  { unit: "m", re: "m\\b", cased: true },
  { unit: "kg", re: "kg\\b" },
  { unit: "g", re: "g\\b", cased: true },
  { unit: "ml", re: "ml\\b" },
  { unit: "l", re: "L\\b|litres?\\b|liters?\\b", cased: true },
  { unit: "GB", re: "GB\\b" },
  { unit: "TB", re: "TB\\b" },
  { unit: "GHz", re: "GHz\\b" },
  { unit: "Hz", re: "Hz\\b" },
  { unit: "W", re: "W\\b", cased: true },
  { unit: "ATM", re: "ATM\\b" },
  { unit: "MP", re: "MP\\b" },
  { unit: "K", re: "K\\b", cased: true },
  { unit: "°C", re: "°C" },
  { unit: "%", re: "%" },
  { unit: "hours", re: "-?hours?\\b|hrs?\\b|h\\b" },
  { unit: "days", re: "-?days?\\b" },
  { unit: "minutes", re: "-?min(?:utes?)?\\b" },
  { unit: "pieces", re: "-?pieces?\\b|-?pcs\\b" },
  { unit: "recipes", re: "recipes\\b" },
  { unit: "pages", re: "pages\\b" },
  { unit: "cards", re: "cards\\b" },
  { unit: "person", re: "-?person\\b|-?people\\b" },
  { unit: "core", re: "-?core\\b" },
  { unit: "season", re: "-?seasons?\\b" },
  { unit: "gauge", re: "-?gauge\\b" },
];
const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?`;
const NUMBER_LIST = String.raw`(${NUMBER}(?:\s*(?:[–×-]|to)\s*${NUMBER})*)`;
const MEASURE_RES = UNITS.map(({ unit, re, cased }) => ({
  unit,
  re: new RegExp(String.raw`(?<![\p{L}\p{N}.])${NUMBER_LIST}\s*(?:${re})`, cased ? "gu" : "giu"),
}));
const AGES_RE = /\bages?:?\s*(\d+)(?:\s*(?:[–-]|to)\s*(\d+)|\+)?|\b(\d+)(?:\s*[–-]\s*(\d+)|\+)\s*(?:years|yrs)/gi;

/** Every measure in a text as "number unit" ("6.4 inch", "350 ml"); ranges and dimensions give each number. */
function measuresIn(text: string): Set<string> {
  const found = new Set<string>();
  let rest = text;
  for (const { unit, re } of MEASURE_RES) {
    rest = rest.replace(re, (_, list: string) => {
      for (const n of list.split(/\s*(?:[–×-]|to)\s*/)) found.add(`${Number(n.replace(/,/g, ""))} ${unit}`);
      return " ";
    });
  }
  return found;
}

function agesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(AGES_RE)) for (const n of [m[1], m[2], m[3], m[4]]) if (n) found.add(`age ${n}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Sizes and pictures

const LETTER_SIZE = "(?:XXXL|XXL|XL|XXS|XS|S|M|L)";
const SIZE_MENTION = new RegExp(String.raw`\bsizes?\s+(${LETTER_SIZE}(?:\s*(?:[–,-]|to|and)\s*${LETTER_SIZE})*)\b`, "g");

/** Words of a name that its pictures must show, and the look the picture's drawing is named for. */
const PICTURED: Array<{ when: RegExp; look: string; unless?: RegExp }> = [
  { when: /\blong sleeve\b/i, look: "sleeves-long" },
  { when: /\b(?:t-shirt|tee|polo|short sleeve)\b/i, unless: /\blong sleeve\b/i, look: "sleeves-short" },
  { when: /\bv-neck\b/i, look: "neck-v" },
  { when: /\bpocket t-shirt\b/i, look: "pocket-chest" },
  { when: /\bstriped\b/i, look: "pattern-stripes" },
  { when: /\bhoodie\b/i, look: "hood-yes" },
  { when: /\bsweatshirt\b/i, look: "hood-no" },
  { when: /\bzip-up\b/i, look: "front-zip" },
  { when: /\bcardigan\b/i, look: "front-buttons" },
  { when: /\bturtleneck\b/i, look: "neck-roll" },
  { when: /\bbutton-down\b|\bshort sleeve shirt\b/i, look: "collar-shirt" },
  { when: /\bpolo\b/i, look: "collar-polo" },
  { when: /\bhigh-top\b/i, look: "cut-high" },
  { when: /\bchelsea\b/i, look: "fastening-elastic" },
  { when: /\bflip-flops\b/i, look: "straps-toe-post" },
  { when: /\bslides\b/i, look: "straps-band" },
  { when: /\bmini skirt\b/i, look: "length-mini" },
];

/** The pictures' file names, without folder and hash: "tshirt-sleeves-long-navy-v0". */
const pictureName = (url: string) => path.basename(url).replace(/-[0-9a-f]{8}\.webp$/, "");

// ---------------------------------------------------------------------------------------------

/** Every contradiction in a seeded catalogue, as "product: what disagrees". */
async function contradictions(t: TestDb): Promise<string[]> {
  const k = t.db.kysely;
  const categories = await k.selectFrom("categories").select(["id", "name", "slug", "parent_id"]).execute();
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const variantRows = await k.selectFrom("product_variants").select(["product_id", "color", "size"]).orderBy("sort_order").execute();
  const rows = await k.selectFrom("products").selectAll().execute();
  const products: Product[] = rows.map((r) => {
    const own = variantRows.filter((v) => v.product_id === r.id);
    return {
      name: r.name,
      status: r.status,
      category: categoryById.get(r.category_id)!.slug,
      sub: r.subcategory_id ? categoryById.get(r.subcategory_id)!.slug : "",
      brand: r.brand ?? "",
      text: decode(r.description),
      specs: JSON.parse(r.specifications),
      images: JSON.parse(r.images),
      colorImages: JSON.parse(r.color_images),
      colors: [...new Set(own.map((v) => v.color).filter((c): c is string => c !== null))],
      sizes: [...new Set(own.map((v) => v.size).filter((s): s is string => s !== null))],
      discount: r.discount,
    };
  });
  const found: string[] = [];
  const report = (p: { name: string }, what: string) => found.push(`${p.name}: ${what}`);

  // Values each specification takes within a sub-category, for "the name or text names another value".
  const valuesBySub = new Map<string, Map<string, Set<string>>>();
  for (const p of products) {
    const bySpec = valuesBySub.get(p.sub) ?? new Map<string, Set<string>>();
    valuesBySub.set(p.sub, bySpec);
    for (const s of p.specs) {
      const set = bySpec.get(s.name) ?? new Set<string>();
      bySpec.set(s.name, set);
      set.add(s.value);
    }
  }
  /** A value as a phrase to look for: without a bracketed note ("Eau de Parfum (18%)" → "Eau de Parfum"). */
  const phrase = (value: string) => value.replace(/\s*\(.*?\)\s*/g, " ").trim();
  const categorical = (value: string) => /\p{L}{3}/u.test(phrase(value)) && !/\d/.test(phrase(value)) && phrase(value).length >= 4;
  /** Values several specifications of a sub-category take ("Safe", "None") say something only next to the specification's name. */
  const generic = (sub: string, value: string) => [...(valuesBySub.get(sub)?.values() ?? [])].filter((set) => set.has(value)).length > 1;
  const near = (text: string, name: string, value: string) =>
    new RegExp(`${escapeRe(name)}\\W+(?:\\w+\\W+){0,2}${escapeRe(value)}|${escapeRe(value)}\\W+(?:\\w+\\W+){0,2}${escapeRe(name)}`, "i").test(text);

  for (const p of products) {
    // A count given as a bare number ("Pages: 312") is a measure in the specification's unit.
    const specText = p.specs.map((s) => (/^\d[\d,]*$/.test(s.value) ? `${s.name}: ${s.value} ${s.name.toLowerCase()}` : `${s.name}: ${s.value}`)).join("\n");
    // The description opens with the product's name; what the name says is checked on its own.
    const described = p.text.split(p.name).join(" ");
    const { positive: text, negated } = splitNegations(described);
    const { positive: specPositive } = splitNegations(p.specs.map((s) => s.value).join("\n"));
    const materialSpecs = p.specs
      .filter((s) => MATERIAL_SPECS.has(s.name))
      .map((s) => s.value)
      .join("\n");

    // 1. Materials: a material in the name is the material of the specification; the description names
    //    no material the specification does not.
    if (materialSpecs) {
      for (const m of materialsIn(p.name)) {
        if (!materialsIn(materialSpecs).includes(m)) report(p, `the name says ${m}, the specification says "${materialSpecs}"`);
      }
    }
    if (/\bvegan\b/i.test(p.name) !== /\bvegan leather\b/i.test(materialSpecs) && /\bleather\b/i.test(p.name)) {
      report(p, `the name and the specification disagree on vegan leather ("${materialSpecs}")`);
    }
    if (/\borganic\b/i.test(p.name) && !/\borganic\b/i.test(materialSpecs)) report(p, `the name says organic, the specification says "${materialSpecs}"`);
    for (const m of materialsIn(text)) {
      if (!materialsIn(specPositive).includes(m)) report(p, `the description names ${m}, the specification does not`);
    }

    // 2. Values of a specification: where the name or the description names one of the values this
    //    specification takes in the sub-category, it is this product's value.
    for (const [specName, values] of valuesBySub.get(p.sub) ?? []) {
      if (specName === "Author" || specName === "ISBN" || specName === "Publisher") continue;
      const own = p.specs.find((s) => s.name === specName)?.value;
      if (own === undefined) continue;
      for (const value of values) {
        if (!categorical(value)) continue;
        const v = phrase(value);
        // Stated by one of its own rows ("Leather" footbed of a boot lined with canvas) is no contradiction.
        if (p.specs.some((s) => has(s.value, v) || has(phrase(s.value), v))) continue;
        const said = (t: string) => (generic(p.sub, value) ? near(t, specName, v) : has(t, v));
        if (said(p.name)) report(p, `the name says "${v}", ${specName} says "${own}"`);
        else if (said(text)) report(p, `the description says "${v}", ${specName} says "${own}"`);
      }
    }
    const publisher = p.specs.find((s) => s.name === "Publisher")?.value;
    if (publisher && publisher !== p.brand) report(p, `published by ${publisher}, sold as ${p.brand}`);

    // 3. Measures: every measure in the name and the description is one the specification or a
    //    variant states (inches, cm, GB, mAh, ml, hours, pieces, pages, ages…).
    const stated = new Set([...measuresIn(specText), ...measuresIn(p.sizes.join("\n")), ...agesIn(specText)]);
    for (const [where, source] of [
      ["name", p.name],
      ["description", described],
    ] as const) {
      for (const m of [...measuresIn(source), ...agesIn(source)]) {
        if (!stated.has(m)) report(p, `the ${where} says ${m}, the specification and variants do not`);
      }
    }

    // 4. Sizes named in the description are sizes of the product.
    for (const m of described.matchAll(SIZE_MENTION)) {
      for (const size of m[1].split(/\s*(?:[–,-]|to|and)\s*/))
        if (!p.sizes.includes(size)) report(p, `the description offers size ${size}, the variants do not`);
    }
    for (const m of described.matchAll(/\b(US \d+|W\d{2})\b/g)) if (!p.sizes.includes(m[1])) report(p, `the description offers ${m[1]}, the variants do not`);

    // 5. Colours named in the description are colours of the product.
    const colourNames = Object.keys(COLORS).sort((a, b) => b.length - a.length);
    let rest = described;
    for (const c of colourNames) {
      if (!has(rest, c)) continue;
      rest = rest.replace(new RegExp(escapeRe(c), "gi"), " ");
      if (!p.colors.includes(c)) report(p, `the description says ${c}, the product comes in ${p.colors.join(", ") || "no colours"}`);
    }

    // 6. Negative claims ("fragrance-free", "no batteries needed") hold: the specification does not
    //    give the product what the description says it lacks, nor does the description itself.
    for (const word of negated) {
      const stem = word.replace(/(?:ies|es|s)$/, "");
      const re = new RegExp(`\\b${escapeRe(stem)}`, "i");
      const spec = p.specs.find((s) => re.test(s.name));
      if (spec && !/\b(?:not|none|no)\b|-free\b/i.test(spec.value)) report(p, `the description says no ${word}, ${spec.name} says "${spec.value}"`);
      if (re.test(specPositive) || re.test(text) || re.test(p.name.replace(/[\p{L}]+-free/giu, ""))) report(p, `says both no ${word} and ${word}`);
    }

    // 7. Pictures show what the name says, and each colour its own colour.
    const names = p.images.map(pictureName);
    for (const rule of PICTURED) {
      if (!rule.when.test(p.name) || rule.unless?.test(p.name)) continue;
      const missing = names.filter((n) => !n.includes(rule.look));
      if (missing.length) report(p, `pictured without "${rule.look}": ${missing.join(", ")}`);
    }
    const sleeves = p.specs.find((s) => s.name === "Sleeves")?.value.toLowerCase();
    const drawsSleeves = sleeves === "long" || names.some((n) => n.includes("-sleeves-"));
    if (sleeves && drawsSleeves && names.some((n) => !n.includes(`-sleeves-${sleeves}-`)))
      report(p, `${sleeves} sleeves, pictured otherwise: ${names.join(", ")}`);
    if (p.colors.length > 0) {
      for (const c of p.colors) {
        const pictures = p.colorImages[c] ?? [];
        if (pictures.length === 0) report(p, `no picture of ${c}`);
        for (const url of pictures) {
          if (!p.images.includes(url)) report(p, `a picture of ${c} that is not among its pictures: ${url}`);
          if (!pictureName(url).includes(`-${slugify(c)}-`)) report(p, `the picture of ${c} shows another colour: ${url}`);
        }
      }
      const colourSlugs = Object.keys(COLORS).map((c) => [c, `-${slugify(c)}-`] as const);
      for (const n of names) {
        const shown = colourSlugs.filter(([, s]) => n.includes(s)).map(([c]) => c);
        if (shown.length && !shown.some((c) => p.colors.includes(c))) report(p, `a picture in ${shown.join("/")}, which it does not come in`);
      }
    }
  }

  // 8. Banners: a discount claimed is the best discount among the category's active products, or, on
  //    a banner that names a discount code, a percent one of the shop's promotions gives; and the
  //    product types named are sold in that category.
  const banners = await k.selectFrom("banners").select(["title", "subtitle", "link"]).execute();
  const promotions = await k.selectFrom("promotions").select(["code", "percent_off", "get_percent"]).execute();
  const promotionPercents = new Set(promotions.flatMap((p) => [p.percent_off, p.get_percent].filter((n) => n !== null).map((n) => n / 100)));
  const subWords = categories
    .filter((c) => c.parent_id !== null)
    .flatMap((c) =>
      c.name
        .toLowerCase()
        .split(/[^a-z']+/)
        .filter((w) => w.length >= 5 && w.endsWith("s"))
        .map((w) => ({ w, parent: categoryById.get(c.parent_id!)!.slug })),
    );
  for (const b of banners) {
    const slug = b.link!.replace("/product-category/", "");
    const text = `${b.title} ${b.subtitle}`;
    const best = Math.max(0, ...products.filter((p) => p.category === slug && p.status === "active").map((p) => p.discount));
    const namesCode = promotions.some((p) => p.code !== null && text.includes(p.code));
    for (const m of text.matchAll(/(\d+)\s*%/g)) {
      if (Number(m[1]) !== best && !(namesCode && promotionPercents.has(Number(m[1]))))
        report({ name: `banner "${b.title}"` }, `promises ${m[1]}% off, the best discount in ${slug} is ${best}%`);
    }
    for (const { w, parent } of subWords) {
      if (parent !== slug && has(text, w) && !subWords.some((x) => x.w === w && x.parent === slug)) {
        report({ name: `banner "${b.title}"` }, `names ${w}, which ${slug} does not sell`);
      }
    }
  }
  return found;
}

/** The colour of a drawing's pixel at (x, y) of its 200 × 200 box, front view. */
async function pixel(svg: string, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(Buffer.from(svg)).resize(200, 200).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * 200 + x) * 3;
  return [data[at], data[at + 1], data[at + 2]];
}
const close = (a: number[], b: number[]) => a.every((c, i) => Math.abs(c - b[i]) < 40);
const hex = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

describe("the pictures draw what their names say", () => {
  const navy = COLORS.Navy;
  // The wearer's left forearm, where a long sleeve is and a short one is not; the head of a hood.
  it("a long-sleeve top has sleeves down to the wrist, a short-sleeve one not", async () => {
    for (const art of ["tshirt", "polo"] as const) {
      expect(close(await pixel(productSvg(art, navy, 0, { look: { sleeves: "long" } }, 200), 150, 138), hex(navy)), art).toBe(true);
      expect(close(await pixel(productSvg(art, navy, 0, { look: { sleeves: "short" } }, 200), 150, 138), hex(navy)), art).toBe(false);
    }
  });

  it("a hoodie has a hood above the neckline, a sweatshirt none", async () => {
    const hood = (look: Record<string, string>) => pixel(productSvg("hoodie", navy, 0, { look }, 200), 100, 24);
    expect(close(await hood({ hood: "yes" }), hex(navy))).toBe(true);
    expect(close(await hood({ hood: "no" }), hex(navy))).toBe(false);
  });
});

describe("the demo catalogue does not contradict itself", () => {
  let t: TestDb;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-seed-consistency-"));
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("in names, specifications, descriptions, variants, pictures and banners, in every sub-category", async () => {
    // Enough products for every adjective–noun pair of every sub-category, and numbered ones.
    await seedDemo(t.db, { storage: createObjectStore({ driver: "file", dir: uploadsDir }), products: 2_500, drafts: 20, writeImages: false });
    const found = await contradictions(t);
    if (found.length) console.log(`${found.length} contradictions, e.g.\n${found.slice(0, 40).join("\n")}`);
    expect(found).toEqual([]);
  });
});
