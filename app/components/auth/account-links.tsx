import { Form, useLocation, useNavigation } from "react-router";
import type { SessionUser } from "~/lib/use-auth";
import { isStaff } from "#common/auth/roles";
import { pathWithoutLanguage } from "#common/i18n/languages";
import type { Translate } from "#common/i18n/translate";
import { useLocalePath, useT } from "~/lib/i18n";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";

/** The user's photo, or their initials on a coloured disc; decorative (the name is always written beside or in a label). */
export function Avatar({ user, className = "size-8 text-xs" }: { user: Pick<SessionUser, "name" | "email" | "image">; className?: string }) {
  const base = useImageBase();
  if (user.image) {
    return <img src={publicImageUrl(user.image, base)} alt="" className={`${className} shrink-0 rounded-full object-cover`} referrerPolicy="no-referrer" />;
  }
  const words = (user.name || user.email).trim().split(/\s+/);
  const initials = (words.length > 1 ? words[0][0] + words[words.length - 1][0] : words[0].slice(0, 2)).toUpperCase();
  return (
    <span aria-hidden="true" className={`${className} grid shrink-0 place-items-center rounded-full bg-amber-300 font-bold text-stone-950`}>
      {initials}
    </span>
  );
}

/**
 * Where a signed-in user can go: profile pages, orders, the admin area for staff and admins. The
 * labels are in the language of `t` (the page's); the paths are the default language's, for the
 * menu to put in the page's language (all but the admin area, which has no other).
 */
export function accountLinks(user: SessionUser, t: Translate) {
  return [
    { to: "/my-profile", label: t("account.links.myProfile") },
    { to: "/update-profile", label: t("account.links.updateProfile") },
    { to: "/my-orders", label: t("account.links.myOrders") },
    ...(isStaff(user) ? [{ to: "/admin-dashboard", label: t("account.links.adminDashboard") }] : []),
  ];
}

/** The Sign out button: a POST form (works without JavaScript), busy while the request runs. */
export function SignOutButton({ className }: { className: string }) {
  const t = useT();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout";
  // Stay on public pages; leave private ones (their guard would send a signed-out visitor to the
  // sign-in page) for the home page, in the page's language either way.
  const here = location.pathname;
  const stay = !/^\/(my-profile|update-profile|my-orders|admin-dashboard|verify-email|reset-password|checkout|order-confirmation)/.test(
    pathWithoutLanguage(here),
  );
  return (
    // One sign-out address for every language (/logout is outside them); redirectTo says where to land.
    <Form method="post" action="/logout">
      <input type="hidden" name="redirectTo" value={stay ? `${here}${location.search}` : localePath("/")} />
      <button type="submit" disabled={busy} className={className}>
        {busy ? t("account.signOut.busy") : t("account.signOut.button")}
      </button>
    </Form>
  );
}
