import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseTrustProxy } from "./client-ip";

/** An optional setting where an empty value means "not set". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

/**
 * A rate limit written as "count/window", e.g. "10/10m" (10 per 10 minutes), "5/1h", "30/24h":
 * windows from a second to 24 hours (the rate_limits table keeps a day). Blank means the default.
 */
const rateRule = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = raw?.trim() || fallback;
      const m = /^(\d+)\s*\/\s*(\d+)\s*([smh])$/.exec(v);
      const rule = m ? { max: Number(m[1]), window: Number(m[2]) * UNIT_SECONDS[m[3] as keyof typeof UNIT_SECONDS] } : null;
      if (!rule || rule.max < 1 || rule.window < 1 || rule.window > 24 * 3600) {
        ctx.addIssue({ code: "custom", message: 'must be "count/window" with a window from 1s to 24h, e.g. "10/10m" or "5/1h"' });
        return z.NEVER;
      }
      return rule;
    });

/**
 * Where uploaded pictures and their sizes are kept (server/modules/storage): a folder, or a bucket
 * of any S3-compatible store. `endpoint` is the store's address for anything but AWS itself
 * (MinIO, R2, Ceph), which is then addressed path-style (`endpoint/bucket/key`).
 */
export type StorageTarget = { driver: "file"; dir: string } | { driver: "s3"; bucket: string; region: string; endpoint?: string };

const STORAGE_URL_FORM = "must be file:PATH or s3://BUCKET?endpoint=URL&region=REGION (the endpoint URL-encoded)";
const S3_OPTIONS = new Set(["endpoint", "region"]);

/** Reads STORAGE_URL, or says in one sentence what is wrong with it. */
export function parseStorageUrl(raw: string): StorageTarget | { error: string } {
  if (raw.startsWith("file:")) {
    const dir = raw.startsWith("file://") ? fileURLToPath(raw) : raw.slice("file:".length);
    return dir.trim() ? { driver: "file", dir } : { error: "file: needs a folder, e.g. file:./data/uploads" };
  }
  if (!raw.startsWith("s3://")) return { error: STORAGE_URL_FORM };
  // The bucket is read from the text itself: URL parsing would lower-case it and hide what was typed.
  const [, bucket = "", rest = ""] = /^s3:\/\/([^/?#]*)([^#]*)$/.exec(raw) ?? [];
  if (bucket.includes("@")) return { error: "credentials do not belong in STORAGE_URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY" };
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes("..")) {
    return { error: `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and dashes)` };
  }
  const [pathPart, query = ""] = rest.split("?", 2) as [string, string?];
  if (pathPart !== "" && pathPart !== "/") return { error: "name the bucket only (s3://BUCKET?…): a folder inside it is not supported" };
  const params = new URLSearchParams(query);
  const unknown = [...params.keys()].filter((k) => !S3_OPTIONS.has(k));
  if (unknown.length) return { error: `unknown option ${unknown.join(", ")}: the options are endpoint and region` };
  const region = params.get("region")?.trim() || "us-east-1";
  if (!/^[a-z0-9-]{2,40}$/.test(region)) return { error: `"${region}" is not a region name (e.g. eu-west-1, or auto for R2)` };
  const endpoint = params.get("endpoint")?.trim();
  if (endpoint === undefined || endpoint === "") return { driver: "s3", bucket, region };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { error: `the endpoint "${endpoint}" is not a URL: URL-encode it, e.g. endpoint=http%3A%2F%2F127.0.0.1%3A9000` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { error: "the endpoint must start with http:// or https://" };
  if (url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return { error: "the endpoint is the store's address alone, without a path" };
  return { driver: "s3", bucket, region, endpoint: url.origin };
}

const schema = z
  .object({
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
    /** The folder of the file store when STORAGE_URL is not set. */
    UPLOADS_DIR: z.string().default("./data/uploads"),
    /** Where pictures are stored (see StorageTarget); unset: the folder UPLOADS_DIR. */
    STORAGE_URL: optionalText.transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const target = parseStorageUrl(raw);
      if ("error" in target) {
        ctx.addIssue({ code: "custom", message: target.error });
        return z.NEVER;
      }
      return target;
    }),
    /** The address pages load pictures from (a CDN in front of the store): a picture's key is appended to it. */
    STORAGE_PUBLIC_URL: optionalText
      .pipe(z.string().url("must be an http:// or https:// address").optional())
      .refine((v) => v === undefined || /^https?:\/\//.test(v), "must be an http:// or https:// address")
      .transform((v) => v?.replace(/\/+$/, "")),
    /** The S3 store's credentials; without them the AWS SDK looks for its own (an instance role, ~/.aws). */
    AWS_ACCESS_KEY_ID: optionalText,
    AWS_SECRET_ACCESS_KEY: optionalText,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SEED_ON_EMPTY: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /** Days an anonymous visitor's cart and wishlist are kept untouched before the hourly clean-up removes them. */
    CART_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /**
     * Which reverse proxies set X-Forwarded-For: false (none: the socket's address is the client),
     * true (one), a number of proxies, or their addresses/CIDR ranges (server/lib/client-ip.ts).
     */
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if ("error" in parsed) {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),

    // Accounts and sign-in (server/auth). Blank values count as unset, so `.env.example` can list them empty.
    AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters (try: openssl rand -base64 32)"),
    /** Sign-in, sign-up, magic-link and password-reset requests accepted per IP address per minute. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * Failed sign-ins per (e-mail, IP address) per 15 minutes (server/auth/sign-in-lock.ts), and
     * magic-link, reset or sign-up requests per e-mail address per 15 minutes.
     */
    AUTH_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    ADMIN_EMAIL: optionalText.pipe(z.string().email("must be an e-mail address").optional()),
    ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || (v.length >= 8 && v.length <= 128), "must be 8 to 128 characters"),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    GITHUB_CLIENT_ID: optionalText,
    GITHUB_CLIENT_SECRET: optionalText,
    TWITTER_CLIENT_ID: optionalText,
    TWITTER_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: optionalText.pipe(z.string().url("must be the issuer's URL").optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: optionalText,

    // Mail (server/modules/mail)
    SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://"),
    MAIL_FROM: optionalText,
    MAIL_OUTBOX_DIR: z.string().default("./data/outbox"),
    /** Mails to one address the shop has not verified (guest order contacts, sign-up and sign-in mails). */
    MAIL_LIMIT_PER_RECIPIENT: rateRule("10/1h"),

    // Order placement (server/modules/orders/order-limits.ts): attempts that reach placement, per window.
    ORDER_LIMIT_PER_IP: rateRule("10/10m"),
    /** Per shopper: the signed-in account, else the browser's visitor cookie. */
    ORDER_LIMIT_PER_SHOPPER: rateRule("10/1h"),
    /** Per contact e-mail address and, separately, per contact phone number. */
    ORDER_LIMIT_PER_CONTACT: rateRule("5/1h"),

    /**
     * Searches per client IP through the search API (search-as-you-type included) that the answer
     * cache could not answer: a person typing makes a few a second at most while typing.
     */
    SEARCH_LIMIT_PER_IP: rateRule("120/1m"),

    /** Site analytics batches (POST /api/analytics/events) per client IP: a tab sends one every few seconds while in use. */
    ANALYTICS_LIMIT_PER_IP: rateRule("600/10m"),

    /**
     * Whether outgoing webhooks may go to plain http and to addresses inside private networks
     * (loopback, private, link-local, unique-local): unset means yes in development and tests, no
     * in production (server/modules/webhooks/webhooks.network.ts).
     */
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: optionalText
      .pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional())
      .transform((v) => v && v === "true"),

    // Card payments through Stripe (server/modules/payments): offered when both keys are set.
    STRIPE_SECRET_KEY: optionalText.refine((v) => v === undefined || /^(sk|rk)_/.test(v), "must be a secret key (sk_test_… or sk_live_…)"),
    STRIPE_PUBLISHABLE_KEY: optionalText.refine((v) => v === undefined || v.startsWith("pk_"), "must be a publishable key (pk_test_… or pk_live_…)"),
    /** Signs the webhook's events (the endpoint's "Signing secret" in the Stripe dashboard, or `stripe listen`'s). */
    STRIPE_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || v.startsWith("whsec_"), "must be a webhook signing secret (whsec_…)"),
    /** Another Stripe API host (a local fake in tests, stripe-mock): host name, port and protocol. */
    STRIPE_API_HOST: optionalText,
    STRIPE_API_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    STRIPE_API_PROTOCOL: optionalText.pipe(z.enum(["http", "https"]).optional()),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      const missing = env.STRIPE_SECRET_KEY ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: "card payments need both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (or neither)" });
    }
    if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
      const missing = env.AWS_ACCESS_KEY_ID ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "the object store needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or neither)" });
    }
  });

type Parsed = z.infer<typeof schema>;
export type Env = Omit<Parsed, "PUBLIC_URL" | "STORAGE_URL"> & { PUBLIC_URL: string; STORAGE_URL: StorageTarget };

/** The name of every variable the shop reads. */
export const ENV_NAMES: readonly string[] = Object.keys(schema.shape);

/** Reads and validates the process environment once; the only place that touches process.env. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    // STORAGE_URL wins; UPLOADS_DIR stays the file store's folder for configurations that predate it.
    STORAGE_URL: env.STORAGE_URL ?? { driver: "file", dir: env.UPLOADS_DIR },
  };
}
