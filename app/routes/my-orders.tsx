import { useEffect, useRef } from "react";
import { Link, data, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { showToast } from "~/lib/toast";
import { OrderDetailsModal } from "~/components/orders/order-details-modal";
import { OrderReturns } from "~/components/orders/order-returns";
import { LocalDate, StatusBadge, useOrderMoney } from "~/components/orders/order-view";
import { PAYMENT_METHOD_KEY } from "~/components/orders/order-status";
import { formText } from "~/lib/auth-form.server";
import { getUser } from "~/lib/auth.server";
import { seoMeta } from "~/lib/seo";
import { getShopper } from "~/lib/shopper.server";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { returnRequestSchema } from "#common/orders/orders.returns.schema";
import type { Order, OrderViewer } from "#modules/orders";
import type { Services } from "#server/wiring/services";
import type { Route } from "./+types/my-orders";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { shopperFields, shopperMessage } from "~/lib/action-failure.server";
import { localizedPath, requestT } from "~/lib/i18n.server";
import { useLocalePath, useRichT, useT } from "~/lib/i18n";
import { pathWithoutLanguage } from "#common/i18n/languages";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** An order this viewer may see, or null (unknown ids and other people's orders look the same). */
async function findOrder(services: Services, orderId: string, viewer: OrderViewer): Promise<Order | null> {
  try {
    return await services.orders.getOrder(orderId, viewer);
  } catch (err) {
    if (err instanceof AppError && (err.code === "not_found" || err.code === "invalid_input" || err.code === "forbidden")) return null;
    throw err;
  }
}

/** The signed-in customer's orders and this browser's guest orders, newest first; `?order=<id>` opens one in the details dialog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { shopper } = await getShopper(request, context);
  const orderId = url.searchParams.get("order");
  const viewer = { shopper, token: url.searchParams.get("token") };
  const [orders, selected] = await Promise.all([
    context.services.orders.listForShopper(shopper),
    orderId ? findOrder(context.services, orderId, viewer) : Promise.resolve(null),
  ]);
  const returns = selected ? await context.services.orderReturns.forCustomer(selected.id, viewer) : null;
  return {
    orders,
    selected,
    // Why no return can be asked for now, in the page's language (the service says it in English).
    returns: returns && {
      ...returns,
      policy: { ...returns.policy, closedReason: returns.policy.closedReason && shopperMessage(request, returns.policy.closedReason) },
    },
    // After a return request: said once, beside the request now listed.
    returned: url.searchParams.get("returned") === "1" && Boolean(selected),
    missing: Boolean(orderId) && !selected,
    // After a cancel (post/redirect/get): said only when the order really is cancelled now.
    cancelled: url.searchParams.get("cancelled") === "1" && selected?.status === "cancelled",
    signedIn: Boolean(getUser(context)),
    description: requestT(request)("cart.myOrders.description"),
  };
}

/**
 * intent=cancel: the customer cancels an order (pending only), then sees it cancelled in the dialog.
 * intent=return: asks to return lines (`qty:<lineId>` fields) with a reason; refusals show in the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const url = new URL(request.url);
  const orderId = formText(form, "orderId");
  const intent = formText(form, "intent");
  const t = requestT(request);
  if ((intent !== "cancel" && intent !== "return") || !orderId) return data({ error: t("cart.myOrders.unknownAction") }, { status: 400 });
  const { shopper } = await getShopper(request, context);
  const token = url.searchParams.get("token");
  if (intent === "return") {
    const lines = [...form.keys()].filter((k) => k.startsWith("qty:")).map((k) => ({ lineId: k.slice(4), quantity: Number(formText(form, k) || 0) }));
    try {
      const input = parseInput(returnRequestSchema, { lines, reason: formText(form, "reason") }, t("cart.returns.check"));
      await context.services.orderReturns.request(orderId, { shopper, token }, input);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return data(
        {
          returnError: err.code === "not_found" ? t("cart.myOrders.notFound") : shopperMessage(request, err.message),
          fields: shopperFields(request, err.fields) ?? null,
        },
        { status: err.status },
      );
    }
    const params = new URLSearchParams({ order: orderId, returned: "1" });
    if (token) params.set("token", token);
    return redirect(localizedPath(request, `/my-orders?${params}`));
  }
  try {
    await context.services.orderMoves.cancelOrder(orderId, { shopper, token });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return data({ error: err.code === "not_found" ? t("cart.myOrders.notFound") : shopperMessage(request, err.message) }, { status: err.status });
  }
  const params = new URLSearchParams({ order: orderId, cancelled: "1" });
  if (token) params.set("token", token);
  return redirect(localizedPath(request, `/my-orders?${params}`));
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, selected, missing, cancelled, signedIn, returns, returned } = loaderData;
  const money = useOrderMoney();
  const base = useImageBase();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const t = useT();
  const richT = useRichT();
  const localePath = useLocalePath();
  const notice =
    selected && cancelled ? t("cart.myOrders.cancelled", { number: selected.number }) : selected && returned ? t("cart.myOrders.returnRequested") : null;
  const actionError = actionData && "error" in actionData ? actionData.error : null;
  const returnError = actionData && "returnError" in actionData ? actionData : null;

  useEffect(() => {
    if (notice) showToast("success", notice);
  }, [notice, location.key]);

  // Closing the dialog gives focus back to the "View details" link that opened it.
  const lastOpened = useRef<string | null>(selected?.id ?? null);
  useEffect(() => {
    if (selected) {
      lastOpened.current = selected.id;
      return;
    }
    if (lastOpened.current) {
      document.querySelector<HTMLElement>(`[data-order-details="${lastOpened.current}"]`)?.focus();
      lastOpened.current = null;
    }
  }, [selected]);

  const signInPath = localePath(`/login?redirectTo=${encodeURIComponent(localePath("/my-orders"))}`);
  const opening =
    navigation.state === "loading" && pathWithoutLanguage(navigation.location.pathname) === "/my-orders"
      ? new URLSearchParams(navigation.location.search).get("order")
      : null;

  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-4xl">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">
              {signedIn ? t("cart.myOrders.account") : t("cart.myOrders.browser")}
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("cart.myOrders.title")}</h1>
          </div>
          {orders.length > 0 && (
            <p className="text-sm text-stone-600" data-testid="orders-total-count">
              {t("cart.myOrders.count", { count: orders.length })}
            </p>
          )}
        </header>

        {missing && (
          <div role="alert" className="mt-6 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm font-medium text-rose-900" data-testid="order-missing">
            {t("cart.myOrders.missing")}
          </div>
        )}

        {!signedIn && orders.length > 0 && (
          <p className="mt-4 rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
            {richT("cart.myOrders.guestNote", {
              signIn: (
                <Link to={signInPath} className="font-semibold text-stone-900 underline underline-offset-4">
                  {t("cart.myOrders.signIn")}
                </Link>
              ),
            })}
          </p>
        )}

        {orders.length === 0 ? (
          <section
            aria-labelledby="no-orders-title"
            className="mt-8 rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:p-12"
            data-testid="orders-empty"
          >
            <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-full bg-stone-100 text-stone-700">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="size-7" focusable="false">
                <path d="M6 7h12l-1 13H7L6 7Z" />
                <path d="M9 7a3 3 0 0 1 6 0" />
              </svg>
            </span>
            <h2 id="no-orders-title" className="mt-4 text-xl font-semibold text-stone-900">
              {t("cart.myOrders.empty")}
            </h2>
            <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-stone-600">
              {signedIn ? t("cart.myOrders.emptyAccount") : t("cart.myOrders.emptyBrowser")}
            </p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <Link
                to={localePath("/product-category")}
                className="inline-flex h-11 items-center justify-center rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-700"
              >
                {t("cart.myOrders.startShopping")}
              </Link>
              {!signedIn && (
                <Link
                  to={signInPath}
                  className="inline-flex h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-900 hover:bg-stone-50"
                >
                  {t("cart.myOrders.signInToSee")}
                </Link>
              )}
            </div>
          </section>
        ) : (
          <ul className="mt-6 grid gap-4" aria-label={t("cart.myOrders.list")} data-testid="orders-list">
            {orders.map((o) => (
              <li key={o.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5" data-testid="order-row">
                <div className="flex gap-4">
                  {o.firstImage ? (
                    <img
                      src={publicImageUrl(o.firstImage, base)}
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
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <h2 className="font-mono text-base font-semibold text-stone-900" data-testid="order-row-number">
                        #{o.number}
                      </h2>
                      <StatusBadge status={o.status} />
                      {o.guest && <span className="text-xs font-medium text-stone-600">{t("cart.myOrders.guestOrder")}</span>}
                    </div>
                    <p className="mt-1 text-sm text-stone-600">
                      <LocalDate iso={o.createdAt} /> · {t("cart.itemCount", { count: o.itemCount })} · {t(PAYMENT_METHOD_KEY[o.paymentMethod])}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="text-base font-bold text-stone-900" data-testid="order-row-total">
                      {money(o.total, o.currency)}
                    </p>
                    {o.giftCardTotal > 0 && (
                      <p className="text-xs text-stone-600" data-testid="order-row-gift-cards">
                        {t("cart.myOrders.paidByGiftCard", { amount: money(o.giftCardTotal, o.currency) })}
                      </p>
                    )}
                  </div>
                </div>
                <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-stone-100 pt-3">
                  {o.guestLink && (
                    <a
                      href={localePath(o.guestLink)}
                      className="inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-stone-800 underline underline-offset-4 hover:bg-stone-50"
                    >
                      {t("cart.myOrders.orderPage")}
                      <span className="sr-only"> {t("cart.myOrders.ofOrder", { number: o.number })}</span>
                    </a>
                  )}
                  <Link
                    to={localePath(`/my-orders?order=${encodeURIComponent(o.id)}`)}
                    preventScrollReset
                    data-order-details={o.id}
                    className="inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-50"
                  >
                    {opening === o.id && (
                      <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
                    )}
                    {t("cart.myOrders.viewDetails")}
                    <span className="sr-only"> {t("cart.myOrders.ofOrder", { number: o.number })}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {selected && (
        <OrderDetailsModal
          key={selected.id}
          order={selected}
          closeHref={localePath("/my-orders")}
          onClose={() => navigate(localePath("/my-orders"), { preventScrollReset: true })}
          notice={notice}
          error={actionError}
        >
          {returns && <OrderReturns orderId={selected.id} info={returns} error={returnError?.returnError} fields={returnError?.fields} />}
        </OrderDetailsModal>
      )}
    </div>
  );
}
