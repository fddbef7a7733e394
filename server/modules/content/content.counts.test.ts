import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../db/database";
import { createRateLimitStore } from "../../lib/rate-limit";
import { type TestDb, createTestDb } from "../../../tests/support/test-shop";
import { createContentService } from "./content.service";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.drop();
});

describe("content: countUnreadMessages", () => {
  it("counts the contact messages nobody has opened (the admin sidebar's badge)", async () => {
    const content = createContentService(t.db, { contactLimitPer10Min: 100, rateLimits: createRateLimitStore(t.db) });
    expect(await content.countUnreadMessages()).toBe(0);
    const row = (id: string, read_at: string | null) => ({ id, name: "Ann", email: "ann@example.test", subject: null, message: "Hello there, a question.", ip: null, read_at, created_at: nowIso() });
    await t.db.kysely.insertInto("contact_messages").values([row("m1", null), row("m2", null), row("m3", nowIso())]).execute();
    expect(await content.countUnreadMessages()).toBe(2);
  });
});
