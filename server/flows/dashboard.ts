import { DASHBOARD_PERIODS, type DashboardPeriod } from "#common/dashboard";
import { z } from "zod";
import { type Access, can } from "#common/auth/permissions";
import { parseInput } from "#common/validate";
import type { AnalyticsService } from "#modules/analytics";
import type { CatalogAdmin } from "#modules/catalog";
import type { SiteSettings } from "#common/content/content.schema";
import type { OrdersAdmin } from "#modules/orders";
import type { SalesFigures, SalesReportService } from "#modules/orders";
import { addDays, lastDays, localDateOf, localMidnight } from "#common/calendar";
import type { UsersService } from "#modules/users";

const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

export const dashboardQuerySchema = z.object({
  period: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.enum(DASHBOARD_PERIODS, { error: "The period is today, 7d or 30d" }).default("7d")),
});

/** What the dashboard reads, each from the module that owns it. */
export interface DashboardDeps {
  reports: Pick<SalesReportService, "salesReport">;
  analytics: Pick<AnalyticsService, "summaries">;
  ordersAdmin: Pick<OrdersAdmin, "latestOrders" | "countInStatus" | "countUnpaidCardOrders">;
  returns: { countRequested(): Promise<number> };
  messages: { countNew(): Promise<number> };
  catalogAdmin: Pick<CatalogAdmin, "listProducts">;
  users: Pick<UsersService, "countNewCustomers">;
  settings: () => Promise<SiteSettings>;
  now?: () => Date;
}

/** A figure of the period beside the same figure of the period before (null: not measurable, e.g. no visitors). */
export interface Comparison {
  value: number | null;
  previous: number | null;
}

export interface DashboardRange {
  from: string;
  to: string;
}

/** The dashboard of one staff member: each part only when their permissions let them see it (null otherwise). */
export interface Dashboard {
  period: DashboardPeriod;
  range: DashboardRange;
  previousRange: DashboardRange;
  currency: string;
  timeZone: string;
  /** Sales figures (the sales report's definitions) and the analytics' conversion rate: `reports`. */
  figures: {
    revenue: Comparison;
    orders: Comparison;
    averageOrderValue: Comparison;
    newCustomers: Comparison;
    conversionRate: Comparison;
  } | null;
  /** Revenue (total sales) per local day of the period, beside the same day of the period before. */
  revenueByDay: Array<{ date: string; revenue: number; previousDate: string; previous: number }> | null;
  bestSellers: Array<{ productId: string; name: string; units: number; sales: number }> | null;
  /** What waits for someone: each count only with the permission of the screen it links to. */
  needsAction: {
    pendingOrders: number | null;
    unpaidCardOrders: number | null;
    returnRequests: number | null;
    newMessages: number | null;
    lowStock: number | null;
    outOfStock: number | null;
  };
  lowStockProducts: Array<{ id: string; name: string; stock: number }> | null;
  latestOrders: Array<{
    id: string;
    number: string;
    createdAt: string;
    customer: string;
    total: number;
    currency: string;
    status: string;
    paymentStatus: string;
  }> | null;
}

/** Whose dashboard it is: what they may see decides which parts are read. */
export type DashboardUser = Parameters<typeof can>[0];

const BEST_SELLERS = 5;
const LATEST_ORDERS = 6;
const LOW_STOCK_LISTED = 5;

/** The local dates of a period ending today in the shop's time zone, and of the period of the same length before it. */
export function dashboardRanges(period: DashboardPeriod, timeZone: string, now: Date): { range: DashboardRange; previousRange: DashboardRange } {
  const days = PERIOD_DAYS[period];
  const range = lastDays(localDateOf(timeZone, now.getTime()), days);
  return { range, previousRange: lastDays(addDays(range.from, -1), days) };
}

const when = <T>(allowed: boolean, read: () => Promise<T>): Promise<T | null> => (allowed ? read() : Promise.resolve(null));

/**
 * The admin's start page: the period's sales against the period before (today against yesterday,
 * 7 or 30 days against the 7 or 30 before, whole local days in the shop's time zone), revenue per
 * day, best sellers, what needs action and the latest orders. Every sales figure comes from the
 * sales report, so the dashboard and the report never disagree; each part is read only for a staff
 * member allowed to see it.
 */
export async function loadDashboard(deps: DashboardDeps, user: DashboardUser, input: unknown): Promise<Dashboard> {
  const { period } = parseInput(dashboardQuerySchema, input, "Please choose a period.");
  const settings = await deps.settings();
  const { range, previousRange } = dashboardRanges(period, settings.timeZone, deps.now?.() ?? new Date());
  const may = (access: Access) => can(user, access);
  const reports = may("reports");
  const sales = (r: DashboardRange) => deps.reports.salesReport({ from: r.from, to: r.to, groupBy: "day", timeZone: settings.timeZone });
  const instants = (r: DashboardRange) =>
    [new Date(localMidnight(settings.timeZone, r.from)).toISOString(), new Date(localMidnight(settings.timeZone, addDays(r.to, 1))).toISOString()] as const;

  const [now, before, summaries, customers, previousCustomers, latest, pending, unpaid, returnRequests, newMessages, low, out] = await Promise.all([
    when(reports, () => sales(range)),
    when(reports, () => sales(previousRange)),
    // Both periods in one read of the analytics' days.
    when(reports, () => deps.analytics.summaries([range, previousRange])),
    when(reports, () => deps.users.countNewCustomers(...instants(range))),
    when(reports, () => deps.users.countNewCustomers(...instants(previousRange))),
    // The newest orders and the pending count alone: the order list's tab counts would read every order.
    when(may("orders"), () => deps.ordersAdmin.latestOrders(LATEST_ORDERS)),
    when(may("orders"), () => deps.ordersAdmin.countInStatus("pending")),
    when(may("orders"), () => deps.ordersAdmin.countUnpaidCardOrders()),
    when(may("orders"), () => deps.returns.countRequested()),
    when(may("content"), () => deps.messages.countNew()),
    when(may("catalog"), () => deps.catalogAdmin.listProducts({ stock: "low", sort: "stock", pageSize: LOW_STOCK_LISTED })),
    when(may("catalog"), () => deps.catalogAdmin.listProducts({ stock: "out", pageSize: 1 })),
  ]);

  const [visits, previousVisits] = summaries ?? [null, null];
  const compare = (pick: (f: SalesFigures) => number): Comparison => ({ value: now ? pick(now.totals) : null, previous: before ? pick(before.totals) : null });
  return {
    period,
    range,
    previousRange,
    currency: settings.currency,
    timeZone: settings.timeZone,
    figures:
      now && before
        ? {
            revenue: compare((f) => f.totalSales),
            orders: compare((f) => f.orders),
            averageOrderValue: compare((f) => f.averageOrderValue),
            newCustomers: { value: customers, previous: previousCustomers },
            conversionRate: { value: visits?.conversionRate ?? null, previous: previousVisits?.conversionRate ?? null },
          }
        : null,
    revenueByDay:
      now && before
        ? now.series.map((day, i) => ({
            date: day.start,
            revenue: day.totalSales,
            previousDate: before.series[i]?.start ?? "",
            previous: before.series[i]?.totalSales ?? 0,
          }))
        : null,
    bestSellers: now ? now.byProduct.slice(0, BEST_SELLERS).map((p) => ({ productId: p.productId, name: p.name, units: p.units, sales: p.sales })) : null,
    needsAction: {
      pendingOrders: pending,
      unpaidCardOrders: unpaid,
      returnRequests,
      newMessages,
      lowStock: low ? low.meta.total : null,
      outOfStock: out ? out.meta.total : null,
    },
    lowStockProducts: low ? low.data.map((p) => ({ id: p.id, name: p.name, stock: p.stock })) : null,
    latestOrders: latest
      ? latest.map((o) => ({
          id: o.id,
          number: o.number,
          createdAt: o.createdAt,
          customer: o.customer.name,
          total: o.total,
          currency: o.currency,
          status: o.status,
          paymentStatus: o.paymentStatus,
        }))
      : null,
  };
}

/** The admin's start page for one staff member, `services.dashboard`. */
export function createDashboard(deps: DashboardDeps) {
  return { load: (user: DashboardUser, input: unknown) => loadDashboard(deps, user, input) };
}
