import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRateLimitStore } from "../../server/lib/rate-limit";
import { type TestDb, createTestDb } from "../support/test-shop";

// The order limits count an attempt against several keys in one statement (a multi-row upsert),
// each key under its own window: one round trip instead of a transaction of one upsert per key.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  vi.useRealTimers();
  await testDb?.drop();
});

describe("the rate-limit store's counts for several keys at once", () => {
  it("counts each key in its own window, answers in the order asked, and checks without counting", async () => {
    const store = createRateLimitStore(testDb.db);
    const short = { window: 10, max: 2 };
    const long = { window: 3600, max: 3 };
    const both = [
      { key: "multi:short", rule: short },
      { key: "multi:long", rule: long },
    ];
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    expect(await store.consumeAll(both)).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: true, retryAfter: null },
    ]);
    expect(await store.consumeAll(both)).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: true, retryAfter: null },
    ]);
    // The short window is full: the next attempt would be refused, and checking does not count one.
    expect(await store.checkAll(both)).toEqual([
      { allowed: false, retryAfter: 10 },
      { allowed: true, retryAfter: null },
    ]);
    expect(await store.checkAll(both)).toEqual([
      { allowed: false, retryAfter: 10 },
      { allowed: true, retryAfter: null },
    ]);
    vi.setSystemTime(new Date("2026-11-24T10:00:04Z"));
    expect(await store.consumeAll(both)).toEqual([
      { allowed: false, retryAfter: 6 },
      { allowed: true, retryAfter: null },
    ]);
    // Past the short window only the short key starts again; the long one counts on to its refusal.
    vi.setSystemTime(new Date("2026-11-24T10:00:11Z"));
    expect(await store.consumeAll(both)).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: false, retryAfter: 3589 },
    ]);
    expect(await store.checkAll([{ key: "multi:unknown", rule: short }])).toEqual([{ allowed: true, retryAfter: null }]);
  });

  it("builds the statement once for a number of keys, whatever the time: later orders send only new values, which the database runs as one prepared text", async () => {
    const texts: string[] = [];
    const { kysely } = testDb.db;
    const compiler = kysely.getExecutor();
    const recording: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === "InsertQueryNode") texts.push(compiler.compileQuery(node, queryId).sql);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const store = createRateLimitStore({ ...testDb.db, kysely: kysely.withPlugin(recording) });
    const keys = [
      { key: "text:short", rule: { window: 10, max: 5 } },
      { key: "text:long", rule: { window: 3600, max: 5 } },
    ];
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T11:00:00Z"));
    await store.consumeAll(keys);
    vi.setSystemTime(new Date("2026-11-24T11:00:07Z"));
    expect(await store.consumeAll(keys)).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: true, retryAfter: null },
    ]);
    vi.useRealTimers();
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toMatch(/1795/); // no time of 2026 written into the text: 1,795,… ms
  });

  it("takes back an attempt counted for a refused or replayed order, never below zero", async () => {
    vi.useRealTimers();
    const store = createRateLimitStore(testDb.db);
    const rule = { window: 3600, max: 2 };
    const keys = [
      { key: "back:a", rule },
      { key: "back:b", rule },
    ];
    await store.consumeAll(keys);
    await store.consumeAll(keys);
    expect(await store.checkAll(keys)).toEqual([
      { allowed: false, retryAfter: expect.any(Number) },
      { allowed: false, retryAfter: expect.any(Number) },
    ]);
    await store.uncountAll(["back:a", "back:b", "back:unknown"]);
    expect(await store.checkAll(keys)).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: true, retryAfter: null },
    ]);
    for (let i = 0; i < 3; i++) await store.uncountAll(["back:a"]);
    // a is back at none (two attempts fit again), b holds its one (one more fits).
    await store.consumeAll(keys);
    expect(await store.consumeAll(keys)).toEqual([
      { allowed: true, retryAfter: null },
      { allowed: false, retryAfter: expect.any(Number) },
    ]);
  });
});
