import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap } from "#server/bootstrap";
import { type TestDb, bootEnv, createTestDb } from "#tests/support/test-shop";

describe("web and worker processes on one database", () => {
  let test: TestDb;
  let dir: string;
  beforeAll(async () => {
    test = await createTestDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-roles-"));
  });
  afterAll(async () => {
    await test?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const envOf = () => bootEnv(test.url, dir);

  it("a web process stores a mail and runs no jobs; a worker process delivers it", async () => {
    const web = await bootstrap({ env: envOf(), role: "web" });
    const worker = await bootstrap({ env: envOf(), role: "worker" });
    try {
      expect(web.services.jobs.running).toBe(false);
      expect(worker.services.jobs.running).toBe(true);
      expect(worker.services.jobs.scheduled().length).toBeGreaterThan(0);
      expect(web.services.jobs.scheduled()).toEqual([]);

      await web.services.mailer.send({ to: "ada@example.com", subject: "Hello from the web process", text: "Hi", html: "<p>Hi</p>" });
      // Delivered by the worker (its own outbox: the process that sends keeps the mail), not by the web process.
      await expect.poll(() => worker.services.mailer.outbox.map((m) => m.subject), { timeout: 5_000 }).toEqual(["Hello from the web process"]);
      expect(web.services.mailer.outbox).toEqual([]);
    } finally {
      await web.close();
      await worker.close();
    }
  });
});
