import { randomBytes } from "node:crypto";

/** Random bytes drawn 4 KB at a time, each used once (as `crypto.randomUUID` does): one draw per 256 ids. */
const ID_BYTES = 16;
let pool = Buffer.alloc(0);
let used = 0;

/** An opaque, URL-safe, unguessable identifier (128 bits). */
export function newId(): string {
  if (used + ID_BYTES > pool.length) {
    pool = randomBytes(256 * ID_BYTES);
    used = 0;
  }
  used += ID_BYTES;
  return pool.toString("base64url", used - ID_BYTES, used);
}

const REQUEST_ID_PREFIX = randomBytes(4).toString("hex");
let requestCounter = 0;

/** A request id unique to this process's run: cheap (no random bytes per request), readable in logs. */
export function nextRequestId(): string {
  requestCounter += 1;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}
