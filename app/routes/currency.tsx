import { data, redirect } from "react-router";
import { marketOf } from "#common/currency";
import { sameSitePath } from "#common/same-site-path";
import { CURRENCY_COOKIE } from "~/lib/market.server";
import { requestT } from "~/lib/i18n.server";
import type { Route } from "./+types/currency";

const YEAR = 365 * 24 * 60 * 60;

/**
 * The currency switcher's form: keeps the shopper's choice in a cookie (a year) and goes back to the
 * page it was made on (a plain form post, so it works before JavaScript). A currency the shop does
 * not offer is a 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const settings = await context.services.content.getSettings();
  const market = marketOf(settings, String(form.get("currency") ?? ""));
  if (!market) throw data({ message: requestT(request)("market.currency.unknown") }, { status: 400 });
  const back = sameSitePath(form.get("back")) ?? "/";
  const secure = context.services.env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return redirect(back, { headers: { "Set-Cookie": `${CURRENCY_COOKIE}=${market.currency}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}` } });
}

/** Nothing to show: a visit goes home. */
export function loader() {
  return redirect("/");
}
