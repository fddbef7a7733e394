#!/usr/bin/env node
// Launches the shop: the production bundle by default, or Vite in middleware mode with --dev.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes("--dev");
// --role=web answers requests only, --role=worker runs background jobs only; both by default.
const role = process.argv.find((a) => a.startsWith("--role="))?.slice("--role=".length) ?? "all";
if (!["all", "web", "worker"].includes(role)) {
  console.error(`Unknown --role=${role}: use web, worker or leave it out for both.`);
  process.exit(2);
}

let shop;
let viteMiddlewares;
if (dev) {
  process.env.NODE_ENV ??= "development";
  const vite = await import("vite").then((v) => v.createServer({ root, server: { middlewareMode: true }, appType: "custom" }));
  viteMiddlewares = vite.middlewares;
  const { bootstrap } = await vite.ssrLoadModule("/server/bootstrap.ts");
  shop = await bootstrap({ build: () => vite.ssrLoadModule("virtual:react-router/server-build"), role });
  shop.onClose = () => vite.close();
} else {
  process.env.NODE_ENV ??= "production";
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  const { bootstrap, build } = await import(path.join(buildDir, "server/index.js"));
  shop = await bootstrap({ build, clientDir: path.relative(process.cwd(), path.join(buildDir, "client")) || ".", role });
}

const listener = shop.listener;
const server = http.createServer((req, res) => {
  if (viteMiddlewares) viteMiddlewares(req, res, () => listener(req, res));
  else listener(req, res);
});
server.keepAliveTimeout = 65_000;

// The worker's own timers do not hold the process open (they are unref'd for the tests), so a
// worker without a listening server holds it open with this one until it shuts down.
let keepAlive = null;
if (role === "worker") {
  keepAlive = setInterval(() => {}, 60_000);
  shop.logger.info({ database: shop.services.health.dialect }, "worker is running background jobs (no HTTP)");
  if (process.send) process.send({ ready: true });
} else
  server.listen(shop.env.PORT, shop.env.HOST, () => {
    const { port } = server.address();
    shop.logger.info({ port, url: shop.env.PUBLIC_URL, database: shop.services.health.dialect, mode: dev ? "development" : "production" }, "shop is listening");
    if (process.send) process.send({ ready: true, port });
  });

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  shop.logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  clearInterval(keepAlive);
  server.close(async () => {
    await shop.close();
    await shop.onClose?.();
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
