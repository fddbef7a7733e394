import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { compiledQuery } from "./compiled-query";
import { openDatabase } from "./database";
import { migrateToLatest } from "../migrations/migrate";

let test: TestDb;
beforeAll(async () => {
  test = await createTestDb();
  const at = "2026-11-25T10:00:00.000Z";
  await test.db.kysely
    .insertInto("settings")
    .values(["a", "b", "c", "d"].map((key, i) => ({ key: `cq.${key}`, value: `value ${i}`, updated_at: at })))
    .execute();
});
afterAll(() => test.drop());

const byKeys = compiledQuery((k, a: { keys: string[]; prefix: string }) =>
  k.selectFrom("settings").select(["key", "value"]).where("key", "in", a.keys).where("value", "like", a.prefix).orderBy("key"),
);

describe("compiledQuery", () => {
  it("answers each call with its own values, as the query built anew would", async () => {
    const k = test.db.kysely;
    for (const keys of [
      ["cq.a", "cq.c"],
      ["cq.b", "cq.d"],
      ["cq.a", "cq.zz"],
    ]) {
      const direct = await k.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).where("value", "like", "value%").orderBy("key").execute();
      const { rows } = await byKeys.execute(k, { keys, prefix: "value%" });
      expect(rows).toEqual(direct);
    }
    expect((await byKeys.execute(k, { keys: ["cq.a", "cq.c"], prefix: "value 2" })).rows).toEqual([{ key: "cq.c", value: "value 2" }]);
  });

  it("compiles a text for each length of a list, so a list of one and one of three both answer in full", async () => {
    const k = test.db.kysely;
    expect((await byKeys.execute(k, { keys: ["cq.b"], prefix: "%" })).rows.map((r) => r.key)).toEqual(["cq.b"]);
    expect((await byKeys.execute(k, { keys: ["cq.d", "cq.a", "cq.b"], prefix: "%" })).rows.map((r) => r.key)).toEqual(["cq.a", "cq.b", "cq.d"]);
    expect((await byKeys.execute(k, { keys: ["cq.c"], prefix: "%" })).rows.map((r) => r.key)).toEqual(["cq.c"]);
  });

  it("writes rows of a shape with optional columns, and runs inside a transaction that sees its own writes", async () => {
    const insert = compiledQuery((k, a: { rows: Array<{ key: string; value: string; updated_at: string }> }) => k.insertInto("settings").values(a.rows));
    const k = test.db.kysely;
    await k
      .transaction()
      .execute(async (trx) => {
        await insert.execute(trx, { rows: [{ key: "cq.t1", value: "in trx", updated_at: "2026-11-25T11:00:00.000Z" }] });
        expect((await byKeys.execute(trx, { keys: ["cq.t1"], prefix: "%" })).rows).toEqual([{ key: "cq.t1", value: "in trx" }]);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect((await byKeys.execute(k, { keys: ["cq.t1"], prefix: "%" })).rows).toEqual([]);
    await insert.execute(k, {
      rows: [
        { key: "cq.t2", value: "two", updated_at: "2026-11-25T11:00:00.000Z" },
        { key: "cq.t3", value: "three", updated_at: "2026-11-25T11:00:00.000Z" },
      ],
    });
    expect((await byKeys.execute(k, { keys: ["cq.t2", "cq.t3"], prefix: "%" })).rows.map((r) => r.value)).toEqual(["two", "three"]);
  });

  it("refuses a query that writes an argument into its text or computes with it, when it is first compiled", async () => {
    const k = test.db.kysely;
    const written = compiledQuery((k, a: { key: string }) =>
      k
        .selectFrom("settings")
        .select("value")
        .where("key", "=", sql.raw<string>(`'${a.key}'`)),
    );
    await expect(written.execute(k, { key: "cq.a" })).rejects.toThrow(/written into the SQL text/);
    const literal = compiledQuery((k, a: { key: string }) => k.selectFrom("settings").select("value").where("key", "=", sql.lit(a.key)));
    await expect(literal.execute(k, { key: "cq.a" })).rejects.toThrow();
    const computed = compiledQuery((k, a: { n: number }) =>
      k
        .selectFrom("settings")
        .select("value")
        .where("key", "=", `cq.${a.n + 1}`),
    );
    await expect(computed.execute(k, { n: 1 })).rejects.toThrow(/does not reach the query/);
    const expression = compiledQuery((k, a: { key: unknown }) =>
      k
        .selectFrom("settings")
        .select("value")
        .where("key", "=", a.key as string),
    );
    await expect(expression.execute(k, { key: sql`'cq.a'` })).rejects.toThrow(/Kysely expression/);
  });

  it("keeps one text per engine: the same query on SQLite and on the test database answers on both", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cq-"));
    const other = openDatabase(`file:${path.join(dir, "other.db")}`);
    try {
      await migrateToLatest(other);
      await other.kysely.insertInto("settings").values({ key: "cq.a", value: "elsewhere", updated_at: "2026-11-25T10:00:00.000Z" }).execute();
      const fresh = compiledQuery((k, a: { key: string }) => k.selectFrom("settings").select("value").where("key", "=", a.key));
      expect((await fresh.execute(test.db.kysely, { key: "cq.a" })).rows).toEqual([{ value: "value 0" }]);
      expect((await fresh.execute(other.kysely, { key: "cq.a" })).rows).toEqual([{ value: "elsewhere" }]);
      expect((await fresh.execute(test.db.kysely, { key: "cq.b" })).rows).toEqual([{ value: "value 1" }]);
    } finally {
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
