import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

// The production server as an operator runs it: its own process, JSON request logs, a clean exit on SIGTERM.
test.describe("production server process", () => {
  let dir: string;
  let child: ChildProcess;
  let output = "";
  const port = 4300 + Math.floor(Math.random() * 500);

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-proc-"));
    child = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${dir}/shop.db`,
        UPLOADS_DIR: `${dir}/uploads`,
        // Pictures in the folder above, even where the developer's environment names an object store.
        STORAGE_URL: "",
        LOG_LEVEL: "info",
        NODE_ENV: "production",
        SEED_ON_EMPTY: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await expect.poll(() => output.includes("shop is listening"), { timeout: 30_000 }).toBe(true);
  });

  test.afterAll(() => {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("serves /healthz, logs each request as a JSON line, and exits 0 on SIGTERM", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { "x-request-id": "probe-1" } });
    expect(await res.json()).toEqual({ status: "ok", database: "sqlite" });
    await expect.poll(() => output.includes("probe-1")).toBe(true);
    const line = output.split("\n").find((l) => l.includes("probe-1"))!;
    expect(JSON.parse(line)).toMatchObject({ reqId: "probe-1", method: "GET", path: "/healthz", status: 200, msg: "request" });

    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
  });
});
