import { Form, Link, data, useNavigation } from "react-router";
import { AppError } from "#common/errors";
import { AuthPage, FormAlert, SubmitButton } from "~/components/auth/ui";
import { useLocalePath, useT } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/price-drop-alerts";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers() {
  return PRIVATE;
}

/** The page of a price-drop mail's unsubscribe link: the button switches the mails off (a mail scanner opening the link changes nothing). */
export function loader() {
  return data({ done: null as null | "stopped" | "invalid" }, { headers: PRIVATE });
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    await context.services.alerts.stopPriceDrops(params.token);
    return data({ done: "stopped" as const }, { headers: PRIVATE });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return data({ done: "invalid" as const }, { status: 404, headers: PRIVATE });
    throw err;
  }
}

export default function PriceDropAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const done = (actionData ?? loaderData).done;
  return (
    <AuthPage title={t("alerts.drops.title")}>
      {done ? (
        <FormAlert kind={done === "stopped" ? "success" : "error"} testId="price-drops-done">
          {t(done === "stopped" ? "alerts.drops.stopped" : "alerts.drops.invalid")}
        </FormAlert>
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-stone-800">{t("alerts.drops.ask")}</p>
          <SubmitButton busy={busy} busyLabel={t("alerts.form.sending")}>
            {t("alerts.drops.stop")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6">
        <Link to={localePath("/wishlist")} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
          {t("shop.error.backToShop")}
        </Link>
      </p>
    </AuthPage>
  );
}
