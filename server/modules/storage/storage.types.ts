/** One object of a store: its key (`products/red-shirt.webp`) and its size in bytes. */
export interface StoredObject {
  key: string;
  size: number;
}

/**
 * Where the shop keeps its files (uploaded pictures and every size of them): a folder on this
 * machine or a bucket of an S3-compatible store, behind one interface. Keys are relative paths of
 * lower-case-safe segments (`a-z A-Z 0-9 . _ -`, separated by `/`); a store failure is an
 * `unavailable` AppError (503) that says what went wrong, never a hang.
 */
export interface ObjectStore {
  /** Which driver this is: the folder is served at /uploads/*, a bucket answers for itself. */
  readonly driver: "file" | "s3";
  /** What the store is, for logs and scripts (`file ./data/uploads`, `s3://bucket at http://…`). */
  readonly description: string;
  /** The folder of the file driver; undefined for a bucket. */
  readonly dir?: string;
  /** Where pages load objects from: `publicUrl(key)` is this, a slash and the key. "/uploads" or an absolute URL. */
  readonly publicBase: string;
  /** Writes an object whole: readers see the old object or the new one, never a part. */
  put(key: string, body: Buffer, options?: { contentType?: string }): Promise<void>;
  /** An object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes an object; deleting one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix` ("" for all), in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  /** The address a browser fetches an object from. */
  publicUrl(key: string): string;
  /** Throws unless the store answers and can be written to (the folder is created when missing). */
  check(): Promise<void>;
}
