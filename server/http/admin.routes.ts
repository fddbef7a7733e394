import { type Context, Hono, type MiddlewareHandler } from "hono";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import type { SessionUser } from "../auth/auth.service";
import { toIso } from "../db/database";
import { AppError, type ErrorCode } from "../lib/errors";
import { parseInput } from "../lib/validate";
import type { AppEnv } from "./context";

type AdminEnv = { Variables: AppEnv["Variables"] & { admin: SessionUser } };
type AdminContext = Context<AdminEnv>;

/** One admin API route: every entry is mounted under /api/admin behind `requireAdmin`. */
export interface AdminRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  handler: (c: AdminContext) => Promise<Response>;
}

/** Only administrators pass; the session is read from the database, so a demotion or ban applies at once. */
export const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const { user } = await c.var.services.auth.getSession(c.req.raw.headers, { fresh: true });
  if (!user) throw new AppError("unauthorized", "Please sign in as an administrator.");
  if (user.role !== "admin") throw new AppError("forbidden", "This needs an administrator account.");
  c.set("admin", user);
  await next();
  c.header("Cache-Control", "private, no-store");
};

const STATUS_CODES: Record<number, ErrorCode> = { 400: "invalid_input", 401: "unauthorized", 403: "forbidden", 404: "not_found", 409: "conflict", 429: "rate_limited" };

/** Runs a better-auth admin call and turns its errors into ours (a 4xx with a readable message). */
async function viaAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isAPIError(err) && err.statusCode < 500) throw new AppError(STATUS_CODES[err.statusCode] ?? "invalid_input", err.message || "The request was refused.");
    throw err;
  }
}

/** The `:id` of the route (a user id). */
function idParam(c: AdminContext): string {
  const id = c.req.param("id");
  if (!id) throw new AppError("invalid_input", "A user id is missing from the address");
  return id;
}

async function jsonBody(c: AdminContext): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "The request body must be JSON");
  }
}

interface AuthUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified: boolean;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | string | null;
  createdAt: Date | string;
}

/** A user as the admin screens show it. */
function adminUser(u: AuthUser) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ?? null,
    role: u.role === "admin" ? "admin" : "customer",
    emailVerified: Boolean(u.emailVerified),
    banned: Boolean(u.banned),
    banReason: u.banReason ?? null,
    banExpires: toIso(u.banExpires ?? null),
    createdAt: toIso(u.createdAt),
  };
}

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional(),
});
const banBody = z.object({
  reason: z.string().trim().max(200, "The reason can be at most 200 characters").optional(),
  days: z.number().int().min(1).max(3650).optional(),
});
const roleBody = z.object({ role: z.enum(["customer", "admin"], { message: "The role is “customer” or “admin”" }) });

/** Every admin API route, in one table (the admin-guard test walks it). */
export const ADMIN_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/users",
    summary: "List users (newest first) with their role and ban state; `search` matches the e-mail address.",
    async handler(c) {
      const q = parseInput(listQuery, c.req.query(), "Invalid list parameters");
      const result = await viaAuth(() =>
        c.var.services.auth.api.listUsers({
          headers: c.req.raw.headers,
          query: {
            limit: q.limit,
            offset: q.offset,
            sortBy: "createdAt",
            sortDirection: "desc",
            ...(q.search ? { searchValue: q.search, searchField: "email" as const, searchOperator: "contains" as const } : {}),
          },
        }),
      );
      return c.json({ success: true, data: (result.users as AuthUser[]).map(adminUser), meta: { total: result.total, limit: q.limit, offset: q.offset } });
    },
  },
  {
    method: "POST",
    path: "/users/:id/ban",
    summary: "Ban a user (optional `reason`, `days`): they cannot sign in and every session of theirs ends.",
    async handler(c) {
      const body = parseInput(banBody, await jsonBody(c));
      const result = await viaAuth(() =>
        c.var.services.auth.api.banUser({
          headers: c.req.raw.headers,
          body: { userId: idParam(c), banReason: body.reason, banExpiresIn: body.days ? body.days * 86_400 : undefined },
        }),
      );
      return c.json({ success: true, data: adminUser(result.user as AuthUser) });
    },
  },
  {
    method: "POST",
    path: "/users/:id/unban",
    summary: "Lift a user's ban.",
    async handler(c) {
      const result = await viaAuth(() => c.var.services.auth.api.unbanUser({ headers: c.req.raw.headers, body: { userId: idParam(c) } }));
      return c.json({ success: true, data: adminUser(result.user as AuthUser) });
    },
  },
  {
    method: "POST",
    path: "/users/:id/role",
    summary: "Make a user a customer or an admin (`role`); administrators cannot change their own role.",
    async handler(c) {
      const { role } = parseInput(roleBody, await jsonBody(c));
      const userId = idParam(c);
      if (userId === c.var.admin.id) throw new AppError("invalid_input", "You cannot change your own role: ask another administrator.");
      const result = await viaAuth(() => c.var.services.auth.api.setRole({ headers: c.req.raw.headers, body: { userId, role: role as "admin" } }));
      return c.json({ success: true, data: adminUser(result.user as AuthUser) });
    },
  },
];

/** The admin API: every route of `ADMIN_ROUTES`, behind `requireAdmin`. */
export function adminRoutes() {
  const r = new Hono<AdminEnv>();
  r.use("*", requireAdmin);
  for (const route of ADMIN_ROUTES) r.on(route.method, route.path, (c) => route.handler(c));
  return r;
}
