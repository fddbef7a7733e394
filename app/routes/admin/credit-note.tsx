import { adminTranslateOf } from "~/components/admin/admin-t";
import { useT } from "~/lib/i18n";
import { useEffect } from "react";
import { Link, data } from "react-router";
import { buttonClass } from "~/components/admin/ui";
import { AddressLines, LocalDate, useOrderMoney } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { adminT } from "~/lib/i18n.server";
import { AppError } from "#common/errors";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/credit-note";

/**
 * The credit note of one refund: the document a refund is in the books, printed like the invoice.
 * Its number is the order's number and the refund's place among the order's refunds (CN-…-1 for
 * the first), so it never changes and needs no counter of its own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const { ordersAdmin, orderRefunds, content } = context.services;
  let order: Awaited<ReturnType<typeof ordersAdmin.getOrder>>;
  try {
    order = await ordersAdmin.getOrder(params.id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data({ message: adminT("admin.creditNote.notFound") }, { status: 404 });
    throw err;
  }
  const refunds = await orderRefunds.listForOrder(order.id);
  const index = refunds.findIndex((r) => r.id === params.refundId);
  if (index < 0) throw data({ message: adminT("admin.creditNote.notFound") }, { status: 404 });
  const settings = await content.getSettings();
  return {
    order,
    refund: refunds[index]!,
    number: `CN-${order.number}-${index + 1}`,
    shop: {
      name: settings.siteName,
      address: settings.address,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      taxNumber: settings.taxes.taxNumber || null,
    },
  };
}

export const meta: Route.MetaFunction = ({ data: d, location, matches }) => {
  const t = adminTranslateOf(matches);
  return [
    { title: d ? pageTitle(d.shop.name, location.pathname, `${t("admin.creditNote.title")} ${d.number}`) : t("admin.creditNote.title") },
    { name: "robots", content: "noindex" },
  ];
};

/** A refund's credit note, a page to print (A4 or Letter): what was refunded, the tax returned per rate, both tax numbers. */
export default function CreditNote({ loaderData }: Route.ComponentProps) {
  const { order, refund, number, shop } = loaderData;
  const t = useT();
  const money = useOrderMoney();
  const c = order.totals.currency;
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has("noprint")) window.print();
  }, []);
  const lines = refund.lines.map((l) => ({ ...l, line: order.lines.find((x) => x.id === l.lineId) }));
  const other = Math.round((refund.amount - refund.shipping - refund.lines.reduce((s, l) => s + l.amount, 0)) * 100) / 100;
  return (
    <div className="min-h-screen bg-stone-100 print:bg-white">
      <style>{"@page { margin: 14mm 12mm; } @media print { html, body { background: #fff; } }"}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 print:hidden">
        <p className="font-semibold text-stone-900">
          {t("admin.creditNote.title")} {number}
        </p>
        <div className="flex gap-2">
          <Link to={`/admin-dashboard/orders/${encodeURIComponent(order.id)}`} className={buttonClass("ghost", "sm")}>
            {t("admin.creditNote.back")}
          </Link>
          <button type="button" onClick={() => window.print()} className={buttonClass("primary", "sm")}>
            {t("admin.print.print")}
          </button>
        </div>
      </div>
      <main className="mx-auto max-w-[190mm] py-6 print:max-w-none print:py-0">
        <article className="bg-white p-8 text-[10.5pt] leading-snug text-black shadow-sm print:p-0 print:shadow-none" data-testid="credit-note">
          <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-4">
            <div>
              <p className="text-xl font-bold">{shop.name}</p>
              {shop.address && <p className="whitespace-pre-line">{shop.address}</p>}
              <p>{[shop.email, shop.phone].filter(Boolean).join(" · ")}</p>
              {shop.taxNumber && <p data-testid="shop-tax-number">{t("admin.creditNote.shopTaxNumber", { number: shop.taxNumber })}</p>}
            </div>
            <div className="shrink-0 text-right">
              <h1 className="text-2xl font-bold uppercase tracking-wide">{t("admin.creditNote.title")}</h1>
              <p className="mt-1 font-mono font-semibold" data-testid="credit-note-number">
                {number}
              </p>
              <p>{t("admin.creditNote.forOrder", { number: order.number })}</p>
              <p>
                <LocalDate iso={refund.at} />
              </p>
            </div>
          </header>
          <section className="mt-5">
            <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.print.billTo")}</h2>
            {order.company && <p className="font-medium">{order.company}</p>}
            <AddressLines name={order.contact.name} address={order.address} />
            {order.vatNumber && <p data-testid="buyer-vat-number">{t("admin.creditNote.buyerVat", { number: order.vatNumber })}</p>}
          </section>
          <table className="mt-6 w-full border-collapse">
            <thead>
              <tr className="border-b border-black text-left">
                <th scope="col" className="py-1.5 pr-2">
                  {t("admin.print.item")}
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right">
                  {t("admin.print.qty")}
                </th>
                <th scope="col" className="py-1.5 text-right">
                  {t("admin.print.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.lineId} className="border-b border-stone-300">
                  <td className="py-2 pr-2">{l.line?.name ?? t("admin.creditNote.item")}</td>
                  <td className="py-2 pr-2 text-right">{l.quantity}</td>
                  <td className="py-2 text-right">{money(l.amount, c)}</td>
                </tr>
              ))}
              {refund.shipping > 0 && (
                <tr className="border-b border-stone-300">
                  <td className="py-2 pr-2">{t("admin.settings.section.shipping")}</td>
                  <td />
                  <td className="py-2 text-right">{money(refund.shipping, c)}</td>
                </tr>
              )}
              {other > 0 && (
                <tr className="border-b border-stone-300">
                  <td className="py-2 pr-2">
                    {t("admin.creditNote.other")}
                    <span className="block text-stone-700">{refund.reason}</span>
                  </td>
                  <td />
                  <td className="py-2 text-right">{money(other, c)}</td>
                </tr>
              )}
            </tbody>
          </table>
          <dl className="mt-4 ml-auto w-80 max-w-full space-y-1" data-testid="credit-note-taxes">
            {refund.taxLines.map((l) => (
              <div key={l.label} className="flex justify-between gap-4">
                <dt>
                  {l.label}
                  <span className="block text-stone-700">{t("admin.creditNote.base", { amount: money(l.base, c) })}</span>
                </dt>
                <dd>{money(l.amount, c)}</dd>
              </div>
            ))}
            <div className="flex justify-between border-t border-black pt-1 text-base font-bold">
              <dt>{t("admin.creditNote.total")}</dt>
              <dd data-testid="credit-note-total">−{money(refund.amount, c)}</dd>
            </div>
          </dl>
          {order.reverseCharge && (
            <p className="mt-4 font-semibold" data-testid="reverse-charge">
              {t("admin.creditNote.reverseCharge")}
            </p>
          )}
          <p className="mt-6">{t("admin.creditNote.reason", { reason: refund.reason })}</p>
        </article>
      </main>
    </div>
  );
}
