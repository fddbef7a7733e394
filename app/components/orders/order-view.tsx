import { Link } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { formatMoney } from "~/lib/money";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { type DiscountEntry, DiscountRows, type GiftCardEntry, GiftCardRows } from "~/components/cart/cart-summary";
import { useTaxRowLabel } from "~/lib/tax";

import { vatNotCharged } from "#common/tax/tax-words";
import { localCountryName } from "#common/cart/country-names";
import type { Order, OrderAddress, OrderLine, OrderTotals, TaxLineView } from "#modules/orders";
import type { OrderStatus } from "#common/orders/order-status";
import { PAYMENT_METHOD_KEY, STATUS_BADGE, STATUS_KEY, orderTimeline, paymentStatusLabel } from "./order-status";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";

/** Money in the order's own currency (an order keeps the currency it was placed in), in the page's locale. */
export function useOrderMoney(): (amount: number, currency: string) => string {
  const { locale } = useLanguage();
  return (amount, currency) => formatMoney(amount, currency, locale);
}

/** An order's status as a small coloured badge. */
export function StatusBadge({ status, className = "" }: { status: OrderStatus; className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${STATUS_BADGE[status]} ${className}`}
      data-testid="order-status"
    >
      {t(STATUS_KEY[status])}
    </span>
  );
}

/**
 * A date (and time) in a <time> element, in the page's locale: in UTC on the server and during
 * hydration (so both render the same text), then in the visitor's own time zone.
 */
export function LocalDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { locale } = useLanguage();
  const hydrated = useHydrated();
  const options: Intl.DateTimeFormatOptions = withTime
    ? { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }
    : { day: "numeric", month: "short", year: "numeric" };
  const text = new Intl.DateTimeFormat(locale, hydrated ? options : { ...options, timeZone: "UTC" }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

/** The payment status in words, with how much refunds gave back ("Partly refunded · $20.00 of $99.99"). */
export function usePaymentStatusLabel(): (o: Pick<Order, "paymentMethod" | "paymentStatus"> & { total: number; refunded: number; currency: string }) => string {
  const money = useOrderMoney();
  const t = useT();
  return (o) => paymentStatusLabel(t, o.paymentMethod, o.paymentStatus, { refunded: money(o.refunded, o.currency), total: money(o.total, o.currency) });
}

/**
 * The order's (or cart's) lines: picture, name, variant, quantity and line total at the discounted
 * price, the list price struck through beside it: the line totals add up to the subtotal.
 */
export function LineList({
  lines,
  currency,
  linkNames = true,
}: {
  lines: Array<
    Pick<OrderLine, "id" | "slug" | "name" | "image" | "selectedColor" | "selectedSize" | "quantity" | "lineTotal" | "price" | "discount" | "finalPrice">
  >;
  currency: string;
  linkNames?: boolean;
}) {
  const money = useOrderMoney();
  const base = useImageBase();
  const t = useT();
  const localePath = useLocalePath();
  return (
    <ul className="divide-y divide-stone-200" data-testid="order-lines">
      {lines.map((line) => {
        const variant = [line.selectedColor, line.selectedSize].filter(Boolean).join(" / ");
        return (
          <li key={line.id} className="flex gap-3 py-3 sm:gap-4" data-testid="order-line">
            {line.image ? (
              <img
                src={publicImageUrl(line.image, base)}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
                className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
              />
            ) : (
              <span aria-hidden="true" className="size-16 shrink-0 rounded-lg bg-stone-200" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium leading-snug text-stone-900">
                {linkNames ? (
                  <Link to={localePath(`/products/${line.slug}`)} className="hover:underline">
                    {line.name}
                  </Link>
                ) : (
                  line.name
                )}
              </p>
              {variant && <p className="mt-0.5 text-sm text-stone-600">{variant}</p>}
              <p className="mt-0.5 text-sm text-stone-600">
                <span data-testid="line-quantity">{t("cart.order.quantity", { count: line.quantity })}</span> × {money(line.finalPrice, currency)}
                {line.discount > 0 && line.price > line.finalPrice && (
                  <>
                    {" "}
                    <s className="text-stone-500">
                      <span className="sr-only">{t("cart.order.insteadOf")} </span>
                      {money(line.price, currency)}
                    </s>{" "}
                    <span className="text-xs font-medium text-rose-800">−{line.discount}%</span>
                  </>
                )}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold text-stone-900" data-testid="line-total">
              {money(line.lineTotal, currency)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** A placed order's money, as every page that shows one words it: lines' subtotal, discounts, shipping, tax, total and gift cards. */
export function OrderTotalsList({ order }: { order: Pick<Order, "totals" | "shippingMethod" | "taxLines" | "discounts" | "giftCards"> }) {
  return (
    <TotalsList
      totals={order.totals}
      shippingLabel={order.shippingMethod.name}
      taxLines={order.taxLines}
      discounts={order.discounts}
      giftCards={order.giftCards}
    />
  );
}

/**
 * Subtotal (the lines as printed), shipping and total, as the server computed them: they add up as
 * shown. The discounts are already in the lines, so they are said ("You save"), never subtracted
 * again. An order with refunds adds them and what it comes to after them.
 */
export function TotalsList({
  totals,
  shippingLabel,
  taxLines = [],
  discounts = [],
  giftCards = [],
}: {
  totals: Pick<OrderTotals, "itemsSubtotal" | "discount" | "shipping" | "total" | "currency"> &
    Partial<Pick<OrderTotals, "refunded" | "net" | "pricesIncludeTax" | "orderTotal">>;
  shippingLabel?: string;
  /** Each promotion's discount, taken off above the tax and the total. */
  discounts?: readonly DiscountEntry[];
  /** The gift cards that pay: their rows and what is left to pay come after the total (`total`, with `orderTotal` before them). */
  giftCards?: readonly GiftCardEntry[];
  /** The tax per rate: added above the total where prices exclude it, said to be in it where they include it. */
  taxLines?: TaxLineView[];
}) {
  const money = useOrderMoney();
  const t = useT();
  const taxLabel = useTaxRowLabel();
  const c = totals.currency;
  const notCharged = vatNotCharged(totals, taxLines);
  const taxRows = (included: boolean) =>
    taxLines.map((line) => (
      <div key={line.label} className={`flex justify-between gap-4 ${included ? "text-xs text-stone-600" : ""}`} data-testid="totals-tax">
        <dt className={included ? "" : "text-stone-700"}>{taxLabel(line, included)}</dt>
        <dd className={included ? "" : "font-medium text-stone-900"}>{money(line.amount, c)}</dd>
      </div>
    ));
  return (
    <dl className="space-y-2 text-sm" data-testid="order-totals">
      <div className="flex flex-wrap justify-between gap-x-4">
        <dt className="text-stone-700">{t("cart.summary.subtotal")}</dt>
        <dd className="font-medium text-stone-900" data-testid="totals-subtotal">
          {money(totals.itemsSubtotal, c)}
        </dd>
        {totals.discount > 0 && (
          <dd className="w-full text-xs text-emerald-800" data-testid="totals-savings">
            {t("cart.summary.savings", { amount: money(totals.discount, c) })}
          </dd>
        )}
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-700">
          {t("cart.summary.shipping")}
          {shippingLabel ? <span className="block text-xs text-stone-600">{shippingLabel}</span> : null}
        </dt>
        <dd className="font-medium text-stone-900" data-testid="totals-shipping">
          {totals.shipping === 0 ? t("cart.shipping.free") : money(totals.shipping, c)}
        </dd>
      </div>
      <DiscountRows discounts={discounts} format={(amount) => money(amount, c)} rowClass="flex justify-between gap-4 text-stone-700" />
      {notCharged > 0 && (
        <div className="flex justify-between gap-4" data-testid="totals-vat-not-charged">
          <dt className="text-stone-700">{t("cart.tax.notCharged")}</dt>
          <dd className="font-medium text-stone-900">−{money(notCharged, c)}</dd>
        </div>
      )}
      {!totals.pricesIncludeTax && taxRows(false)}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
        <dt className="font-semibold text-stone-900">{t(giftCards.length ? "cart.summary.orderTotal" : "cart.summary.total")}</dt>
        <dd className="font-bold text-stone-900" data-testid="totals-total">
          {money(giftCards.length ? (totals.orderTotal ?? totals.total) : totals.total, c)}
        </dd>
      </div>
      {totals.pricesIncludeTax && taxRows(true)}
      <GiftCardRows
        giftCards={giftCards}
        toPay={totals.total}
        format={(amount) => money(amount, c)}
        rowClass="flex justify-between gap-4 text-stone-700"
        toPayClass="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900"
      />
      {totals.refunded !== undefined && totals.net !== undefined && totals.refunded > 0 && (
        <>
          <div className="flex justify-between gap-4">
            <dt className="text-stone-700">{t("cart.order.refunded")}</dt>
            <dd className="font-medium text-stone-900" data-testid="totals-refunded">
              −{money(totals.refunded, c)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
            <dt className="font-semibold text-stone-900">{t("cart.order.net")}</dt>
            <dd className="font-bold text-stone-900" data-testid="totals-net">
              {money(totals.net, c)}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** A delivery address as lines of text. */
export function AddressLines({ name, address }: { name?: string; address: OrderAddress }) {
  const { language } = useLanguage();
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(" ");
  return (
    <address className="not-italic leading-relaxed" data-testid="order-address">
      {name && (
        <>
          {name}
          <br />
        </>
      )}
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {cityLine}
      {address.region && <>, {address.region}</>}
      <br />
      {/* Named by Intl outside English: a browser's may word a country a little differently. */}
      <span suppressHydrationWarning>{localCountryName(address.country, language)}</span>
    </address>
  );
}

/** A shipment: the courier, the tracking number and the link to the courier's tracking page. */
export function Tracking({ tracking }: { tracking: NonNullable<Order["tracking"]> }) {
  const { courier, number, url } = tracking;
  const t = useT();
  return (
    <>
      {courier && <>{courier} · </>}
      <span className="font-mono break-all">{number}</span>
      {url && (
        <>
          <br />
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-amber-800 underline underline-offset-2 hover:text-amber-950"
            data-testid="order-tracking-link"
          >
            {t("cart.order.track")}
            <span className="sr-only"> {courier ? t("cart.order.trackWith", { courier }) : t("cart.order.trackWithCourier")}</span>
          </a>
        </>
      )}
    </>
  );
}

/** A business buyer's company and VAT number, and for a reverse-charge order the note that no VAT was charged. */
export function BuyerFacts({ order }: { order: Pick<Order, "company" | "vatNumber" | "reverseCharge"> }) {
  const t = useT();
  return (
    <>
      {order.company && <span className="block">{order.company}</span>}
      {order.vatNumber && <span className="block">{t("cart.order.vatNumber", { number: order.vatNumber })}</span>}
      {order.reverseCharge && (
        <span className="mt-1 block font-medium text-stone-900" data-testid="order-reverse-charge">
          {t("cart.tax.reverseChargeNote")}
        </span>
      )}
    </>
  );
}

/**
 * Whom the gift cards an order bought go to and, once issued, that they were e-mailed (by their
 * last four characters: the code is the recipient's alone); until then, when they will be.
 */
export function GiftCardPurchaseFacts({ order }: { order: Pick<Order, "giftCardPurchase" | "paymentMethod" | "totals"> }) {
  const t = useT();
  const money = useOrderMoney();
  const purchase = order.giftCardPurchase;
  if (!purchase) return null;
  const { recipient, sent } = purchase;
  return (
    <>
      <span className="block break-all">
        {t("cart.order.giftCardFor", { recipient: recipient.name ? `${recipient.name} (${recipient.email})` : recipient.email })}
      </span>
      {sent ? (
        <span className="mt-1 block" data-testid="order-gift-card-sent">
          {t("cart.order.giftCardSent")}{" "}
          {sent.map((c) => t("cart.order.giftCardSentCard", { last4: c.last4, amount: money(c.amount, order.totals.currency) })).join(", ")}
        </span>
      ) : (
        <span className="mt-1 block text-stone-600">
          {t(order.paymentMethod === "cod" ? "cart.order.giftCardPendingDelivery" : "cart.order.giftCardPendingPaid")}
        </span>
      )}
    </>
  );
}

/** Delivery address, shipping method, payment and tracking, side by side on wide screens. */
export function OrderFacts({ order, showEmail = false, showTracking = true }: { order: Order; showEmail?: boolean; showTracking?: boolean }) {
  const paymentLabel = usePaymentStatusLabel();
  const t = useT();
  const facts: Array<{ term: string; testId?: string; className?: string; value: React.ReactNode }> = [
    { term: t("cart.order.shippingMethod"), testId: "order-shipping-method", value: order.shippingMethod.name },
    {
      term: t("cart.order.payment"),
      testId: "order-payment",
      value: (
        <>
          {t(PAYMENT_METHOD_KEY[order.paymentMethod])} · <span data-testid="order-payment-status">{paymentLabel({ ...order, ...order.totals })}</span>
        </>
      ),
    },
  ];
  if (order.company || order.vatNumber) facts.push({ term: t("cart.order.business"), testId: "order-business", value: <BuyerFacts order={order} /> });
  if (order.giftCardPurchase) facts.push({ term: t("cart.order.giftCardHeading"), testId: "order-gift-card", value: <GiftCardPurchaseFacts order={order} /> });
  if (order.tracking && showTracking) facts.push({ term: t("cart.order.tracking"), testId: "order-tracking", value: <Tracking tracking={order.tracking} /> });
  if (showEmail) facts.push({ term: t("cart.order.confirmationTo"), testId: "order-email", className: "break-all", value: order.contact.email });
  if (order.notes) facts.push({ term: t("cart.order.notes"), className: "whitespace-pre-line", value: order.notes });
  if (order.messages.length) {
    facts.push({
      term: t("cart.order.messages"),
      testId: "order-messages",
      value: (
        <ul className="space-y-2">
          {order.messages.map((m) => (
            <li key={m.at + m.text}>
              <p className="whitespace-pre-line">{m.text}</p>
              <p className="text-xs text-stone-600">
                <LocalDate iso={m.at} withTime />
              </p>
            </li>
          ))}
        </ul>
      ),
    });
  }
  return (
    // The address spans the rows of the other facts, which stack beside it on wide screens.
    <dl className="grid gap-x-8 gap-y-4 text-sm text-stone-800 sm:grid-cols-2">
      <div style={{ "--rows": facts.length } as React.CSSProperties} className="sm:[grid-row:span_var(--rows)]">
        <dt className="font-semibold text-stone-900">{t("cart.order.deliveryAddress")}</dt>
        <dd className="mt-1">
          <AddressLines name={order.contact.name} address={order.address} />
          <p className="mt-1 text-stone-600">{order.contact.phone}</p>
        </dd>
      </div>
      {facts.map((f) => (
        <div key={f.term}>
          <dt className="font-semibold text-stone-900">{f.term}</dt>
          <dd className={`mt-1 ${f.className ?? ""}`} data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The status timeline: pending → processing → shipped → delivered → completed (or cancelled). */
export function StatusTimeline({ order }: { order: Order }) {
  const t = useT();
  const steps = orderTimeline(t, order);
  return (
    <ol className="relative space-y-0" aria-label={t("cart.order.status")} data-testid="status-timeline">
      {steps.map((step, i) => {
        const last = i === steps.length - 1;
        const cancelled = step.status === "cancelled";
        const dot = cancelled ? "border-rose-700 bg-rose-700" : step.reached ? "border-emerald-700 bg-emerald-700" : "border-stone-300 bg-white";
        return (
          <li
            key={step.status}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={step.current ? "step" : undefined}
            data-testid="timeline-step"
            data-reached={step.reached}
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute top-5 left-[9px] h-[calc(100%-1.25rem)] w-0.5 ${steps[i + 1]?.reached ? "bg-emerald-700" : "bg-stone-200"}`}
              />
            )}
            <span aria-hidden="true" className={`relative z-10 mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border-2 ${dot}`}>
              {step.reached && (
                <svg viewBox="0 0 24 24" fill="none" stroke="white" strokeWidth={3} className="size-3" focusable="false">
                  {cancelled ? <path d="M7 7l10 10M17 7 7 17" /> : <path d="m5 12.5 4.5 4.5L19 7.5" />}
                </svg>
              )}
            </span>
            <div className="min-w-0 text-sm">
              <p className={`font-semibold ${step.reached ? (cancelled ? "text-rose-800" : "text-stone-900") : "text-stone-600"}`}>
                {step.label}
                {!step.reached && <span className="sr-only"> {t("cart.order.notYet")}</span>}
                {step.current && <span className="sr-only"> {t("cart.order.currentStatus")}</span>}
              </p>
              <p className="text-stone-600">
                {step.note}
                {step.at && (
                  <>
                    {" · "}
                    <LocalDate iso={step.at} withTime />
                  </>
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
