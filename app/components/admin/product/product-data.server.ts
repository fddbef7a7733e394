import type { AppLoadContext } from "react-router";
import { productFormInput } from "#common/catalog/catalog.admin.schema";
import type { CategoryChoice } from "./product-form";
import { dropUnchangedStock } from "./product-form-values";

/** The category tree as the product screens offer it: every category (hidden ones marked) with its sub-categories, in order. */
export async function listCategoryChoices(context: AppLoadContext): Promise<CategoryChoice[]> {
  const tree = await context.services.categoriesAdmin.listTree();
  return tree.map((c) => ({
    slug: c.slug,
    name: c.name,
    hidden: c.hidden,
    subCategories: c.subCategories.map((s) => ({ slug: s.slug, name: s.name, hidden: s.hidden })),
  }));
}

/**
 * The product form's submission as the products schema's input: `productFormInput` (the one
 * reader of the form's field names, next to the schema the JSON API checks with), then what only
 * a form means: a row left blank (the empty specification row, the empty picture address of the
 * form without JavaScript) is no row, and stock the editor did not change is not written back
 * (product-form-values.ts dropUnchangedStock).
 */
export function productBodyFromForm(form: FormData): Record<string, unknown> {
  const body = productFormInput(form);
  if (Array.isArray(body.image)) {
    const images = body.image as unknown[];
    const alts = Array.isArray(body.imageAlt) ? (body.imageAlt as unknown[]) : null;
    const keep = images.map((url) => !(typeof url === "string" && url.trim() === ""));
    body.image = images.filter((_, i) => keep[i]);
    if (alts) body.imageAlt = alts.filter((_, i) => keep[i] ?? true);
  }
  if (Array.isArray(body.specifications)) {
    body.specifications = body.specifications.filter((row) => {
      const r = (row ?? {}) as { name?: unknown; value?: unknown };
      return !(String(r.name ?? "").trim() === "" && String(r.value ?? "").trim() === "");
    });
  }
  if (Array.isArray(body.prices)) body.prices = body.prices.filter((row) => (row as { price?: unknown } | undefined)?.price !== undefined);
  return dropUnchangedStock(body, form);
}

/** The form's rows of the price list (`prices.<i>.…`) that hold a price, in the order they are sent. */
function fixedPriceRows(form: FormData): number[] {
  const rows = new Set<number>();
  for (const [key, value] of form) {
    const m = /^prices\.(\d+)\.price$/.exec(key);
    if (m && typeof value === "string" && value.trim() !== "") rows.add(Number(m[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * The service's field errors on the product form's fields: a price list entry is numbered among
 * the prices sent (blank ones are not), the form numbers every offered currency, and both its
 * currency and its price are told beside the price's input (the currency is not an input).
 */
export function productFieldErrors(fields: Record<string, string>, form: FormData): Record<string, string> {
  const rows = fixedPriceRows(form);
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = /^prices\.(\d+)\.(price|currency)$/.exec(path);
    const row = m ? rows[Number(m[1])] : undefined;
    out[row === undefined ? path : `prices.${row}.price`] ??= message;
  }
  return out;
}
