import { type CsvRecord, parseCsv, toCsv } from "../../lib/csv";
import type { ProductInput, ProductTranslation } from "#common/catalog/catalog.admin.schema";
import type { Language } from "#common/i18n/languages";
import { TRANSLATABLE_LANGUAGES } from "#common/translations";

// The catalogue as CSV, Shopify-like: a product spans several rows sharing its Handle (slug). Its
// first row carries the product's fields; row i (first included) carries its i-th variant, i-th
// picture and i-th specification, so a product takes as many rows as the longest of those lists.
// Option1 is the colour, Option2 the size. The export is ordered and formatted so that importing
// it and exporting again gives the same bytes. Pure: no database here (catalog.csv-export.ts and
// catalog.csv-import.ts read and write; each imported product is checked with the API's schema there).
// Translations have their own columns, named after the translated one with the language in
// brackets (`Title (de)`, `Body (HTML) (fr)`, `Specification Name (es)`); a file without a
// language's column leaves that translation as it is, and one without `Tax class` the tax class.

/** The columns of the default language's texts and of everything else, in order. */
const BASE_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "SKU",
  "Category",
  "Sub-category",
  "Status",
  "Price",
  "Discount",
  "Shipping Cost",
  "Tax class",
  "Inventory Qty",
  "Option1 Name",
  "Option1 Value",
  "Option1 Hex",
  "Option2 Name",
  "Option2 Value",
  "Variant SKU",
  "Variant Additional Price",
  "Variant Inventory Qty",
  "Image Src",
  "Image Alt Text",
  "Image Colors",
  "Specification Name",
  "Specification Value",
  "Gift card",
] as const;

/** The columns that have a translation column per language, and the translation field each holds. */
const TRANSLATED = { Title: "name", "Body (HTML)": "description", "Specification Name": "specifications", "Specification Value": "specifications" } as const;
type TranslatedColumn = keyof typeof TRANSLATED;
type Column = (typeof BASE_COLUMNS)[number] | `${TranslatedColumn} (${Language})`;

/** A translated column's name in a language: `Title (de)`. */
const inLanguage = (column: TranslatedColumn, language: Language): Column => `${column} (${language})`;

/** The columns, in order: the default language's and the rest, then each other language's translations. Product fields are read from a product's first row only. */
export const CSV_COLUMNS: readonly Column[] = [
  ...BASE_COLUMNS,
  ...TRANSLATABLE_LANGUAGES.flatMap((l) => (Object.keys(TRANSLATED) as TranslatedColumn[]).map((c) => inLanguage(c, l))),
];

const PRODUCT_COLUMNS: Column[] = [
  ...TRANSLATABLE_LANGUAGES.flatMap((l) => [inLanguage("Title", l), inLanguage("Body (HTML)", l)]),
  "Title",
  "Body (HTML)",
  "Vendor",
  "SKU",
  "Category",
  "Sub-category",
  "Status",
  "Price",
  "Discount",
  "Shipping Cost",
  "Tax class",
  "Inventory Qty",
  "Option1 Name",
  "Option2 Name",
  "Gift card",
];
const VARIANT_COLUMNS: Column[] = ["Option1 Value", "Option1 Hex", "Option2 Value", "Variant SKU", "Variant Additional Price", "Variant Inventory Qty"];

/** The most rows one import takes (a guard; 10,000 rows import in a few seconds). */
export const MAX_IMPORT_ROWS = 100_000;

/** Several colours of one picture are written with this between them (colour names cannot contain it). */
const COLOR_SEPARATOR = "|";

/** A product to export: the admin's input shape with its slug (the Handle). */
export type CsvProduct = ProductInput & { slug: string };

const money = (n: number) => n.toFixed(2);

const AT = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, i])) as Record<Column, number>;

/** Every product as CSV with a header row (UTF-8 with a byte-order mark, so spreadsheets read accents right). */
export function productsToCsv(products: CsvProduct[]): string {
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const p of products) {
    const translations = p.translations ?? {};
    const translatedSpecs = Object.values(translations).map((t) => t?.specifications?.length ?? 0);
    const count = Math.max(1, p.variants.length, p.image.length, p.specifications.length, ...translatedSpecs);
    const hex = new Map(p.colors.map((c) => [c.name, c.hex ?? ""]));
    for (let i = 0; i < count; i++) {
      const row: string[] = new Array<string>(CSV_COLUMNS.length).fill("");
      row[AT.Handle] = p.slug;
      if (i === 0) {
        row[AT.Title] = p.name;
        row[AT["Body (HTML)"]] = p.description;
        row[AT.Vendor] = p.brand ?? "";
        row[AT.SKU] = p.sku ?? "";
        row[AT.Category] = p.categorySlug;
        row[AT["Sub-category"]] = p.subCategorySlug ?? "";
        row[AT.Status] = p.status;
        row[AT.Price] = money(p.price);
        row[AT.Discount] = String(p.discount);
        row[AT["Shipping Cost"]] = money(p.shippingCost);
        row[AT["Tax class"]] = p.taxClass ?? "";
        row[AT["Gift card"]] = p.giftCard ? "yes" : "";
        row[AT["Inventory Qty"]] = p.variants.length ? "" : String(p.stock);
        row[AT["Option1 Name"]] = p.colors.length ? "Color" : "";
        row[AT["Option2 Name"]] = p.sizes.length ? "Size" : "";
        for (const language of TRANSLATABLE_LANGUAGES) {
          row[AT[inLanguage("Title", language)]] = translations[language]?.name ?? "";
          row[AT[inLanguage("Body (HTML)", language)]] = translations[language]?.description ?? "";
        }
      }
      const v = p.variants[i];
      if (v) {
        row[AT["Option1 Value"]] = v.color ?? "";
        row[AT["Option1 Hex"]] = v.color ? (hex.get(v.color) ?? "") : "";
        row[AT["Option2 Value"]] = v.size ?? "";
        row[AT["Variant SKU"]] = v.sku ?? "";
        row[AT["Variant Additional Price"]] = money(v.additionalPrice);
        row[AT["Variant Inventory Qty"]] = String(v.stock ?? 0);
      }
      const image = p.image[i];
      if (image) {
        row[AT["Image Src"]] = image;
        row[AT["Image Alt Text"]] = p.imageAlt[i] ?? "";
        row[AT["Image Colors"]] = p.colors
          .map((c) => c.name)
          .filter((c) => p.colorImages[c]?.includes(image))
          .join(COLOR_SEPARATOR);
      }
      const spec = p.specifications[i];
      if (spec) {
        row[AT["Specification Name"]] = spec.name;
        row[AT["Specification Value"]] = spec.value;
      }
      for (const language of TRANSLATABLE_LANGUAGES) {
        const translated = translations[language]?.specifications?.[i];
        if (!translated) continue;
        row[AT[inLanguage("Specification Name", language)]] = translated.name;
        row[AT[inLanguage("Specification Value", language)]] = translated.value;
      }
      rows.push(row);
    }
  }
  return toCsv(rows, { bom: true });
}

/** One product of an import: its rows turned into the admin's input shape, and where each field came from. */
export interface ImportGroup {
  handle: string;
  /** The line of its first row. */
  line: number;
  /** The product as the API's body (not yet checked: numbers may be NaN, required fields missing). */
  body: Record<string, unknown> & { categorySlug?: unknown; subCategorySlug?: unknown; status?: unknown };
  /**
   * Its translations as far as the file has their columns (`{ de: { name } }` for a file with only
   * `Title (de)`): a blank cell clears that translation, a missing column leaves it as it is.
   */
  translations: Partial<Record<Language, Partial<ProductTranslation>>>;
  /** Problems found while reading its rows (a product field repeated differently, an option name). */
  errors: Array<{ line: number; message: string }>;
  /** The line of the row a field of the body came from (`variants.3.stock` → the 4th variant's row). */
  lineOf(field: string): number;
  /** The column a field of the body came from, to name it in a message. */
  columnOf(field: string): string;
}

const FIELD_COLUMNS: Record<string, Column> = {
  name: "Title",
  slug: "Handle",
  description: "Body (HTML)",
  brand: "Vendor",
  sku: "SKU",
  categorySlug: "Category",
  subCategorySlug: "Sub-category",
  status: "Status",
  price: "Price",
  discount: "Discount",
  shippingCost: "Shipping Cost",
  taxClass: "Tax class",
  giftCard: "Gift card",
  stock: "Inventory Qty",
  image: "Image Src",
  imageAlt: "Image Alt Text",
  colorImages: "Image Colors",
  colors: "Option1 Value",
  sizes: "Option2 Value",
  variants: "Option1 Value",
  specifications: "Specification Name",
};
const NESTED_COLUMNS: Record<string, Column> = {
  "variants.color": "Option1 Value",
  "variants.size": "Option2 Value",
  "variants.sku": "Variant SKU",
  "variants.additionalPrice": "Variant Additional Price",
  "variants.stock": "Variant Inventory Qty",
  "colors.name": "Option1 Value",
  "colors.hex": "Option1 Hex",
  "specifications.name": "Specification Name",
  "specifications.value": "Specification Value",
};

/** A number cell: blank is not given, anything else must read as a number (else NaN, which the schema refuses). */
const numberCell = (cell: string): number | undefined => (cell.trim() === "" ? undefined : Number(cell.trim()));
const blankToUndefined = (cell: string) => (cell.trim() === "" ? undefined : cell);

/** A data row of an import: its line in the file and its cells by column ('' for a column the file lacks). */
interface Row {
  line: number;
  cell(column: Column): string;
}

type Problem = { line: number; message: string };

/**
 * Reads an import: checks the header, groups rows by Handle (in the order handles first appear)
 * and builds each product's body; rows it cannot read are reported with their line numbers (the
 * header is line 1; a cell spanning lines counts them all).
 */
export function parseProductsCsv(text: string): { groups: ImportGroup[]; errors: Problem[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    const e = error as Error & { lines?: number };
    return { groups: [], errors: [{ line: e.lines ?? 1, message: `The file is not valid CSV: ${e.message.replace(/^[^:]*: /, "")}` }] };
  }
  if (records.length === 0) return { groups: [], errors: [{ line: 1, message: "The file is empty: it needs a header row and a row per variant." }] };
  const header = records[0]!.record.map((h) => h.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const column of CSV_COLUMNS) {
    const at = header.indexOf(column.toLowerCase());
    if (at >= 0) index.set(column, at);
  }
  if (!index.has("Handle"))
    return { groups: [], errors: [{ line: 1, message: "The header row has no Handle column (each row names its product by its handle)." }] };
  if (records.length - 1 > MAX_IMPORT_ROWS)
    return {
      groups: [],
      errors: [{ line: 1, message: `The file has ${records.length - 1} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")}.` }],
    };
  const errors: Problem[] = [];
  const groups = groupRows(records, index, errors);
  const has = (column: Column) => index.has(column);
  return { groups: [...groups].map(([handle, rows]) => buildGroup(handle, rows, has)), errors };
}

/** The data rows by Handle, in the order handles first appear; blank rows are skipped and rows without a handle reported. */
function groupRows(records: CsvRecord[], index: Map<Column, number>, errors: Problem[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  let previousEnd = records[0]!.info.lines;
  let previousEmpty = records[0]!.info.empty_lines;
  for (const { record, info } of records.slice(1)) {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    const cell = (column: Column) => {
      const at = index.get(column);
      return at === undefined ? "" : (record[at] ?? "");
    };
    if (record.every((c) => c.trim() === "")) continue;
    const handle = cell("Handle").trim();
    if (!handle) {
      errors.push({ line, message: "Handle: every row needs its product's handle" });
      continue;
    }
    const rows = groups.get(handle) ?? [];
    rows.push({ line, cell });
    groups.set(handle, rows);
  }
  return groups;
}

/** Product fields repeated differently on later rows, and option names other than colour and size. */
function productFieldProblems(first: Row, rows: Row[]): Problem[] {
  const problems: Problem[] = [];
  for (const row of rows.slice(1)) {
    for (const column of PRODUCT_COLUMNS) {
      const value = row.cell(column).trim();
      if (value !== "" && value !== first.cell(column).trim()) {
        problems.push({
          line: row.line,
          message: `${column}: differs from the product's first row (line ${first.line}); product fields belong on its first row only`,
        });
      }
    }
  }
  const option1 = first.cell("Option1 Name").trim().toLowerCase();
  if (option1 && option1 !== "color" && option1 !== "colour") problems.push({ line: first.line, message: "Option1 Name: Option1 is the colour (“Color”)" });
  const option2 = first.cell("Option2 Name").trim().toLowerCase();
  if (option2 && option2 !== "size") problems.push({ line: first.line, message: "Option2 Name: Option2 is the size (“Size”)" });
  return problems;
}

/** The variants of a product's rows, with its colours (as first spelled, with a hex when any row gives one) and sizes, and the line of each. */
function readVariants(rows: Row[]) {
  const variants: Array<Record<string, unknown>> = [];
  const variantLines: number[] = [];
  const colors: Array<{ name: string; hex: string | undefined }> = [];
  const colorLines: number[] = [];
  const sizes: string[] = [];
  const sizeLines: number[] = [];
  for (const row of rows) {
    if (!VARIANT_COLUMNS.some((c) => row.cell(c).trim() !== "")) continue;
    const color = row.cell("Option1 Value").trim();
    const size = row.cell("Option2 Value").trim();
    const hex = row.cell("Option1 Hex").trim();
    let colorName: string | null = null;
    if (color) {
      const known = colors.find((c) => c.name.toLowerCase() === color.toLowerCase());
      if (!known) {
        colors.push({ name: color, hex: hex || undefined });
        colorLines.push(row.line);
      } else if (!known.hex && hex) known.hex = hex;
      colorName = known?.name ?? color;
    }
    if (size && !sizes.some((s) => s.toLowerCase() === size.toLowerCase())) {
      sizes.push(size);
      sizeLines.push(row.line);
    }
    variants.push({
      color: colorName,
      size: size || null,
      sku: blankToUndefined(row.cell("Variant SKU").trim()) ?? null,
      additionalPrice: numberCell(row.cell("Variant Additional Price")),
      stock: numberCell(row.cell("Variant Inventory Qty")),
    });
    variantLines.push(row.line);
  }
  return { variants, variantLines, colors, colorLines, sizes, sizeLines };
}

/**
 * The pictures of a product's rows with their alt texts and colours (colour names as the variants
 * spell them), and the line of each; a row with an alt text or colours but no picture is a problem.
 */
function readPictures(rows: Row[], colors: Array<{ name: string }>, problems: Problem[]) {
  const image: string[] = [];
  const imageAlt: string[] = [];
  const imageLines: number[] = [];
  const colorImages: Record<string, string[]> = {};
  const colorImageLines = new Map<string, number>();
  for (const row of rows) {
    const src = row.cell("Image Src").trim();
    if (src) {
      image.push(src);
      imageAlt.push(row.cell("Image Alt Text").trim());
      imageLines.push(row.line);
      for (const c of row.cell("Image Colors").split(COLOR_SEPARATOR)) {
        const name = c.trim();
        if (!name) continue;
        (colorImages[name] ??= []).push(src);
        if (!colorImageLines.has(name)) colorImageLines.set(name, row.line);
      }
    } else if (row.cell("Image Alt Text").trim() || row.cell("Image Colors").trim()) {
      problems.push({ line: row.line, message: "Image Src: a row with an alt text or picture colours needs the picture's address" });
    }
  }
  for (const name of Object.keys(colorImages)) {
    const known = colors.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (known && known.name !== name) {
      colorImages[known.name] = [...(colorImages[known.name] ?? []), ...colorImages[name]!];
      delete colorImages[name];
    }
  }
  return { image, imageAlt, imageLines, colorImages, colorImageLines };
}

/** The specifications of a product's rows (in a language's columns when given) and the line of each. */
function readSpecifications(rows: Row[], language?: Language) {
  const specifications: Array<Record<string, string>> = [];
  const specLines: number[] = [];
  for (const row of rows) {
    const specName = row.cell(language ? inLanguage("Specification Name", language) : "Specification Name").trim();
    const specValue = row.cell(language ? inLanguage("Specification Value", language) : "Specification Value").trim();
    if (specName || specValue) {
      specifications.push({ name: specName, value: specValue });
      specLines.push(row.line);
    }
  }
  return { specifications, specLines };
}

/** The column a field of the body came from (`variants.3.sku` → Variant SKU, `translations.de.name` → Title (de)). */
function columnOf(field: string): string {
  const parts = field.split(".");
  if (parts[0] === "translations" && parts.length >= 3) {
    const language = parts[1] as Language;
    if (parts[2] === "name") return inLanguage("Title", language);
    if (parts[2] === "description") return inLanguage("Body (HTML)", language);
    return inLanguage(parts[4] === "value" ? "Specification Value" : "Specification Name", language);
  }
  const nested = parts.length >= 3 ? NESTED_COLUMNS[`${parts[0]}.${parts[2]}`] : undefined;
  if (nested) return nested;
  if (parts[0] === "colors" && parts.length === 2) return "Option1 Value";
  return FIELD_COLUMNS[parts[0]!] ?? field;
}

/** One product of an import from its rows: the API's body (product fields from the first row), its problems, and where each field came from. */
/** A yes/no cell: yes, true, 1 or x is true; no, false, 0 or blank false; anything else stays as typed for the schema to refuse. */
function yesNoCell(cell: string): boolean | string {
  const v = cell.trim().toLowerCase();
  if (["yes", "true", "1", "x"].includes(v)) return true;
  if (["", "no", "false", "0"].includes(v)) return false;
  return cell;
}

function buildGroup(handle: string, rows: Row[], has: (column: Column) => boolean): ImportGroup {
  const first = rows[0]!;
  const problems = productFieldProblems(first, rows);
  const { variants, variantLines, colors, colorLines, sizes, sizeLines } = readVariants(rows);
  const { image, imageAlt, imageLines, colorImages, colorImageLines } = readPictures(rows, colors, problems);
  const { specifications, specLines } = readSpecifications(rows);
  const translations: ImportGroup["translations"] = {};
  const translatedSpecLines = new Map<string, number[]>();
  for (const language of TRANSLATABLE_LANGUAGES) {
    const entry: Partial<ProductTranslation> = {};
    if (has(inLanguage("Title", language))) entry.name = first.cell(inLanguage("Title", language));
    if (has(inLanguage("Body (HTML)", language))) entry.description = first.cell(inLanguage("Body (HTML)", language));
    if (has(inLanguage("Specification Name", language)) || has(inLanguage("Specification Value", language))) {
      const read = readSpecifications(rows, language);
      entry.specifications = read.specifications as ProductTranslation["specifications"];
      translatedSpecLines.set(language, read.specLines);
    }
    if (Object.keys(entry).length) translations[language] = entry;
  }
  const status = first.cell("Status").trim().toLowerCase();
  const body = {
    name: first.cell("Title"),
    slug: handle,
    description: first.cell("Body (HTML)"),
    brand: blankToUndefined(first.cell("Vendor")) ?? null,
    sku: blankToUndefined(first.cell("SKU")) ?? null,
    categorySlug: first.cell("Category").trim(),
    subCategorySlug: blankToUndefined(first.cell("Sub-category").trim()) ?? null,
    status: status || undefined,
    price: numberCell(first.cell("Price")),
    discount: numberCell(first.cell("Discount")) ?? 0,
    shippingCost: numberCell(first.cell("Shipping Cost")) ?? 0,
    // Blank: the settings' default class; a file without the column leaves the class as it is.
    taxClass: has("Tax class") ? (blankToUndefined(first.cell("Tax class").trim()) ?? null) : undefined,
    // yes/no (blank: no); a file without the column leaves it as it is.
    giftCard: has("Gift card") ? yesNoCell(first.cell("Gift card")) : undefined,
    stock: variants.length ? undefined : numberCell(first.cell("Inventory Qty")),
    image,
    imageAlt,
    colorImages,
    specifications,
    colors: colors.map((c) => ({ name: c.name, hex: c.hex ?? null })),
    sizes,
    variants,
  };
  const listLines: Record<string, number[]> = {
    variants: variantLines,
    colors: colorLines,
    sizes: sizeLines,
    image: imageLines,
    imageAlt: imageLines,
    specifications: specLines,
  };
  return {
    handle,
    line: first.line,
    body,
    translations,
    errors: problems,
    lineOf(field) {
      const [list, at] = field.split(".");
      if (list === "translations") {
        const [, , , n] = field.split(".");
        return translatedSpecLines.get(at ?? "")?.[Number(n)] ?? first.line;
      }
      if (list === "colorImages" && at) return colorImageLines.get(at) ?? first.line;
      const lines = list ? listLines[list] : undefined;
      const n = Number(at);
      return lines && Number.isInteger(n) ? (lines[n] ?? first.line) : first.line;
    },
    columnOf,
  };
}
