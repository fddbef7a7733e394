import { type AccessHolder, can, screenAccess } from "../../../server/auth/permissions";
import type { AdminCrumb } from "~/components/admin/ui";

/** The sidebar's figures, loaded by the admin layout for the areas the user may see. */
export interface AdminCounts {
  /** Orders waiting to be prepared (status pending). */
  pendingOrders?: number;
  /** Contact messages nobody has opened yet (status new). */
  unreadMessages?: number;
  /** Return requests waiting for an answer. */
  requestedReturns?: number;
}

/** An admin screen of spec section 2, with what it is for. */
export interface AdminScreen {
  /** The path under /admin-dashboard, as in app/routes.ts and the permission table. */
  path: string;
  label: string;
  description: string;
  /** The sidebar figure shown beside it, and how it reads ("3 pending"). */
  badge?: { count: keyof AdminCounts; noun: string };
}

/** The admin screens of spec section 2, grouped by area for the sidebar and the dashboard. */
export const ADMIN_NAV: Array<{ title: string; screens: AdminScreen[] }> = [
  {
    title: "Catalogue",
    screens: [
      { path: "all-products", label: "All products", description: "Find, edit and remove products; see stock and prices at a glance." },
      { path: "add-product", label: "Add product", description: "Create a product with pictures, variants, price, discount and shipping cost." },
      { path: "add-category", label: "Categories", description: "Add categories and sub-categories for the storefront menus." },
    ],
  },
  {
    title: "Orders",
    screens: [
      { path: "orders", label: "All orders", description: "Every order with its customer, total and status." },
      { path: "orders/pending", label: "Pending", description: "Orders waiting to be prepared and shipped.", badge: { count: "pendingOrders", noun: "pending" } },
      { path: "orders/completed", label: "Completed", description: "Orders that have been delivered." },
      { path: "orders/management", label: "Order management", description: "Move orders through their statuses in bulk." },
      { path: "returns", label: "Returns", description: "Customers' return requests: approve, refuse, mark received.", badge: { count: "requestedReturns", noun: "requested" } },
    ],
  },
  {
    title: "Customers",
    screens: [
      { path: "users", label: "Users", description: "Customer accounts and staff: roles, permissions and bans." },
      { path: "contact-messages", label: "Contact messages", description: "Messages sent through the contact form: read, reply, archive.", badge: { count: "unreadMessages", noun: "new" } },
    ],
  },
  {
    title: "Reports",
    screens: [
      { path: "sales-report", label: "Sales report", description: "Revenue and best sellers over a period." },
      { path: "analytics", label: "Site analytics", description: "Visitors, page views, top pages and products, and the funnel from product view to order." },
    ],
  },
  {
    title: "Shop",
    screens: [
      { path: "settings", label: "Site settings", description: "The shop's name, logo, contact details, currency and shipping rules." },
      { path: "banner-management", label: "Banners", description: "The home page's banner carousel." },
      { path: "facebook-pixel", label: "Tracking pixel", description: "The Facebook pixel id and whether it is active." },
      { path: "audit-log", label: "Audit log", description: "Every change made in the administration area: who, what and when." },
    ],
  },
];

/** Screens that are not in the sidebar but open from one that is (their breadcrumb goes through it). */
const CHILD_SCREENS: Array<{ pattern: RegExp; label: string; description: string; parent: string }> = [
  { pattern: /^edit-product\/[^/]+$/, label: "Edit product", description: "Change a product's details, pictures, variants and stock.", parent: "all-products" },
  { pattern: /^orders\/(?!(?:pending|completed|management|returns|print)$)[^/]+$/, label: "Order", description: "One order: its lines, customer, payment, timeline and notes, and the next step.", parent: "orders" },
  { pattern: /^users\/[^/]+$/, label: "Customer", description: "One account: profile, addresses, orders, devices, role, ban, export and deletion.", parent: "users" },
  { pattern: /^contact-messages\/[^/]+$/, label: "Message", description: "One contact message with its replies.", parent: "contact-messages" },
];

const screenPath = (pathname: string) => pathname.replace(/^\/admin-dashboard\/?/, "").replace(/\/+$/, "");

/** The admin screen at `pathname` (for placeholder pages and titles). */
export function adminScreenFor(pathname: string): AdminScreen | undefined {
  const rest = screenPath(pathname);
  const child = CHILD_SCREENS.find((c) => c.pattern.test(rest));
  if (child) return { path: rest, label: child.label, description: child.description };
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
