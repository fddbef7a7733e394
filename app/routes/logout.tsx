import { redirect } from "react-router";
import { callAuth, redirectWithCookies, safeRedirect } from "~/lib/auth-form.server";
import type { Route } from "./+types/logout";

/** Signing out changes state, so it is a POST (the account menu's form); a visit just goes home. */
export function loader() {
  return redirect("/");
}

/** Ends the session (better-auth clears its cookies) and goes to the home page, or `redirectTo`. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await callAuth(context, request, "/sign-out", {});
  return redirectWithCookies(safeRedirect(form.get("redirectTo")), result);
}
