import { randomBytes } from "node:crypto";

/** An opaque, URL-safe, unguessable identifier (128 bits). */
export function newId(): string {
  return randomBytes(16).toString("base64url");
}

export { slugify } from "./slug";

const REQUEST_ID_PREFIX = randomBytes(4).toString("hex");
let requestCounter = 0;

/** A request id unique to this process's run: cheap (no random bytes per request), readable in logs. */
export function nextRequestId(): string {
  requestCounter += 1;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}
