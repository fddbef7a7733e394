import { data, redirect } from "react-router";
import { AppError } from "#common/errors";
import { ReminderNotice } from "~/components/reminders/reminder-notice";
import { routeMessages } from "#common/i18n/messages.server";
import { RouteMessages } from "~/lib/i18n";
import type { CompiledCatalog } from "#common/i18n/translate";
import { localizedPath, requestLanguage } from "~/lib/i18n.server";
import { seoMeta } from "~/lib/seo";
import { getShopper, withShopperCookies } from "~/lib/shopper.server";
import type { Route } from "./+types/cart-restore";

export const meta: Route.MetaFunction = ({ matches, location }) => seoMeta(matches, location, { noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * A reminder mail's link: brings the reminded cart into this browser (any device; its lines join
 * the cart here, a line already there keeping the larger quantity), then the cart page. A link that
 * is not one of ours says so.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopperCtx = await getShopper(request, context);
  try {
    await context.services.reminders.restore(params.token, shopperCtx.ensureOwner());
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "not_found") throw err;
    return data({ messages: routeMessages(requestLanguage(request), ["reminders"]) }, { status: 404, headers: withShopperCookies(shopperCtx) });
  }
  throw redirect(localizedPath(request, "/shopping-cart"), { headers: withShopperCookies(shopperCtx) });
}

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  return (
    <RouteMessages messages={loaderData.messages as CompiledCatalog}>
      <ReminderNotice title="reminders.invalid.title" text="reminders.invalid.text" testId="reminder-link-invalid" />
    </RouteMessages>
  );
}
