/**
 * An account menu's link in the page's language, but for the admin area, which has one language
 * and no prefixed addresses.
 */
export function accountHref(to: string, localePath: (path: string) => string): string {
  return to === "/admin-dashboard" || to.startsWith("/admin-dashboard/") ? to : localePath(to);
}
