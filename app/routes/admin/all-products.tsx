import { Link } from "react-router";
import { type BulkAction, type Column, DataTable } from "~/components/admin/data-table";
import { auditActor, formFailure, readBulkAction, requireConfirmed } from "~/components/admin/form-result.server";
import { parseTableQuery } from "~/components/admin/table-query.server";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader, StatusBadge, buttonClass } from "~/components/admin/ui";
import { ExportCsvLink, csvExportHref } from "~/components/admin/csv-export";
import { ProductImport } from "~/components/admin/product/product-import";
import { LocalDate } from "~/components/orders/order-view";
import { listCategoryChoices } from "~/components/admin/product/product-data.server";
import { PRODUCT_STATUS_CHOICES, STATUS_TEXT } from "~/components/admin/product/product-form";
import { useMoney } from "~/lib/shop";
import { requireAdminScreen } from "~/lib/auth.server";
import { pageAddress } from "~/lib/page-address.server";
import { AppError } from "#common/errors";
import { type AdminProductSort, PRODUCT_STATUSES, STOCK_LEVELS, type StockLevel } from "#common/catalog/catalog.admin.schema";
import type { AdminProductRow } from "#modules/catalog";
import type { Route } from "./+types/all-products";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import type { MessageKey } from "#common/i18n/catalogs";

const SORTS = ["updated", "name", "price", "finalPrice", "stock"] as const;
const PAGE_SIZE = 50;
const DISCOUNTS = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90];
const STOCK_LABELS: Record<StockLevel, MessageKey> = { in: "admin.products.stock.in", low: "admin.products.stock.low", out: "admin.products.stock.out" };

/**
 * One page (50) of every product, any status: the shop's typo-tolerant search, filters by
 * category, sub-category, status and stock level, and a sort, all from the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const categories = await listCategoryChoices(context);
  const query = parseTableQuery(request, {
    sorts: SORTS,
    defaultSort: "-updated",
    filters: {
      category: categories.map((c) => c.slug),
      subCategory: categories.flatMap((c) => c.subCategories.map((s) => s.slug)),
      status: PRODUCT_STATUSES,
      stock: STOCK_LEVELS,
    },
    pageSize: PAGE_SIZE,
  });
  // A search without a chosen sort lists the best matches first (the search's order).
  const bySearch = Boolean(query.q) && !new URL(request.url).searchParams.get("sort");
  const sort = bySearch || !query.sort ? undefined : ((query.sort.dir === "desc" ? `-${query.sort.key}` : query.sort.key) as AdminProductSort);
  const list = await context.services.catalogAdmin.listProducts({
    q: query.q,
    ...query.filters,
    sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    products: list.data,
    total: list.meta.total,
    query: bySearch ? { ...query, sort: undefined } : query,
    categories,
    // The export takes the list's search and filters (the same names): every page of what the list shows.
    exportHref: csvExportHref("/api/admin/products/export.csv", { q: query.q, ...query.filters }),
  };
}

/** A bulk action on the selected products (set status, set discount, move to a category, delete), then back to the same list with what it did. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const { intent, ids, value, confirmed } = readBulkAction(form);
  try {
    if (!ids.length) throw new AppError("invalid_input", adminT("admin.products.bulk.selectFirst"));
    let body: { ids: string[]; action: "status" | "discount" | "category" | "delete"; value?: unknown };
    if (intent === "delete") {
      requireConfirmed({ confirmed }, adminT("admin.products.bulk.deleting"));
      body = { ids, action: "delete" };
    } else if (intent === "status") {
      if (!value) throw new AppError("invalid_input", adminT("admin.products.bulk.chooseStatus"));
      body = { ids, action: "status", value };
    } else if (intent === "discount") {
      if (value === null) throw new AppError("invalid_input", adminT("admin.products.bulk.chooseDiscount"));
      body = { ids, action: "discount", value: Number(value) };
    } else if (intent === "category") {
      if (!value) throw new AppError("invalid_input", adminT("admin.products.bulk.chooseCategory"));
      const [category, subCategory] = value.split("/");
      body = { ids, action: "category", value: subCategory ? { category, subCategory } : category };
    } else throw new AppError("invalid_input", adminT("admin.products.bulk.chooseAction"));
    const result = await context.services.catalogAdmin.bulk(auditActor(context, user), body);
    const done = {
      delete: adminT("admin.products.bulk.deleted", { count: result.changed }),
      status: adminT("admin.products.bulk.updated", { count: result.changed }),
      discount: adminT("admin.products.bulk.updated", { count: result.changed }),
      category: adminT("admin.products.bulk.moved", { count: result.changed }),
    }[result.action];
    const notes = [
      result.unchanged ? adminT("admin.products.bulk.alreadySo", { count: result.unchanged }) : "",
      result.notFound.length ? adminT("admin.products.bulk.gone", { count: result.notFound.length }) : "",
    ].filter(Boolean);
    return redirectWithToast(pageAddress(request), { kind: "success", message: done, description: notes.join("; ") || undefined });
  } catch (err) {
    return formFailure(err);
  }
}

/** The products list: thumbnail, name, SKU, category, prices, stock, status and last change, with bulk actions. */
export default function AllProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, query, categories, exportHref } = loaderData;
  const money = useMoney();
  const base = useImageBase();
  const failure = actionData && "error" in actionData ? actionData.error : null;
  const t = useT();

  const columns: Column<AdminProductRow>[] = [
    {
      key: "thumbnail",
      header: t("admin.products.table.picture"),
      className: "hidden w-16 sm:table-cell",
      cell: (p) =>
        p.thumbnail ? (
          <img
            src={publicImageUrl(p.thumbnail, base)}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="size-12 rounded-lg bg-stone-100 object-cover"
          />
        ) : (
          <span aria-hidden="true" className="block size-12 rounded-lg bg-stone-200" />
        ),
    },
    {
      key: "name",
      header: t("admin.products.table.name"),
      sortable: true,
      rowHeader: true,
      className: "min-w-[11rem]",
      cell: (p) => (
        <>
          <Link to={`/admin-dashboard/edit-product/${encodeURIComponent(p.id)}`} className="font-semibold text-stone-900 underline-offset-4 hover:underline">
            {p.name}
          </Link>
          <span className="mt-0.5 block text-xs font-normal text-stone-600">
            {p.sku ? (
              <>
                {t("admin.products.table.sku")} <span className="font-mono">{p.sku}</span>
              </>
            ) : (
              t("admin.products.table.noSku")
            )}
            {p.variantCount > 0 && ` · ${t("admin.products.table.variants", { count: p.variantCount })}`}
          </span>
        </>
      ),
    },
    {
      key: "category",
      header: t("admin.products.table.category"),
      className: "hidden max-w-[11rem] lg:table-cell",
      cell: (p) => (
        // Positioned, so the screen-reader-only text stays inside the scrolling table.
        <span className="relative block">
          {p.category}
          {p.subCategory && (
            <>
              <span aria-hidden="true" className="px-1 text-stone-500">
                ›
              </span>
              <span className="sr-only">, </span>
              {p.subCategory}
            </>
          )}
        </span>
      ),
    },
    {
      // What a shopper pays, with the price before the discount beside it.
      key: "finalPrice",
      header: t("admin.products.table.price"),
      sortable: "desc",
      className: "text-right whitespace-nowrap",
      cell: (p) => (
        <span className="relative block">
          <span className="font-semibold text-stone-900">
            {p.priceVaries ? `${t("admin.products.table.from")} ` : ""}
            {money(p.finalPrice)}
          </span>
          {p.discount > 0 && (
            <span className="block text-xs text-stone-600">
              <span className="sr-only">{t("admin.products.table.beforeDiscount")} </span>
              <s>{money(p.price)}</s> −{p.discount}%
            </span>
          )}
        </span>
      ),
    },
    {
      key: "stock",
      header: t("admin.products.table.stock"),
      sortable: true,
      className: "text-right whitespace-nowrap",
      cell: (p) => (
        <span className="inline-flex flex-col items-end gap-1">
          <span className="tabular-nums">{p.stock.toLocaleString("en")}</span>
          {p.stockLevel === "out" && <StatusBadge tone="danger">{t("admin.products.table.out")}</StatusBadge>}
          {p.stockLevel === "low" && <StatusBadge tone="warning">{t("admin.products.table.low")}</StatusBadge>}
        </span>
      ),
    },
    {
      key: "status",
      header: t("admin.products.table.status"),
      cell: (p) => <StatusBadge tone={STATUS_TEXT[p.status].tone}>{t(STATUS_TEXT[p.status].label)}</StatusBadge>,
    },
    {
      key: "updated",
      header: t("admin.products.table.updated"),
      sortable: "desc",
      className: "hidden whitespace-nowrap xl:table-cell",
      cell: (p) => <LocalDate iso={p.updatedAt} />,
    },
  ];

  const statusOptions = PRODUCT_STATUS_CHOICES.map((s) => ({ value: s, label: t(STATUS_TEXT[s].label) }));
  const categoryOptions = categories.flatMap((c) => [
    { value: c.slug, label: c.name },
    ...c.subCategories.map((s) => ({ value: `${c.slug}/${s.slug}`, label: `${c.name} › ${s.name}` })),
  ]);
  const chosen = categories.find((c) => c.slug === query.filters.category);
  const bulkActions: BulkAction[] = [
    { intent: "status", label: t("admin.products.bulk.setStatus"), value: { label: t("admin.products.bulk.newStatus"), options: statusOptions } },
    {
      intent: "discount",
      label: t("admin.products.bulk.setDiscount"),
      value: {
        label: t("admin.products.bulk.discount"),
        options: DISCOUNTS.map((d) => ({ value: String(d), label: d === 0 ? t("admin.products.bulk.noDiscount") : `${d}%` })),
      },
    },
    { intent: "category", label: t("admin.products.bulk.move"), value: { label: t("admin.products.bulk.moveTo"), options: categoryOptions } },
    {
      intent: "delete",
      label: t("admin.products.bulk.delete"),
      confirm: (count) => ({
        title: count === null ? t("admin.products.bulk.deleteSelected") : t("admin.products.bulk.deleteTitle", { count }),
        body: t("admin.products.bulk.deleteBody"),
        confirmLabel: count === null ? t("admin.products.bulk.deleteThem") : t("admin.products.bulk.deleteCount", { count }),
      }),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.allProducts")}
        description={t("admin.products.description")}
        actions={
          <>
            <Link to="/admin-dashboard/add-product" className={buttonClass("primary")}>
              {t("admin.nav.addProduct")}
            </Link>
            <ProductImport />
            {/* Nothing to export from an empty list. */}
            {total > 0 && <ExportCsvLink href={exportHref} what={t("admin.products.exportWhat")} testId="products-export" />}
          </>
        }
      />
      {failure && (
        <p role="alert" className="mb-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="bulk-error">
          {failure.message}
          {failure.fields?.value ? ` ${failure.fields.value}` : ""}
        </p>
      )}
      <DataTable
        caption={t("admin.products.caption")}
        rows={products}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        columns={columns}
        query={query}
        total={total}
        noun={{ one: t("admin.products.noun.one"), other: t("admin.products.noun.other") }}
        search={{ label: t("admin.products.search"), placeholder: t("admin.products.searchPlaceholder") }}
        filters={[
          {
            name: "category",
            label: t("admin.products.table.category"),
            allLabel: t("admin.products.filter.allCategories"),
            options: categories.map((c) => ({ value: c.slug, label: c.name })),
          },
          {
            name: "subCategory",
            label: t("admin.products.filter.subCategory"),
            allLabel: t("admin.products.filter.allSubCategories"),
            options: (chosen ? [chosen] : categories).flatMap((c) =>
              c.subCategories.map((s) => ({ value: s.slug, label: chosen ? s.name : `${c.name} › ${s.name}` })),
            ),
          },
          { name: "status", label: t("admin.products.table.status"), allLabel: t("admin.products.filter.anyStatus"), options: statusOptions },
          {
            name: "stock",
            label: t("admin.products.table.stock"),
            allLabel: t("admin.products.filter.anyStock"),
            options: (Object.keys(STOCK_LABELS) as StockLevel[]).map((s) => ({ value: s, label: t(STOCK_LABELS[s]) })),
          },
        ]}
        bulkActions={bulkActions}
        empty={{
          title: t("admin.products.empty.title"),
          description: t("admin.products.empty.text"),
          action: (
            <Link to="/admin-dashboard/add-product" className={buttonClass("primary")}>
              {t("admin.nav.addProduct")}
            </Link>
          ),
        }}
        testId="products-table"
      />
    </div>
  );
}
