import { data } from "react-router";
import { AppError } from "#common/errors";
import type { Preferences } from "#common/alerts/alerts.schema";
import { getUser } from "~/lib/auth.server";
import type { Route } from "./+types/account-preferences";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The signed-in account's mail switches (null for a visitor). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  return data({ preferences: user ? await context.services.users.getPreferences(user.id) : null }, { headers: PRIVATE });
}

/** Sets one switch from a form (`priceDropAlerts` or `cartReminders`, "on" or "off"); a visitor gets 401. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user) throw data(null, { status: 401 });
  const form = await request.formData();
  const patch: Partial<Preferences> = {};
  for (const key of ["priceDropAlerts", "cartReminders"] as const) {
    const value = form.get(key);
    if (value !== null) patch[key] = value === "on";
  }
  try {
    return data({ ok: true as const, preferences: await context.services.users.setPreferences(user.id, patch) }, { headers: PRIVATE });
  } catch (err) {
    if (err instanceof AppError) return data({ ok: false as const, preferences: null }, { status: err.status, headers: PRIVATE });
    throw err;
  }
}
