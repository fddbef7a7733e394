import { describe, expect, it } from "vitest";
import { ADMIN_SCREEN_ACCESS, PERMISSIONS, type Permission } from "#common/auth/permissions";
import { ADMIN_NAV, adminCrumbs as crumbsIn, adminScreenFor, navFor } from "~/components/admin/admin-nav";
import { type RouteEntry, routeWithPath } from "#tests/support/route-table";
import { adminTranslate } from "#tests/support/page-language";

const t = adminTranslate();
const adminCrumbs = (pathname: string, last?: string) => crumbsIn(pathname, t, last);

/** Every admin route (path under /admin-dashboard → file), children flattened. */
function adminRoutes(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const r of entries) {
      const path = [prefix, r.path ?? ""].filter(Boolean).join("/");
      if (r.index || r.path) out.set(path, r.file);
      if (r.children) walk(r.children, path);
    }
  };
  const root = routeWithPath("admin-dashboard")!;
  walk(root.children ?? [], "");
  return out;
}

const staff = (...permissions: Permission[]) => ({ role: "staff" as const, permissions });

describe("the admin navigation", () => {
  it("names only screens of the permission table, and every one of them has a route", () => {
    const routed = adminRoutes();
    for (const s of ADMIN_NAV.flatMap((g) => g.screens)) {
      expect(ADMIN_SCREEN_ACCESS, s.path).toHaveProperty([s.path]);
      expect(routed.has(s.path), `${s.path} has a route in app/routes.ts`).toBe(true);
    }
  });

  it("shows a staff member only the areas and screens their permissions open", () => {
    const titles = (user: Parameters<typeof navFor>[0]) => navFor(user).map((g) => `${t(g.title)}: ${g.screens.map((s) => s.path).join(", ")}`);
    expect(titles(staff("orders"))).toEqual(["Orders: orders, orders/pending, orders/completed, orders/management, returns, gift-cards"]);
    expect(titles(staff("content"))).toEqual(["Customers: contact-messages, reviews", "Shop: banner-management"]);
    expect(titles(staff("catalog"))).toEqual(["Catalogue: all-products, add-product, add-category, stock-alerts", "Marketing: promotions"]);
    expect(titles(staff())).toEqual([]);
    // The audit log is for administrators, whatever a staff member's permissions.
    expect(navFor(staff(...PERMISSIONS)).flatMap((g) => g.screens.map((s) => s.path))).not.toContain("audit-log");
    expect(navFor({ role: "admin", permissions: [] }).flatMap((g) => g.screens)).toHaveLength(ADMIN_NAV.flatMap((g) => g.screens).length);
    expect(navFor({ role: "customer", permissions: [] })).toEqual([]);
  });
});

describe("adminCrumbs", () => {
  it("goes Dashboard › area › screen", () => {
    expect(adminCrumbs("/admin-dashboard")).toEqual([{ label: "Dashboard" }]);
    expect(adminCrumbs("/admin-dashboard/all-products/")).toEqual([
      { label: "Dashboard", href: "/admin-dashboard" },
      { label: "Catalogue" },
      { label: "All products" },
    ]);
    expect(adminCrumbs("/admin-dashboard/orders/pending").map((c) => c.label)).toEqual(["Dashboard", "Orders", "Pending"]);
  });

  it("puts a child screen under its parent, named by the screen's own crumb when it gives one", () => {
    expect(adminCrumbs("/admin-dashboard/edit-product/p1")).toEqual([
      { label: "Dashboard", href: "/admin-dashboard" },
      { label: "Catalogue" },
      { label: "All products", href: "/admin-dashboard/all-products" },
      { label: "Edit product" },
    ]);
    expect(adminCrumbs("/admin-dashboard/edit-product/p1", "Linen shirt").at(-1)).toEqual({ label: "Linen shirt" });
    expect(adminCrumbs("/admin-dashboard/promotions/new", "New promotion")).toEqual([
      { label: "Dashboard", href: "/admin-dashboard" },
      { label: "Marketing" },
      { label: "Promotions", href: "/admin-dashboard/promotions" },
      { label: "New promotion" },
    ]);
    expect(adminCrumbs("/admin-dashboard/gift-cards/c1").slice(1)).toEqual([
      { label: "Orders" },
      { label: "Gift cards", href: "/admin-dashboard/gift-cards" },
      { label: "Gift card" },
    ]);
  });

  it("adds a screen's own last crumb after its label, which becomes a link", () => {
    expect(adminCrumbs("/admin-dashboard/users", "Ada Lovelace").slice(2)).toEqual([
      { label: "Users", href: "/admin-dashboard/users" },
      { label: "Ada Lovelace" },
    ]);
  });

  it("has just the way home for an unknown address", () => {
    expect(adminCrumbs("/admin-dashboard/nowhere")).toEqual([{ label: "Dashboard", href: "/admin-dashboard" }]);
  });
});

describe("adminScreenFor", () => {
  it("finds sidebar screens and child screens", () => {
    expect(t(adminScreenFor("/admin-dashboard/orders/completed")!.label)).toBe("Completed");
    expect(t(adminScreenFor("/admin-dashboard/edit-product/abc")!.label)).toBe("Edit product");
    expect(adminScreenFor("/admin-dashboard/nope")).toBeUndefined();
  });
});
