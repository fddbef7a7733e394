import { Form, Link, data, useNavigation } from "react-router";
import { AppError } from "#common/errors";
import type { AlertView } from "#modules/alerts";
import { AuthPage, FormAlert, SubmitButton } from "~/components/auth/ui";
import { useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/stock-alert";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The alert a mail's link names, or null when it is gone (unsubscribed, or its product deleted). */
async function viewOf(context: Route.LoaderArgs["context"], token: string, request: Request): Promise<AlertView | null> {
  try {
    return await context.services.alerts.view(token, requestLanguage(request));
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/**
 * The page of a back-in-stock mail's link: confirming happens only by the button (a mail scanner
 * that opens links confirms nothing), and so does unsubscribing (the mail client's one-click goes
 * to the API). Nothing here is cached.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return data({ alert: await viewOf(context, params.token, request), done: null as null | "confirmed" | "unsubscribed" }, { headers: PRIVATE });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const intent = (await request.formData()).get("intent");
  const { alerts } = context.services;
  try {
    if (intent === "confirm") await alerts.confirm(params.token);
    else await alerts.unsubscribe(params.token);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "not_found")) throw err;
  }
  const done = intent === "confirm" ? "confirmed" : "unsubscribed";
  return data({ alert: done === "confirmed" ? await viewOf(context, params.token, request) : null, done }, { headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

export default function StockAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  // The button whose form is being sent shows it (not the other one).
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const { alert, done } = actionData ?? loaderData;
  const link = "font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700";

  if (!alert) {
    return (
      <AuthPage title={t("alerts.page.title")}>
        <FormAlert kind={done === "unsubscribed" ? "success" : "info"} testId="stock-alert-gone">
          {t("alerts.page.gone")}
        </FormAlert>
        <p className="mt-6">
          <Link to={localePath("/")} className={link}>
            {t("shop.error.backToShop")}
          </Link>
        </p>
      </AuthPage>
    );
  }
  const product = alert.product;
  return (
    <AuthPage title={t("alerts.page.title")}>
      <div className="grid gap-6">
        {alert.status === "pending" ? (
          <Form method="post" className="grid gap-4">
            <p className="text-stone-800">{t("alerts.page.pending", { product })}</p>
            <SubmitButton name="intent" value="confirm" busy={sending === "confirm"} busyLabel={t("alerts.form.sending")}>
              {t("alerts.page.confirm")}
            </SubmitButton>
          </Form>
        ) : (
          <FormAlert kind={done === "confirmed" ? "success" : "info"} testId="stock-alert-state">
            {t(alert.status === "notified" ? "alerts.page.notified" : "alerts.page.waiting", { product })}
          </FormAlert>
        )}
        <Form method="post" className="grid gap-3 border-t border-stone-200 pt-6">
          <p className="text-sm text-stone-700">{t("alerts.page.leave")}</p>
          <SubmitButton name="intent" value="unsubscribe" variant="secondary" busy={sending === "unsubscribe"} busyLabel={t("alerts.form.sending")}>
            {t("alerts.page.unsubscribe")}
          </SubmitButton>
        </Form>
        <p>
          <Link to={localePath(alert.productPath)} className={link}>
            {t("alerts.page.product")}
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}
