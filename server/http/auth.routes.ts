import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../lib/errors";
import type { SessionUser } from "../auth/auth.service";
import { type AppEnv, clientIp } from "./context";

/** Largest profile picture we accept. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_FIELDS = ["image", "file", "avatar"];

/** The signed-in user of an API request, read from the database (never the cookie cache), or a 401. */
export async function requireApiUser(c: import("hono").Context<AppEnv>): Promise<SessionUser> {
  const { user } = await c.var.services.auth.getSession(c.req.raw.headers, { fresh: true });
  if (!user) throw new AppError("unauthorized", "Please sign in first.");
  return user;
}

/**
 * Accounts over HTTP: the configured sign-in providers, the shop's record of a user, profile
 * picture upload, and better-auth's own endpoints under /api/auth/* (sign-up, sign-in, sign-out,
 * magic link, password reset, OAuth callbacks, sessions, profile update).
 */
export function authRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/auth-providers", (c) => c.json({ providers: c.var.services.auth.providers }));

  // The spec's "Database object" of a user; before the better-auth catch-all below.
  r.get("/auth/user/:uid", async (c) => {
    const user = await requireApiUser(c);
    const uid = c.req.param("uid");
    if (user.id !== uid && user.role !== "admin") throw new AppError("forbidden", "You can only see your own account.");
    const record = await c.var.services.auth.getUser(uid);
    if (!record) throw new AppError("not_found", "There is no user with this id.");
    c.header("Cache-Control", "private, no-store");
    return c.json(record);
  });

  r.post(
    "/account/avatar",
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + 64 * 1024,
      onError: (c) => c.json({ error: { code: "too_large", message: "The picture is too large: 5 MB at most, please." } }, 413),
    }),
    async (c) => {
      await requireApiUser(c);
      const form = await c.req.formData().catch(() => {
        throw new AppError("invalid_input", "Send the picture as multipart/form-data in a field named “image”.");
      });
      const file = AVATAR_FIELDS.map((name) => form.get(name)).find((v): v is File => v instanceof File);
      if (!file || file.size === 0) throw new AppError("invalid_input", "Please choose a picture to upload.", { image: "Please choose a picture" });
      if (file.size > AVATAR_MAX_BYTES) return c.json({ error: { code: "too_large", message: "The picture is too large: 5 MB at most, please." } }, 413);
      if (file.type && !file.type.startsWith("image/")) {
        throw new AppError("invalid_input", "Please upload a JPEG, PNG, WebP, AVIF or GIF picture.", { image: "Not a picture" });
      }
      const result = await c.var.services.auth.setAvatar(c.req.raw.headers, Buffer.from(await file.arrayBuffer()));
      for (const cookie of result.setCookies) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ image: result.image, srcSet: result.srcSet });
    },
  );

  // better-auth: the client address it rate-limits by is ours (clientIp), whatever the request claimed.
  const authBodyLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json({ code: "REQUEST_TOO_LARGE", message: "The request is too large." }, 413),
  });
  r.on(["GET", "POST"], "/auth/*", authBodyLimit, async (c) => {
    const headers = new Headers(c.req.raw.headers);
    const ip = clientIp(c);
    if (ip && ip !== "unknown") headers.set("x-forwarded-for", ip);
    else headers.delete("x-forwarded-for");
    const body = c.req.method === "POST" ? await c.req.raw.arrayBuffer() : undefined;
    const response = await c.var.services.auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }));
    return response;
  });

  return r;
}
