import { data } from "react-router";
import { AppError } from "#common/errors";
import { ReminderNotice } from "~/components/reminders/reminder-notice";
import { routeMessages } from "#common/i18n/messages.server";
import { RouteMessages } from "~/lib/i18n";
import type { CompiledCatalog } from "#common/i18n/translate";
import { requestLanguage } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/cart-reminders-stop";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** A reminder mail's unsubscribe link: one click, no more cart reminders for that customer or address. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const messages = routeMessages(requestLanguage(request), ["reminders"]);
  try {
    await context.services.reminders.unsubscribe(params.token);
    return { stopped: true, messages };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "not_found") throw err;
    return data({ stopped: false, messages }, { status: 404 });
  }
}

export default function CartRemindersStop({ loaderData }: Route.ComponentProps) {
  return (
    <RouteMessages messages={loaderData.messages as CompiledCatalog}>
      {loaderData.stopped ? (
        <ReminderNotice title="reminders.stopped.title" text="reminders.stopped.text" testId="reminders-stopped" />
      ) : (
        <ReminderNotice title="reminders.invalid.title" text="reminders.invalid.text" testId="reminder-link-invalid" />
      )}
    </RouteMessages>
  );
}
