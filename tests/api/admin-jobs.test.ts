import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestBrowser, browser, createAccount, signedIn } from "#tests/support/auth-browser";
import { send } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// The Background jobs API (permission `settings`): counts per state, the failed jobs with their
// error, retry and discard, on whichever engine the database runs (table queue or pg-boss).
let shop: TestShop;
let admin: TestBrowser;
let manager: TestBrowser;
let writer: TestBrowser;

type Job = { id: string; name: string; state: string; attempts: number; maxAttempts: number; lastError: string | null; about: string | null };
type List = { data: Job[]; meta: { counts: Record<string, number>; engine: string; total: number; page: number; pageSize: number } };

let failing = true;
beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  await createAccount(shop, { email: "manager@example.com", password: "manager-password-1", role: "staff", permissions: ["settings"] });
  await createAccount(shop, { email: "writer@example.com", password: "writer-password-1", role: "staff", permissions: ["content", "catalog"] });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  manager = await signedIn(shop, "manager@example.com", "manager-password-1");
  writer = await signedIn(shop, "writer@example.com", "writer-password-1");
  // A job that fails its one try while `failing` holds, the way a mail fails while its server is down.
  shop.services.jobs.register<{ to: string }>("test.export", {
    maxAttempts: 1,
    handle: async (payload) => {
      if (failing) throw new Error(`the warehouse at ${payload.to} refused the connection`);
    },
  });
  await shop.services.jobs.stop();
  await shop.services.jobs.start();
});
afterAll(async () => {
  await shop?.close();
});

const list = async (b: TestBrowser, query = "") => {
  const res = await b.get(`/api/admin/jobs${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as List;
};

async function failedJob(to: string): Promise<string> {
  const id = (await shop.services.jobs.enqueue("test.export", { to }))!;
  await expect.poll(async () => (await shop.services.jobs.get(id)).state, { timeout: 10_000 }).toBe("failed");
  return id;
}

describe("GET /api/admin/jobs", () => {
  it("lists the failed jobs first, with their error and the counts of every state", async () => {
    const id = await failedJob("warehouse-1");
    const answer = await list(admin);
    expect(answer.meta.counts).toMatchObject({ failed: expect.any(Number), queued: expect.any(Number), active: expect.any(Number), done: expect.any(Number) });
    expect(answer.meta.counts.failed).toBeGreaterThanOrEqual(1);
    expect(answer.meta.total).toBe(answer.meta.counts.failed);
    expect(answer.meta.engine).toBe(process.env.TEST_DB === "postgres" ? "pg-boss" : "table");
    const job = answer.data.find((j) => j.id === id);
    expect(job).toMatchObject({
      name: "test.export",
      state: "failed",
      attempts: 1,
      maxAttempts: 1,
      lastError: "the warehouse at warehouse-1 refused the connection",
    });
    // The payload stays on the server: only a mail's recipient and subject are shown.
    expect(job).not.toHaveProperty("payload");
    expect((await (await admin.get(`/api/admin/jobs/${id}`)).json()) as { data: Job }).toMatchObject({ data: { id, state: "failed" } });
  });

  it("shows a mail's recipient and subject, and lists other states on asking", async () => {
    await shop.services.mailer.send({ to: "ann@example.com", subject: "Your receipt", text: "Thanks", html: "<p>Thanks</p>" });
    await shop.services.mailer.idle();
    const done = await list(admin, "?state=done&pageSize=200");
    expect(done.data.find((j) => j.name === "mail.deliver")).toMatchObject({ state: "done", about: "Your receipt — to ann@example.com" });
  });

  it("refuses a bad state or page with 400, an unknown job with 404", async () => {
    expect((await admin.get("/api/admin/jobs?state=exploded")).status).toBe(400);
    expect((await admin.get("/api/admin/jobs?page=0")).status).toBe(400);
    expect((await admin.get("/api/admin/jobs/no-such-job")).status).toBe(404);
    expect((await admin.get("/api/admin/jobs/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("is for staff with the settings permission only", async () => {
    expect((await manager.get("/api/admin/jobs")).status).toBe(200);
    expect((await writer.get("/api/admin/jobs")).status).toBe(403);
    expect((await browser(shop).get("/api/admin/jobs")).status).toBe(401);
    const id = await failedJob("warehouse-perm");
    expect((await send(writer, "POST", `/api/admin/jobs/${id}/retry`, {})).status).toBe(403);
    expect((await send(writer, "DELETE", `/api/admin/jobs/${id}`)).status).toBe(403);
  });
});

describe("retry and discard", () => {
  it("queues a failed job again, which then runs; a job that is not failed cannot be retried (409)", async () => {
    const id = await failedJob("warehouse-2");
    failing = false;
    try {
      const res = await send(manager, "POST", `/api/admin/jobs/${id}/retry`, {});
      expect(res.status).toBe(200);
      const retried = ((await res.json()) as { data: Job }).data;
      expect(retried.id).toBe(id);
      // Queued again: the worker may have taken it already.
      expect(["queued", "active", "done"]).toContain(retried.state);
      await expect.poll(async () => (await shop.services.jobs.get(id)).state, { timeout: 10_000 }).toBe("done");
    } finally {
      failing = true;
    }
    const again = await send(manager, "POST", `/api/admin/jobs/${id}/retry`, {});
    expect(again.status).toBe(409);
    expect((await send(manager, "DELETE", `/api/admin/jobs/${id}`)).status).toBe(409);
    // The retry is in the audit log, with who did it.
    const audit = (await (await admin.get(`/api/admin/audit-log?entity=job&entityId=${id}`)).json()) as {
      data: Array<{ action: string; actor: { email: string } }>;
    };
    expect(audit.data).toEqual([expect.objectContaining({ action: "job.retry", actor: expect.objectContaining({ email: "manager@example.com" }) })]);
  });

  it("discards a failed job for good", async () => {
    const id = await failedJob("warehouse-3");
    const before = (await list(admin)).meta.counts.failed;
    expect((await send(admin, "DELETE", `/api/admin/jobs/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/jobs/${id}`)).status).toBe(404);
    expect((await list(admin)).meta.counts.failed).toBe(before - 1);
    expect((await send(admin, "DELETE", `/api/admin/jobs/${id}`)).status).toBe(404);
  });
});
