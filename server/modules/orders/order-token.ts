import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";

/**
 * The guest link's token of an order: HMAC-SHA256 of the order id with the shop's secret. Only its
 * sha256 is stored, so a copy of the database does not hold working links; the shop can still
 * rebuild a link (for the mails and the browser that placed the order) from the id.
 */
export function createOrderTokens(secret: string) {
  const hash = (token: string) => createHash("sha256").update(token).digest("hex");
  return {
    tokenFor: (orderId: string) => createHmac("sha256", secret).update(`order:${orderId}`).digest("base64url"),
    hash,
    /** Whether a presented token belongs to the stored hash (constant time). */
    verify(token: string | null | undefined, storedHash: string): boolean {
      if (!token || token.length > 200) return false;
      const given = Buffer.from(hash(token), "hex");
      const expected = Buffer.from(storedHash, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type OrderTokens = ReturnType<typeof createOrderTokens>;

// No 0/O, 1/I/L: read aloud over the phone without confusion.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/**
 * The letters an order number starts with: the settings' order-number prefix, or without one the
 * initials of the shop's name ("Marigold Market" → "MM").
 */
export function orderPrefix(siteName: string, chosen = ""): string {
  if (chosen) return chosen;
  const initials = siteName
    .normalize("NFKD")
    .replace(/[^A-Za-z\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("")
    .slice(0, 3);
  return initials.length >= 2 ? initials : initials ? `${initials}O` : "OR";
}

/** A short, random (not sequential) order number such as "MM-7K3QX9A"; `pick` draws an index below n (the demo seed's is seeded). */
export function newOrderNumber(prefix: string, pick: (n: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < 7; i++) code += ALPHABET[pick(ALPHABET.length)];
  return `${prefix}-${code}`;
}
