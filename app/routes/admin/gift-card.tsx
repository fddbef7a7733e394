import { Link, data } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-nav";
import { AdminForm, FormErrorSummary, FormSubmit } from "~/components/admin/form";
import { auditActor, formFailure, readIntent } from "~/components/admin/form-result.server";
import { GiftCardStatusBadge, LEDGER_KIND_LABELS, LastDay } from "~/components/admin/gift-cards/gift-card-parts";
import { redirectWithToast } from "~/components/admin/toast.server";
import { PageHeader } from "~/components/admin/ui";
import { LocalDate, useOrderMoney } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { AppError } from "#common/errors";
import { lastSpendableDay } from "#common/giftcards/giftcards.schema";
import type { Route } from "./+types/gift-card";
import { adminMeta } from "./admin-meta";

/** The card with its ledger, and the last day it can be spent in the shop's calendar. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  try {
    const [card, settings] = await Promise.all([context.services.giftCards.get(params.id), context.services.content.getSettings()]);
    return { card, lastDay: card.expiresAt ? lastSpendableDay(card.expiresAt, settings.timeZone) : null };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data({ message: err.message }, { status: 404, statusText: "Not Found" });
    throw err;
  }
}

export const meta: Route.MetaFunction = adminMeta;
export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = {
  breadcrumb: (d, t) => (d ? `${t("admin.nav.giftCard")} •••• ${d.card.last4}` : undefined),
};

/** Disables or enables the card (audited, a ledger row), back to this page with a toast. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdminScreen(context, request);
  const form = await request.formData();
  const { intent } = readIntent(form);
  try {
    if (intent !== "disable" && intent !== "enable") throw new AppError("invalid_input", adminT("admin.form.unknownAction"));
    await context.services.giftCards.update(auditActor(context, user), params.id, { active: intent === "enable" });
    return redirectWithToast(`/admin-dashboard/gift-cards/${encodeURIComponent(params.id)}`, {
      kind: "success",
      message: adminT(intent === "enable" ? "admin.giftCards.toast.enabled" : "admin.giftCards.toast.disabled"),
    });
  } catch (err) {
    return formFailure(err, form);
  }
}

/** One card's page: its figures and details, the switch, and its ledger. */
export default function GiftCard({ loaderData }: Route.ComponentProps) {
  const { card, lastDay } = loaderData;
  const t = useT();
  const money = useOrderMoney();
  const signed = (amount: number) => (amount > 0 ? `+${money(amount, card.currency)}` : amount < 0 ? `−${money(-amount, card.currency)}` : "—");
  const facts: Array<[string, React.ReactNode]> = [
    [t("admin.giftCards.initialAmount"), money(card.initialAmount, card.currency)],
    [t("admin.giftCards.expires"), <LastDay key="day" day={lastDay} />],
    [t("admin.giftCards.recipient"), card.recipientEmail ?? t("admin.giftCards.noRecipient")],
    [t("admin.giftCards.created"), <LocalDate key="created" iso={card.createdAt} withTime />],
    ...(card.sourceOrderId
      ? ([
          [
            t("admin.giftCards.sourceOrder"),
            <Link key="order" to={`/admin-dashboard/orders/${encodeURIComponent(card.sourceOrderId)}`} className="underline underline-offset-4">
              {card.sourceOrderId}
            </Link>,
          ],
        ] as Array<[string, React.ReactNode]>)
      : []),
    ...(card.note
      ? ([
          [
            t("admin.giftCards.note"),
            <span key="note" className="whitespace-pre-line">
              {card.note}
            </span>,
          ],
        ] as Array<[string, React.ReactNode]>)
      : []),
  ];
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="sr-only">{t("admin.giftCards.cardEnding", { last4: card.last4 })}</span>
            <span aria-hidden="true" className="font-mono">
              •••• {card.last4}
            </span>
            <GiftCardStatusBadge status={card.status} />
          </span>
        }
      />

      <section aria-labelledby="card-balance" className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_1.6fr] sm:p-6">
        <div>
          <h2 id="card-balance" className="text-sm font-medium text-stone-600">
            {t("admin.giftCards.balance")}
          </h2>
          <p className="mt-1 text-3xl font-semibold text-stone-900" data-testid="card-balance">
            {money(card.balance, card.currency)}
          </p>
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-stone-600">{label}</dt>
              <dd className="mt-0.5 break-words text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="switch-title" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <AdminForm method="post" idPrefix="switch">
          <FormErrorSummary />
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id="switch-title" className="font-semibold text-stone-900">
                {card.active ? t("admin.giftCards.disableTitle") : t("admin.giftCards.enableTitle")}
              </h2>
              <p className="mt-1 text-sm text-stone-700">{card.active ? t("admin.giftCards.disableText") : t("admin.giftCards.enableText")}</p>
            </div>
            <FormSubmit
              name="intent"
              value={card.active ? "disable" : "enable"}
              variant={card.active ? "danger" : "primary"}
              busyLabel={t("admin.giftCards.working")}
              className="shrink-0"
            >
              {card.active ? t("admin.giftCards.disable") : t("admin.giftCards.enable")}
            </FormSubmit>
          </div>
        </AdminForm>
      </section>

      <section aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="mb-3 text-lg font-semibold text-stone-900">
          {t("admin.giftCards.ledger")}
        </h2>
        {/* Focusable: on a phone the table scrolls sideways inside this box, by keyboard too. */}
        <div
          tabIndex={0}
          role="region"
          aria-labelledby="ledger-title"
          className="overflow-x-auto rounded-xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-stone-900"
        >
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="gift-card-ledger">
            <caption className="sr-only">{t("admin.giftCards.ledgerCaption")}</caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t("admin.giftCards.when")}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t("admin.giftCards.what")}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  {t("admin.giftCards.change")}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  {t("admin.giftCards.balanceAfter")}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t("admin.giftCards.by")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {card.ledger.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                    <LocalDate iso={row.createdAt} withTime />
                  </td>
                  <td className="px-4 py-3 text-stone-900">
                    {t(LEDGER_KIND_LABELS[row.kind])}
                    {row.orderId && (
                      <>
                        {" · "}
                        <Link to={`/admin-dashboard/orders/${encodeURIComponent(row.orderId)}`} className="underline underline-offset-4">
                          {t("admin.giftCards.order")}
                        </Link>
                      </>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums text-stone-900">{signed(row.amount)}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums text-stone-900">{money(row.balanceAfter, card.currency)}</td>
                  <td className="px-4 py-3 break-all text-stone-700">{row.actor ?? t("admin.giftCards.byShop")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
