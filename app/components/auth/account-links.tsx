import { Form, useLocation, useNavigation } from "react-router";
import type { SessionUser } from "~/lib/use-auth";
import { isStaff } from "#common/auth/roles";
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

/** Where a signed-in user can go: profile pages, orders, the admin area for staff and admins. */
export function accountLinks(user: SessionUser) {
  return [
    { to: "/my-profile", label: "My profile" },
    { to: "/update-profile", label: "Update profile" },
    { to: "/my-orders", label: "My orders" },
    ...(isStaff(user) ? [{ to: "/admin-dashboard", label: "Admin dashboard" }] : []),
  ];
}

/** The Sign out button: a POST form (works without JavaScript), busy while the request runs. */
export function SignOutButton({ className }: { className: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout";
  // Stay on public pages; leave private ones (their guard would send a signed-out visitor to the sign-in page).
  const here = location.pathname;
  const stay = !/^\/(my-profile|update-profile|my-orders|admin-dashboard|verify-email|reset-password|checkout|order-confirmation)/.test(here);
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="redirectTo" value={stay ? `${here}${location.search}` : "/"} />
      <button type="submit" disabled={busy} className={className}>
        {busy ? "Signing out…" : "Sign out"}
      </button>
    </Form>
  );
}
