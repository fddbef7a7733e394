import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#tests/support/test-shop";
import { openDatabase, withLocalSettings } from "./database";
import { preparingClient } from "./pg-statements";

// PostgreSQL only: SQLite keeps its own statement cache (database.ts withStatementCache).
describe.runIf(process.env.TEST_DB === "postgres")("prepared statements on PostgreSQL", () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb();
  });
  // The pool's end does not wait for its connections to close: dropping the database while one
  // still closes would end it with a FATAL that nobody listens to any more (an uncaught error).
  const closing: Promise<void>[] = [];
  afterAll(async () => {
    await Promise.all(closing);
    await test?.drop();
  });

  /** A Kysely on one connection (so pg_prepared_statements, which is per session, sees all of them). */
  function oneConnection(options: Parameters<typeof preparingClient>[0] = {}) {
    const pool = new pg.Pool({ connectionString: test.url, max: 1, Client: preparingClient(options) });
    pool.on("connect", (client) => closing.push(new Promise((resolve) => client.once("end", () => resolve()))));
    return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  }
  const prepared = async (k: Kysely<any>) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements where not from_sql`.execute(k)).rows.map((r) => r.statement);

  it("prepares a statement the app repeats, once per connection, and never a one-off, DDL or transaction control", async () => {
    const db = openDatabase(test.url);
    const k = db.kysely as unknown as Kysely<any>;
    try {
      await sql`create table if not exists prep_a (id int primary key, name text)`.execute(k);
      await k.insertInto("prep_a").values({ id: 1, name: "one" }).execute();
      const read = () => k.selectFrom("prep_a").select("name").where("id", "=", 1).executeTakeFirst();
      await read();
      for (let i = 0; i < 10; i++) expect(await read()).toEqual({ name: "one" });
      await k.transaction().execute(async (trx) => {
        // Inside the transaction: the connection that ran the reads above (the pool reuses the last one).
        const statements = await prepared(trx);
        expect(statements.filter((s) => s.includes('from "prep_a"'))).toHaveLength(1);
        expect(statements.some((s) => /create table|^begin|insert into "prep_a"/i.test(s))).toBe(false);
      });
    } finally {
      await db.close();
    }
  });

  it("keeps at most maxPerConnection statements on a connection, closing the least recently used, and still answers every text", async () => {
    const k = oneConnection({ maxPerConnection: 5, minUses: 1 });
    try {
      // 40 distinct texts, as IN lists of every length make them.
      for (let round = 0; round < 2; round++) {
        for (let n = 1; n <= 40; n++) {
          const ids = Array.from({ length: n }, (_, i) => i);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from generate_series(0, 100) g where g in (${sql.join(ids)})`.execute(k);
          expect(rows[0].n).toBe(n);
        }
        expect((await prepared(k)).length).toBeLessThanOrEqual(5);
      }
    } finally {
      await k.destroy();
    }
  });

  it("plans a statement again as its table grows, so a lookup first planned on an empty table uses the index once rows come", async () => {
    const k = oneConnection();
    try {
      // A new shop's table: empty and analysed (the seed's ANALYZE), and no autovacuum to analyse it again.
      await sql`create table prep_grow (id text primary key, email text not null)`.execute(k);
      await sql`alter table prep_grow set (autovacuum_enabled = false)`.execute(k);
      await sql`analyze prep_grow`.execute(k);
      const lookup = (id: string) => k.selectFrom("prep_grow").select("email").where("id", "=", id).executeTakeFirst();
      const plan = async () => {
        const { rows } = await sql<{
          name: string;
        }>`select name from pg_prepared_statements where statement like 'select "email" from "prep_grow"%' and not from_sql`.execute(k);
        expect(rows).toHaveLength(1);
        const explained = await sql<{ "QUERY PLAN": string }>`explain execute ${sql.id(rows[0].name)}('row-7')`.execute(k);
        return explained.rows.map((r) => r["QUERY PLAN"]).join("\n");
      };
      for (let i = 0; i < 10; i++) expect(await lookup("row-7")).toBeUndefined();
      expect(await plan()).toMatch(/Seq Scan/);
      await sql`insert into prep_grow select 'row-' || g, 'shopper' || g || '@example.com' from generate_series(1, 20000) g`.execute(k);
      for (let i = 0; i < 100; i++) expect(await lookup("row-7")).toEqual({ email: "shopper7@example.com" });
      expect(await plan()).toMatch(/Index Scan using prep_grow_pkey/);
    } finally {
      await sql`drop table if exists prep_grow`.execute(k);
      await k.destroy();
    }
  });

  it("plans PostgreSQL's own foreign-key checks again as the table they check grows, so a new cart line does not read every cart", async () => {
    const k = oneConnection();
    try {
      await sql`create table prep_parent (id text primary key)`.execute(k);
      await sql`create table prep_child (id serial primary key, parent_id text not null references prep_parent (id))`.execute(k);
      await sql`alter table prep_parent set (autovacuum_enabled = false)`.execute(k);
      await sql`analyze prep_parent`.execute(k);
      const parentScans = async () => {
        await sql`select pg_stat_force_next_flush()`.execute(k);
        return Number((await sql<{ n: number }>`select seq_scan as n from pg_stat_user_tables where relname = 'prep_parent'`.execute(k)).rows[0].n);
      };
      const addChild = () => k.insertInto("prep_child").values({ parent_id: "p-1" }).execute();
      // The connection's key check is planned while the parent table holds one row: a scan, kept
      // as its generic plan once PostgreSQL has tried five plans with the values.
      await sql`insert into prep_parent values ('p-1')`.execute(k);
      for (let i = 0; i < 10; i++) await addChild();
      await sql`insert into prep_parent select 'p-' || g from generate_series(2, 20000) g`.execute(k);
      for (let i = 0; i < 100; i++) await addChild();
      const before = await parentScans();
      for (let i = 0; i < 10; i++) await addChild();
      expect((await parentScans()) - before).toBe(0);
    } finally {
      await sql`drop table if exists prep_child, prep_parent`.execute(k);
      await k.destroy();
    }
  });

  it("answers a statement after a schema change alters its result (a migration's ADD COLUMN), in and out of a transaction", async () => {
    const k = oneConnection({ minUses: 1 });
    const other = new pg.Client({ connectionString: test.url });
    await other.connect();
    try {
      await sql`create table prep_b (id int primary key, name text)`.execute(k);
      await sql`insert into prep_b values (1, 'one')`.execute(k);
      const all = () => k.selectFrom("prep_b").selectAll().where("id", "=", 1).executeTakeFirst();
      for (let i = 0; i < 7; i++) expect(await all()).toEqual({ id: 1, name: "one" });
      expect((await prepared(k)).some((s) => s.includes("prep_b"))).toBe(true);

      // Another process migrates: "cached plan must not change result type" for the prepared `select *`.
      await other.query("alter table prep_b add column price int not null default 5");
      expect(await all()).toEqual({ id: 1, name: "one", price: 5 });
      for (let i = 0; i < 7; i++) expect(await all()).toEqual({ id: 1, name: "one", price: 5 });

      // In a transaction the refusal aborts it (nothing to retry safely); the next one answers.
      await other.query("alter table prep_b add column stock int not null default 3");
      await expect(k.transaction().execute(async (trx) => trx.selectFrom("prep_b").selectAll().where("id", "=", 1).executeTakeFirst())).rejects.toThrow(
        /cached plan must not change result type/,
      );
      const again = await k.transaction().execute(async (trx) => trx.selectFrom("prep_b").selectAll().where("id", "=", 1).executeTakeFirst());
      expect(again).toEqual({ id: 1, name: "one", price: 5, stock: 3 });
    } finally {
      await other.end();
      await k.destroy();
    }
  });

  it("answers after the server forgot the connection's statements (DISCARD ALL, as a pooler may do)", async () => {
    const k = oneConnection({ minUses: 1 });
    try {
      const one = () => sql<{ n: number }>`select ${7}::int + 1 as n`.execute(k);
      for (let i = 0; i < 3; i++) expect((await one()).rows[0].n).toBe(8);
      await sql`discard all`.execute(k);
      expect((await one()).rows[0].n).toBe(8);
      expect((await one()).rows[0].n).toBe(8);
    } finally {
      await k.destroy();
    }
  });

  it("runs a statement with settings of its own in one round trip, and the settings end with it", async () => {
    const k = oneConnection();
    try {
      const setting = sql<{ value: string }>`select current_setting('enable_seqscan') as value, ${sql.lit(3)}::int as n`;
      const { rows } = await withLocalSettings({ enable_seqscan: "off" }, setting).execute(k);
      expect(rows).toEqual([{ value: "off", n: 3 }]);
      // The same connection afterwards, after a failing statement too: the setting is back.
      expect((await setting.execute(k)).rows).toEqual([{ value: "on", n: 3 }]);
      await expect(withLocalSettings({ enable_seqscan: "off" }, sql`select 1 / 0`).execute(k)).rejects.toThrow(/division by zero/);
      expect((await setting.execute(k)).rows).toEqual([{ value: "on", n: 3 }]);
    } finally {
      await k.destroy();
    }
  });
});
