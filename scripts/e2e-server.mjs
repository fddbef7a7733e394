// Starts the production server for the browser tests on a fresh data directory, removed on exit.
import fs from "node:fs";

const dir = process.env.E2E_DATA_DIR;
if (dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  process.on("exit", cleanup);
}
await import("../server.mjs");
