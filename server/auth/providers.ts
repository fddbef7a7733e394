import type { Env } from "../lib/env";

/** A sign-in option the UI shows as a button. */
export interface AuthProvider {
  id: string;
  name: string;
  type: "social" | "oidc";
}

/** The id of the generic OpenID Connect provider (its callback is /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

type SocialId = "google" | "facebook" | "github" | "twitter";

const SOCIAL: Array<{ id: SocialId; name: string; idVar: keyof Env; secretVar: keyof Env; origins: string[] }> = [
  { id: "google", name: "Google", idVar: "GOOGLE_CLIENT_ID", secretVar: "GOOGLE_CLIENT_SECRET", origins: ["https://accounts.google.com"] },
  { id: "facebook", name: "Facebook", idVar: "FACEBOOK_CLIENT_ID", secretVar: "FACEBOOK_CLIENT_SECRET", origins: ["https://www.facebook.com"] },
  { id: "github", name: "GitHub", idVar: "GITHUB_CLIENT_ID", secretVar: "GITHUB_CLIENT_SECRET", origins: ["https://github.com"] },
  { id: "twitter", name: "X (Twitter)", idVar: "TWITTER_CLIENT_ID", secretVar: "TWITTER_CLIENT_SECRET", origins: ["https://x.com", "https://twitter.com"] },
];

/** Social providers whose client id AND secret are both configured, with their credentials. */
export function configuredSocialProviders(env: Env): Array<{ id: SocialId; name: string; clientId: string; clientSecret: string; origins: string[] }> {
  return SOCIAL.flatMap((p) => {
    const clientId = env[p.idVar] as string | undefined;
    const clientSecret = env[p.secretVar] as string | undefined;
    return clientId && clientSecret ? [{ id: p.id, name: p.name, clientId, clientSecret, origins: p.origins }] : [];
  });
}

const OIDC_VARS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

/**
 * Sign-in providers configured only in part (a client id without its secret, or the reverse; an
 * OpenID Connect issuer without its client), with the variables still missing: the shop leaves
 * them out, and the start-up log says why instead of a button silently not appearing.
 */
export function incompleteProviders(env: Env): Array<{ provider: string; missing: string[] }> {
  const social = SOCIAL.flatMap((p) => {
    const vars = [p.idVar, p.secretVar];
    const missing = vars.filter((v) => !env[v]);
    return missing.length === 1 ? [{ provider: p.name, missing }] : [];
  });
  const missingOidc = OIDC_VARS.filter((v) => !env[v]);
  const oidc = missingOidc.length > 0 && missingOidc.length < OIDC_VARS.length ? [{ provider: "OpenID Connect", missing: [...missingOidc] }] : [];
  return [...social, ...oidc];
}

/** Logs one start-up warning per provider that is configured only in part (see incompleteProviders). */
export function warnIncompleteProviders(env: Env, logger: { warn: (obj: object, msg: string) => void }): void {
  for (const { provider, missing } of incompleteProviders(env)) {
    logger.warn({ provider, missing }, `${provider} sign-in is off: ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not set`);
  }
}

/** The generic OpenID Connect provider when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
export function configuredOidcProvider(env: Env) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  const issuer = env.OIDC_ISSUER.replace(/\/+$/, "");
  return {
    id: OIDC_PROVIDER_ID,
    name: env.OIDC_NAME ?? "Single sign-on",
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
  };
}

/** Every configured sign-in provider, in the order the UI shows them (for GET /api/auth-providers). */
export function listAuthProviders(env: Env): AuthProvider[] {
  const social: AuthProvider[] = configuredSocialProviders(env).map((p) => ({ id: p.id, name: p.name, type: "social" }));
  const oidc = configuredOidcProvider(env);
  return oidc ? [...social, { id: oidc.id, name: oidc.name, type: "oidc" }] : social;
}

/** Origins a sign-in form may be redirected to (the providers' login pages), for CSP form-action. */
export function providerOrigins(env: Env): string[] {
  const origins = configuredSocialProviders(env).flatMap((p) => p.origins);
  const oidc = configuredOidcProvider(env);
  if (oidc) origins.push(new URL(oidc.issuer).origin);
  return origins;
}

/**
 * Asks the OpenID Connect issuer for its discovery document before better-auth does: better-auth
 * fetches it without a time limit when it starts, so an issuer that never answers would hold up
 * every sign-in and page. When it does not answer within `timeoutMs`, the shop starts without that
 * provider (an error is logged) instead of hanging.
 */
export async function withReachableOidc(env: Env, logger: { error: (obj: object, msg: string) => void }, timeoutMs = 5_000): Promise<Env> {
  const oidc = configuredOidcProvider(env);
  if (!oidc) return env;
  try {
    await fetch(oidc.discoveryUrl, { signal: AbortSignal.timeout(timeoutMs) }).then((res) => res.body?.cancel());
    return env;
  } catch (err) {
    if ((err as Error).name !== "TimeoutError") return env; // refused or unresolvable: fails fast, better-auth retries later
    logger.error({ issuer: oidc.issuer }, `the OpenID Connect issuer did not answer within ${timeoutMs / 1000} s: starting without it (restart to retry)`);
    return { ...env, OIDC_ISSUER: undefined };
  }
}
