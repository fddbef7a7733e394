import { z } from "zod";
import { PERMISSIONS, ROLES } from "../../auth/permissions";
import { type AdminRoute, actorOf, idParam, parseBody, parseQuery } from "./admin-route";

export const userListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
});
export const banBody = z.object({
  reason: z.string().trim().max(200, "The reason can be at most 200 characters").optional(),
  days: z.number().int().min(1).max(3650).optional(),
});
export const roleBody = z.object({
  role: z.enum(ROLES, { message: "The role is “customer”, “staff” or “admin”" }),
  permissions: z.array(z.enum(PERMISSIONS, { message: `A permission is one of ${PERMISSIONS.join(", ")}` })).max(PERMISSIONS.length).optional(),
});

/** Accounts: list, ban, unban, role and permissions; all through the users service (audited). */
export const USER_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/users",
    summary: "List users (newest first) with their role, permissions and ban state; `search` matches the e-mail address, `role` picks one role.",
    query: userListQuery,
    async handler(c) {
      const q = parseQuery(c, userListQuery);
      const { users, total } = await c.var.services.users.listUsers(q);
      return c.json({ success: true, data: users, meta: { total, limit: q.limit, offset: q.offset } });
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
