import { Hono } from "hono";
import { z } from "zod";
import { parseInput } from "#common/validate";
import { AppError } from "#common/errors";
import { can } from "#common/auth/permissions";
import { type AppEnv, clientIp } from "./context";
import { readMultipart } from "./multipart";
import { requireApiUser } from "./caller";

/** The body of POST /api/account/delete (and the profile page's "Delete account" form). */
export const deleteAccountSchema = z.object({
  password: z.string().max(200).optional(),
  token: z.string().max(200).optional(),
});

const AVATAR_FIELDS = ["image", "file", "avatar"];
const AVATAR_TOO_LARGE = "The picture is too large: 5 MB at most, please.";

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
    if (user.id !== uid && !can(user, "customers")) throw new AppError("forbidden", "You can only see your own account.");
    const record = await c.var.services.auth.getUser(uid);
    if (!record) throw new AppError("not_found", "There is no user with this id.");
    c.header("Cache-Control", "private, no-store");
    return c.json(record);
  });

  // The picture is streamed to a temporary file (server/http/multipart.ts), never held whole.
  r.post("/account/avatar", async (c) => {
    await requireApiUser(c);
    const form = await readMultipart(c.req.raw, { fileFields: AVATAR_FIELDS, tooLargeMessage: AVATAR_TOO_LARGE });
    try {
      if (!form.file) throw new AppError("invalid_input", "Please choose a picture to upload.", { image: "Please choose a picture" });
      if (form.file.mimeType && !form.file.mimeType.startsWith("image/") && form.file.mimeType !== "application/octet-stream") {
        throw new AppError("invalid_input", "Please upload a JPEG, PNG, WebP, AVIF or GIF picture.", { image: "Not a picture" });
      }
      const result = await c.var.services.auth.setAvatar(c.req.raw.headers, form.file.path);
      for (const cookie of result.setCookies) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ image: result.image, srcSet: result.srcSet });
    } finally {
      await form.cleanup();
    }
  });

  // The customer deletes their own account: the same flow as the admin's delete, then signed out.
  r.post("/account/delete", async (c) => {
    const user = await requireApiUser(c);
    const input = parseInput(deleteAccountSchema, await c.req.json().catch(() => ({})));
    const result = await c.var.services.customers.deleteOwnAccount(user, input, c.var.requestId ?? null);
    if (result.deleted) for (const cookie of await c.var.services.auth.endSession(c.req.raw.headers)) c.header("Set-Cookie", cookie, { append: true });
    c.header("Cache-Control", "private, no-store");
    return c.json(result, result.deleted ? 200 : 202);
  });

  // The customer's own data export (the same as the admin's, GDPR access request).
  r.get("/account/export", async (c) => {
    const user = await requireApiUser(c);
    c.header("Cache-Control", "private, no-store");
    c.header("Content-Disposition", `attachment; filename="my-account-data.json"`);
    return c.json(await c.var.services.customers.export(user.id));
  });

  // better-auth: the client address it rate-limits by is ours (clientIp), whatever the request claimed.
  // Its body limit is the input guard's (server/http/input-guard.ts).
  // The input guard has already read a POST's body and handed it on as bytes; the handler makes
  // the one copy of the request it needs (with our client address).
  r.on(["GET", "POST"], "/auth/*", (c) => c.var.services.auth.handler(c.req.raw, clientIp(c)));

  return r;
}
