import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../lib/env";
import { createLogger } from "../../lib/logger";
import { type RateLimitStore, createRateLimitStore } from "../../lib/rate-limit";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { createMailer } from "./mailer";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.drop());

/** The real rate-limit store, on a fresh database of the project's engine. */
const store = (): RateLimitStore => createRateLimitStore(testDb.db);

const mail = (to: string) => ({ to, subject: "Your order", text: "Thanks", html: "<p>Thanks</p>" });

describe("the mailer's per-recipient limit", () => {
  it("sends an unverified address at most MAIL_LIMIT_PER_RECIPIENT mails, however its case is written, and says when it drops one", async () => {
    const mailer = createMailer(loadEnv({ NODE_ENV: "test", MAIL_LIMIT_PER_RECIPIENT: "2/1h" }), createLogger("silent"), { rateLimits: store() });
    expect(await mailer.send(mail("victim@example.com"))).toBe(true);
    expect(await mailer.send(mail("Victim@Example.com"))).toBe(true);
    expect(await mailer.send(mail("victim@example.com"))).toBe(false);
    expect(mailer.outbox).toHaveLength(2);
    // Another address has its own count.
    expect(await mailer.send(mail("other@example.com"))).toBe(true);
  });

  it("does not limit a recipient the caller states is verified", async () => {
    const mailer = createMailer(loadEnv({ NODE_ENV: "test", MAIL_LIMIT_PER_RECIPIENT: "1/1h" }), createLogger("silent"), { rateLimits: store() });
    for (let i = 0; i < 3; i++) expect(await mailer.send(mail("me@example.com"), { verifiedRecipient: true })).toBe(true);
    expect(mailer.outbox).toHaveLength(3);
  });
});
