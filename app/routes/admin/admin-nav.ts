/** The admin screens of spec section 2, grouped for the sidebar, with what each is for. */
export interface AdminScreen {
  path: string;
  label: string;
  description: string;
}

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
      { path: "orders/pending", label: "Pending", description: "Orders waiting to be prepared and shipped." },
      { path: "orders/completed", label: "Completed", description: "Orders that have been delivered." },
      { path: "orders/management", label: "Order management", description: "Move orders through their statuses in bulk." },
    ],
  },
  {
    title: "Customers",
    screens: [
      { path: "users", label: "Users", description: "Customer accounts and administrators: roles, bans and sessions." },
      { path: "contact-messages", label: "Contact messages", description: "Messages sent through the contact form." },
    ],
  },
  {
    title: "Shop",
    screens: [
      { path: "settings", label: "Site settings", description: "The shop's name, logo, contact details, currency and shipping rules." },
      { path: "banner-management", label: "Banners", description: "The home page's banner carousel." },
      { path: "sales-report", label: "Sales report", description: "Revenue and best sellers over a period." },
      { path: "facebook-pixel", label: "Tracking pixel", description: "The Facebook pixel id and whether it is active." },
      { path: "audit-log", label: "Audit log", description: "Every change made in the administration area: who, what and when." },
    ],
  },
];

/** The label of the admin screen at `pathname` (for placeholder pages and titles). */
export function adminScreenFor(pathname: string): AdminScreen | undefined {
  const rest = pathname.replace(/^\/admin-dashboard\/?/, "").replace(/\/$/, "");
  if (rest.startsWith("edit-product/")) return { path: rest, label: "Edit product", description: "Change a product's details, pictures, variants and stock." };
  return ADMIN_NAV.flatMap((g) => g.screens).find((s) => s.path === rest);
}
