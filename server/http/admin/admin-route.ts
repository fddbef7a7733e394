import { type Context, Hono } from "hono";
import type { z } from "zod";
import { type Access, ADMIN_API_ACCESS } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import type { AuditActor } from "#modules/audit";
import type { SessionUser } from "#modules/users";
import type { AppEnv } from "../context";
import { requireAccess } from "../caller";

export type AdminEnv = { Variables: AppEnv["Variables"] & { admin: SessionUser } };
export type AdminContext = Context<AdminEnv>;

/**
 * One admin API route, mounted under /api/admin. What it needs (a permission, "staff" or "admin")
 * is not written here but looked up in permissions.ts ADMIN_API_ACCESS, the one table the
 * permission test walks; a route missing from that table refuses to mount.
 */
export interface AdminRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  /** The JSON body's schema, when the route reads one (for the OpenAPI document). */
  body?: z.ZodType;
  /** The query string's schema, when the route reads one. */
  query?: z.ZodType;
  handler: (c: AdminContext) => Promise<Response>;
}

/** What `route` needs, from the one table. */
export function accessOf(route: Pick<AdminRoute, "method" | "path">): Access {
  const access = ADMIN_API_ACCESS[`${route.method} ${route.path}`];
  if (!access) throw new Error(`Admin route ${route.method} ${route.path} is missing from ADMIN_API_ACCESS (common/auth/permissions.ts)`);
  return access;
}

/** Mounts admin routes, each behind the check its table entry names; answers are never cached. */
export function mountAdminRoutes(routes: AdminRoute[]) {
  const r = new Hono<AdminEnv>();
  for (const route of routes) {
    const access = accessOf(route);
    r.on(route.method, route.path, async (c) => {
      c.set("admin", await requireAccess(c, access));
      const res = await route.handler(c);
      res.headers.set("Cache-Control", "private, no-store");
      return res;
    });
  }
  return r;
}

/** The author of this request's writes, for the audit log. */
export function actorOf(c: AdminContext): AuditActor & { role: SessionUser["role"] } {
  const admin = c.var.admin;
  return { id: admin.id, email: admin.email, requestId: c.var.requestId ?? null, role: admin.role };
}

/**
 * A CSV export as a download: `name` and today's date (or the period given) make its file name,
 * `products-2026-11-28.csv` or `sales-2026-11-01-to-2026-11-28.csv`.
 */
export function csvDownload(c: AdminContext, csv: string, name: string, period?: { from: string; to: string }): Response {
  const dated = period ? `${period.from}-to-${period.to}` : new Date().toISOString().slice(0, 10);
  return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}-${dated}.csv"` });
}

/** The route's `:id`. */
export function idParam(c: AdminContext, what = "id"): string {
  const id = c.req.param("id");
  if (!id) throw new AppError("invalid_input", `The ${what} is missing from the address`);
  return id;
}

/** The JSON body (an empty body is `{}`); malformed JSON is a 400. */
export async function jsonBody(c: AdminContext): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "The request body must be JSON");
  }
}

/** The route's JSON body checked against its schema (400 with `fields` naming each bad field). */
export async function parseBody<S extends z.ZodType>(c: AdminContext, schema: S): Promise<z.infer<S>> {
  return parseInput(schema, await jsonBody(c));
}

/** The route's query string checked against its schema. */
export function parseQuery<S extends z.ZodType>(c: AdminContext, schema: S): z.infer<S> {
  return parseInput(schema, c.req.query(), "Invalid list parameters");
}
