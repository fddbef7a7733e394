import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../db/database";
import { migrateToLatest } from "../../migrations/migrate";
import { type TestDb, createTestDb } from "#tests/support/test-shop";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ upTo: "0012-order-desk" });
});
afterAll(async () => {
  await t?.drop();
});

describe("migration 0013: contact messages get a status", () => {
  it("makes the messages already opened read and the others new, so the sidebar keeps counting the unopened ones", async () => {
    const row = (id: string, read_at: string | null) => ({
      id,
      name: "Ann",
      email: "ann@example.test",
      subject: null,
      message: "Hello there, a question.",
      ip: null,
      read_at,
      created_at: nowIso(),
    });
    // Typed as the table was before the migration (no status yet).
    await t.db.kysely
      .insertInto("contact_messages")
      .values([row("m1", null), row("m2", null), row("m3", nowIso())] as never)
      .execute();
    await migrateToLatest(t.db);
    const rows = await t.db.kysely.selectFrom("contact_messages").select(["id", "status"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "m1", status: "new" },
      { id: "m2", status: "new" },
      { id: "m3", status: "read" },
    ]);
  });
});
