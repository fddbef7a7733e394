import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z
    .string()
    .default("file:./data/shop.db")
    .refine((v) => v.startsWith("file:") || /^postgres(ql)?:\/\//.test(v), {
      message: "must start with file: or postgres://",
    }),
  UPLOADS_DIR: z.string().default("./data/uploads"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_ON_EMPTY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
});

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string };

/** Reads and validates the process environment once; the only place that touches process.env. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") };
}
