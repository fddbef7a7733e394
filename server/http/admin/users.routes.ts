import { z } from "zod";
import { PERMISSIONS, ROLES } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import { USER_SORTS } from "#common/users/user-sorts";
import { type AdminRoute, actorOf, idParam, parseBody, parseQuery, csvDownload } from "./admin-route";

const yesNo = z.enum(["true", "false"]).transform((v) => v === "true");

/** The customer list's search, filters and sort (the list and its CSV export). */
export const customerFilterQuery = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  verified: yesNo.optional(),
  banned: yesNo.optional(),
  sort: z.enum(USER_SORTS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
});
export const userListQuery = customerFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const banBody = z.object({
  reason: z.string().trim().max(200, "The reason can be at most 200 characters").optional(),
  days: z.number().int().min(1).max(3650).optional(),
});
export const roleBody = z.object({
  role: z.enum(ROLES, { message: "The role is “customer”, “staff” or “admin”" }),
  permissions: z
    .array(z.enum(PERMISSIONS, { message: `A permission is one of ${PERMISSIONS.join(", ")}` }))
    .max(PERMISSIONS.length)
    .optional(),
});

/** Accounts: list and its CSV export, ban, unban, role and permissions; all through the users service (audited). */
export const USER_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/users",
    summary:
      "List users with their role, permissions, ban state, orders, total spent (cancelled orders left out, refunds taken off) and last sign-in; `search` matches the name or e-mail address; filters `role`, `verified`, `banned`; `sort` by joined (default, newest first), name, orders, spent or lastSignIn, `dir` asc or desc.",
    query: userListQuery,
    async handler(c) {
      const q = parseQuery(c, userListQuery);
      const { users, total } = await c.var.services.users.listUsers(q);
      return c.json({ success: true, data: users, meta: { total, limit: q.limit, offset: q.offset } });
    },
  },
  {
    method: "GET",
    path: "/users/export.csv",
    summary:
      "Every account the list's `search`, `role`, `verified`, `banned`, `sort` and `dir` select (all of them, in the list's order), as CSV: name, e-mail, role, verified, banned, orders, total spent (major unit), joined and last sign-in (UTC).",
    query: customerFilterQuery,
    async handler(c) {
      const csv = await c.var.services.users.exportCsv(parseQuery(c, customerFilterQuery));
      return csvDownload(c, csv, "customers");
    },
  },
  {
    method: "GET",
    path: "/users/:id",
    summary: "One customer: the account, last sign-in, orders and total spent, address book, orders (newest first) and signed-in devices (no tokens).",
    async handler(c) {
      return c.json({ success: true, data: await c.var.services.customers.get(idParam(c, "user id")) });
    },
  },
  {
    method: "DELETE",
    path: "/users/:id",
    summary:
      "Delete an account: its sessions, sign-in methods, cart, wishlist and addresses go; its orders stay with the personal data replaced by “Deleted customer”. Nobody deletes themselves here, only an administrator deletes staff, and the last administrator stays (409).",
    async handler(c) {
      const result = await c.var.services.customers.delete(actorOf(c), idParam(c, "user id"));
      return c.json({ success: true, data: { deleted: true, ordersKept: result.ordersKept } });
    },
  },
  {
    method: "GET",
    path: "/users/:id/export",
    summary:
      "Everything the shop holds about a customer as a JSON download (a GDPR access request): profile, addresses, orders with lines, wishlist, cart, devices (no tokens), audit entries about them. Audited.",
    async handler(c) {
      const id = idParam(c, "user id");
      const data = await c.var.services.customers.export(id, actorOf(c));
      c.header("Content-Disposition", `attachment; filename="customer-${id.replace(/[^\w-]/g, "")}.json"`);
      return c.json(data);
    },
  },
  {
    method: "DELETE",
    path: "/users/:id/sessions/:sessionId",
    summary: "Sign one device of a user out: its session ends at once. Audited.",
    async handler(c) {
      const sessionId = c.req.param("sessionId");
      if (!sessionId) throw new AppError("invalid_input", "The session id is missing from the address");
      await c.var.services.users.revokeSession(actorOf(c), idParam(c, "user id"), sessionId);
      return c.json({ success: true, data: { revoked: true } });
    },
  },
  {
    method: "POST",
    path: "/users/:id/ban",
    summary: "Ban a user (optional `reason`, `days`): they cannot sign in and every session of theirs ends. Nobody bans themselves or the last administrator.",
    body: banBody,
    async handler(c) {
      const body = await parseBody(c, banBody);
      return c.json({ success: true, data: await c.var.services.users.ban(actorOf(c), idParam(c, "user id"), body) });
    },
  },
  {
    method: "POST",
    path: "/users/:id/unban",
    summary: "Lift a user's ban.",
    async handler(c) {
      return c.json({ success: true, data: await c.var.services.users.unban(actorOf(c), idParam(c, "user id")) });
    },
  },
  {
    method: "PATCH",
    path: "/users/:id/role",
    summary: "Make a user a customer, a staff member with `permissions`, or an administrator. Nobody changes their own role or demotes the last administrator.",
    body: roleBody,
    async handler(c) {
      const { role, permissions } = await parseBody(c, roleBody);
      return c.json({ success: true, data: await c.var.services.users.setRole(actorOf(c), idParam(c, "user id"), role, permissions ?? []) });
    },
  },
];
