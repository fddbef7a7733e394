import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeServerLine, failedOutput, runQuietly } from "./start-output.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const event = (msg: string, fields: Record<string, unknown> = {}, level = 30) => JSON.stringify({ level, time: "2026-11-28T13:43:34.787Z", ...fields, msg });

describe("what npm start prints of the server's log", () => {
  it("tells each step of the start-up in one line", () => {
    expect(describeServerLine(event("migrated the database", { database: "sqlite", applied: 20 }))).toBe("Database (SQLite): 20 migrations applied");
    expect(describeServerLine(event("the database is up to date", { database: "postgres", applied: 0 }))).toBe("Database (PostgreSQL): up to date");
    expect(describeServerLine(event("seeding the demo shop"))).toBe("Seeding the demo shop…");
    expect(describeServerLine(event("seeded the demo shop", { products: 120, categories: 55, images: { distinct: 290 }, ms: 12_345 }))).toBe(
      "Seeded the demo shop: 120 products in 55 categories, 290 pictures (12.3 s)",
    );
    expect(
      describeServerLine(event("pictures are kept in the object store", { storage: "s3://pics in eu-west-1", publicUrl: "https://cdn.example.com" })),
    ).toBe("Pictures: s3://pics in eu-west-1, shown from https://cdn.example.com");
    expect(describeServerLine(event("shop is listening", { port: 3000, url: "http://localhost:3000" }))).toBe(
      "Listening on http://localhost:3000  (the whole log: npm start -- --verbose)",
    );
  });

  it("keeps warnings, errors and lines that are no log event; hides requests and progress", () => {
    expect(describeServerLine(event("AUTH_SECRET is not set", {}, 40))).toBe("Warning: AUTH_SECRET is not set");
    expect(describeServerLine(event("unhandled error", { err: { message: "boom" } }, 50))).toBe("Error: unhandled error: boom");
    expect(describeServerLine("Demo administrator: admin@shop.example  password: demo-x")).toBe("Demo administrator: admin@shop.example  password: demo-x");
    expect(describeServerLine(event("request", { method: "GET", path: "/", status: 200, ms: 3 }))).toBeNull();
    expect(describeServerLine(event("seeding products", { products: 50, of: 120 }))).toBeNull();
    expect(describeServerLine("")).toBeNull();
  });

  it("keeps a quiet command's output out of the console, and shows it when the command fails", async () => {
    const logFile = path.join(tempDir(), "build.log");
    const noisy = `for (let i = 0; i < 100; i++) console.log("chunk " + i); console.error("${"The `envFile` option is deprecated, please use `envDir: false` instead."}"); process.exit(3)`;
    expect(await runQuietly(process.execPath, ["-e", noisy], { logFile })).toBe(3);
    const shown = failedOutput(logFile);
    expect(shown).toContain("chunk 99");
    expect(shown).not.toContain("envFile");
  });
});

/** A free port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe("npm start", () => {
  it("prints a line per step, not the server's JSON log, and stops on SIGTERM", async () => {
    const dir = tempDir();
    // A build that is up to date (newer than every source): the server's own code, without pages.
    fs.mkdirSync(path.join(dir, "build/server"), { recursive: true });
    fs.mkdirSync(path.join(dir, "build/client"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "build/server/index.js"),
      `export { bootstrap } from ${JSON.stringify(path.join(root, "server/bootstrap.ts"))};\nexport const build = undefined;\n`,
    );
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: "--import tsx",
        NODE_ENV: "production",
        BUILD_DIR: path.join(dir, "build"),
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `file:${path.join(dir, "shop.db")}`,
        UPLOADS_DIR: path.join(dir, "uploads"),
        // Pictures in the folder above, even where the developer's environment names an object store.
        STORAGE_URL: "",
        MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
        LOG_LEVEL: "info",
        SEED_ON_EMPTY: "false",
        AUTH_SECRET: "start-test-secret-0123456789abcdef0123456789",
        ADMIN_EMAIL: "owner@start.example",
        ADMIN_PASSWORD: "owner-password-1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain("Listening on");
    // Requests are in the whole log, not in these lines.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const lines = output.trim().split("\n");
    expect(lines[0]).toMatch(/^Database \(SQLite\): \d+ migrations applied$/);
    expect(lines.slice(1)).toEqual([
      "Administrator: owner@start.example (created)",
      `Mail: no SMTP_URL, so mails are written to ${path.join(dir, "outbox")}`,
      `Listening on http://127.0.0.1:${port}  (the whole log: npm start -- --verbose)`,
      "Shutting down…",
    ]);
  }, 90_000);
});
