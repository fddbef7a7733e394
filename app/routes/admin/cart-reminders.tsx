import { useT } from "~/lib/i18n";
import { KpiCards } from "~/components/admin/reports/kpi-cards";
import { PeriodPicker, ReportBody } from "~/components/admin/reports/period-picker";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { loadReport } from "~/components/admin/reports/report-loader.server";
import { formatMoney } from "~/lib/money";
import type { CartReminderFigures } from "#modules/reminders";
import type { Route } from "./+types/cart-reminders";

/** The period in the address (presets, a chosen year or a custom range, days in the shop's time zone), its cart reminder figures, and whether reminders are on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await context.services.content.getSettings();
  const loaded = await loadReport(request, context, (period) => context.services.reminders.report({ from: period.from, to: period.to }));
  return { ...loaded, rules: settings.cartReminders };
}

/** Cart reminders: mails sent, carts brought back, and the orders and revenue that followed, for a period. */
export default function CartRemindersScreen({ loaderData }: Route.ComponentProps) {
  const { period, report, error, today, rules } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("admin.nav.cartReminders")}
        description={
          rules.enabled
            ? t(rules.second ? "admin.cartReminders.onWithSecond" : "admin.cartReminders.on", { minutes: rules.delayMinutes })
            : t("admin.cartReminders.off")
        }
      />
      <PeriodPicker period={period} today={today} />
      <ReportBody screen="/admin-dashboard/cart-reminders" error={error} testId="cart-reminders-report">
        {report && <Report report={report} />}
      </ReportBody>
    </div>
  );
}

function Report({ report }: { report: CartReminderFigures }) {
  const t = useT();
  if (report.sent === 0 && report.restored === 0 && report.orders === 0) {
    return (
      <EmptyState title={t("admin.cartReminders.empty")} testId="cart-reminders-empty">
        {t("admin.cartReminders.emptyText")}
      </EmptyState>
    );
  }
  const whole = new Intl.NumberFormat("en");
  const cards = [
    {
      label: t("admin.cartReminders.revenue"),
      value: formatMoney(report.revenue, report.range.currency),
      hint: t("admin.cartReminders.revenueHint"),
      testId: "kpi-reminder-revenue",
    },
    {
      label: t("admin.cartReminders.sent"),
      value: whole.format(report.sent),
      hint: t("admin.cartReminders.sentHint", { first: report.first, second: report.second }),
      testId: "kpi-reminders-sent",
    },
    {
      label: t("admin.cartReminders.restored"),
      value: whole.format(report.restored),
      hint: t("admin.cartReminders.restoredHint"),
      testId: "kpi-carts-restored",
    },
    { label: t("admin.cartReminders.orders"), value: whole.format(report.orders), testId: "kpi-reminder-orders" },
    {
      label: t("admin.cartReminders.conversion"),
      value: report.conversionRate === null ? "–" : `${report.conversionRate}%`,
      hint: t("admin.cartReminders.conversionHint"),
      testId: "kpi-reminder-conversion",
    },
  ];
  return <KpiCards cards={cards} id="cart-reminder-totals-title" wide />;
}
