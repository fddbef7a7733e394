import { createHmac, randomBytes } from "node:crypto";

// The Standard Webhooks signature (https://www.standardwebhooks.com): the secret is `whsec_` and
// the base64 of a random key; each try is signed as `v1,` and the base64 HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<body>" with that key, so receivers verify with any of the
// specification's libraries.

const PREFIX = "whsec_";

/** A new signing secret: 24 random bytes (the specification asks for 24 to 64). */
export function newSecret(): string {
  return `${PREFIX}${randomBytes(24).toString("base64")}`;
}

/** The secret as lists show it: its prefix and last four characters. */
export function maskSecret(secret: string): string {
  return `${PREFIX}…${secret.slice(-4)}`;
}

/** The `webhook-signature` header of one try. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}
