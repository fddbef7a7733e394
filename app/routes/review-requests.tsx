import { Form, Link, data, useNavigation } from "react-router";
import { AppError } from "#common/errors";
import { routeMessages } from "#common/i18n/messages.server";
import type { CompiledCatalog } from "#common/i18n/translate";
import { AuthPage, FormAlert, SubmitButton } from "~/components/auth/ui";
import { RouteMessages, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/review-requests";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });

const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers() {
  return PRIVATE;
}

/** The page of the link under a review request: the button stops them (a mail scanner opening the link changes nothing). */
export function loader({ request }: Route.LoaderArgs) {
  return data({ done: null as null | "stopped" | "invalid", messages: routeMessages(requestLanguage(request), ["reviews"]) }, { headers: PRIVATE });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const messages = routeMessages(requestLanguage(request), ["reviews"]);
  try {
    await context.services.reviews.stopRequests(params.token);
    return data({ done: "stopped" as const, messages }, { headers: PRIVATE });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return data({ done: "invalid" as const, messages }, { status: 404, headers: PRIVATE });
    throw err;
  }
}

export default function ReviewRequestsPage(props: Route.ComponentProps) {
  return (
    <RouteMessages messages={props.loaderData.messages as CompiledCatalog}>
      <StopRequests done={(props.actionData ?? props.loaderData).done} />
    </RouteMessages>
  );
}

function StopRequests({ done }: { done: null | "stopped" | "invalid" }) {
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AuthPage title={t("reviews.stop.title")}>
      {done ? (
        <FormAlert kind={done === "stopped" ? "success" : "error"} testId="review-requests-done">
          {t(done === "stopped" ? "reviews.stop.done" : "reviews.stop.invalid")}
        </FormAlert>
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-stone-800">{t("reviews.stop.ask")}</p>
          <SubmitButton busy={busy} busyLabel={t("reviews.stop.sending")}>
            {t("reviews.stop.button")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6">
        <Link to={localePath("/")} className="font-semibold text-stone-900 underline underline-offset-4 hover:text-stone-700">
          {t("shop.error.backToShop")}
        </Link>
      </p>
    </AuthPage>
  );
}
