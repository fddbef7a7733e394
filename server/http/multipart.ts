import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "#common/errors";
import { textProblem } from "../lib/text-rule";
import { BodyTooLargeError, UPLOAD_MAX_FILE_BYTES } from "./input-guard";

export interface UploadedFile {
  field: string;
  /** Where the upload was streamed to; removed by `cleanup()`. */
  path: string;
  size: number;
  mimeType: string;
}

export interface MultipartForm {
  fields: Map<string, string>;
  /** The first non-empty file of one of the accepted fields, or null. */
  file: UploadedFile | null;
  /** Every non-empty file of the accepted fields, in the order sent (at most `maxFiles`). */
  files: UploadedFile[];
  /** Removes the uploaded file from disk (call it in a `finally`). */
  cleanup(): Promise<void>;
}

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 16 * 1024;

/**
 * Reads a multipart/form-data request as it arrives: text fields (checked with the shop's text
 * rule) into memory, the one accepted file streamed into a temporary file, never the whole upload
 * in memory. A file over `maxFileBytes` is refused with a 413 (too_large) as soon as it passes it.
 */
export async function readMultipart(
  request: Request,
  options: {
    fileFields: readonly string[];
    maxFileBytes?: number;
    tooLargeMessage?: string;
    /** How many files the form may carry (default 1: further ones are ignored); more than this with `tooManyMessage` is refused. */
    maxFiles?: number;
    /** The invalid-input message, naming the first file field, for more files than `maxFiles`; without it extra files are ignored. */
    tooManyMessage?: string;
  },
): Promise<MultipartForm> {
  const maxFiles = options.maxFiles ?? 1;
  const maxFileBytes = options.maxFileBytes ?? UPLOAD_MAX_FILE_BYTES;
  const tooLarge = () => new AppError("too_large", options.tooLargeMessage ?? `The file is too large: ${Math.round(maxFileBytes / (1024 * 1024))} MB at most.`);
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new AppError("invalid_input", "Send the form as multipart/form-data.");
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "shop-upload-"));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let offered = 0;
  let failure: AppError | null = null;
  const writes: Promise<void>[] = [];

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: Math.max(4, maxFiles + 1), fileSize: maxFileBytes, parts: MAX_FIELDS + maxFiles + 4 },
      defParamCharset: "utf8",
    });
  } catch {
    await cleanup();
    throw new AppError("invalid_input", "The form is not valid multipart/form-data.");
  }
  parser.on("field", (name, value, info) => {
    const problem = textProblem("", name) ?? textProblem(name, value);
    if (problem && !failure) failure = new AppError("invalid_input", `The field “${name}” is not valid: ${problem}.`, { [name]: problem });
    if (info.valueTruncated && !failure) failure = new AppError("too_large", `The field “${name}” is too long.`, { [name]: "Too long" });
    fields.set(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // A browser sends an empty part for a file input left empty: it is no file.
    if (!options.fileFields.includes(name) || (!info.filename && offered >= maxFiles)) {
      stream.resume();
      return;
    }
    if (info.filename) offered += 1;
    if (offered > maxFiles) {
      if (options.tooManyMessage && !failure) failure = new AppError("invalid_input", options.tooManyMessage, { [name]: options.tooManyMessage });
      stream.resume();
      return;
    }
    const target: UploadedFile = { field: name, path: path.join(dir, `upload-${writes.length}`), size: 0, mimeType: info.mimeType };
    stream.on("data", (chunk: Buffer) => (target.size += chunk.length));
    stream.on("limit", () => {
      failure ??= tooLarge();
    });
    writes.push(
      pipeline(stream, fs.createWriteStream(target.path)).then(() => {
        if (target.size > 0) files.push(target);
      }),
    );
  });

  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch (err) {
    await cleanup();
    if (err instanceof BodyTooLargeError || (err as { cause?: unknown })?.cause instanceof BodyTooLargeError) throw tooLarge();
    throw new AppError("invalid_input", "The form could not be read: it is not valid multipart/form-data.");
  }
  if (failure) {
    await cleanup();
    throw failure;
  }
  // In the order sent, whichever finished writing first.
  files.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
  return { fields, file: files[0] ?? null, files, cleanup };
}
