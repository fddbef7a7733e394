import { CompiledQuery } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { type JobQueueOptions, createJobQueue } from "./jobs.service";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.drop();
});
beforeEach(async () => {
  await t.db.kysely.deleteFrom("jobs").execute();
});

/** A clock the test moves by hand. */
function clock(start = Date.parse("2026-11-29T10:00:00Z")) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The engine each database runs: the table queue on SQLite, pg-boss on PostgreSQL.
const engines = process.env.TEST_DB === "postgres" ? (["pg-boss"] as const) : (["table"] as const);

describe.each(engines)("the job queue on %s", (engine) => {
  const queues: Array<ReturnType<typeof createJobQueue>> = [];
  const queueOn = (options: Partial<JobQueueOptions> = {}) => {
    const q = createJobQueue(t.db, { logger: createLogger("silent"), engine, maintenanceMs: 60_000, ...options });
    queues.push(q);
    return q;
  };
  const onTable = engine === "table" ? it : it.skip;
  const onBoss = engine === "pg-boss" ? it : it.skip;
  beforeEach(async () => {
    if (engine === "pg-boss") await t.db.kysely.executeQuery(CompiledQuery.raw("DELETE FROM pgboss.job")).catch(() => {});
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
  });

  it("runs an enqueued job once with its payload, and counts it done", async () => {
    const q = queueOn();
    const seen: unknown[] = [];
    q.register<{ to: string }>("mail", { handle: async (payload, job) => void seen.push([payload, job.attempt]) });
    const id = await q.enqueue("mail", { to: "ann@example.test" });
    expect(id).toBeTruthy();
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([[{ to: "ann@example.test" }, 1]]);
    expect(await q.counts()).toMatchObject({ queued: 0, active: 0, done: 1, failed: 0 });
  });

  it("retries a failing job after its backoff, then fails it for good with its error; retry and discard", async () => {
    const q = queueOn();
    let calls = 0;
    q.register("flaky", {
      maxAttempts: 3,
      retryDelayMs: 1_000,
      handle: async () => {
        calls += 1;
        throw new Error(`SMTP down (${calls})`);
      },
    });
    const id = (await q.enqueue("flaky", {}))!;
    expect(await q.runDue()).toBe(1);
    // Not before its backoff.
    expect(await q.runDue()).toBe(0);
    expect(await q.get(id)).toMatchObject({ state: "queued", attempts: 1, lastError: "SMTP down (1)" });
    await expect.poll(async () => (await q.runDue(), calls), { timeout: 15_000, interval: 200 }).toBe(3);
    await sleep(4_500);
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(await q.get(id)).toMatchObject({ state: "failed", attempts: 3, maxAttempts: 3, lastError: "SMTP down (3)" });
    expect((await q.list("failed")).map((j) => j.id)).toEqual([id]);
    expect(await q.counts()).toMatchObject({ failed: 1, queued: 0 });

    const other = (await q.enqueue("flaky", {}))!;
    await expect(q.discard(other)).rejects.toMatchObject({ code: "conflict" });
    expect(await q.retry(id)).toMatchObject({ state: "queued" });
    await expect(q.retry(id)).rejects.toMatchObject({ code: "conflict" });
    await expect(q.discard(id)).rejects.toMatchObject({ code: "conflict" });
    await expect(q.get("no-such-job")).rejects.toMatchObject({ code: "not_found" });
  }, 30_000);

  it("lets an operator discard a failed job", async () => {
    const q = queueOn();
    q.register("broken", { maxAttempts: 1, handle: async () => Promise.reject(new Error("template missing")) });
    const id = (await q.enqueue("broken", {}))!;
    await q.runDue();
    expect(await q.get(id)).toMatchObject({ state: "failed", lastError: "template missing" });
    await q.discard(id);
    await expect(q.get(id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("stores nothing for a job enqueued in a transaction that rolls back, and the job of one that commits", async () => {
    const q = queueOn();
    q.register("mail", { handle: async () => {} });
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await q.enqueue("mail", { n: 1 }, { executor: trx });
        throw new Error("the order failed");
      })
      .catch(() => {});
    await t.db.kysely.transaction().execute(async (trx) => {
      await q.enqueue("mail", { n: 2 }, { executor: trx });
    });
    expect(await q.counts()).toMatchObject({ queued: 1 });
    const seen: unknown[] = [];
    q.register("mail", { handle: async (payload) => void seen.push(payload) });
    await q.runDue();
    expect(seen).toEqual([{ n: 2 }]);
  });

  it("lets one job in per key while the job is kept, done included", async () => {
    const q = queueOn();
    q.register("mail", { handle: async () => {} });
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeTruthy();
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeNull();
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-2" })).toBeTruthy();
    expect(await q.runDue()).toBe(2);
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeNull();
    expect(await q.runDue()).toBe(0);
  });

  onTable("frees a key when its done job goes", async () => {
    const c = clock();
    const q = queueOn({ now: c.now, keepDoneMs: 60_000 });
    q.register("mail", { handle: async () => {} });
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeTruthy();
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeNull();
    expect(await q.runDue()).toBe(1);
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeNull();
    expect(await q.runDue()).toBe(0);
    c.advance(60_001);
    await q.pruneDone();
    expect(await q.enqueue("mail", {}, { key: "confirmation:order-1" })).toBeTruthy();
  });

  onBoss("takes a job again when its worker died holding it (it ran past its lease), and not before", async () => {
    const dead = queueOn({ leaseMs: 1_000 });
    dead.register("mail", { retryDelayMs: 0, handle: () => new Promise(() => {}) });
    await dead.enqueue("mail", {});
    // The first worker takes it and never finishes (it was killed).
    void dead.runDue();
    await sleep(100);
    const sent: number[] = [];
    const alive = queueOn({ leaseMs: 1_000 });
    alive.register("mail", { retryDelayMs: 0, handle: async (_p, job) => void sent.push(job.attempt) });
    await alive.recover();
    expect(await alive.runDue()).toBe(0);
    await sleep(1_200);
    await alive.recover();
    expect(await alive.runDue()).toBe(1);
    expect(sent).toEqual([2]);
    expect(await alive.counts()).toMatchObject({ done: 1, active: 0 });
  });

  onTable("takes a job again when its worker died holding it (the lease ran out), and not before", async () => {
    const c = clock();
    const dead = queueOn({ now: c.now, leaseMs: 30_000 });
    dead.register("mail", { handle: () => new Promise(() => {}) });
    await dead.enqueue("mail", {});
    // The first worker takes it and never finishes (it was killed).
    void dead.runDue();
    await new Promise((r) => setTimeout(r, 50));
    const sent: number[] = [];
    const alive = queueOn({ now: c.now, leaseMs: 30_000 });
    alive.register("mail", { handle: async (_p, job) => void sent.push(job.attempt) });
    expect(await alive.runDue()).toBe(0);
    c.advance(30_001);
    expect(await alive.runDue()).toBe(1);
    expect(sent).toEqual([2]);
    expect(await alive.counts()).toMatchObject({ done: 1, active: 0 });
  });

  it("runs a scheduled job once per slot, however many instances enqueue it", async () => {
    const everyMs = 2_000;
    // Each instance reads the same hand-moved clock, so a slow machine cannot cross a slot between steps.
    const c = clock(Date.parse("2026-01-01T00:00:00.050Z"));
    const runs: string[] = [];
    const instances = [queueOn({ now: c.now }), queueOn({ now: c.now }), queueOn({ now: c.now })];
    for (const q of instances) {
      q.register("roll-up", { handle: async (_p, job) => void runs.push(job.id) });
      q.schedule("roll-up", { everyMs });
    }
    const round = async () => {
      for (const q of instances) await q.enqueueScheduled();
      for (const q of instances) await q.runDue();
    };
    await round();
    expect(runs).toHaveLength(1);
    // Still the same slot: nothing new.
    c.advance(everyMs / 2);
    await round();
    expect(runs).toHaveLength(1);
    // The next slot: once more.
    c.advance(everyMs);
    await round();
    expect(runs).toHaveLength(2);
  });

  it("a started worker runs what is enqueued without being asked, and takes only the names it knows", async () => {
    const q = queueOn({ pollMs: 20 });
    const done: string[] = [];
    q.register<{ n: string }>("known", { handle: async (p) => void done.push(p.n) });
    await q.start();
    try {
      await q.enqueue("known", { n: "a" });
      await q.enqueue("unknown", { n: "b" });
      await t.db.kysely.transaction().execute(async (trx) => {
        await q.enqueue("known", { n: "c" }, { executor: trx });
      });
      await expect.poll(() => done.slice().sort(), { timeout: 5_000 }).toEqual(["a", "c"]);
    } finally {
      await q.stop();
    }
    expect(await q.counts()).toMatchObject({ queued: 1, done: 2 });
  });

  onTable("keeps the lease of a job that runs longer than it, so no other worker takes it meanwhile", async () => {
    const slow = queueOn({ leaseMs: 1_500 });
    let release!: () => void;
    const started: number[] = [];
    slow.register("report", { handle: (_p, job) => (started.push(job.attempt), new Promise<void>((r) => (release = r))) });
    await slow.enqueue("report", {});
    const running = slow.runDue();
    // More than two leases long: without the heartbeat the job would be free to take by now.
    await new Promise((r) => setTimeout(r, 3_500));
    const other = queueOn({ leaseMs: 1_500 });
    other.register("report", { handle: async (_p, job) => void started.push(job.attempt) });
    expect(await other.runDue()).toBe(0);
    release();
    await running;
    expect(started).toEqual([1]);
    expect(await slow.counts()).toMatchObject({ done: 1 });
  });

  it("two workers draining the same queue at once run every job exactly once", async () => {
    const runs: number[] = [];
    const workers = [queueOn(), queueOn()];
    for (const q of workers) q.register<{ n: number }>("mail", { handle: async (p) => void runs.push(p.n) });
    for (let n = 0; n < 40; n++) await workers[0]!.enqueue("mail", { n });
    const ran = await Promise.all(workers.map((q) => q.runDue()));
    expect(ran[0]! + ran[1]!).toBe(40);
    expect(runs.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  onTable("forgets done jobs after the time they are kept", async () => {
    const c = clock();
    const q = queueOn({ now: c.now, keepDoneMs: 60_000 });
    q.register("mail", { handle: async () => {} });
    await q.enqueue("mail", {});
    await q.runDue();
    expect(await q.pruneDone()).toBe(0);
    c.advance(60_001);
    expect(await q.pruneDone()).toBe(1);
    expect(await q.counts()).toMatchObject({ done: 0 });
  });
});
