import { Link } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { formatMoney } from "~/lib/money";
import { useShop } from "~/lib/shop";
import { countryName } from "#common/geo";
import type { Order, OrderAddress, OrderLine, OrderTotals } from "#modules/orders";
import type { OrderStatus } from "#common/orders/order-status";
import { PAYMENT_METHOD_LABEL } from "#common/payments/payment-methods";
import { STATUS_BADGE, STATUS_LABEL, orderTimeline, paymentStatusLabel } from "./order-status";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";

/** Money in the order's own currency (an order keeps the currency it was placed in). */
export function useOrderMoney(): (amount: number, currency: string) => string {
  const { settings } = useShop();
  return (amount, currency) => formatMoney(amount, currency, settings.locale);
}

/** An order's status as a small coloured badge. */
export function StatusBadge({ status, className = "" }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${STATUS_BADGE[status]} ${className}`}
      data-testid="order-status"
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

/**
 * A date (and time) in a <time> element: in UTC on the server and during hydration (so both
 * render the same text), then in the visitor's own time zone.
 */
export function LocalDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { settings } = useShop();
  const hydrated = useHydrated();
  const options: Intl.DateTimeFormatOptions = withTime
    ? { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }
    : { day: "numeric", month: "short", year: "numeric" };
  const text = new Intl.DateTimeFormat(settings.locale || "en", hydrated ? options : { ...options, timeZone: "UTC" }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

/** The payment status in words, with how much refunds gave back ("Partly refunded · $20.00 of $99.99"). */
export function usePaymentStatusLabel(): (o: Pick<Order, "paymentMethod" | "paymentStatus"> & { total: number; refunded: number; currency: string }) => string {
  const money = useOrderMoney();
  return (o) => paymentStatusLabel(o.paymentMethod, o.paymentStatus, { refunded: money(o.refunded, o.currency), total: money(o.total, o.currency) });
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
                  <Link to={`/products/${line.slug}`} className="hover:underline">
                    {line.name}
                  </Link>
                ) : (
                  line.name
                )}
              </p>
              {variant && <p className="mt-0.5 text-sm text-stone-600">{variant}</p>}
              <p className="mt-0.5 text-sm text-stone-600">
                <span data-testid="line-quantity">Qty {line.quantity}</span> × {money(line.finalPrice, currency)}
                {line.discount > 0 && line.price > line.finalPrice && (
                  <>
                    {" "}
                    <s className="text-stone-500">
                      <span className="sr-only">instead of </span>
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

/**
 * Subtotal (the lines as printed), shipping and total, as the server computed them: they add up as
 * shown. The discounts are already in the lines, so they are said ("You save"), never subtracted
 * again. An order with refunds adds them and what it comes to after them.
 */
export function TotalsList({
  totals,
  shippingLabel,
}: {
  totals: Pick<OrderTotals, "itemsSubtotal" | "discount" | "shipping" | "total" | "currency"> & Partial<Pick<OrderTotals, "refunded" | "net">>;
  shippingLabel?: string;
}) {
  const money = useOrderMoney();
  const c = totals.currency;
  return (
    <dl className="space-y-2 text-sm" data-testid="order-totals">
      <div className="flex flex-wrap justify-between gap-x-4">
        <dt className="text-stone-700">Subtotal</dt>
        <dd className="font-medium text-stone-900" data-testid="totals-subtotal">
          {money(totals.itemsSubtotal, c)}
        </dd>
        {totals.discount > 0 && (
          <dd className="w-full text-xs text-emerald-800" data-testid="totals-savings">
            You save {money(totals.discount, c)} on list prices
          </dd>
        )}
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-700">Shipping{shippingLabel ? <span className="block text-xs text-stone-600">{shippingLabel}</span> : null}</dt>
        <dd className="font-medium text-stone-900" data-testid="totals-shipping">
          {totals.shipping === 0 ? "Free" : money(totals.shipping, c)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
        <dt className="font-semibold text-stone-900">Total</dt>
        <dd className="font-bold text-stone-900" data-testid="totals-total">
          {money(totals.total, c)}
        </dd>
      </div>
      {totals.refunded !== undefined && totals.net !== undefined && totals.refunded > 0 && (
        <>
          <div className="flex justify-between gap-4">
            <dt className="text-stone-700">Refunded</dt>
            <dd className="font-medium text-stone-900" data-testid="totals-refunded">
              −{money(totals.refunded, c)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
            <dt className="font-semibold text-stone-900">Total after refunds</dt>
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
      {countryName(address.country)}
    </address>
  );
}

/** A shipment: the courier, the tracking number and the link to the courier's tracking page. */
export function Tracking({ tracking }: { tracking: NonNullable<Order["tracking"]> }) {
  const { courier, number, url } = tracking;
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
            Track your parcel<span className="sr-only"> with {courier ?? "the courier"} (opens in a new tab)</span>
          </a>
        </>
      )}
    </>
  );
}

/** Delivery address, shipping method, payment and tracking, side by side on wide screens. */
export function OrderFacts({ order, showEmail = false, showTracking = true }: { order: Order; showEmail?: boolean; showTracking?: boolean }) {
  const paymentLabel = usePaymentStatusLabel();
  const facts: Array<{ term: string; testId?: string; className?: string; value: React.ReactNode }> = [
    { term: "Shipping method", testId: "order-shipping-method", value: order.shippingMethod.name },
    {
      term: "Payment",
      testId: "order-payment",
      value: (
        <>
          {PAYMENT_METHOD_LABEL[order.paymentMethod]} · <span data-testid="order-payment-status">{paymentLabel({ ...order, ...order.totals })}</span>
        </>
      ),
    },
  ];
  if (order.tracking && showTracking) facts.push({ term: "Tracking", testId: "order-tracking", value: <Tracking tracking={order.tracking} /> });
  if (showEmail) facts.push({ term: "Confirmation sent to", testId: "order-email", className: "break-all", value: order.contact.email });
  if (order.notes) facts.push({ term: "Your notes", className: "whitespace-pre-line", value: order.notes });
  if (order.messages.length) {
    facts.push({
      term: "Messages from the shop",
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
        <dt className="font-semibold text-stone-900">Delivery address</dt>
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
  const steps = orderTimeline(order);
  return (
    <ol className="relative space-y-0" aria-label="Order status" data-testid="status-timeline">
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
                {!step.reached && <span className="sr-only"> (not yet)</span>}
                {step.current && <span className="sr-only"> (current status)</span>}
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
