import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

const queueOn = (options: Partial<JobQueueOptions> = {}) => createJobQueue(t.db, { logger: createLogger("silent"), ...options });

describe("the job queue", () => {
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
    const c = clock();
    const q = queueOn({ now: c.now });
    let calls = 0;
    q.register("flaky", {
      maxAttempts: 3,
      backoffMs: (attempt) => attempt * 1_000,
      handle: async () => {
        calls += 1;
        throw new Error(`SMTP down (${calls})`);
      },
    });
    const id = (await q.enqueue("flaky", {}))!;
    expect(await q.runDue()).toBe(1);
    // Not before its backoff.
    c.advance(999);
    expect(await q.runDue()).toBe(0);
    c.advance(1);
    expect(await q.runDue()).toBe(1);
    c.advance(2_000);
    expect(await q.runDue()).toBe(1);
    c.advance(60_000);
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(3);
    const failed = await q.get(id);
    expect(failed).toMatchObject({ state: "failed", attempts: 3, lastError: "SMTP down (3)" });
    expect((await q.list("failed")).map((j) => j.id)).toEqual([id]);

    await expect(q.discard((await q.enqueue("flaky", {}))!)).rejects.toMatchObject({ code: "conflict" });
    expect(await q.retry(id)).toMatchObject({ state: "queued", attempts: 0, lastError: null });
    expect(await q.runDue()).toBe(2);
    await expect(q.retry(id)).rejects.toMatchObject({ code: "conflict" });
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
    const rows = await t.db.kysely.selectFrom("jobs").select("payload").execute();
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual([{ n: 2 }]);
  });

  it("lets one job in per key while the job is kept, done included; the key comes free when the job goes", async () => {
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

  it("takes a job again when its worker died holding it (the lease ran out), and not before", async () => {
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
    const c = clock(Date.parse("2026-11-29T10:00:30Z"));
    const runs: string[] = [];
    const instances = [queueOn({ now: c.now }), queueOn({ now: c.now }), queueOn({ now: c.now })];
    for (const q of instances) {
      q.register("roll-up", { handle: async (_p, job) => void runs.push(job.id) });
      q.schedule("roll-up", { everyMs: 60_000 });
    }
    for (const q of instances) await q.enqueueScheduled();
    for (const q of instances) await q.runDue();
    expect(runs).toHaveLength(1);
    // Still the same minute: nothing new.
    c.advance(20_000);
    for (const q of instances) await q.enqueueScheduled();
    for (const q of instances) await q.runDue();
    expect(runs).toHaveLength(1);
    // The next minute: once more.
    c.advance(20_000);
    for (const q of instances) await q.enqueueScheduled();
    for (const q of instances) await q.runDue();
    expect(runs).toHaveLength(2);
  });

  it("a started worker runs what is enqueued without being asked, and takes only the names it knows", async () => {
    const q = queueOn({ pollMs: 20 });
    const done: string[] = [];
    q.register<{ n: string }>("known", { handle: async (p) => void done.push(p.n) });
    q.start();
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

  it("keeps the lease of a job that runs longer than it, so no other worker takes it meanwhile", async () => {
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

  it("forgets done jobs after the time they are kept", async () => {
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
