import { randomBytes } from "node:crypto";

/** An opaque, URL-safe, unguessable identifier (128 bits). */
export function newId(): string {
  return randomBytes(16).toString("base64url");
}

/** Lower-case, dash-separated slug from any text. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

const REQUEST_ID_PREFIX = randomBytes(4).toString("hex");
let requestCounter = 0;

/** A request id unique to this process's run: cheap (no random bytes per request), readable in logs. */
export function nextRequestId(): string {
  requestCounter += 1;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}
