import { inChunks } from "../../db/chunks";
import { nowIso } from "../../db/database";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { type AuditActor, appendAuditEntries } from "#modules/audit";
import { createdEntry, deletedEntry, updateChanges } from "./catalog.admin-audit";
import type { Categories } from "./catalog.admin-placement";
import {
  deleteProducts,
  deleteSlugRedirects,
  deleteVariants,
  insertProducts,
  insertVariants,
  replacePriceLists,
  replaceProductTranslations,
  updateProductAtVersion,
  updateVariant,
  upsertSlugRedirects,
} from "./catalog.admin.repo";
import { type CreatePlan, type Existing, type Plan, type UpdatePlan, sameJson, variantFields } from "./catalog.admin-state";
import type { AdminProduct, CatalogWriteDeps, StockSetting, VariantState } from "./catalog.admin.types";
import { readProducts } from "./catalog.admin-read";
import { type ListingChange, refreshListings } from "./catalog.listing";
import type { Executor } from "./catalog.repo";

// The store step of the catalogue's one write path for products and variants: the admin API, the
// admin screens and the CSV import create, change and delete products only through it. It runs in
// the write's transaction, sets stock through the inventory, recomputes the listed price,
// withdraws archived or deleted products from carts and wishlists, and appends audit entries;
// after the commit the caller publishes the write (catalog.admin-context.ts). The search index
// follows `products` by itself (triggers of migration 0002).

export const STALE_VERSION_MESSAGE = "Someone else saved this product since you opened it. Reload it to see their changes, then make yours again.";

const idOf = (p: Plan) => (p.kind === "create" ? p.id : p.before.id);

/**
 * Stores the plans: inserts and updates products and variants (stock through the inventory),
 * keeps old slugs as redirects, recomputes listed prices, withdraws newly archived products from
 * carts and wishlists, and appends one audit entry per product. An update whose version moved
 * since it was read fails with 409 (the transaction rolls back).
 */
export async function commitPlans(trx: Executor, deps: CatalogWriteDeps, actor: AuditActor, plans: Plan[], categories: Categories): Promise<void> {
  if (plans.length === 0) return;
  const creates = plans.filter((p): p is CreatePlan => p.kind === "create");
  const updates = plans.filter((p): p is UpdatePlan => p.kind === "update");
  await writeProducts(trx, creates, updates);
  await writeVariants(trx, creates, updates);
  await replacePriceLists(trx, [
    ...creates.filter((p) => p.after.prices.length).map((p) => ({ productId: p.id, prices: p.after.prices })),
    ...updates.filter((p) => !sameJson(p.before.state.prices, p.after.prices)).map((p) => ({ productId: p.before.id, prices: p.after.prices })),
  ]);
  await replaceProductTranslations(trx, [
    ...creates.filter((p) => Object.keys(p.after.translations).length).map((p) => ({ productId: p.id, translations: p.after.translations })),
    ...updates
      .filter((p) => !sameJson(p.before.state.translations, p.after.translations))
      .map((p) => ({ productId: p.before.id, translations: p.after.translations })),
  ]);
  await deps.stock.setStock(trx, stockSettings(plans), { refreshListing: false });

  const ids = plans.map(idOf);
  const moved: ListingChange[] = [];
  await inChunks(ids, async (chunk) => moved.push(...(await refreshListings(trx, chunk))));
  // Whoever waits for a lower price (wishlists' price-drop mails) hears of it in this transaction.
  const fell = moved.filter((m) => m.after < m.before);
  if (fell.length && deps.prices) await deps.prices.listedPricesFell(trx, fell);

  const withdrawn = updates
    .filter((p) => p.after.status === "archived" && p.before.state.status !== "archived")
    .map((p) => ({ id: p.before.id, name: p.after.name }));
  if (withdrawn.length) await deps.shoppers.withdrawProducts(trx, withdrawn);

  const entries = creates.map((p) => createdEntry(p, categories));
  for (const p of updates) entries.push({ action: "product.update", entityType: "product", entityId: p.before.id, changes: updateChanges(p, categories) });
  await appendAuditEntries(trx, actor, entries);
  await emitProductEvents(trx, deps, creates.map(idOf), updates.map(idOf));
}

/** product.created and product.updated, each with the product as the admin API reads it now; the products are read once, and only when an endpoint wants them. */
async function emitProductEvents(trx: Executor, deps: CatalogWriteDeps, created: string[], updated: string[]): Promise<void> {
  const { webhooks } = deps;
  if (!webhooks) return;
  let views: Promise<Map<string, AdminProduct>> | null = null;
  const view = (id: string) => async () => {
    views ??= readProducts(trx, [...created, ...updated], deps.lowStockKnown());
    return (await views).get(id);
  };
  for (const id of created) await webhooks.emit(trx, "product.created", view(id));
  for (const id of updated) await webhooks.emit(trx, "product.updated", view(id));
}

/** The products' rows and slug redirects: a slug in use again leaves the redirects (whoever's they were); a changed slug becomes one. */
async function writeProducts(trx: Executor, creates: CreatePlan[], updates: UpdatePlan[]): Promise<void> {
  const now = nowIso();
  const renamed = updates.filter((p) => p.after.slug !== p.before.state.slug);
  await deleteSlugRedirects(trx, [...creates.map((p) => p.after.slug), ...renamed.map((p) => p.after.slug)]);
  // Units come from the inventory, the listed price from refreshListedPrices, after these.
  await insertProducts(
    trx,
    creates.map((p) => ({ id: p.id, state: p.after })),
    now,
  );
  for (const p of updates) {
    if (!(await updateProductAtVersion(trx, p.before.id, p.before.version, p.after, now))) throw new AppError("conflict", STALE_VERSION_MESSAGE);
  }
  await upsertSlugRedirects(
    trx,
    renamed.map((p) => ({ oldSlug: p.before.state.slug, productId: p.before.id })),
    now,
  );
}

/** The variants' rows: kept ones (same colour × size) keep their ids; new ones get ids and start with no units. */
async function writeVariants(trx: Executor, creates: CreatePlan[], updates: UpdatePlan[]): Promise<void> {
  const newVariants: Array<{ productId: string; variant: VariantState; sortOrder: number }> = [];
  const removedVariants: string[] = [];
  for (const p of creates) p.after.variants.forEach((v, i) => newVariants.push({ productId: p.id, variant: v, sortOrder: i }));
  for (const p of updates) {
    const before = new Map(p.before.state.variants.map((v, i) => [v.id!, { v, i }]));
    const kept = new Set<string>();
    for (const [i, v] of p.after.variants.entries()) {
      if (!v.id) {
        newVariants.push({ productId: p.before.id, variant: v, sortOrder: i });
        continue;
      }
      kept.add(v.id);
      const was = before.get(v.id)!;
      if (i !== was.i || !sameJson(variantFields(v), variantFields(was.v))) await updateVariant(trx, { ...v, id: v.id }, i);
    }
    for (const id of before.keys()) if (!kept.has(id)) removedVariants.push(id);
  }
  await deleteVariants(trx, removedVariants);
  for (const n of newVariants) n.variant.id = newId();
  await insertVariants(
    trx,
    newVariants.map((n) => ({ ...n, variant: { ...n.variant, id: n.variant.id! } })),
  );
}

/**
 * Units for the inventory, the only writer of stock: only the numbers that change, and every
 * product whose matrix changed (it holds the sum of its variants). Reads the variant ids
 * writeVariants gave.
 */
function stockSettings(plans: Plan[]): StockSetting[] {
  const settings: StockSetting[] = [];
  for (const p of plans) {
    const id = idOf(p);
    const before = p.kind === "update" ? p.before.state : null;
    if (p.after.variants.length === 0) {
      if (!before || before.stock !== p.after.stock || before.variants.length > 0) settings.push({ productId: id, stock: p.after.stock });
      continue;
    }
    const old = new Map((before?.variants ?? []).map((v) => [v.id!, v.stock]));
    const variants = p.after.variants.filter((v) => v.stock !== undefined && v.stock !== (old.get(v.id!) ?? 0)).map((v) => ({ id: v.id!, stock: v.stock! }));
    const matrixChanged = !before || before.variants.length !== p.after.variants.length || p.after.variants.some((v) => !old.has(v.id!));
    if (variants.length || matrixChanged) settings.push({ productId: id, variants });
  }
  return settings;
}

/** Deletes products (variants, redirects, cart and wishlist lines go with them; orders keep their copy), withdrawing them from carts and wishlists first so their owners are told. */
export async function removeProducts(trx: Executor, deps: CatalogWriteDeps, actor: AuditActor, products: Existing[], categories: Categories): Promise<void> {
  if (products.length === 0) return;
  // The products as they were, read before they go (only when an endpoint wants them).
  const ids = products.map((p) => p.id);
  let views: Promise<Map<string, AdminProduct>> | null = null;
  for (const id of ids)
    await deps.webhooks?.emit(trx, "product.deleted", async () => {
      views ??= readProducts(trx, ids, deps.lowStockKnown());
      return (await views).get(id);
    });
  await deps.shoppers.withdrawProducts(
    trx,
    products.map((p) => ({ id: p.id, name: p.state.name })),
  );
  await deleteProducts(
    trx,
    products.map((p) => p.id),
  );
  await appendAuditEntries(
    trx,
    actor,
    products.map((p) => deletedEntry(p, categories)),
  );
}
