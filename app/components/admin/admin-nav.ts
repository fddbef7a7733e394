import { type AccessHolder, can, screenAccess } from "#common/auth/permissions";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import type { AdminCrumb } from "./ui";

/** The sidebar's figures, loaded by the admin layout for the areas the user may see. */
export interface AdminCounts {
  /** Orders waiting to be prepared (status pending). */
  pendingOrders?: number;
  /** Contact messages nobody has opened yet (status new). */
  unreadMessages?: number;
  /** Return requests waiting for an answer. */
  requestedReturns?: number;
  /** Product reviews waiting for a moderator. */
  pendingReviews?: number;
}

/** An admin screen of spec section 2. */
export interface AdminScreen {
  /** The path under /admin-dashboard, as in app/routes.ts and the permission table. */
  path: string;
  /** Its name in the admin catalog. */
  label: MessageKey;
  /** The sidebar figure shown beside it, and how it reads ("(3 pending)", a message with `{count}`). */
  badge?: { count: keyof AdminCounts; text: MessageKey };
}

/** The admin screens of spec section 2, grouped by area for the sidebar. */
export const ADMIN_NAV: Array<{ title: MessageKey; screens: AdminScreen[] }> = [
  {
    title: "admin.nav.catalogue",
    screens: [
      { path: "all-products", label: "admin.nav.allProducts" },
      { path: "add-product", label: "admin.nav.addProduct" },
      { path: "add-category", label: "admin.nav.categories" },
      { path: "stock-alerts", label: "admin.nav.stockAlerts" },
    ],
  },
  {
    title: "admin.nav.orders",
    screens: [
      { path: "orders", label: "admin.nav.allOrders" },
      { path: "orders/pending", label: "admin.nav.pending", badge: { count: "pendingOrders", text: "admin.nav.badge.pending" } },
      { path: "orders/completed", label: "admin.nav.completed" },
      { path: "orders/management", label: "admin.nav.orderManagement" },
      { path: "returns", label: "admin.nav.returns", badge: { count: "requestedReturns", text: "admin.nav.badge.requested" } },
      { path: "gift-cards", label: "admin.nav.giftCards" },
    ],
  },
  {
    title: "admin.nav.customers",
    screens: [
      { path: "users", label: "admin.nav.users" },
      { path: "contact-messages", label: "admin.nav.contactMessages", badge: { count: "unreadMessages", text: "admin.nav.badge.new" } },
      { path: "reviews", label: "admin.nav.reviews", badge: { count: "pendingReviews", text: "admin.nav.badge.pending" } },
    ],
  },
  {
    title: "admin.nav.marketing",
    screens: [{ path: "promotions", label: "admin.nav.promotions" }],
  },
  {
    title: "admin.nav.reports",
    screens: [
      { path: "sales-report", label: "admin.nav.salesReport" },
      { path: "tax-report", label: "admin.nav.taxReport" },
      { path: "cart-reminders", label: "admin.nav.cartReminders" },
      { path: "analytics", label: "admin.nav.analytics" },
    ],
  },
  {
    title: "admin.nav.shop",
    screens: [
      { path: "settings", label: "admin.nav.settings" },
      { path: "banner-management", label: "admin.nav.banners" },
      { path: "facebook-pixel", label: "admin.nav.pixel" },
      { path: "webhooks", label: "admin.nav.webhooks" },
      { path: "audit-log", label: "admin.nav.auditLog" },
      { path: "background-jobs", label: "admin.nav.backgroundJobs" },
    ],
  },
];

/** Screens that are not in the sidebar but open from one that is (their breadcrumb goes through it). */
const CHILD_SCREENS: Array<{ pattern: RegExp; label: MessageKey; parent: string }> = [
  { pattern: /^edit-product\/[^/]+$/, label: "admin.nav.editProduct", parent: "all-products" },
  { pattern: /^orders\/(?!(?:pending|completed|management|returns|print)$)[^/]+$/, label: "admin.nav.order", parent: "orders" },
  { pattern: /^users\/[^/]+$/, label: "admin.nav.customer", parent: "users" },
  { pattern: /^contact-messages\/[^/]+$/, label: "admin.nav.message", parent: "contact-messages" },
  { pattern: /^webhooks\/[^/]+$/, label: "admin.nav.endpoint", parent: "webhooks" },
  { pattern: /^settings\/taxes$/, label: "admin.nav.taxes", parent: "settings" },
  { pattern: /^promotions\/[^/]+$/, label: "admin.nav.promotion", parent: "promotions" },
  { pattern: /^gift-cards\/[^/]+$/, label: "admin.nav.giftCard", parent: "gift-cards" },
];

const screenPath = (pathname: string) => pathname.replace(/^\/admin-dashboard\/?/, "").replace(/\/+$/, "");

/** The admin screen at `pathname` (for titles and breadcrumbs). */
export function adminScreenFor(pathname: string): AdminScreen | undefined {
  const rest = screenPath(pathname);
  const child = CHILD_SCREENS.find((c) => c.pattern.test(rest));
  if (child) return { path: rest, label: child.label };
  return ADMIN_NAV.flatMap((g) => g.screens).find((s) => s.path === rest);
}

/** Whether `user` may open the screen at `path` (under /admin-dashboard), by the one permission table. */
export function mayOpen(user: AccessHolder | null | undefined, path: string): boolean {
  const access = screenAccess(`/admin-dashboard/${path}`);
  return access !== undefined && can(user, access);
}

/** The sidebar for `user`: only the screens they may open, and only the areas with one left. */
export function navFor(user: AccessHolder | null | undefined): typeof ADMIN_NAV {
  return ADMIN_NAV.map((g) => ({ ...g, screens: g.screens.filter((s) => mayOpen(user, s.path)) })).filter((g) => g.screens.length > 0);
}

/**
 * The breadcrumb trail of the admin page at `pathname`: Dashboard › area › screen, through the
 * parent screen for a child one (Dashboard › Catalogue › All products › Edit product), its labels
 * in the admin's language (`t`). `last` (a screen's `handle.breadcrumb`, e.g. the product's name)
 * replaces or follows the screen's own label: it replaces a child screen's generic label and
 * follows a sidebar screen's, which becomes a link.
 */
export function adminCrumbs(pathname: string, t: Translate, last?: string): AdminCrumb[] {
  const rest = screenPath(pathname);
  const home: AdminCrumb = { label: t("admin.nav.dashboard"), href: "/admin-dashboard" };
  if (rest === "") return [{ label: t("admin.nav.dashboard") }];
  const child = CHILD_SCREENS.find((c) => c.pattern.test(rest));
  const path = child ? child.parent : rest;
  const group = ADMIN_NAV.find((g) => g.screens.some((s) => s.path === path));
  const screen = group?.screens.find((s) => s.path === path);
  if (!group || !screen) return last ? [home, { label: last }] : [home];
  const area = { label: t(group.title) };
  if (child) return [home, area, { label: t(screen.label), href: `/admin-dashboard/${screen.path}` }, { label: last ?? t(child.label) }];
  if (last) return [home, area, { label: t(screen.label), href: `/admin-dashboard/${screen.path}` }, { label: last }];
  return [home, area, { label: t(screen.label) }];
}

/**
 * What an admin route module may export as `handle` (React Router's route handle): `breadcrumb`
 * gives the last crumb from the route's loader data, e.g. the product's name on edit-product:
 * `export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { breadcrumb: (data) => data.product.name }`;
 * `t` is the admin's translate function, for a crumb that is a text of its own.
 */
export interface AdminHandle<Data = unknown> {
  breadcrumb?: (data: Data, t: Translate) => string | undefined;
}

/** The name an admin screen gives what it shows (its `handle.breadcrumb` from its loader data: a product's name, an order's number), or undefined. */
export function screenName(leaf: { handle?: unknown; loaderData?: unknown } | undefined, t: Translate): string | undefined {
  const handle = leaf?.handle as AdminHandle | undefined;
  return handle?.breadcrumb && leaf?.loaderData !== undefined ? handle.breadcrumb(leaf.loaderData, t) : undefined;
}
