import { Link, data, redirect } from "react-router";
import { AuthPage, FormAlert } from "~/components/auth/ui";
import { type StockAlertResult, subscribeFromPage } from "~/lib/alerts.server";
import { useLocalePath, useT } from "~/lib/i18n";
import { localizedPath } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/stock-alerts";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

/** Nothing to show without a form sent: the shop's home. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(localizedPath(request, "/"));
}

/** The product page's "Tell me when it's back" form (a fetcher; without JavaScript, this page shows the answer). */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await subscribeFromPage(request, context, await request.formData());
  return data<StockAlertResult>(result, { status: result.ok ? 200 : 400 });
}

export default function StockAlerts({ actionData }: Route.ComponentProps) {
  const t = useT();
  const localePath = useLocalePath();
  const result = actionData as StockAlertResult | undefined;
  return (
    <AuthPage title={t("alerts.form.title")}>
      {result && (
        <FormAlert kind={result.ok ? "success" : "error"}>
          {result.ok ? t(result.status === "pending" ? "alerts.form.pending" : "alerts.form.waiting") : result.message}
        </FormAlert>
      )}
      <p className="mt-6">
        <Link to={localePath("/")} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
          {t("shop.error.backToShop")}
        </Link>
      </p>
    </AuthPage>
  );
}
