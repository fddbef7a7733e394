import type { Context } from "hono";
import { type Access, can } from "#common/auth/permissions";
import type { SessionUser } from "../auth/auth.service";
import { AppError } from "#common/errors";
import type { AppEnv } from "./context";

/**
 * The signed-in user of this request, read from the database (never the cookie cache, so a ban,
 * a demotion or a lost permission applies at once), or null. Read once per request: the input
 * guard may ask before it reads a large body, the route asks again.
 */
export async function freshUserOf<E extends AppEnv>(context: Context<E>): Promise<SessionUser | null> {
  const c = context as unknown as Context<AppEnv>;
  if (c.var.freshUser === undefined) c.set("freshUser", (await c.var.services.auth.getSession(c.req.raw.headers, { fresh: true })).user);
  return c.var.freshUser ?? null;
}

/** The signed-in user of an API request, or a 401. */
export async function requireApiUser<E extends AppEnv>(c: Context<E>): Promise<SessionUser> {
  const user = await freshUserOf(c);
  if (!user) throw new AppError("unauthorized", "Please sign in first.");
  return user;
}

/** The signed-in user if they have `access`: 401 for a visitor, 403 for anyone else. */
export async function requireAccess<E extends AppEnv>(c: Context<E>, access: Access): Promise<SessionUser> {
  const user = await freshUserOf(c);
  if (!user) throw new AppError("unauthorized", "Please sign in with a staff account.");
  if (!can(user, access)) {
    const needs = access === "admin" || access === "staff" ? `an ${access === "admin" ? "administrator" : "staff"} account` : `the “${access}” permission`;
    throw new AppError("forbidden", `This needs ${needs}.`);
  }
  return user;
}
