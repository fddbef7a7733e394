// The storage module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Files (uploaded pictures and their sizes) in a folder or in any S3-compatible bucket.
import type { Env, StorageTarget } from "../../lib/env";
import { createFileStore } from "./file-store";
import { createS3Store } from "./s3-store";
import type { ObjectStore } from "./storage.types";

export type { ObjectStore, StoredObject } from "./storage.types";
export { copyObjects, type CopyReport } from "./storage.copy";
export { isObjectKey } from "./object-keys";

export interface ObjectStoreOptions {
  /** Where pages load the objects from (STORAGE_PUBLIC_URL: a CDN); by default the store's own address. */
  publicUrl?: string;
  /** The S3 store's credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long one S3 operation may take, retries included (ms); tests shorten it. */
  deadlineMs?: number;
}

/** The object store STORAGE_URL names: the folder driver or the S3 driver, built once per process. */
export function createObjectStore(target: StorageTarget, options: ObjectStoreOptions = {}): ObjectStore {
  if (target.driver === "file") return createFileStore({ dir: target.dir, publicBase: options.publicUrl });
  return createS3Store({ ...target, credentials: options.credentials, publicBase: options.publicUrl, deadlineMs: options.deadlineMs });
}

/** The object store of the shop's configuration: STORAGE_URL, STORAGE_PUBLIC_URL and the AWS_* credentials. */
export function objectStoreFromEnv(env: Pick<Env, "STORAGE_URL" | "STORAGE_PUBLIC_URL" | "AWS_ACCESS_KEY_ID" | "AWS_SECRET_ACCESS_KEY">): ObjectStore {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return createObjectStore(env.STORAGE_URL, {
    publicUrl: env.STORAGE_PUBLIC_URL,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
