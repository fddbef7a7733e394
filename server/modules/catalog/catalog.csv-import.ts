import { fieldErrors } from "#common/errors";
import { newId } from "../../lib/ids";
import { type AuditActor, appendAudit } from "#modules/audit";
import { productCreateSchema } from "#common/catalog/catalog.admin.schema";
import { TRANSLATABLE_LANGUAGES } from "#common/translations";
import { updateChanges } from "./catalog.admin-audit";
import { commitPlans } from "./catalog.admin-commit";
import type { AdminContext } from "./catalog.admin-context";
import { type Categories, loadCategories, placementOf } from "./catalog.admin-placement";
import { loadExisting } from "./catalog.admin-read";
import { taxClassProblem, taxClassesOf } from "./catalog.admin-write";
import { type Existing, type Plan, type UpdatePlan, differs, stateFromInput } from "./catalog.admin-state";
import type { ImportReport } from "./catalog.admin.types";
import { type ImportGroup, parseProductsCsv } from "./catalog.csv";
import type { Executor } from "./catalog.repo";

/** What one CSV product becomes: a create, an update, nothing (unchanged), or errors in the report. */
function planImport(
  group: ImportGroup,
  existing: Existing | undefined,
  categories: Categories,
  taxClasses: readonly string[],
  report: ImportReport,
): Plan | null {
  const fail = (line: number, message: string) => report.errors.push({ line, message });
  for (const e of group.errors) fail(e.line, e.message);
  const body = { ...group.body };
  // A blank status or stock keeps the stored one (a new product is active, with no units).
  if (body.status === undefined && existing) body.status = existing.state.status;
  if (body.stock === undefined && existing) body.stock = existing.state.stock;
  // Translation columns the file has replace those fields; the others stay as stored.
  if (Object.keys(group.translations).length) {
    const stored = existing?.state.translations ?? {};
    body.translations = Object.fromEntries(
      TRANSLATABLE_LANGUAGES.map((l) => [l, { name: null, description: null, specifications: null, ...stored[l], ...group.translations[l] }]),
    );
  }
  const parsed = productCreateSchema.safeParse(body);
  const problems: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const { placement, problems: misplaced } = placementOf(categories, body.categorySlug, body.subCategorySlug);
  for (const [key, message] of Object.entries(misplaced ?? {})) problems[key] ??= message;
  const taxClass = taxClassProblem(body.taxClass, taxClasses, existing?.state.taxClass);
  if (taxClass) problems.taxClass ??= taxClass;
  if (Object.keys(problems).length || !parsed.success || !placement) {
    for (const [field, message] of Object.entries(problems)) fail(group.lineOf(field), `${group.columnOf(field)}: ${message}`);
    return null;
  }
  const name = parsed.data.name;
  if (!existing) {
    report.created += 1;
    report.products.push({ line: group.line, handle: group.handle, name, action: "create" });
    return { kind: "create", id: newId(), after: stateFromInput(parsed.data, placement, group.handle) };
  }
  const after = stateFromInput(parsed.data, placement, group.handle, existing.state);
  if (!differs(existing.state, after)) {
    report.unchanged += 1;
    report.products.push({ line: group.line, handle: group.handle, name, action: "unchanged" });
    return null;
  }
  const plan: UpdatePlan = { kind: "update", before: existing, after };
  report.updated += 1;
  report.products.push({ line: group.line, handle: group.handle, name, action: "update", changes: updateChanges(plan, categories) });
  return plan;
}

/** Products from CSV. */
export function createCsvImport(ctx: AdminContext) {
  /** Plans every product of the file into the report and, unless there are errors or it is a dry run, stores them with a product.import summary. */
  async function run(trx: Executor, actor: AuditActor, groups: ImportGroup[], taxClasses: readonly string[], report: ImportReport): Promise<void> {
    const categories = await loadCategories(trx);
    const existing = new Map((await loadExisting(trx, { slugs: groups.map((g) => g.handle) })).map((p) => [p.state.slug, p]));
    const plans: Plan[] = [];
    for (const group of groups) {
      const plan = planImport(group, existing.get(group.handle), categories, taxClasses, report);
      if (plan) plans.push(plan);
    }
    report.errors.sort((a, b) => a.line - b.line);
    if (report.errors.length || report.dryRun) return;
    await commitPlans(trx, ctx.deps, actor, plans, categories);
    if (plans.length) {
      await appendAudit(trx, actor, {
        action: "product.import",
        // The import as a whole (each product has its own entry): not one product's history.
        entityType: "catalog",
        entityId: "csv-import",
        changes: {
          created: { before: null, after: report.created },
          updated: { before: null, after: report.updated },
          unchanged: { before: null, after: report.unchanged },
        },
      });
    }
  }

  return {
    /**
     * Imports products from CSV (the export's columns): rows are grouped by Handle, each product
     * checked with the same schema as the API, then created, or updated when a product has that
     * handle (slug); products whose rows match what is stored are left alone. Every bad row is
     * reported with its line; with any error nothing is written. All writes are one transaction
     * with one audit entry per product plus a product.import summary. `dryRun` only reports.
     */
    async importCsv(actor: AuditActor, csv: string, options: { dryRun?: boolean } = {}): Promise<ImportReport> {
      const dryRun = options.dryRun === true;
      const parsed = parseProductsCsv(csv);
      const report: ImportReport = { dryRun, created: 0, updated: 0, unchanged: 0, errors: [...parsed.errors], products: [] };
      // Read before the transaction (on SQLite a read inside it would wait for its own connection).
      const taxClasses = await taxClassesOf(ctx);
      if (dryRun || parsed.groups.length === 0) {
        await run(ctx.k, actor, parsed.groups, taxClasses, report);
        return report;
      }
      let wrote = false;
      await ctx.k.transaction().execute(async (trx) => {
        await run(trx, actor, parsed.groups, taxClasses, report);
        // With any bad row nothing is applied: the checks ran before any write, so there is nothing to undo.
        wrote = report.errors.length === 0 && report.created + report.updated > 0;
      });
      if (wrote) await ctx.published();
      return report;
    },
  };
}
