import { Link } from "react-router";
import { AppError } from "#common/errors";
import type { MessageKey } from "#common/i18n/catalogs";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { LocalDate } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import type { Route } from "./+types/stock-alerts";

/** The products and variants shoppers wait for; with `?product=`, every address that asked for that product. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const { alerts } = context.services;
  const productId = new URL(request.url).searchParams.get("product");
  const waiting = await alerts.listWaitingVariants();
  if (!productId) return { waiting, product: null };
  try {
    const subscribers = await alerts.listSubscribers(productId);
    const name = waiting.find((w) => w.productId === productId)?.name.replace(/ \(.*\)$/, "") ?? subscribers[0]?.variant.replace(/ \(.*\)$/, "") ?? productId;
    return { waiting, product: { id: productId, name, subscribers } };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { waiting, product: { id: productId, name: productId, subscribers: [] } };
    throw err;
  }
}

const STATE: Record<"pending" | "waiting" | "notified", MessageKey> = {
  pending: "admin.stockAlerts.state.pending",
  waiting: "admin.stockAlerts.state.waiting",
  notified: "admin.stockAlerts.state.notified",
};

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-700";
const td = "px-3 py-2 text-left align-top text-sm text-stone-900";

/** Stock alerts: what shoppers wait for (most awaited first), and per product the addresses with their dates. */
export default function StockAlerts({ loaderData }: Route.ComponentProps) {
  const { waiting, product } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <PageHeader title={t("admin.nav.stockAlerts")} description={t("admin.stockAlerts.description")} />
      {product && (
        <section
          aria-labelledby="alert-addresses"
          className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
          data-testid="stock-alert-addresses"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="alert-addresses" className="text-lg font-semibold text-stone-900">
              {t("admin.stockAlerts.productTitle", { name: product.name })}
            </h2>
            <Link to="/admin-dashboard/stock-alerts" className="text-sm font-medium text-stone-900 underline underline-offset-2">
              {t("admin.stockAlerts.back")}
            </Link>
          </div>
          {product.subscribers.length === 0 ? (
            <p className="mt-3 text-sm text-stone-700">{t("admin.stockAlerts.noAddresses")}</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[36rem]">
                <caption className="sr-only">{t("admin.stockAlerts.productCaption")}</caption>
                <thead className="border-b border-stone-200">
                  <tr>
                    <th scope="col" className={th}>
                      {t("admin.stockAlerts.email")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.stockAlerts.variant")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.stockAlerts.status")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.stockAlerts.asked")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.stockAlerts.mailed")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {product.subscribers.map((s) => (
                    <tr key={`${s.email}-${s.variant}`}>
                      <th scope="row" className={`${td} font-medium [overflow-wrap:anywhere]`}>
                        {s.email}
                        {s.signedIn && <span className="ml-1 text-xs font-normal text-stone-600">({t("admin.stockAlerts.account")})</span>}
                      </th>
                      <td className={td}>{s.variant}</td>
                      <td className={td}>{t(STATE[s.status])}</td>
                      <td className={td}>
                        <LocalDate iso={s.createdAt} withTime />
                      </td>
                      <td className={td}>{s.notifiedAt ? <LocalDate iso={s.notifiedAt} withTime /> : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
      {waiting.length === 0 ? (
        <EmptyState title={t("admin.stockAlerts.empty")}>{t("admin.stockAlerts.emptyText")}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
          <table className="w-full min-w-[34rem]" data-testid="stock-alerts">
            <caption className="sr-only">{t("admin.stockAlerts.caption")}</caption>
            <thead className="border-b border-stone-200">
              <tr>
                <th scope="col" className={th}>
                  {t("admin.stockAlerts.item")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("admin.stockAlerts.waiting")}
                </th>
                <th scope="col" className={th}>
                  {t("admin.stockAlerts.since")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("admin.stockAlerts.stock")}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">{t("admin.stockAlerts.addresses")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {waiting.map((w) => (
                <tr key={`${w.productId}-${w.variantId}`}>
                  <th scope="row" className={`${td} font-medium`}>
                    {w.name}
                  </th>
                  <td className={`${td} text-right tabular-nums`}>{w.waiting}</td>
                  <td className={td}>
                    <LocalDate iso={w.since} />
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{w.stock}</td>
                  <td className={td}>
                    <Link
                      to={`?product=${encodeURIComponent(w.productId)}`}
                      className="font-medium text-stone-900 underline underline-offset-2"
                      aria-label={`${t("admin.stockAlerts.view")}: ${w.name}`}
                    >
                      {t("admin.stockAlerts.view")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
