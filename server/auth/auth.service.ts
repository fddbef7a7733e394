import type { WebhookEvents } from "#modules/webhooks";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database";
import { AppError } from "#common/errors";
import { sameSitePath } from "#common/same-site-path";
import { pathInLanguage } from "#common/i18n/languages";
import type { Env } from "../lib/env";
import type { Logger } from "../lib/logger";
import type { ImageService } from "#modules/images";
import { imageSrcSet } from "#common/images/image-sizes";
import type { Mailer } from "#modules/mail";
import { deleteAccountMail } from "#modules/mail";
import { type SessionUser, type UserRecord, createUsersService, toSessionUser } from "#modules/users";
import { createAuth } from "./auth";
import type { Role } from "#common/auth/permissions";
import { listAuthProviders, warnIncompleteProviders } from "./providers";
import { type RateLimitStore, waitText } from "../lib/rate-limit";
import { resolveAuthSecret } from "./secret";

export type { SessionUser };

export interface SessionLookup {
  user: SessionUser | null;
  /** Cookies better-auth refreshed while reading the session (pass them on to the browser). */
  setCookies: string[];
}

export interface AuthServiceDeps {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  images: ImageService;
  /** The shared counters of every rate limit (server/lib/rate-limit.ts). */
  rateLimits: RateLimitStore;
  /** The shop's name for mails. */
  siteName: () => Promise<string>;
  /** How many orders a user has placed (the orders module's count, for the user record). */
  countOrders: (userId: string) => Promise<number>;
  /** Outgoing webhooks: customer.created for each new customer account. */
  webhooks?: WebhookEvents;
}

const DELETION_LINK_MS = 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Tracks work that runs after an answer is sent, so tests and shutdown can wait for it. */
function createBackgroundTasks() {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task: Promise<unknown>) {
      const tracked = task.catch(() => {}).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** The readable 429 answer of the auth endpoints (better-auth's own says only "Too many requests"). */
async function readableRateLimit(response: Response): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (body?.code === "RATE_LIMITED") return response;
  const seconds = Number(response.headers.get("x-retry-after")) || 60;
  const wait = waitText(seconds);
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(seconds));
  headers.set("X-Retry-After", String(seconds));
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  const message = `Too many attempts from your network. For your security, please wait ${wait} and try again.`;
  return new Response(JSON.stringify({ code: "RATE_LIMITED", message }), { status: 429, headers });
}

/** Endpoints customers reach by clicking a link in a mail. */
const MAIL_LINK_PATHS = new Set(["/api/auth/magic-link/verify", "/api/auth/verify-email"]);

/**
 * A mail link that fails (a banned account, a rate limit) must land on a page, not on a JSON
 * error: redirect to its errorCallbackURL (a path on the shop) or /login, with `?error=CODE`.
 */
async function linkErrorPage(req: Request, response: Response): Promise<Response> {
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  const target = sameSitePath(new URL(req.url).searchParams.get("errorCallbackURL")) ?? "/login";
  const code = response.status === 429 ? "RATE_LIMITED" : (body?.code ?? "INVALID_TOKEN");
  const headers = new Headers({ Location: `${target}${target.includes("?") ? "&" : "?"}error=${encodeURIComponent(code)}`, "Cache-Control": "no-store" });
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/**
 * Accounts and sign-in for the rest of the shop: better-auth (its HTTP handler and server API),
 * the configured providers, session lookups for pages, the first administrator, and the shop's
 * own user records.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, env, logger, mailer, rateLimits } = deps;
  const background = createBackgroundTasks();
  const users = createUsersService(db);
  const auth = createAuth({
    db,
    env,
    mailer,
    logger,
    secret: resolveAuthSecret(env, logger),
    rateLimits,
    siteName: deps.siteName,
    background: (task) => background.run(task),
    onSignIn: (userId) => users.recordSignIn(userId).catch((err: unknown) => logger.warn({ err }, "could not record a sign-in")),
    onUserCreated: (userId) => customerCreated(userId).catch((err: unknown) => logger.warn({ err, userId }, "could not emit customer.created")),
  });

  /**
   * customer.created for a new customer account, with the account as GET /api/auth/user/{uid}
   * shows it. better-auth calls this after its sign-up transaction committed, so the event has a
   * transaction of its own (its delivery and job are stored together).
   */
  async function customerCreated(userId: string): Promise<void> {
    const webhooks = deps.webhooks;
    if (!webhooks) return;
    const account = await users.getUser(userId);
    if (account?.role !== "customer") return;
    const { banReason: _reason, banExpires: _until, ...record } = account;
    await db.kysely.transaction().execute((trx) => webhooks.emit(trx, "customer.created", record));
  }
  const providers = listAuthProviders(env);
  warnIncompleteProviders(env, logger);

  async function getSession(headers: Headers, options: { fresh?: boolean } = {}): Promise<SessionLookup> {
    if (!headers.get("cookie")?.includes("session_token")) return { user: null, setCookies: [] };
    try {
      const result = await auth.api.getSession({ headers, query: { disableCookieCache: options.fresh === true }, returnHeaders: true });
      const user = result.response?.user;
      return { user: user ? toSessionUser(user) : null, setCookies: result.headers.getSetCookie() };
    } catch (err) {
      logger.warn({ err }, "could not read the session");
      return { user: null, setCookies: [] };
    }
  }

  return {
    /** The better-auth instance (its `api` calls endpoints in-process, without rate limits). */
    auth,
    api: auth.api,

    /** Sign-in options for the UI: configured social providers and the OpenID Connect provider. */
    providers,

    /**
     * Handles a request to /api/auth/* (or one a route action builds): rate limits, origin checks
     * and cookies apply exactly as over HTTP. `clientIp` is the caller's `clientIp(c)` (or the
     * page's load context): better-auth reads exactly that one address, whatever the request's
     * own X-Forwarded-For says.
     */
    async handler(request: Request, clientIp: string | null): Promise<Response> {
      const headers = new Headers(request.headers);
      if (clientIp && clientIp !== "unknown") headers.set("x-forwarded-for", clientIp);
      else headers.delete("x-forwarded-for");
      const req = new Request(request, { headers });
      const response = await auth.handler(req);
      const path = new URL(req.url).pathname;
      if (response.status >= 400 && req.method === "GET" && MAIL_LINK_PATHS.has(path)) return linkErrorPage(req, response);
      return response.status === 429 ? readableRateLimit(response) : response;
    },

    /**
     * The signed-in user of a request, or null. By default the session comes from the signed
     * cookie cache (no query); `fresh` reads the database, for admin checks and writes.
     */
    getSession,

    /**
     * Stores an uploaded picture as the signed-in user's profile picture (square, 96 and 256 px)
     * and removes the previous one; returns its URL, `srcSet` and the refreshed session cookies.
     * Throws invalid_input for a file that is not a picture, unauthorized without a session.
     */
    async setAvatar(headers: Headers, picture: Buffer | string): Promise<{ image: string; srcSet: string | undefined; setCookies: string[] }> {
      const { user } = await getSession(headers, { fresh: true });
      if (!user) throw new AppError("unauthorized", "Please sign in first.");
      const image = await deps.images.storeImage(picture, "avatar");
      const updated = await auth.api.updateUser({ headers, body: { image }, returnHeaders: true }).catch(async (err: unknown) => {
        await deps.images.removeImage(image, "avatar");
        throw err;
      });
      if (user.image && user.image !== image) await deps.images.removeImage(user.image, "avatar");
      return { image, srcSet: imageSrcSet(image, "avatar", "webp", deps.images.publicBase), setCookies: updated.headers?.getSetCookie() ?? [] };
    },

    /** The shop's record of a user with the orders module's count of their orders (GET /api/auth/user/{uid}, /my-profile), or null for an unknown id. */
    async getUser(id: string): Promise<UserRecord | null> {
      const [account, count] = await Promise.all([users.getUser(id), deps.countOrders(id)]);
      if (!account) return null;
      // The ban's reason and end are for the shop's staff, not part of the user's own record.
      const { banReason: _reason, banExpires: _until, ...record } = account;
      return { ...record, orders: { count } };
    },

    /**
     * Makes ADMIN_EMAIL an administrator at start-up: creates the account with ADMIN_PASSWORD when
     * it is missing, promotes it when it exists. An existing account whose address is not yet
     * confirmed is only taken over with ADMIN_PASSWORD (its unproven password and sessions go), so
     * someone who registered the address first cannot become admin.
     */
    async ensureAdmin(email: string, password: string | undefined): Promise<"created" | "promoted" | "unchanged" | "skipped"> {
      const ctx = await auth.$context;
      const address = email.trim().toLowerCase();
      const found = await ctx.internalAdapter.findUserByEmail(address);
      if (!found) {
        if (!password) {
          logger.warn({ email: address }, "ADMIN_EMAIL has no account yet: set ADMIN_PASSWORD too to create it");
          return "skipped";
        }
        await createUserWithPassword(address, password, "Administrator", "admin");
        return "created";
      }
      const user = found.user as typeof found.user & { role?: string | null };
      if (!user.emailVerified) {
        if (!password) {
          logger.warn({ email: address }, "ADMIN_EMAIL belongs to an account whose address is not confirmed: confirm it, or set ADMIN_PASSWORD, and restart");
          return "skipped";
        }
        for (const account of await ctx.internalAdapter.findAccounts(user.id)) await ctx.internalAdapter.deleteAccount(account.id);
        await ctx.internalAdapter.deleteUserSessions(user.id);
        await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(password) });
        await ctx.internalAdapter.updateUser(user.id, { emailVerified: true, role: "admin" });
        return "promoted";
      }
      if (user.role === "admin") return "unchanged";
      await ctx.internalAdapter.updateUser(user.id, { role: "admin" });
      return "promoted";
    },

    /**
     * Creates the demo shop's administrator when the shop has none (first run of the demo), with a
     * generated password; returns the credentials to show once, or null when an admin exists.
     */
    async ensureDemoAdmin(email: string): Promise<{ email: string; password: string } | null> {
      if ((await users.countAdmins()) > 0) return null;
      const ctx = await auth.$context;
      if (await ctx.internalAdapter.findUserByEmail(email)) return null;
      const password = `demo-${randomBytes(9).toString("base64url")}`;
      await createUserWithPassword(email, password, "Demo Admin", "admin");
      return { email, password };
    },

    /** Ends the request's session and answers the cookies that clear it (also when the session is gone already, as after deleting the account). */
    async endSession(headers: Headers): Promise<string[]> {
      const res = await auth.api.signOut({ headers, asResponse: true });
      return res.headers.getSetCookie();
    },

    /** Whether the account signs in with a password (else only through a provider or a magic link). */
    async hasPassword(userId: string): Promise<boolean> {
      return (await credentialOf(userId)) !== null;
    },

    /** Whether `password` is the account's own: "none" for an account that signs in without one (social sign-in, magic link). */
    async checkPassword(userId: string, password: string): Promise<"ok" | "wrong" | "none"> {
      const hash = await credentialOf(userId);
      if (!hash) return "none";
      const ctx = await auth.$context;
      return (await ctx.password.verify({ hash, password })) ? "ok" : "wrong";
    },

    /**
     * Mails the owner of an account without a password the link that confirms deleting it
     * (/update-profile?delete-token=…, valid one hour); a new link replaces the previous one.
     */
    async sendDeletionLink(user: { id: string; email: string; name: string }): Promise<void> {
      const ctx = await auth.$context;
      const token = randomBytes(24).toString("base64url");
      const identifier = `delete-account:${user.id}`;
      await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
      await ctx.internalAdapter.createVerificationValue({ identifier, value: hashToken(token), expiresAt: new Date(Date.now() + DELETION_LINK_MS) });
      // In the account's language, to the profile page in it.
      const language = await users.getLanguage(user.id);
      const url = `${env.PUBLIC_URL.replace(/\/+$/, "")}${pathInLanguage("/update-profile", language)}?delete-token=${token}`;
      const siteName = await deps.siteName().catch(() => "Shop");
      background.run(
        mailer
          .send(deleteAccountMail({ to: user.email, name: user.name, siteName, url, language }), { fromName: siteName })
          .catch((err: unknown) => logger.error({ err }, "could not send the account deletion mail")),
      );
    },

    /** Whether `token` is this account's live deletion link; a matching link is used up. */
    async takeDeletionToken(userId: string, token: string): Promise<boolean> {
      const ctx = await auth.$context;
      const identifier = `delete-account:${userId}`;
      const found = await ctx.internalAdapter.findVerificationValue(identifier);
      if (!found || found.value !== hashToken(token) || new Date(found.expiresAt).getTime() < Date.now()) return false;
      await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
      return true;
    },

    /** Whether an account with this e-mail address exists (start-up messages only; never exposed over HTTP). */
    async hasAccount(email: string): Promise<boolean> {
      const ctx = await auth.$context;
      return Boolean(await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase()));
    },

    /** better-auth's OpenAPI description of its endpoints (paths relative to /api/auth), for the shop's document. */
    async openApiSchema() {
      return (await auth.api.generateOpenAPISchema()) as { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };
    },

    /** Resolves once every mail and other background task started so far has finished. */
    idle: async () => {
      await background.idle();
      await deps.mailer.idle();
    },
  };

  /** The password hash of the account's e-mail-and-password sign-in, or null without one. */
  async function credentialOf(userId: string): Promise<string | null> {
    const ctx = await auth.$context;
    return (await ctx.internalAdapter.findAccounts(userId)).find((a) => a.providerId === "credential" && a.password)?.password ?? null;
  }

  /** A confirmed account with a password, for accounts the operator configures (not sign-ups). */
  async function createUserWithPassword(email: string, password: string, name: string, role: Role) {
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: true, role }, { method: "admin" });
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(password) });
    return user;
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
