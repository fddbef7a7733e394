import { Link } from "react-router";
import { FormAlert } from "~/components/auth/ui";
import { CardPaymentForm } from "~/components/payment/card-payment-form";
import { loadPaymentPage } from "~/components/payment/payment-page.server";
import { formatMoney } from "~/lib/money";
import { seoMeta } from "~/lib/seo";
import { useLanguage, useT } from "~/lib/i18n";
import { requestT } from "~/lib/i18n.server";
import type { Route } from "./+types/checkout-payment";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  seoMeta(matches, location, { description: loaderData?.description, noindex: true });

// The address carries the order's secret token and the page a payment's client secret: never
// cached; the shop-wide Referrer-Policy (strict-origin-when-cross-origin) keeps the token out of
// the Referer other sites see.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** A card order awaiting payment, for its owner or the bearer of its link (see loadPaymentPage). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadPaymentPage(request, context)), description: requestT(request)("cart.payment.description") };
}

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  const { locale, language } = useLanguage();
  const t = useT();
  const { order } = loaderData;
  const total = formatMoney(order.total, order.currency, locale);
  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-xl">
        <header className="text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{t("cart.payment.lastStep")}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t("cart.payment.title")}</h1>
          <p className="mt-3 text-base text-stone-700">{t("cart.payment.intro")}</p>
        </header>

        <section
          aria-label={t("cart.payment.orderToPay")}
          className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
          data-testid="payment-order"
        >
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600">{t("cart.payment.orderNumber")}</dt>
              <dd className="font-mono font-semibold text-stone-900" data-testid="order-number">
                {order.number}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-stone-600">{t("cart.payment.receiptTo")}</dt>
              <dd className="min-w-0 break-all text-right text-stone-900">{order.email}</dd>
            </div>
            <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
              <dt className="font-semibold text-stone-900">{t("cart.payment.totalToPay")}</dt>
              <dd className="font-bold text-stone-900" data-testid="payment-total">
                {total}
              </dd>
            </div>
          </dl>
        </section>

        <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          {loaderData.state === "ready" ? (
            <CardPaymentForm
              publishableKey={loaderData.publishableKey}
              clientSecret={loaderData.clientSecret}
              returnUrl={loaderData.returnUrl}
              amountLabel={total}
              language={language}
              initialError={loaderData.lastError}
            />
          ) : (
            <div className="grid gap-4" data-testid="payment-service-unavailable">
              <FormAlert kind="error">{t("cart.payment.serviceDown")}</FormAlert>
              <Link
                to={loaderData.retryPath}
                className="inline-flex h-12 items-center justify-center rounded-full bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-700"
              >
                {t("cart.payment.tryAgain")}
              </Link>
            </div>
          )}
        </div>

        <p className="mt-6 text-center text-sm text-stone-700">
          <Link to={loaderData.confirmationPath} className="font-semibold underline underline-offset-4 hover:text-stone-900">
            {t("cart.payment.viewOrder")}
          </Link>
        </p>
      </div>
    </div>
  );
}
