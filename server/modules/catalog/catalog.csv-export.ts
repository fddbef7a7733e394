import type { AdminProductFilters } from "#common/catalog/catalog.admin.schema";
import type { AdminContext } from "./catalog.admin-context";
import { productMatcher } from "./catalog.admin-list";
import { loadCategories } from "./catalog.admin-placement";
import { listMatchingProducts, listMatchingVariants, listTranslationRows } from "./catalog.admin.repo";
import { inputOf, stateOf } from "./catalog.admin-state";
import { type CsvProduct, productsToCsv } from "./catalog.csv";

/** The admin list's products as CSV. */
export function createCsvExport(ctx: AdminContext) {
  return {
    /**
     * The products the admin list's search and filters select (all of them, every page; none given:
     * the whole catalogue) as CSV, a row per variant (Shopify-like columns, see catalog.csv.ts),
     * ordered by handle; `importCsv` takes it back unchanged.
     */
    async exportCsv(filters: AdminProductFilters = {}): Promise<string> {
      // The search runs before the snapshot (on SQLite it would wait for the transaction's connection).
      const { matching } = await productMatcher(ctx, filters, await loadCategories(ctx.k));
      // Two reads in one snapshot: products by handle, their variants by product.
      const { categories, rows, variants, translations } = await ctx.k.transaction().execute(async (trx) => {
        const rows = await listMatchingProducts(trx, matching);
        return {
          categories: await loadCategories(trx),
          rows,
          variants: await listMatchingVariants(trx, matching),
          translations: await listTranslationRows(
            trx,
            rows.map((r) => r.id),
          ),
        };
      });
      // Handles compared as the import reads them (byte order), whatever the database's collation.
      rows.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
      const byProduct = new Map<string, typeof translations>();
      for (const t of translations) byProduct.set(t.product_id, [...(byProduct.get(t.product_id) ?? []), t]);
      const translationsOf = (id: string) => byProduct.get(id) ?? [];
      return productsToCsv(
        rows.map((row): CsvProduct => ({ ...inputOf(stateOf(row, variants.get(row.id) ?? [], [], translationsOf(row.id)), categories), slug: row.slug })),
      );
    },
  };
}
