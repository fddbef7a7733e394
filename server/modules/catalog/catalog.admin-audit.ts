import { type AuditEntryInput, type FieldChanges, changedFields } from "#modules/audit";
import type { Categories } from "./catalog.admin-placement";
import { type CreatePlan, type Existing, type UpdatePlan, variantKey, variantLabel } from "./catalog.admin-state";
import type { ProductState, VariantState } from "./catalog.admin.types";
import { ownFields } from "./catalog.admin-view";
import { toMajor } from "#common/money";

// What a write changed, as its audit entries record it: the fields (major units, slugs) and the
// variants summarised.

function auditView(s: ProductState, categories: Categories): Record<string, unknown> {
  return {
    ...ownFields(s),
    category: categories.byId.get(s.categoryId)?.slug ?? s.categoryId,
    subCategory: s.subCategoryId ? (categories.byId.get(s.subCategoryId)?.slug ?? s.subCategoryId) : null,
    ...(s.variants.length ? {} : { stock: s.stock }),
  };
}

/** How each kept variant changed, in words ("Red / M stock 5 → 2"). */
function keptVariantChanges(old: Map<string, VariantState>, after: VariantState[]): string[] {
  const changed: string[] = [];
  for (const v of after) {
    const was = old.get(variantKey(v.color, v.size));
    if (!was) continue;
    const parts: string[] = [];
    if (v.stock !== undefined && v.stock !== was.stock) parts.push(`stock ${was.stock} → ${v.stock}`);
    if (v.additionalPrice !== was.additionalPrice) parts.push(`extra price ${toMajor(was.additionalPrice)} → ${toMajor(v.additionalPrice)}`);
    if ((v.sku ?? null) !== (was.sku ?? null)) parts.push(`SKU ${was.sku ?? "none"} → ${v.sku ?? "none"}`);
    if ((v.colorHex ?? null) !== (was.colorHex ?? null)) parts.push(`colour ${was.colorHex ?? "none"} → ${v.colorHex ?? "none"}`);
    if (parts.length) changed.push(`${variantLabel(v)} ${parts.join(", ")}`);
  }
  return changed;
}

/** The matrix before and after, in words: "3 variants" → "4 variants: added Green / L; Red / M stock 5 → 2". */
function variantChanges(before: VariantState[], after: VariantState[]): FieldChanges {
  const count = (n: number) => `${n} variant${n === 1 ? "" : "s"}`;
  const old = new Map(before.map((v) => [variantKey(v.color, v.size), v]));
  const now = new Map(after.map((v) => [variantKey(v.color, v.size), v]));
  const notes: string[] = [];
  const added = after.filter((v) => !old.has(variantKey(v.color, v.size))).map(variantLabel);
  const removed = before.filter((v) => !now.has(variantKey(v.color, v.size))).map(variantLabel);
  if (added.length) notes.push(`added ${added.join(", ")}`);
  if (removed.length) notes.push(`removed ${removed.join(", ")}`);
  const changed = keptVariantChanges(old, after);
  if (changed.length) notes.push(...changed.slice(0, 20), ...(changed.length > 20 ? [`${changed.length - 20} more changed`] : []));
  const reordered =
    !added.length && !removed.length && before.map((v) => variantKey(v.color, v.size)).join("|") !== after.map((v) => variantKey(v.color, v.size)).join("|");
  if (reordered) notes.push("reordered");
  if (notes.length === 0) return {};
  return { variants: { before: count(before.length), after: `${count(after.length)}: ${notes.join("; ")}` } };
}

/** What an update changes, field by field, as its audit entry records it and an import's dry run shows it. */
export function updateChanges(p: UpdatePlan, categories: Categories): FieldChanges {
  const changes = {
    ...changedFields(auditView(p.before.state, categories), auditView(p.after, categories)),
    ...variantChanges(p.before.state.variants, p.after.variants),
  };
  if (p.after.variants.length === 0 && p.before.state.variants.length > 0) changes.stock = { before: null, after: p.after.stock };
  return changes;
}

/** The product.create entry of a new product: every field, and its variants by name. */
export function createdEntry(p: CreatePlan, categories: Categories): AuditEntryInput {
  return {
    action: "product.create",
    entityType: "product",
    entityId: p.id,
    changes: changedFields(null, { ...auditView(p.after, categories), variants: p.after.variants.map(variantLabel) }),
  };
}

/** The product.delete entry of a deleted product: what it was, field by field. */
export function deletedEntry(p: Existing, categories: Categories): AuditEntryInput {
  const view = { ...auditView(p.state, categories), variants: p.state.variants.map(variantLabel), stock: p.state.stock };
  return {
    action: "product.delete",
    entityType: "product",
    entityId: p.id,
    changes: Object.fromEntries(Object.entries(view).map(([key, before]) => [key, { before, after: null }])),
  };
}
