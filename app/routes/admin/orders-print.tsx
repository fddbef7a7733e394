import { DiscountRows, GiftCardRows } from "~/components/cart/cart-summary";
import type { MessageKey } from "#common/i18n/catalogs";
import { adminTranslateOf } from "~/components/admin/admin-t";
import { useRichT, useT } from "~/lib/i18n";
import { adminT } from "~/lib/i18n.server";
import { useEffect } from "react";
import { Link, data } from "react-router";
import { buttonClass } from "~/components/admin/ui";
import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import { AddressLines, LocalDate, useOrderMoney, usePaymentStatusLabel } from "~/components/orders/order-view";
import { requireAdminScreen } from "~/lib/auth.server";
import { AppError } from "#common/errors";
import type { AdminOrder } from "#modules/orders";
import type { Route } from "./+types/orders-print";
import { pageTitle } from "~/lib/seo";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { useTaxLabel, useTaxRowLabel } from "~/lib/tax";
import { vatNotCharged } from "#common/tax/tax-words";

/** Each document's name, one and several ("Packing slip", "Packing slips"). */
const DOCS = {
  slip: { one: "admin.order.slip", other: "admin.print.slips" },
  invoice: { one: "admin.order.invoice", other: "admin.print.invoices" },
} as const satisfies Record<string, { one: MessageKey; other: MessageKey }>;
type Doc = keyof typeof DOCS;
const MAX_ORDERS = 200;

/** The orders to print (`ids`, comma-separated, in that order) as packing slips or invoices (`doc`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminScreen(context, request);
  const url = new URL(request.url);
  const doc: Doc = url.searchParams.get("doc") === "invoice" ? "invoice" : "slip";
  const ids = [
    ...new Set(
      (url.searchParams.get("ids") ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_ORDERS) throw data({ message: adminT("admin.print.tooMany", { max: MAX_ORDERS }) }, { status: 400 });
  const settings = await context.services.content.getSettings();
  const orders: AdminOrder[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    try {
      orders.push(await context.services.ordersAdmin.getOrder(id));
    } catch (err) {
      if (!(err instanceof AppError && err.code === "not_found")) throw err;
      missing.push(id);
    }
  }
  return {
    doc,
    orders,
    missing,
    shop: {
      name: settings.siteName,
      address: settings.address,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      logo: settings.logo,
      taxNumber: settings.taxes.taxNumber,
    },
  };
}

export const meta: Route.MetaFunction = ({ data: d, location, matches }) => {
  const t = adminTranslateOf(matches);
  return [
    {
      title: d
        ? pageTitle(
            d.shop.name,
            location.pathname,
            d.orders.length === 1 ? `${t(DOCS[d.doc].one)} ${d.orders[0]!.number}` : `${t(DOCS[d.doc].other)} (${d.orders.length})`,
          )
        : t("admin.print.print"),
    },
    { name: "robots", content: "noindex" },
  ];
};

/**
 * Packing slips or invoices, one order a page, sized to print on A4 and on Letter alike (the page
 * box comes from the printer's paper; margins are the same on both). The print dialog opens once
 * the page has loaded; the toolbar is not printed.
 */
export default function PrintOrders({ loaderData }: Route.ComponentProps) {
  const { doc, orders, missing, shop } = loaderData;
  const t = useT();
  useEffect(() => {
    if (orders.length && !new URLSearchParams(window.location.search).has("noprint")) window.print();
  }, [orders.length]);
  return (
    <div className="min-h-screen bg-stone-100 print:bg-white">
      <style>{"@page { margin: 14mm 12mm; } @media print { html, body { background: #fff; } }"}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 print:hidden">
        <p className="font-semibold text-stone-900">
          {t(orders.length === 1 ? DOCS[doc].one : DOCS[doc].other)} · {t("admin.print.orders", { count: orders.length })}
          {missing.length > 0 && <span className="ml-2 font-normal text-rose-800">{t("admin.print.missing", { count: missing.length })}</span>}
        </p>
        <div className="flex gap-2">
          <Link to="/admin-dashboard/orders" className={buttonClass("ghost", "sm")}>
            {t("admin.print.back")}
          </Link>
          {orders.length > 0 && (
            <button type="button" onClick={() => window.print()} className={buttonClass("primary", "sm")}>
              {t("admin.print.print")}
            </button>
          )}
        </div>
      </div>
      {orders.length === 0 ? (
        <p className="mx-auto max-w-xl p-8 text-center text-stone-700" data-testid="print-empty">
          {t("admin.print.empty")}
        </p>
      ) : (
        <main className="mx-auto max-w-[190mm] py-6 print:max-w-none print:py-0">
          {orders.map((order) => (
            <article
              key={order.id}
              className="mb-6 bg-white p-8 text-[10.5pt] leading-snug text-black shadow-sm break-after-page print:mb-0 print:p-0 print:shadow-none last:break-after-auto"
              data-testid="print-page"
            >
              {doc === "slip" ? <PackingSlip order={order} shop={shop} /> : <Invoice order={order} shop={shop} />}
            </article>
          ))}
        </main>
      )}
    </div>
  );
}

type Shop = Route.ComponentProps["loaderData"]["shop"];

/** The shop's name, address and contacts beside the document's title, number and date; an invoice adds the shop's tax number. */
function Letterhead({ shop, title, order, taxNumber = false }: { shop: Shop; title: string; order: AdminOrder; taxNumber?: boolean }) {
  const base = useImageBase();
  const richT = useRichT();
  const t = useT();
  return (
    <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-4">
      <div>
        {shop.logo ? (
          <img src={publicImageUrl(shop.logo, base)} alt={shop.name} className="mb-2 max-h-12 w-auto" />
        ) : (
          <p className="text-xl font-bold">{shop.name}</p>
        )}
        {shop.address && <p className="whitespace-pre-line">{shop.address}</p>}
        <p>{[shop.email, shop.phone].filter(Boolean).join(" · ")}</p>
        {taxNumber && shop.taxNumber && <p data-testid="print-tax-number">{t("admin.print.taxNumber", { number: shop.taxNumber })}</p>}
      </div>
      <div className="text-right">
        <h1 className="text-2xl font-bold uppercase tracking-wide">{title}</h1>
        <p className="mt-1">{richT("admin.order.title", { number: <span className="font-mono font-semibold">{order.number}</span> })}</p>
        <p>
          <LocalDate iso={order.createdAt} />
        </p>
      </div>
    </header>
  );
}

const variantOf = (l: AdminOrder["lines"][number]) => [l.selectedColor, l.selectedSize].filter(Boolean).join(" / ");

function PackingSlip({ order, shop }: { order: AdminOrder; shop: Shop }) {
  const units = order.lines.reduce((n, l) => n + l.quantity, 0);
  const t = useT();
  return (
    <>
      <Letterhead shop={shop} title={t("admin.orders.packingSlip")} order={order} />
      <section className="mt-5 grid grid-cols-2 gap-6">
        <div>
          <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.print.shipTo")}</h2>
          {order.company && <p data-testid="print-company">{order.company}</p>}
          <AddressLines name={order.contact.name} address={order.address} />
          <p>{order.contact.phone}</p>
        </div>
        <div>
          <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.settings.section.shipping")}</h2>
          <p>{order.shippingMethod.name}</p>
          {order.tracking && (
            <p>
              {order.tracking.courier} <span className="font-mono">{order.tracking.number}</span>
            </p>
          )}
        </div>
      </section>
      <table className="mt-6 w-full border-collapse">
        <ColumnHeads
          columns={[
            { label: t("admin.print.packed"), hidden: true, className: "w-8" },
            { label: t("admin.print.item") },
            { label: t("admin.variants.variant") },
            { label: t("admin.print.qty"), end: true },
          ]}
        />
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id} className="border-b border-stone-300 break-inside-avoid">
              <td className="py-2 pr-2 align-top">
                <span aria-hidden="true" className="inline-block size-3.5 border border-black" />
              </td>
              <td className="py-2 pr-2 align-top font-medium">{l.name}</td>
              <td className="py-2 pr-2 align-top">{variantOf(l) || "—"}</td>
              <td className="py-2 text-right align-top font-semibold">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="pt-2 text-right font-semibold">
              {t("admin.dashboard.units")}
            </td>
            <td className="pt-2 text-right font-semibold">{units}</td>
          </tr>
        </tfoot>
      </table>
      {/* What the order's promotions give (a free third item, a gift), so the packer puts it in; the money is the invoice's. */}
      {order.discounts.length > 0 && (
        <section className="mt-6 border border-black p-3 break-inside-avoid" data-testid="print-promotions">
          <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.print.promotions")}</h2>
          <ul>
            {order.discounts.map((d) => (
              <li key={`${d.label}|${d.code ?? ""}`} data-testid="print-promotion">
                {d.label}
                {d.code && <span className="font-mono"> · {d.code}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {order.notes && (
        <section className="mt-6 border border-black p-3">
          <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.order.customerNote")}</h2>
          <p className="whitespace-pre-line">{order.notes}</p>
        </section>
      )}
      <p className="mt-8 text-center">{t("admin.print.thanks", { shop: shop.name })}</p>
    </>
  );
}

function Invoice({ order, shop }: { order: AdminOrder; shop: Shop }) {
  const money = useOrderMoney();
  const paymentLabel = usePaymentStatusLabel();
  const c = order.totals.currency;
  const t = useT();
  const taxLabel = useTaxLabel();
  const taxRowLabel = useTaxRowLabel();
  const included = Boolean(order.totals.pricesIncludeTax);
  const taxed = order.taxLines.length > 0;
  const notCharged = vatNotCharged(order.totals, order.taxLines);
  const taxRows = order.taxLines.map((line) => <Row key={line.label} term={taxRowLabel(line, included)} value={money(line.amount, c)} testId="print-tax" />);
  return (
    <>
      <Letterhead shop={shop} title={t("admin.orders.invoice")} order={order} taxNumber />
      <section className="mt-5 grid grid-cols-2 gap-6">
        <div>
          <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.print.billTo")}</h2>
          {order.company && (
            <p className="font-semibold" data-testid="print-company">
              {order.company}
            </p>
          )}
          <AddressLines name={order.contact.name} address={order.address} />
          {order.vatNumber && <p data-testid="print-vat-number">{t("admin.print.vatNumber", { number: order.vatNumber })}</p>}
          <p className="break-all">{order.contact.email}</p>
          <p>{order.contact.phone}</p>
        </div>
        <div>
          <h2 className="text-xs font-bold uppercase tracking-wide">{t("admin.orders.payment")}</h2>
          <p>
            {PAYMENT_METHOD_LABEL[order.paymentMethod]}: {paymentLabel({ ...order, ...order.totals })}
          </p>
          <h2 className="mt-3 text-xs font-bold uppercase tracking-wide">{t("admin.settings.section.shipping")}</h2>
          <p>{order.shippingMethod.name}</p>
        </div>
      </section>
      <table className="mt-6 w-full border-collapse">
        <ColumnHeads
          columns={[
            { label: t("admin.print.item") },
            { label: t("admin.print.unitPrice"), end: true },
            { label: t("admin.print.qty"), end: true },
            { label: t("admin.print.amount"), end: true },
          ]}
        />
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id} className="border-b border-stone-300 break-inside-avoid">
              <td className="py-2 pr-2 align-top">
                <span className="font-medium">{l.name}</span>
                {variantOf(l) && <span className="block text-stone-700">{variantOf(l)}</span>}
              </td>
              <td className="py-2 pr-2 text-right align-top">
                {money(l.finalPrice, c)}
                {l.discount > 0 && l.price > l.finalPrice && (
                  <span className="block text-stone-700">
                    {t("admin.print.off", { discount: l.discount })} <s>{money(l.price, c)}</s>
                  </span>
                )}
              </td>
              <td className="py-2 pr-2 text-right align-top">{l.quantity}</td>
              <td className="py-2 text-right align-top">{money(l.lineTotal, c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {taxed && (
        <p className="mt-2 text-stone-700" data-testid="print-prices-tax">
          {t(included ? "admin.print.pricesIncludeTax" : "admin.print.pricesExcludeTax")}
        </p>
      )}
      {/* The lines at their discounted prices add up to the subtotal; the discounts are said, not subtracted again. */}
      <dl className="mt-4 ml-auto w-72 max-w-full space-y-1 break-inside-avoid" data-testid="print-totals">
        <Row term={t("admin.print.subtotal")} value={money(order.totals.itemsSubtotal, c)} testId="print-subtotal" />
        <Row term={t("admin.settings.section.shipping")} value={money(order.totals.shipping, c)} testId="print-shipping" />
        <DiscountRows discounts={order.discounts} format={(amount) => money(amount, c)} rowClass="flex justify-between gap-4" />
        {notCharged > 0 && <Row term={t("cart.tax.notCharged")} value={`−${money(notCharged, c)}`} testId="print-vat-not-charged" />}
        {!included && taxRows}
        <div className="flex justify-between border-t border-black pt-1 text-base font-bold">
          <dt>{t("admin.orders.total")}</dt>
          <dd data-testid="print-total">{money(order.totals.orderTotal, c)}</dd>
        </div>
        {included && taxRows}
        <GiftCardRows
          giftCards={order.giftCards}
          toPay={order.totals.total}
          format={(amount) => money(amount, c)}
          rowClass="flex justify-between gap-4"
          toPayClass="flex justify-between border-t border-black pt-1 text-base font-bold"
        />
        {order.refunds.map((r) => (
          <div key={r.id} className="flex justify-between gap-4" data-testid="print-refund">
            <dt>
              {t("admin.print.refund")} <LocalDate iso={r.at} />
              {r.status === "pending" ? ` ${t("admin.print.pending")}` : ""}
              <span className="block text-stone-700">{r.reason}</span>
            </dt>
            <dd className="whitespace-nowrap">−{money(r.amount, c)}</dd>
          </div>
        ))}
        {order.totals.refunded > 0 && (
          <div className="flex justify-between border-t border-black pt-1 text-base font-bold">
            <dt>{t("admin.print.net")}</dt>
            <dd data-testid="print-net">{money(order.totals.net, c)}</dd>
          </div>
        )}
      </dl>
      {order.totals.discount > 0 && (
        <p className="mt-2 text-right" data-testid="print-savings">
          {t("admin.print.savings", { amount: money(order.totals.discount, c) })}
        </p>
      )}
      {taxed && (
        <table className="mt-6 ml-auto w-full max-w-md border-collapse break-inside-avoid" data-testid="print-tax-summary">
          <caption className="pb-1 text-left text-xs font-bold uppercase tracking-wide">{t("admin.print.taxSummary")}</caption>
          <ColumnHeads
            columns={[{ label: t("admin.print.taxRate") }, { label: t("admin.print.taxBase"), end: true }, { label: t("admin.print.taxAmount"), end: true }]}
          />
          <tbody>
            {order.taxLines.map((line) => (
              <tr key={line.label} className="border-b border-stone-300" data-testid="print-tax-line">
                <td className="py-1.5 pr-2">{taxLabel(line)}</td>
                <td className="py-1.5 pr-2 text-right">{money(line.base, c)}</td>
                <td className="py-1.5 text-right">{money(line.amount, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {order.reverseCharge && (
        <p className="mt-4 border border-black p-3 font-semibold" data-testid="print-reverse-charge">
          {t("admin.print.reverseCharge")}
        </p>
      )}
      <p className="mt-8 text-center">{t("admin.print.thanks", { shop: shop.name })}</p>
    </>
  );
}

/** A printed table's column heads; figures (`end`) line up on the right, the last column has no gap after it. */
function ColumnHeads({ columns }: { columns: Array<{ label: string; end?: boolean; hidden?: boolean; className?: string }> }) {
  return (
    <thead>
      <tr className="border-b border-black text-left">
        {columns.map((c, i) => (
          <th key={c.label} scope="col" className={`py-1.5 ${i < columns.length - 1 ? "pr-2" : ""} ${c.end ? "text-right" : ""} ${c.className ?? ""}`}>
            {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Row({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between">
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
