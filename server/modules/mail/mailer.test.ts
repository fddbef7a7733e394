import { describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { createLogger } from "../../logger";
import type { RateLimitStore } from "../../lib/rate-limit";
import { createMailer } from "./mailer";

/** A rate-limit store in memory (the real one counts in the database; see server/lib/rate-limit.ts). */
function memoryStore(): RateLimitStore {
  const counts = new Map<string, number>();
  return {
    async consume(key, rule) {
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: rule.window };
    },
    async check(key, rule) {
      return (counts.get(key) ?? 0) < rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: rule.window };
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

const mail = (to: string) => ({ to, subject: "Your order", text: "Thanks", html: "<p>Thanks</p>" });

describe("the mailer's per-recipient limit", () => {
  it("sends an unverified address at most MAIL_LIMIT_PER_RECIPIENT mails, however its case is written, and says when it drops one", async () => {
    const mailer = createMailer(loadEnv({ NODE_ENV: "test", MAIL_LIMIT_PER_RECIPIENT: "2/1h" }), createLogger("silent"), { rateLimits: memoryStore() });
    expect(await mailer.send(mail("victim@example.com"))).toBe(true);
    expect(await mailer.send(mail("Victim@Example.com"))).toBe(true);
    expect(await mailer.send(mail("victim@example.com"))).toBe(false);
    expect(mailer.outbox).toHaveLength(2);
    // Another address has its own count.
    expect(await mailer.send(mail("other@example.com"))).toBe(true);
  });

  it("does not limit a recipient the caller states is verified", async () => {
    const mailer = createMailer(loadEnv({ NODE_ENV: "test", MAIL_LIMIT_PER_RECIPIENT: "1/1h" }), createLogger("silent"), { rateLimits: memoryStore() });
    for (let i = 0; i < 3; i++) expect(await mailer.send(mail("me@example.com"), { verifiedRecipient: true })).toBe(true);
    expect(mailer.outbox).toHaveLength(3);
  });
});
