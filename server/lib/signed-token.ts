import { createHmac, timingSafeEqual } from "node:crypto";

/** What reading a signed token found: its claims, or why it cannot be used. */
export type TokenCheck<Claims> = { ok: true; claims: Claims } | { ok: false; reason: "invalid" | "expired" };

const MAX_LENGTH = 1_000;

/**
 * Signed, expiring tokens for links mailed to people without an account (a review link): the
 * claims in base64url JSON with their expiry, then an HMAC-SHA256 with the shop's secret over the
 * purpose, the claims and `bound`, a value the token is tied to without carrying it (an e-mail
 * address stays out of the link, yet a token only works for it). Nothing is stored.
 */
export function createSignedTokens(secret: string) {
  const mac = (purpose: string, body: string, bound: string) => createHmac("sha256", secret).update(`${purpose}\n${body}\n${bound}`).digest("base64url");

  /** The claims of a well-formed token, unchecked: only to find what `bound` is before `verify`. */
  function peek<Claims extends object>(token: unknown): (Claims & { exp: number }) | null {
    if (typeof token !== "string" || token.length > MAX_LENGTH) return null;
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
      if (!claims || typeof claims !== "object" || Array.isArray(claims) || typeof (claims as { exp?: unknown }).exp !== "number") return null;
      return claims as Claims & { exp: number };
    } catch {
      return null;
    }
  }

  return {
    /** A token for `purpose` carrying `claims`, valid until `expiresAt`, tied to `bound`. */
    sign(purpose: string, claims: Record<string, string | number>, expiresAt: Date, bound = ""): string {
      const body = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url");
      return `${body}.${mac(purpose, body, bound)}`;
    },

    peek,

    /** Whether `token` was signed here for `purpose` and `bound` (constant time) and is not expired at `now`. */
    verify<Claims extends object>(purpose: string, token: unknown, bound: string, now: Date): TokenCheck<Claims & { exp: number }> {
      const claims = peek<Claims>(token);
      if (!claims) return { ok: false, reason: "invalid" };
      const [body, signature] = (token as string).split(".") as [string, string];
      const given = Buffer.from(signature);
      const expected = Buffer.from(mac(purpose, body, bound));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
      if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
      return { ok: true, claims };
    },
  };
}

export type SignedTokens = ReturnType<typeof createSignedTokens>;

/**
 * An id signed for one purpose, `<id>.<HMAC-SHA256 of "<purpose>:<id>">`, for links and cookies
 * that only name something (a visitor, a cart reminder, an account's price-drop mails) and never
 * expire: `sign` makes one, `read` gives the id back when the signature holds (constant time), else
 * null.
 */
export function signedIds(secret: string, purpose: string) {
  const mac = (id: string) => createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url");
  return {
    sign: (id: string): string => `${id}.${mac(id)}`,
    read(token: string | null | undefined): string | null {
      if (!token || token.length > MAX_LENGTH) return null;
      const dot = token.lastIndexOf(".");
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
