import { AUTH_COOKIE_PREFIX, SESSION_DAYS } from "#common/auth/session";
import { PASSWORD_MAX, PASSWORD_MIN } from "#common/auth/password-rules";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { z } from "zod";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { openAPI } from "better-auth/plugins/open-api";
import type { Db } from "../db/database";
import type { Env } from "../lib/env";
import type { Logger } from "../lib/logger";
import type { Mail, Mailer } from "#modules/mail";
import { existingAccountMail, magicLinkMail, resetPasswordMail, signInLockedMail, verificationMail } from "#modules/mail";
import { configuredOidcProvider, configuredSocialProviders } from "./providers";
import { type RateLimitStore, emailKey, waitText } from "../lib/rate-limit";
import { checkProfileInput } from "./profile-input";
import { sameSitePath } from "#common/same-site-path";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage, languageOfPath, pathInLanguage } from "#common/i18n/languages";
import { SIGN_IN_LOCK_SECONDS, createSignInLock } from "./sign-in-lock";
import { testPasswordHashing } from "./test-passwords";

/** Every HTTP endpoint of better-auth's admin plugin (switched off below). */
const ADMIN_PLUGIN_PATHS = [
  "ban-user",
  "create-user",
  "get-user",
  "has-permission",
  "impersonate-user",
  "list-user-sessions",
  "list-users",
  "remove-user",
  "revoke-user-session",
  "revoke-user-sessions",
  "set-role",
  "set-user-password",
  "stop-impersonating",
  "unban-user",
  "update-user",
].map((name) => `/admin/${name}`);

/**
 * Pages read the session from a signed cookie for this long before asking the database again, so a
 * page view costs no query. A sign-out elsewhere, a ban or a role change reaches every page within
 * this time; admin checks and writes always read the database.
 */
export const SESSION_CACHE_SECONDS = 60;
const MAGIC_LINK_MINUTES = 10;
/** Window of the per-e-mail limits. */
const EMAIL_WINDOW_SECONDS = 15 * 60;

/** Endpoints that send a mail or create an account: limited per e-mail address (each request counts). */
const MAIL_SENDING_PATHS: Record<string, string> = {
  "/sign-up/email": "sign-up",
  "/sign-in/magic-link": "magic-link",
  "/request-password-reset": "reset",
  "/send-verification-email": "verify",
};

export interface AuthDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  /** The signing secret (server/auth/secret.ts). */
  secret: string;
  rateLimits: RateLimitStore;
  /** The shop's name for mails (from the site settings). */
  siteName: () => Promise<string>;
  /** Runs work after the answer is sent (mails), so every answer takes the same time. */
  background: (task: Promise<unknown>) => void;
  /** Called for every new session (the customer list's "last sign-in"). */
  onSignIn?: (userId: string) => Promise<void>;
  /** Called once a new account is stored (after its transaction: better-auth runs these hooks after the commit). */
  onUserCreated?: (userId: string) => Promise<void>;
}

function rateLimited(retryAfter: number | null, what = "attempts"): APIError {
  const seconds = Math.max(1, retryAfter ?? 60);
  const wait = waitText(seconds);
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "RATE_LIMITED", message: `Too many ${what}. For your security, please wait ${wait} and try again.` },
    { "Retry-After": String(seconds), "X-Retry-After": String(seconds) },
  );
}

/** The fields of better-auth's requests that name where to send the browser afterwards. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

/**
 * The first field of a request to better-auth (its body or query) that would send the browser
 * somewhere other than a page of this shop, by the shop's one rule (lib/same-site-path.ts), or null.
 */
function offSiteRedirect(ctx: { body?: unknown; query?: unknown }, origin: string): string | null {
  for (const source of [ctx.body, ctx.query]) {
    if (!source || typeof source !== "object") continue;
    for (const field of REDIRECT_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value !== undefined && value !== null && value !== "" && sameSitePath(value, origin) === null) return field;
    }
  }
  return null;
}

/**
 * The client address of a request to better-auth: our handler (auth.service.ts) sets exactly one,
 * from clientIp(); in-process calls without a request share "unknown".
 */
const clientIpOf = (ctx: { request?: Request; headers?: Headers }): string =>
  (ctx.request?.headers ?? ctx.headers)?.get("x-forwarded-for")?.trim() || "unknown";

/** A password reset request as better-auth's endpoint takes it. */
const resetRequestSchema = z.object({ email: z.email(), redirectTo: z.string() });

/** The language an account's mails are written in (its stored one), or null for none. */
const accountLanguage = (user: unknown): Language | null => {
  const language = (user as { language?: unknown } | null | undefined)?.language;
  return isLanguage(language) ? language : null;
};

/** The fields of better-auth's requests that name the shop page the browser lands on afterwards. */
const LANDING_FIELDS = ["callbackURL", "newUserCallbackURL", "errorCallbackURL"] as const;

/**
 * The language of the page a request to better-auth was made from: `language` in its body (a
 * client that says it), else the language of the page it sends the browser back to (a callback
 * URL under /de/…), else of the page that sent it (its Referer, on the shop's own origin): a
 * page's form reaches better-auth with the browser's Referer (app/lib/auth-form.server.ts).
 * The default language otherwise.
 */
function pageLanguageOf(ctx: { body?: unknown; query?: unknown; request?: Request; headers?: Headers } | null | undefined, origin: string): Language {
  const body = (ctx?.body ?? null) as Record<string, unknown> | null;
  if (isLanguage(body?.language)) return body.language;
  for (const source of [body, ctx?.query as Record<string, unknown> | undefined]) {
    for (const field of LANDING_FIELDS) {
      const path = source ? sameSitePath(source[field], origin) : null;
      const language = path ? languageOfPath(new URL(path, origin).pathname) : DEFAULT_LANGUAGE;
      if (language !== DEFAULT_LANGUAGE) return language;
    }
  }
  const referer = (ctx?.request?.headers ?? ctx?.headers)?.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === new URL(origin).origin) return languageOfPath(url.pathname);
    } catch {
      // A malformed Referer says nothing.
    }
  }
  return DEFAULT_LANGUAGE;
}

/**
 * A better-auth link of a mail (verify-email, magic-link/verify, reset-password) with the shop
 * pages it lands on in the mail's language: `/verify-email` becomes `/de/verify-email`.
 */
function landingInLanguage(link: string, language: Language): string {
  const url = new URL(link);
  for (const field of LANDING_FIELDS) {
    const value = url.searchParams.get(field);
    if (value?.startsWith("/") && sameSitePath(value) !== null) url.searchParams.set(field, pathInLanguage(value, language));
  }
  return url.toString();
}

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.includes("@") ? email.trim().toLowerCase() : null;
};

/**
 * better-auth configured for the shop: our snake_case tables (migration 0003-auth), e-mail and
 * password with required verification, magic links, the configured social and OpenID Connect
 * providers, roles and bans (admin plugin), per-IP and per-e-mail rate limits, and our mails.
 */
export function createAuth(deps: AuthDeps) {
  const { env, mailer, logger, rateLimits } = deps;
  const secureCookies = env.PUBLIC_URL.startsWith("https://");
  const oidc = configuredOidcProvider(env);

  /** A page of the shop in a language, as an absolute address for a mail. */
  const pageUrl = (path: string, language: Language) => `${env.PUBLIC_URL.replace(/\/+$/, "")}${pathInLanguage(path, language)}`;

  /** Renders and sends an account mail in the background; a failure is logged, never shown to the visitor. */
  function sendLater(render: (siteName: string) => Mail | Promise<Mail>): void {
    deps.background(
      (async () => {
        const siteName = await deps.siteName().catch(() => "Shop");
        await mailer.send(await render(siteName), { fromName: siteName });
      })().catch((err: unknown) => logger.error({ err }, "could not send an account mail")),
    );
  }

  const ipLimit = { window: 60, max: env.AUTH_RATE_LIMIT };
  const signInLock = createSignInLock(rateLimits, env.AUTH_EMAIL_RATE_LIMIT);
  // Marks the in-process magic-link request of a lock mail; clients can send `metadata` too, but
  // cannot know this value.
  const lockMailMarker = randomBytes(18).toString("base64url");

  /**
   * Tells an account's owner that password sign-in is locked for someone, with a one-time sign-in
   * link (a real magic link, made by the plugin): only for an existing account, once per window.
   */
  async function mailLockedOwner(email: string): Promise<void> {
    const found = await (await instance.$context).internalAdapter.findUserByEmail(email);
    if (!found) return;
    const once = await rateLimits.consume(emailKey("sign-in-locked-mail", email), { window: SIGN_IN_LOCK_SECONDS, max: 1 });
    if (!once.allowed) return;
    const language = accountLanguage(found.user) ?? DEFAULT_LANGUAGE;
    await instance.api.signInMagicLink({
      body: { email, callbackURL: pathInLanguage("/", language), metadata: { lockMail: lockMailMarker, name: found.user.name, language } },
      headers: new Headers(),
    });
  }

  /**
   * Once the owner of an address proves it (confirmation or reset link), provider links and
   * sessions set up while it was unconfirmed go: someone may have signed in with a provider
   * account that claims the address without the provider having checked it.
   */
  async function forgetUnprovenAccess(userId: string): Promise<void> {
    const ctx = await instance.$context;
    for (const account of await ctx.internalAdapter.findAccounts(userId)) {
      if (account.providerId !== "credential") await ctx.internalAdapter.deleteAccount(account.id);
    }
    await ctx.internalAdapter.deleteUserSessions(userId);
  }

  const instance = betterAuth({
    appName: "Shop",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: deps.secret,
    telemetry: { enabled: false },
    database: { db: deps.db.kysely, type: deps.db.dialect, transaction: true },
    logger: {
      level: env.LOG_LEVEL === "silent" ? "error" : env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "trace" ? "debug" : "warn",
      disabled: env.LOG_LEVEL === "silent",
      log: (level, message, ...args) => logger[level]({ args: args.length ? args : undefined }, `auth: ${message}`),
    },

    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
      // A staff member's permissions (common/auth/permissions.ts), in the session like the role;
      // only the users service writes them. The language the account's mails are written in: a
      // sign-up or profile update may give one of the shop's (else the page's, see the user hook);
      // better-auth's answers leave it out.
      additionalFields: {
        permissions: { type: "string", required: false, input: false },
        language: {
          type: "string",
          required: false,
          input: true,
          returned: false,
          validator: { input: z.enum(LANGUAGES, { error: `Unknown language: please use one of ${LANGUAGES.join(", ")}` }) },
        },
      },
    },
    session: {
      modelName: "sessions",
      fields: {
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS },
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      encryptOAuthTokens: true,
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
      storeIdentifier: "hashed",
    },

    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // A test shop's throwaway accounts are hashed at a lower cost (test-passwords.ts); every
      // other shop keeps better-auth's own scrypt.
      ...(env.NODE_ENV === "test" ? { password: testPasswordHashing } : {}),
      // No session before the address is confirmed; with this, a sign-up for a registered address
      // answers exactly like a new one (see docs/decisions/0007-accounts-and-sign-in.md).
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Account mails are written in the account's language and link to the pages in it.
      sendResetPassword: async ({ user, url }) => {
        const language = accountLanguage(user) ?? DEFAULT_LANGUAGE;
        sendLater((siteName) => resetPasswordMail({ to: user.email, name: user.name, siteName, url: landingInLanguage(url, language), language }));
      },
      onExistingUserSignUp: async ({ user }) => {
        const language = accountLanguage(user) ?? DEFAULT_LANGUAGE;
        sendLater((siteName) =>
          existingAccountMail({
            to: user.email,
            name: user.name,
            siteName,
            url: pageUrl("/login", language),
            resetUrl: pageUrl("/forgot-password", language),
            language,
          }),
        );
      },
      customSyntheticUser: ({ coreFields, id }) => ({ ...coreFields, role: "customer", banned: false, banReason: null, banExpires: null, id }),
      // A reset link proves the address too: confirm it, and drop access nobody proved.
      onPasswordReset: async ({ user }) => {
        if (user.emailVerified) return;
        await forgetUnprovenAccess(user.id);
        await (await instance.$context).internalAdapter.updateUser(user.id, { emailVerified: true });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        const language = accountLanguage(user) ?? DEFAULT_LANGUAGE;
        sendLater((siteName) => verificationMail({ to: user.email, name: user.name, siteName, url: landingInLanguage(url, language), language }));
      },
      afterEmailVerification: async (user) => forgetUnprovenAccess(user.id),
    },

    socialProviders: Object.fromEntries(configuredSocialProviders(env).map((p) => [p.id, { clientId: p.clientId, clientSecret: p.clientSecret }])),

    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url, metadata }, ctx) => {
          if (metadata?.lockMail === lockMailMarker) {
            const name = typeof metadata.name === "string" ? metadata.name : null;
            const language = isLanguage(metadata.language) ? metadata.language : DEFAULT_LANGUAGE;
            sendLater((siteName) =>
              signInLockedMail({
                to: email,
                name,
                siteName,
                url: landingInLanguage(url, language),
                language,
                minutes: MAGIC_LINK_MINUTES,
                lockMinutes: SIGN_IN_LOCK_SECONDS / 60,
              }),
            );
            return;
          }
          // An account's own language; for an address without one (the link creates the account), the
          // page's. Looked up after the answer, which takes the same time for every address.
          const pageLanguage = pageLanguageOf(ctx, env.PUBLIC_URL);
          sendLater(async (siteName) => {
            const found = await (await instance.$context).internalAdapter.findUserByEmail(email);
            const language = accountLanguage(found?.user) ?? pageLanguage;
            return magicLinkMail({ to: email, siteName, url: landingInLanguage(url, language), language, minutes: MAGIC_LINK_MINUTES });
          });
        },
      }),
      // Describes better-auth's endpoints for the shop's OpenAPI document (server/http/openapi/openapi.ts);
      // its own HTTP pages are off (disabledPaths), the document is built in-process.
      openAPI({ disableDefaultReference: true }),
      admin({
        defaultRole: "customer",
        adminRoles: ["admin"],
        bannedUserMessage: "This account has been suspended. Please contact us if you think this is a mistake.",
        schema: {
          user: { fields: { banReason: "ban_reason", banExpires: "ban_expires" } },
          session: { fields: { impersonatedBy: "impersonated_by" } },
        },
      }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: oidc.id,
                  name: oidc.name,
                  discoveryUrl: oidc.discoveryUrl,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],

    // better-auth's admin endpoints are all off over HTTP: the shop's own admin API
    // (server/http/admin) manages accounts through the users service, with permissions, the
    // last-admin rule and the audit log. The plugin stays for roles and for refusing banned users.
    disabledPaths: [...ADMIN_PLUGIN_PATHS, "/open-api/generate-schema", "/reference"],

    databaseHooks: {
      user: {
        create: {
          // Magic-link and some providers create accounts without a name: start from the address.
          // An account that was given no language speaks the page's it was created from.
          before: async (user, ctx) => ({
            data: {
              ...user,
              name: user.name?.trim() || user.email.split("@")[0],
              language: accountLanguage(user) ?? pageLanguageOf(ctx, env.PUBLIC_URL),
            },
          }),
          after: async (user) => {
            await deps.onUserCreated?.(user.id);
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await deps.onSignIn?.(session.userId);
          },
        },
      },
    },

    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customStorage: { consume: (key, rule) => rateLimits.consume(`ip:${key}`, rule) },
      customRules: {
        "/sign-in/*": ipLimit,
        "/sign-up/*": ipLimit,
        "/request-password-reset": ipLimit,
        "/reset-password": ipLimit,
        "/send-verification-email": ipLimit,
        "/change-password": ipLimit,
        // Read-only and answered from the cookie cache; limiting it would only cost a write.
        "/get-session": false,
      },
    },

    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      // better-auth turns these off under NODE_ENV=test; the tests must see what production does.
      disableCSRFCheck: false,
      disableOriginCheck: false,
      backgroundTasks: { handler: deps.background },
    },

    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const path = ctx.path;
        const offSite = offSiteRedirect(ctx, env.PUBLIC_URL);
        if (offSite) throw new APIError("BAD_REQUEST", { code: "INVALID_REDIRECT", message: `The ${offSite} must be a page of this shop.` });
        if (path === "/sign-in/email") {
          const email = emailOf(ctx.body);
          if (!email) return;
          const decision = await signInLock.check(email, clientIpOf(ctx));
          if (!decision.allowed) throw rateLimited(decision.retryAfter, "failed sign-ins for this account from your address");
          return;
        }
        // The reset this hook hands on below, made in-process after the answer: counted already.
        const handedOnReset = path === "/request-password-reset" && !ctx.request;
        const kind = MAIL_SENDING_PATHS[path];
        const lockMail = (ctx.body as { metadata?: { lockMail?: unknown } } | undefined)?.metadata?.lockMail === lockMailMarker;
        if (kind && !lockMail && !handedOnReset) {
          const email = emailOf(ctx.body);
          if (email) {
            const decision = await rateLimits.consume(emailKey(kind, email), { window: EMAIL_WINDOW_SECONDS, max: env.AUTH_EMAIL_RATE_LIMIT });
            if (!decision.allowed) throw rateLimited(decision.retryAfter, "requests for this e-mail address");
          }
        }
        if (path === "/sign-up/email" || path === "/update-user") {
          const problem = checkProfileInput(ctx.body, { requireName: path === "/sign-up/email" });
          if (problem) throw new APIError("BAD_REQUEST", problem);
        }
        if (path === "/request-password-reset") {
          const body = { ...((ctx.body ?? {}) as Record<string, unknown>) };
          body.redirectTo ||= "/reset-password";
          if (handedOnReset) return { context: { body } };
          // Answered at once, the same for every address; finding the account, writing its token
          // and queueing the mail happen after the answer. Done in the request, that work took an
          // existing account's answer longer than an unknown one's: a timing that tells who has an account.
          // A body better-auth would refuse goes on to it, for its own 400.
          const request = resetRequestSchema.safeParse(body);
          if (!request.success) return { context: { body } };
          const after = new Promise<void>((resolve) => setImmediate(resolve));
          deps.background(
            after
              .then(() => instance.api.requestPasswordReset({ body: request.data }))
              .catch((err: unknown) => logger.warn({ err }, "could not start a password reset")),
          );
          return ctx.json({ status: true, message: "If this email exists in our system, check your email for the reset link" });
        }
        if (path === "/change-password") {
          // Changing the password always signs out every other device.
          return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = emailOf(ctx.body);
        if (!email) return;
        const returned = ctx.context.returned;
        const ip = clientIpOf(ctx);
        if (isAPIError(returned)) {
          if (returned.statusCode !== 401) return;
          const { locked } = await signInLock.recordFailure(email, ip);
          // In the background, so a lock answers as fast as any other failure, account or not.
          if (locked) deps.background(mailLockedOwner(email).catch((err: unknown) => logger.error({ err }, "could not mail a sign-in lock")));
        } else {
          await signInLock.recordSuccess(email, ip);
        }
      }),
    },
  });
  return instance;
}

export type Auth = ReturnType<typeof createAuth>;
