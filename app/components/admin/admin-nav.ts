import { type AccessHolder, can, screenAccess } from "#common/auth/permissions";
import type { AdminCrumb } from "./ui";

/** The sidebar's figures, loaded by the admin layout for the areas the user may see. */
export interface AdminCounts {
  /** Orders waiting to be prepared (status pending). */
  pendingOrders?: number;
  /** Contact messages nobody has opened yet (status new). */
  unreadMessages?: number;
  /** Return requests waiting for an answer. */
  requestedReturns?: number;
}

/** An admin screen of spec section 2. */
export interface AdminScreen {
  /** The path under /admin-dashboard, as in app/routes.ts and the permission table. */
  path: string;
  label: string;
  /** The sidebar figure shown beside it, and how it reads ("3 pending"). */
  badge?: { count: keyof AdminCounts; noun: string };
}

/** The admin screens of spec section 2, grouped by area for the sidebar. */
export const ADMIN_NAV: Array<{ title: string; screens: AdminScreen[] }> = [
  {
    title: "Catalogue",
    screens: [
      { path: "all-products", label: "All products" },
      { path: "add-product", label: "Add product" },
      { path: "add-category", label: "Categories" },
    ],
  },
  {
    title: "Orders",
    screens: [
      { path: "orders", label: "All orders" },
      { path: "orders/pending", label: "Pending", badge: { count: "pendingOrders", noun: "pending" } },
      { path: "orders/completed", label: "Completed" },
      { path: "orders/management", label: "Order management" },
      { path: "returns", label: "Returns", badge: { count: "requestedReturns", noun: "requested" } },
    ],
  },
  {
    title: "Customers",
    screens: [
      { path: "users", label: "Users" },
      { path: "contact-messages", label: "Contact messages", badge: { count: "unreadMessages", noun: "new" } },
    ],
  },
  {
    title: "Reports",
    screens: [
      { path: "sales-report", label: "Sales report" },
      { path: "analytics", label: "Site analytics" },
    ],
  },
  {
    title: "Shop",
    screens: [
      { path: "settings", label: "Site settings" },
      { path: "banner-management", label: "Banners" },
      { path: "facebook-pixel", label: "Tracking pixel" },
      { path: "webhooks", label: "Webhooks" },
      { path: "audit-log", label: "Audit log" },
      { path: "background-jobs", label: "Background jobs" },
    ],
  },
];

/** Screens that are not in the sidebar but open from one that is (their breadcrumb goes through it). */
const CHILD_SCREENS: Array<{ pattern: RegExp; label: string; parent: string }> = [
  { pattern: /^edit-product\/[^/]+$/, label: "Edit product", parent: "all-products" },
  { pattern: /^orders\/(?!(?:pending|completed|management|returns|print)$)[^/]+$/, label: "Order", parent: "orders" },
  { pattern: /^users\/[^/]+$/, label: "Customer", parent: "users" },
  { pattern: /^contact-messages\/[^/]+$/, label: "Message", parent: "contact-messages" },
  { pattern: /^webhooks\/[^/]+$/, label: "Endpoint", parent: "webhooks" },
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
 * parent screen for a child one (Dashboard › Catalogue › All products › Edit product). `last`
 * (a screen's `handle.breadcrumb`, e.g. the product's name) replaces or follows the screen's own
 * label: it replaces a child screen's generic label and follows a sidebar screen's, which becomes a link.
 */
export function adminCrumbs(pathname: string, last?: string): AdminCrumb[] {
  const rest = screenPath(pathname);
  const home: AdminCrumb = { label: "Dashboard", href: "/admin-dashboard" };
  if (rest === "") return [{ label: "Dashboard" }];
  const child = CHILD_SCREENS.find((c) => c.pattern.test(rest));
  const path = child ? child.parent : rest;
  const group = ADMIN_NAV.find((g) => g.screens.some((s) => s.path === path));
  const screen = group?.screens.find((s) => s.path === path);
  if (!group || !screen) return last ? [home, { label: last }] : [home];
  if (child) return [home, { label: group.title }, { label: screen.label, href: `/admin-dashboard/${screen.path}` }, { label: last ?? child.label }];
  if (last) return [home, { label: group.title }, { label: screen.label, href: `/admin-dashboard/${screen.path}` }, { label: last }];
  return [home, { label: group.title }, { label: screen.label }];
}

/**
 * What an admin route module may export as `handle` (React Router's route handle): `breadcrumb`
 * gives the last crumb from the route's loader data, e.g. the product's name on edit-product:
 * `export const handle: AdminHandle<Route.ComponentProps["loaderData"]> = { breadcrumb: (data) => data.product.name }`.
 */
export interface AdminHandle<Data = unknown> {
  breadcrumb?: (data: Data) => string | undefined;
}

/** The name an admin screen gives what it shows (its `handle.breadcrumb` from its loader data: a product's name, an order's number), or undefined. */
export function screenName(leaf: { handle?: unknown; loaderData?: unknown } | undefined): string | undefined {
  const handle = leaf?.handle as AdminHandle | undefined;
  return handle?.breadcrumb && leaf?.loaderData !== undefined ? handle.breadcrumb(leaf.loaderData) : undefined;
}
