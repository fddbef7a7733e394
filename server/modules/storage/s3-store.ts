import type { S3Client } from "@aws-sdk/client-s3";
import { AppError } from "#common/errors";
import { OBJECT_CACHE_CONTROL, contentTypeOf, joinPublicUrl, requireKey } from "./object-keys";
import type { ObjectStore, StoredObject } from "./storage.types";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible store's address (MinIO, R2, Ceph): then addressed path-style. AWS itself without. */
  endpoint?: string;
  /** Without them the SDK looks for its own (an instance role, ~/.aws). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where pages load objects from; by default the bucket's own address. */
  publicBase?: string;
  /** How long one operation may take, retries included, before it fails as unavailable (ms). */
  deadlineMs?: number;
  /** How long opening a connection may take (ms). */
  connectMs?: number;
}

/** The address of a bucket's objects: `endpoint/bucket` path-style, or AWS's own host for the bucket. */
export function bucketBaseUrl(options: Pick<S3StoreOptions, "bucket" | "region" | "endpoint">): string {
  if (options.endpoint) return `${options.endpoint.replace(/\/+$/, "")}/${options.bucket}`;
  // A bucket name with dots does not fit AWS's wildcard certificate as a host name: path-style then.
  if (options.bucket.includes(".")) return `https://s3.${options.region}.amazonaws.com/${options.bucket}`;
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const isMissing = (error: unknown) => {
  const e = error as SdkError;
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

/** What went wrong with the store, in an operator's words: a 503 the admin sees instead of a 500 or a hang. */
function unavailable(doing: string, bucket: string, error: unknown): AppError {
  const e = error as SdkError;
  const name = e?.name ?? "Error";
  let why: string;
  if (name === "TimeoutError" || name === "AbortError" || e?.code === "ETIMEDOUT") why = "did not answer in time";
  else if (["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "EHOSTUNREACH"].includes(e?.code ?? "")) why = `could not be reached (${e.code})`;
  else if (["AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "Forbidden"].includes(name)) why = `refused the shop's credentials (${name})`;
  else if (name === "NoSuchBucket") why = `has no bucket "${bucket}"`;
  else why = `answered ${name}${e?.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : ""}`;
  return new AppError("unavailable", `The picture store ${why}, so it could not ${doing}. Try again in a minute.`);
}

/**
 * A bucket of an S3-compatible store as the object store, through the AWS SDK. The SDK is loaded
 * on first use, so a shop on the file store never loads it. Every call has a deadline.
 */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  const { bucket } = options;
  const deadlineMs = options.deadlineMs ?? 15_000;
  const connectMs = options.connectMs ?? 3_000;
  let sdk: Promise<{ client: S3Client; s3: typeof import("@aws-sdk/client-s3") }> | null = null;

  function connect() {
    sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials: options.credentials,
        // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's
        // default trailing checksums (aws-chunked bodies).
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        requestHandler: { connectionTimeout: connectMs, requestTimeout: deadlineMs, throwOnRequestTimeout: true },
      }),
    }));
    return sdk;
  }

  type Sdk = typeof import("@aws-sdk/client-s3");
  /** Runs one call with the deadline (retries included); store failures become `unavailable`, a missing object `null`. */
  async function call<T>(doing: string, run: (client: S3Client, s3: Sdk, opts: { abortSignal: AbortSignal }) => Promise<T>): Promise<T | null> {
    const { client, s3 } = await connect();
    try {
      return await run(client, s3, { abortSignal: AbortSignal.timeout(deadlineMs) });
    } catch (error) {
      if (isMissing(error) && (error as SdkError).name !== "NoSuchBucket") return null;
      throw unavailable(doing, bucket, error);
    }
  }

  const publicBase = options.publicBase ?? bucketBaseUrl(options);

  return {
    driver: "s3",
    description: `s3://${bucket}${options.endpoint ? ` at ${options.endpoint}` : ` in ${options.region}`}`,
    publicBase,

    async put(key, body, opts = {}) {
      requireKey(key);
      const object = { Bucket: bucket, Key: key, Body: body, ContentType: opts.contentType ?? contentTypeOf(key), CacheControl: OBJECT_CACHE_CONTROL };
      await call("save the picture", (client, s3, o) => client.send(new s3.PutObjectCommand(object), o));
    },

    async get(key) {
      requireKey(key);
      return call("read the picture", async (client, s3, o) => {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }), o);
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      });
    },

    async delete(key) {
      requireKey(key);
      await call("delete the picture", (client, s3, o) => client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key }), o));
    },

    async exists(key) {
      requireKey(key);
      return (await call("look the picture up", (client, s3, o) => client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: key }), o))) !== null;
    },

    async list(prefix) {
      const out: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await call("list its pictures", (client, s3, o) =>
          client.send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }), o),
        );
        for (const o of page?.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
        token = page?.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    publicUrl: (key) => joinPublicUrl(publicBase, key),

    async check() {
      const { client, s3 } = await connect();
      try {
        await client.send(new s3.HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(deadlineMs) });
      } catch (error) {
        // HeadBucket answers a bare 404 for a bucket that does not exist.
        throw unavailable("be used", bucket, isMissing(error) ? { name: "NoSuchBucket" } : error);
      }
    },
  };
}
