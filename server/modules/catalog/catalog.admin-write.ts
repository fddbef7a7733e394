import { AppError, fieldErrors } from "#common/errors";
import { newId } from "../../lib/ids";
import type { AuditActor } from "#modules/audit";
import { type ProductInput, productCreateSchema, productPatchSchema, productRuleProblems } from "#common/catalog/catalog.admin.schema";
import { DEFAULT_TAX_CLASSES } from "#common/tax/tax.schema";
import { STALE_VERSION_MESSAGE, commitPlans, removeProducts } from "./catalog.admin-commit";
import type { AdminContext } from "./catalog.admin-context";
import { type Categories, loadCategories, placementOf } from "./catalog.admin-placement";
import { loadExisting, readProduct, requireExisting } from "./catalog.admin-read";
import { freeSlug, requireSlugFree } from "./catalog.admin-slug";
import { type Existing, type Plan, differs, inputOf, stateFromInput } from "./catalog.admin-state";
import type { AdminProduct } from "./catalog.admin.types";
import type { Executor } from "./catalog.repo";

const CHECK_FIELDS = "Please check the highlighted fields.";

/** The tax settings' classes a product may name, read before a write's transaction opens. */
export async function taxClassesOf(ctx: AdminContext): Promise<string[]> {
  return (await ctx.deps.taxClasses?.()) ?? [...DEFAULT_TAX_CLASSES];
}

/**
 * Why a product cannot name this tax class, or null: it names one of the settings' classes, or
 * none (the default), or the one it has already (a class the owner removed since stays until the
 * product is given another; the tax computation then applies the default class).
 */
export function taxClassProblem(given: unknown, classes: readonly string[], current?: string | null): string | null {
  // As the schema reads it (its own refusals, such as a number, are told by the schema).
  const taxClass = typeof given === "string" ? given.trim().toLowerCase() : null;
  if (!taxClass || classes.includes(taxClass) || taxClass === current) return null;
  return `${taxClass} is not one of the tax classes (${classes.join(", ")}): add it in the tax settings first, or leave it blank for the default`;
}

/** Checks a product input against the schema, the categories and the tax classes; every bad field in one 400. */
function parseProduct(raw: unknown, categories: Categories, taxClasses: readonly string[]) {
  const parsed = productCreateSchema.safeParse(raw);
  const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const { placement, problems: misplaced } = placementOf(categories, body.categorySlug, body.subCategorySlug);
  for (const [key, message] of Object.entries(misplaced ?? {})) problems[key] ??= message;
  const taxClass = taxClassProblem(body.taxClass, taxClasses);
  if (taxClass) problems.taxClass ??= taxClass;
  if (!parsed.success || !placement || taxClass) throw new AppError("invalid_input", CHECK_FIELDS, problems);
  return { input: parsed.data, placement };
}

/**
 * A PATCH over a stored product: the fields given replace the stored ones, with what they imply
 * (new pictures keep the alt texts of pictures that stay; a new category drops a sub-category
 * that is not under it; colours removed leave the colour pictures), then the cross-field rules
 * run on the result.
 */
function mergePatch(existing: Existing, patch: Record<string, unknown>, categories: Categories): { input: ProductInput; problems: Record<string, string> } {
  const current = inputOf(existing.state, categories);
  const given = Object.fromEntries(Object.entries(patch).filter(([key, v]) => v !== undefined && key !== "version" && key in current)) as Partial<ProductInput>;
  const merged: ProductInput = { ...current, ...given };
  if (given.slug === null) merged.slug = current.slug;
  if (given.image && !given.imageAlt) {
    const alts = new Map(current.image.map((url, i) => [url, current.imageAlt[i] ?? ""]));
    merged.imageAlt = given.image.map((url) => alts.get(url) ?? "");
  }
  if (!given.colorImages) {
    // Pictures or colours removed take their colour pictures with them.
    const pictures = new Set(merged.image);
    const colors = new Set(merged.colors.map((c) => c.name.toLowerCase()));
    merged.colorImages = Object.fromEntries(
      Object.entries(current.colorImages)
        .filter(([color]) => colors.has(color.toLowerCase()))
        .map(([color, list]) => [color, list.filter((url) => pictures.has(url))]),
    );
  }
  if (given.categorySlug !== undefined && given.subCategorySlug === undefined && current.subCategorySlug) {
    const sub = categories.bySlug.get(current.subCategorySlug.toLowerCase());
    const category = categories.bySlug.get(String(given.categorySlug).toLowerCase());
    if (!sub || !category || sub.parentId !== category.id) merged.subCategorySlug = null;
  }
  const problems = productRuleProblems(merged);
  return { input: merged, problems };
}

/**
 * Checks a PATCH against the schema, the categories, the tax classes and the stored version (every
 * bad field in one 400, a stale version 409), and merges it over the stored product.
 */
function checkPatch(existing: Existing, body: unknown, categories: Categories, taxClasses: readonly string[]) {
  const parsed = productPatchSchema.safeParse(body);
  const raw = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const taxClass = taxClassProblem(raw.taxClass, taxClasses, existing.state.taxClass);
  if (taxClass) problems.taxClass ??= taxClass;
  if (raw.categorySlug !== undefined || raw.subCategorySlug !== undefined) {
    const current = inputOf(existing.state, categories);
    const checked = placementOf(categories, raw.categorySlug ?? current.categorySlug, raw.subCategorySlug === undefined ? undefined : raw.subCategorySlug);
    for (const [key, message] of Object.entries(checked.problems ?? {})) problems[key] ??= message;
  }
  if (!parsed.success || Object.keys(problems).length) throw new AppError("invalid_input", CHECK_FIELDS, problems);
  if (parsed.data.version !== existing.version) throw new AppError("conflict", STALE_VERSION_MESSAGE);
  const { input, problems: rules } = mergePatch(existing, parsed.data as Record<string, unknown>, categories);
  if (Object.keys(rules).length) throw new AppError("invalid_input", CHECK_FIELDS, rules);
  const { placement, problems: misplaced } = placementOf(categories, input.categorySlug, input.subCategorySlug);
  if (!placement) throw new AppError("invalid_input", CHECK_FIELDS, misplaced);
  return { input, placement };
}

/**
 * A price list names only currencies the shop offers beside its own (a price in the base currency
 * is the product's price): 400 naming the entry otherwise.
 */
async function requireOfferedCurrencies(ctx: AdminContext, body: unknown): Promise<void> {
  const prices = (body as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(prices) || prices.length === 0) return;
  const offered = new Set((await ctx.deps.presentmentCurrencies?.()) ?? []);
  const problems: Record<string, string> = {};
  prices.forEach((p, i) => {
    const code = typeof p?.currency === "string" ? p.currency.trim().toUpperCase() : "";
    if (/^[A-Z]{3}$/.test(code) && !offered.has(code))
      problems[`prices.${i}.currency`] = `${code} is not one of the currencies the shop offers beside its own (add it in the settings first)`;
  });
  if (Object.keys(problems).length) throw new AppError("invalid_input", CHECK_FIELDS, problems);
}

/** The admin's writes of one product: create, change, delete, and moves in the category tree. */
export function createAdminWrite(ctx: AdminContext) {
  return {
    /**
     * Creates a product (audit entry product.create) from the body as received (parsed here with
     * productCreateSchema). Bad input, an unknown category or tax class, or a slug another
     * product uses: 400 naming each field. Without a slug, one is made from the name.
     */
    async createProduct(actor: AuditActor, body: unknown): Promise<AdminProduct> {
      const id = newId();
      await requireOfferedCurrencies(ctx, body);
      const taxClasses = await taxClassesOf(ctx);
      await ctx.write(async (trx) => {
        const categories = await loadCategories(trx);
        const { input, placement } = parseProduct(body, categories, taxClasses);
        let slug = input.slug ?? null;
        if (slug) await requireSlugFree(trx, slug);
        else slug = await freeSlug(trx, input.name);
        await commitPlans(trx, ctx.deps, actor, [{ kind: "create", id, after: stateFromInput(input, placement, slug) }], categories);
      });
      return (await readProduct(ctx, ctx.k, id))!;
    },

    /**
     * Changes the fields a PATCH carries (audit entry product.update with each changed field).
     * `version` must be the one read: an older one answers 409 and stores nothing. Variants given
     * replace the matrix, keeping the ids (and, when their stock is left out, the units) of the
     * colour × size pairs that stay; units change through the inventory. A changed slug keeps the
     * old address as a redirect; archiving withdraws the product from carts and wishlists.
     */
    async updateProduct(actor: AuditActor, id: string, body: unknown): Promise<AdminProduct> {
      await requireOfferedCurrencies(ctx, body);
      const taxClasses = await taxClassesOf(ctx);
      await ctx.write(async (trx) => {
        const existing = await requireExisting(trx, id);
        const categories = await loadCategories(trx);
        const { input, placement } = checkPatch(existing, body, categories, taxClasses);
        const slug = input.slug ?? existing.state.slug;
        if (slug !== existing.state.slug) await requireSlugFree(trx, slug, id);
        const after = stateFromInput(input, placement, slug, existing.state);
        if (!differs(existing.state, after)) return;
        await commitPlans(trx, ctx.deps, actor, [{ kind: "update", before: existing, after }], categories);
      });
      return (await readProduct(ctx, ctx.k, id))!;
    },

    /**
     * Deletes a product for good (audit entry product.delete with what it was). Carts and
     * wishlists that held it lose it and their owners are told; orders keep their own copy of
     * the line (decision record 0021). To keep it but stop selling it, archive it instead.
     */
    async deleteProduct(actor: AuditActor, id: string): Promise<void> {
      await ctx.write(async (trx) => {
        const existing = await requireExisting(trx, id);
        await removeProducts(trx, ctx.deps, actor, [existing], await loadCategories(trx));
      });
    },

    /**
     * Moves products to another place in the category tree as catalogue writes (version,
     * update time, audit entry each), in the caller's transaction: for the categories' admin when
     * a category is deleted or moved. The caller bumps the data epoch after its commit.
     */
    async placeProducts(trx: Executor, actor: AuditActor, moves: Array<{ id: string; categoryId: string; subCategoryId: string | null }>): Promise<number> {
      if (moves.length === 0) return 0;
      const categories = await loadCategories(trx);
      const found = new Map((await loadExisting(trx, { ids: moves.map((m) => m.id) })).map((p) => [p.id, p]));
      const plans: Plan[] = [];
      for (const m of moves) {
        const p = found.get(m.id);
        if (!p || (p.state.categoryId === m.categoryId && p.state.subCategoryId === m.subCategoryId)) continue;
        plans.push({ kind: "update", before: p, after: { ...p.state, categoryId: m.categoryId, subCategoryId: m.subCategoryId } });
      }
      await commitPlans(trx, ctx.deps, actor, plans, categories);
      return plans.length;
    },
  };
}
