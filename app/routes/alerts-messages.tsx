import { Outlet } from "react-router";
import { routeMessages } from "#common/i18n/messages.server";
import type { CompiledCatalog } from "#common/i18n/translate";
import { RouteMessages } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import type { Route } from "./+types/alerts-messages";

/** The alerts' texts around the pages of their mails' links and of the stock alert's form without JavaScript; no other page carries them. */
export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(requestLanguage(request), ["alerts"]) };
}

export default function AlertsMessages({ loaderData }: Route.ComponentProps) {
  return (
    <RouteMessages messages={loaderData.messages as CompiledCatalog}>
      <Outlet />
    </RouteMessages>
  );
}
