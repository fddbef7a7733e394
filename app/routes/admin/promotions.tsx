import { Link } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { STATUS_TABS, STATUS_WORDS, periodText, targetText, usesText } from "~/components/admin/promotions/promotion-words";
import { offerHeadline } from "#common/promotions/offer-words";
import { StatusTabs } from "~/components/admin/status-tabs";
import { parseTableQuery } from "~/components/admin/table-query.server";
import { PageHeader, StatusBadge, buttonClass } from "~/components/admin/ui";
import { requireAdminScreen } from "~/lib/auth.server";
import { useLanguage, useT } from "~/lib/i18n";
import { useMoney } from "~/lib/shop";
import type { AdminPromotion } from "#modules/promotions";
import type { Translate } from "#common/i18n/translate";
import { PROMOTION_STATUSES, type PromotionStatus } from "#common/promotions/promotions.schema";
import type { Route } from "./+types/promotions";
import { adminMeta } from "./admin-meta";

const PAGE_SIZE = 50;
const NEW = "/admin-dashboard/promotions/new";
const SORTS = ["name", "uses", "discount", "revenue", "starts"] as const;

/** The value each sortable column sorts by. */
const SORT_VALUE: Record<(typeof SORTS)[number], (p: AdminPromotion) => string | number> = {
  name: (p) => p.name.toLowerCase(),
  uses: (p) => p.uses,
  discount: (p) => p.discountTotal,
  revenue: (p) => p.revenue,
  starts: (p) => p.startsAt ?? "",
};

/**
 * Every promotion (newest first unless sorted), narrowed to the status tab and the search (name or
 * code) in the address, 50 a page, with each status's count and the shop's time zone for the periods.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const query = parseTableQuery(request, { sorts: SORTS, filters: { status: STATUS_TABS.map((s) => s.param) }, pageSize: PAGE_SIZE });
  const [all, settings] = await Promise.all([context.services.promotions.list(), context.services.content.getSettings()]);
  const counts = Object.fromEntries(PROMOTION_STATUSES.map((s) => [s, all.filter((p) => p.status === s).length])) as Record<PromotionStatus, number>;
  const status = STATUS_TABS.find((s) => s.param === query.filters.status)?.status;
  const q = query.q?.toLowerCase();
  const matching = all.filter((p) => (!status || p.status === status) && (!q || p.name.toLowerCase().includes(q) || (p.code ?? "").toLowerCase().includes(q)));
  if (query.sort) {
    const value = SORT_VALUE[query.sort.key];
    const dir = query.sort.dir === "asc" ? 1 : -1;
    matching.sort((a, b) => (value(a) < value(b) ? -dir : value(a) > value(b) ? dir : 0));
  }
  return {
    promotions: matching.slice(query.offset, query.offset + query.pageSize),
    total: matching.length,
    all: all.length,
    counts,
    // The status tab is not a filter to clear; the search is.
    query: { ...query, narrowed: Boolean(query.q) },
    timeZone: settings.timeZone,
  };
}

export const meta: Route.MetaFunction = adminMeta;

const columnsFor = (t: Translate, money: (n: number) => string, zone: string, locale: string): Column<AdminPromotion>[] => [
  {
    key: "name",
    header: t("admin.promotions.name"),
    rowHeader: true,
    sortable: true,
    className: "sm:min-w-[12rem]",
    cell: (p) => (
      <Link to={`/admin-dashboard/promotions/${encodeURIComponent(p.id)}`} className="font-semibold text-stone-900 underline-offset-4 hover:underline">
        {p.name}
      </Link>
    ),
  },
  {
    key: "code",
    header: t("admin.promotions.code"),
    cell: (p) =>
      p.code ? (
        <span className="font-mono text-sm font-semibold whitespace-nowrap text-stone-900">{p.code}</span>
      ) : (
        <span className="text-stone-700">{t("admin.promotions.automatic")}</span>
      ),
  },
  {
    key: "offer",
    header: t("admin.promotions.offer"),
    cell: (p) => (
      <>
        <span className="block text-stone-900">{offerHeadline(t, p, money, locale)}</span>
        <span className="block text-xs text-stone-600">{targetText(p, t)}</span>
      </>
    ),
  },
  {
    key: "status",
    header: t("admin.promotions.statusHeader"),
    cell: (p) => <StatusBadge tone={STATUS_WORDS[p.status].tone}>{t(STATUS_WORDS[p.status].label)}</StatusBadge>,
  },
  { key: "uses", header: t("admin.promotions.usesHeader"), sortable: "desc", className: "text-right tabular-nums", cell: (p) => usesText(p) },
  {
    key: "discount",
    header: t("admin.promotions.discountGiven"),
    sortable: "desc",
    className: "text-right tabular-nums",
    cell: (p) => money(p.discountTotal),
  },
  { key: "revenue", header: t("admin.promotions.revenue"), sortable: "desc", className: "text-right tabular-nums", cell: (p) => money(p.revenue) },
  {
    key: "starts",
    header: t("admin.promotions.period"),
    sortable: "desc",
    className: "sm:min-w-[12rem]",
    cell: (p) => <span className="text-sm text-stone-700">{periodText(p, zone, t)}</span>,
  },
];

/** The promotions and discount codes: each one's offer, status, uses, discount given and revenue, by status; and the way to a new one. */
export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { promotions, total, all, counts, query, timeZone } = loaderData;
  const t = useT();
  const { locale } = useLanguage();
  const money = useMoney();
  const current = (query.filters.status as string | undefined) ?? null;
  const tab = STATUS_TABS.find((s) => s.param === current);
  const newButton = (
    <Link to={NEW} className={buttonClass("primary")}>
      {t("admin.promotions.new")}
    </Link>
  );
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t("admin.nav.promotions")} description={t("admin.promotions.description")} actions={newButton} />
      <StatusTabs
        label={t("admin.promotions.byStatus")}
        current={current}
        tabs={[
          { value: null, label: t("admin.table.all"), count: all },
          ...STATUS_TABS.map((s) => ({ value: s.param, label: t(STATUS_WORDS[s.status].label), count: counts[s.status] })),
        ]}
      />
      <DataTable
        caption={tab ? t("admin.promotions.captionStatus", { status: t(STATUS_WORDS[tab.status].label) }) : t("admin.nav.promotions")}
        rows={promotions}
        rowKey={(p) => p.id}
        columns={columnsFor(t, money, timeZone, locale)}
        query={query}
        total={total}
        noun={{ one: t("admin.promotions.noun.one"), other: t("admin.promotions.noun.other") }}
        search={{ label: t("admin.promotions.search"), placeholder: t("admin.promotions.searchPlaceholder") }}
        empty={
          all === 0
            ? { title: t("admin.promotions.empty"), description: t("admin.promotions.emptyText"), action: newButton }
            : { title: t("admin.promotions.emptyStatus"), description: t("admin.promotions.emptyStatusText") }
        }
        testId="promotions-table"
        minWidth="min-w-0 sm:min-w-[60rem]"
      />
    </div>
  );
}
