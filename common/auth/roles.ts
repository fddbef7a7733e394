/**
 * Roles and permissions of an account, and the one rule of what a role may do: the small part of
 * common/auth/permissions.ts the storefront needs too (the header's "Admin" link), kept apart from
 * the admin's tables of screens and routes so the storefront's JavaScript does not carry them.
 */

/** Every account is a customer; staff carry permissions from PERMISSIONS; an admin has them all and manages staff. */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The areas a staff member can be given, each with what it lets them do (the users screen shows the text). */
export const PERMISSIONS = ["catalog", "orders", "customers", "content", "reports", "settings"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a screen or route needs: a permission, "staff" (any staff member or admin: the dashboard)
 * or "admin" (administrators only: managing staff, the audit log).
 */
export type Access = Permission | "staff" | "admin";

export interface AccessHolder {
  role: Role;
  permissions: readonly Permission[];
}

/** The one role rule: better-auth keeps a role string (possibly a comma list); anything unknown is a customer. */
export function roleOf(raw: string | null | undefined): Role {
  const roles = (raw ?? "").split(",").map((r) => r.trim());
  if (roles.includes("admin")) return "admin";
  if (roles.includes("staff")) return "staff";
  return "customer";
}

/** The permissions stored for an account (a comma list); an admin has them all, a customer none. */
export function permissionsOf(role: Role, raw: string | null | undefined): Permission[] {
  if (role === "admin") return [...PERMISSIONS];
  if (role === "customer") return [];
  const wanted = new Set((raw ?? "").split(",").map((p) => p.trim()));
  return PERMISSIONS.filter((p) => wanted.has(p));
}

/** Whether this user may use something that needs `access`. */
export function can(user: AccessHolder | null | undefined, access: Access): boolean {
  if (!user || user.role === "customer") return false;
  if (user.role === "admin") return true;
  if (access === "admin") return false;
  if (access === "staff") return true;
  return user.permissions.includes(access);
}

/** Whether the account may enter the admin area at all. */
export const isStaff = (user: AccessHolder | null | undefined): boolean => can(user, "staff");
