import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../lib/env";
import type { Logger } from "../lib/logger";

/** Where a generated secret is kept: beside the SQLite database, else in ./data. */
function secretFile(env: Pick<Env, "DATABASE_URL">): string {
  const file = env.DATABASE_URL.startsWith("file:") ? env.DATABASE_URL.slice("file:".length) : "";
  const dir = file && file !== ":memory:" ? path.dirname(path.resolve(file)) : path.resolve("data");
  return path.join(dir, "auth-secret");
}

/**
 * The key that signs session cookies and tokens. AUTH_SECRET when set. Without it, development and
 * tests use a stable secret derived from DATABASE_URL (with a warning); production generates a
 * random one once and keeps it in `auth-secret` beside the database, so `npm start` works out of
 * the box and sessions survive restarts (several instances must share an AUTH_SECRET instead).
 */
export function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "NODE_ENV" | "DATABASE_URL">, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV !== "production") {
    if (env.NODE_ENV === "development")
      logger.warn("AUTH_SECRET is not set: using a development secret derived from DATABASE_URL (set AUTH_SECRET in production)");
    return createHash("sha256").update(`shop-development-auth-secret:${env.DATABASE_URL}`).digest("base64url");
  }
  const file = secretFile(env);
  const stored = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
  if (stored.length >= 32) return stored;
  const secret = randomBytes(32).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": when two instances start together, the first one's secret wins and the other reads it.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: stored ? "w" : "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return resolveAuthSecret(env, logger);
    throw error;
  }
  logger.warn(
    { file },
    "AUTH_SECRET is not set: generated a secret and saved it so sessions survive restarts; set AUTH_SECRET when several instances share the database",
  );
  return secret;
}
