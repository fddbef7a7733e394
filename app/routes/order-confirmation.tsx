import { useEffect } from "react";
import { Link, data } from "react-router";
import { CopyLinkButton } from "~/components/orders/copy-link-button";
import { LineList, LocalDate, OrderFacts, StatusBadge, OrderTotalsList } from "~/components/orders/order-view";
import { getUser } from "~/lib/auth.server";
import { seoMeta } from "~/lib/seo";
import { emitShopEvent } from "~/lib/shop-events";
import { getShopper } from "~/lib/shopper.server";
import { AppError } from "#common/errors";
import { localizedPath, requestT } from "~/lib/i18n.server";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import type { Route } from "./+types/order-confirmation";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

// The address carries the order's secret token: never cached. (The shop-wide referrer policy,
// strict-origin-when-cross-origin, already keeps it from other sites.)
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The order for its owner (signed in, or the browser that placed it) or for the bearer of its link; anything else is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order");
  const token = url.searchParams.get("token");
  if (!orderId) throw data(null, { status: 404, statusText: "Not Found" });
  const { shopper } = await getShopper(request, context);
  try {
    const order = await context.services.orders.getOrder(orderId, { shopper, token });
    const link = token
      ? `${context.services.env.PUBLIC_URL}${localizedPath(request, "/order-confirmation")}?${new URLSearchParams({ order: order.id, token })}`
      : null;
    return { order, link, token, signedIn: Boolean(getUser(context)), description: requestT(request)("cart.confirmation.description") };
  } catch (err) {
    if (err instanceof AppError && (err.code === "not_found" || err.code === "invalid_input" || err.code === "forbidden")) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw err;
  }
}

const REPORTED_KEY = "shop:orders-reported";

/**
 * Tells the shop's event listeners about a placed order the first time this browser shows its
 * confirmation (a reload or a later visit of the link is not a second order): the ids already told
 * are kept in localStorage (the last 20; not a cookie, never sent to the server).
 */
function reportOrderOnce(order: { id: string; totals: { orderTotal: number; currency: string }; lines: Array<{ quantity: number }> }) {
  let reported: string[] = [];
  try {
    reported = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? "[]");
    if (!Array.isArray(reported)) reported = [];
  } catch {
    reported = [];
  }
  if (reported.includes(order.id)) return;
  try {
    localStorage.setItem(REPORTED_KEY, JSON.stringify([...reported, order.id].slice(-20)));
  } catch {
    // Storage full or refused: the order is told once this time all the same.
  }
  emitShopEvent({
    type: "order_placed",
    orderId: order.id,
    value: order.totals.orderTotal,
    currency: order.totals.currency,
    items: order.lines.reduce((n, l) => n + l.quantity, 0),
  });
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, link, token, signedIn } = loaderData;
  useEffect(() => reportOrderOnce(order), [order.id]);
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const awaitingCard = order.paymentMethod === "card" && order.paymentStatus !== "paid" && order.status !== "cancelled";
  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <header className="text-center">
          <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-100 text-emerald-800">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} className="size-7" focusable="false">
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("cart.confirmation.title")}</h1>
          <p className="mt-3 text-base text-stone-700">
            {richT("cart.confirmation.numberPlaced", {
              number: (
                <strong className="font-mono text-lg text-stone-900" data-testid="order-number">
                  {order.number}
                </strong>
              ),
              date: <LocalDate iso={order.createdAt} withTime />,
            })}
          </p>
          <p className="mt-2 text-sm text-stone-600">
            {richT("cart.confirmation.sentTo", { email: <strong className="break-all font-semibold text-stone-900">{order.contact.email}</strong> })}
          </p>
        </header>

        {awaitingCard && (
          <div role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-testid="payment-pending">
            {order.paymentStatus === "failed" ? t("cart.confirmation.paymentFailed") : t("cart.confirmation.paymentWaiting")}{" "}
            {/* Also while pending: a shopper who left the payment page comes back to it here. */}
            <Link
              to={localePath(`/checkout/payment?${new URLSearchParams(token ? { order: order.id, token } : { order: order.id })}`)}
              className="font-semibold underline underline-offset-4"
            >
              {order.paymentStatus === "failed" ? t("cart.confirmation.payNow") : t("cart.confirmation.completePayment")}
            </Link>
          </div>
        )}

        {order.guest && !signedIn && (
          <section
            aria-labelledby="keep-link-title"
            className="mt-8 rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sm text-sky-950 sm:p-6"
            data-testid="guest-link-note"
          >
            <h2 id="keep-link-title" className="text-base font-semibold">
              {t("cart.confirmation.keepLink")}
            </h2>
            <p className="mt-1 leading-relaxed">
              {richT("cart.confirmation.guestNote", {
                myOrders: (
                  <Link to={localePath("/my-orders")} className="font-semibold underline underline-offset-4">
                    {t("cart.myOrders.title")}
                  </Link>
                ),
              })}
            </p>
            {link && <CopyLinkButton link={link} />}
          </section>
        )}

        <section aria-labelledby="order-items-title" className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="order-items-title" className="text-lg font-semibold text-stone-900">
              {t("cart.confirmation.yourOrder")}
            </h2>
            <StatusBadge status={order.status} />
          </div>
          <div className="mt-2">
            <LineList lines={order.lines} currency={order.totals.currency} />
          </div>
          <div className="mt-3 border-t border-stone-200 pt-4">
            <OrderTotalsList order={order} />
          </div>
        </section>

        <section aria-labelledby="order-delivery-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="order-delivery-title" className="mb-4 text-lg font-semibold text-stone-900">
            {t("cart.order.deliveryAndPayment")}
          </h2>
          <OrderFacts order={order} showEmail />
        </section>

        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link
            to={localePath("/my-orders")}
            className="inline-flex h-12 items-center justify-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
          >
            {t("cart.confirmation.viewOrders")}
          </Link>
          <Link
            to={localePath("/product-category")}
            className="inline-flex h-12 items-center justify-center rounded-full border border-stone-300 bg-white px-6 text-sm font-semibold text-stone-900 hover:bg-stone-50"
          >
            {t("cart.continueShopping")}
          </Link>
        </div>
      </div>
    </div>
  );
}
