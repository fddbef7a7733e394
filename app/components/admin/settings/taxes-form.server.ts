import { NOT_A_NUMBER } from "./settings-form.server";

// The taxes screen's form as the settings service's `updateTaxes` takes it, and its answer's field
// errors back on the form's fields. Rows are posted as `classes.<i>.name` and
// `regions.<i>.country|region|name|rates.<class>`; a page without JavaScript offers one empty row
// of each and a "Remove" box per row, so blank and ticked rows are skipped.

/** What the taxes form posted, and how to name the answer's fields as the form does. */
export interface TaxesSubmission {
  body: { taxes: Record<string, unknown>; version?: string };
  /** The service's field path (`taxes.regions.2.rates.standard`) → the form's (`regions.5.rates.standard`). */
  fieldOf(serverPath: string): string;
  /** Form fields whose text is not a number (the answer says so in the form's words). */
  notNumbers: Set<string>;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** A class's name as the settings keep it (the schema lower-cases too; the rates' field names must agree). */
export const className = (name: string) => name.trim().toLowerCase();

/** The row indexes the form posted for `group` (by their `<group>.<i>.<field>` fields), in order. */
function rowIndexes(form: FormData, group: string, field: string): number[] {
  const pattern = new RegExp(`^${group}\\.(\\d+)\\.${field}$`);
  const found = new Set<number>();
  for (const key of form.keys()) {
    const m = pattern.exec(key);
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** A rate as typed: a number ("8.875", or "7,5" as many shops write it), or the text itself for the schema to refuse. */
function rate(raw: string, field: string, notNumbers: Set<string>): number | string {
  const typed = raw.replace(/\s|%/g, "");
  const n = Number(/^\d+,\d+$/.test(typed) ? typed.replace(",", ".") : typed);
  if (typed !== "" && Number.isFinite(n)) return n;
  notNumbers.add(field);
  return raw;
}

/**
 * The taxes form's fields as `{ taxes, version }`: the classes kept (blank and ticked rows
 * skipped), a region row's rates for those classes only (a blank rate is no rate: 0 %), regions
 * left blank or ticked for removal skipped.
 */
export function readTaxesForm(form: FormData): TaxesSubmission {
  const notNumbers = new Set<string>();
  const rowMap = new Map<string, string>();
  const removed = (group: string, i: number) => form.get(`${group}.${i}.remove`) === "on";

  const classRows = rowIndexes(form, "classes", "name").filter((i) => !removed("classes", i) && text(form, `classes.${i}.name`) !== "");
  const classes = classRows.map((formIndex, serverIndex) => {
    rowMap.set(`classes.${serverIndex}`, `classes.${formIndex}.name`);
    return className(text(form, `classes.${formIndex}.name`));
  });
  // A class listed twice: the second one's row is told.
  const twice = classes.findIndex((name, i) => classes.indexOf(name) !== i);
  if (twice >= 0) rowMap.set("classes", `classes.${classRows[twice]}.name`);

  const rateFields = (i: number) => {
    const prefix = `regions.${i}.rates.`;
    return [...new Set([...form.keys()].filter((key) => key.startsWith(prefix)))].map((key) => ({ key, name: className(key.slice(prefix.length)) }));
  };
  const blank = (i: number) =>
    !text(form, `regions.${i}.country`) &&
    !text(form, `regions.${i}.region`) &&
    !text(form, `regions.${i}.name`) &&
    rateFields(i).every(({ key }) => text(form, key) === "");
  const regionRows = rowIndexes(form, "regions", "country").filter((i) => !removed("regions", i) && !blank(i));
  const regions = regionRows.map((formIndex, serverIndex) => {
    rowMap.set(`regions.${serverIndex}`, `regions.${formIndex}`);
    const rates: Record<string, number | string> = {};
    for (const { key, name } of rateFields(formIndex)) {
      const typed = text(form, key);
      // A class removed in the same save takes its rates with it.
      if (typed !== "" && classes.includes(name)) rates[name] = rate(typed, key, notNumbers);
    }
    const region = text(form, `regions.${formIndex}.region`);
    const name = text(form, `regions.${formIndex}.name`);
    return { country: text(form, `regions.${formIndex}.country`), ...(region ? { region } : {}), ...(name ? { name } : {}), rates };
  });

  const region = text(form, "region");
  const taxes = {
    pricesIncludeTax: form.get("pricesIncludeTax") === "true",
    taxNumber: text(form, "taxNumber"),
    ...(region ? { region } : {}),
    classes,
    defaultClass: className(text(form, "defaultClass")) || undefined,
    shippingTaxed: form.get("shippingTaxed") === "on",
    shippingTaxClass: className(text(form, "shippingTaxClass")) || undefined,
    regions,
  };
  return {
    body: { taxes, ...(form.has("version") ? { version: text(form, "version") } : {}) },
    notNumbers,
    fieldOf(serverPath) {
      const path = serverPath.replace(/^taxes\./, "");
      if (path === "classes") return rowMap.get("classes") ?? "classes";
      const row = /^(classes|regions)\.(\d+)(\..*)?$/.exec(path);
      if (!row) return path;
      const field = rowMap.get(`${row[1]}.${row[2]}`) ?? `${row[1]}.${row[2]}`;
      return row[1] === "classes" ? field : `${field}${row[3] ?? ""}`;
    },
  };
}

/** The answer's field errors on the form's fields: rows as the form numbers them, rates that were no number said so. */
export function taxesFieldErrors(fields: Record<string, string> | undefined, submission: TaxesSubmission): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = submission.fieldOf(path);
    out[field] ??= submission.notNumbers.has(field) ? NOT_A_NUMBER : message;
  }
  return out;
}
