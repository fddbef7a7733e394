import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import { MAX_JSON_DEPTH, findTextProblem, textProblem } from "../lib/text-rule";
import { type AppEnv, nodeRequestOf } from "./context";
import { requireAccess, requireApiUser } from "./caller";
import { apiAccess } from "#common/auth/permissions";
import { AppError } from "#common/errors";
import { ANALYTICS_BODY_BYTES } from "#common/analytics/analytics.schema";
import { MAX_REVIEW_PHOTOS } from "#common/reviews/review-rules";

const KB = 1024;
const MB = 1024 * KB;

/** Largest picture an upload (profile photo) may carry, and the room its form's other fields get. */
export const UPLOAD_MAX_FILE_BYTES = 5 * MB;
const UPLOAD_BODY_BYTES = UPLOAD_MAX_FILE_BYTES + 64 * KB;
/** Largest picture the admin uploads (POST /api/admin/uploads): product photos straight from a camera. */
export const ADMIN_UPLOAD_MAX_FILE_BYTES = 10 * MB;

/**
 * The largest body each route accepts, first match wins: every route gets one fit for what it
 * takes. JSON answers of the API a few KB, sign-in and Stripe's events more, uploads their own
 * (streamed to disk by server/http/multipart.ts, never held in memory whole).
 */
const BODY_LIMITS: ReadonlyArray<[RegExp, number]> = [
  [/^\/api\/account\/avatar$/, UPLOAD_BODY_BYTES],
  [/^\/update-profile\/?$/, UPLOAD_BODY_BYTES],
  [/^\/api\/admin\/uploads$/, ADMIN_UPLOAD_MAX_FILE_BYTES + 64 * KB],
  // A review as JSON (5,000 characters, any script); with its photos see MULTIPART_LIMITS.
  [/^\/api\/products\/[^/]+\/reviews$/, 64 * KB],
  // A CSV import of the whole catalogue (10,000 rows with descriptions: a few MB).
  [/^\/api\/admin\/products\/import$/, 32 * MB],
  // A product with its description (up to 50,000 characters), or a bulk action on 1,000 ids.
  [/^\/api\/admin\/products(\/[^/]+)?$/, 512 * KB],
  [/^\/api\/payments\/stripe\/webhook$/, 512 * KB],
  [/^\/api\/auth\//, 64 * KB],
  [/^\/api\/(orders|contact)$/, 16 * KB],
  // A batch of the storefront's analytics events (MAX_EVENTS_PER_BATCH of them).
  [/^\/api\/analytics\/events$/, ANALYTICS_BODY_BYTES],
  // A bulk move of up to 1,000 orders (ids of 22 characters).
  [/^\/api\/admin\/orders\/bulk$/, 64 * KB],
  // A reply to a contact message (5,000 characters, any script).
  [/^\/api\/admin\/contact-messages\/[^/]+\/reply$/, 64 * KB],
  [/^\/api\//, 8 * KB],
  // Page actions: HTML forms (checkout, contact, sign-in, profile…).
  [/^/, 64 * KB],
];

/**
 * Routes open to anyone that take pictures as multipart/form-data: their larger limit holds for a
 * multipart body only, which is streamed to disk and never held whole; any other body keeps
 * BODY_LIMITS' (a JSON body is read into memory).
 */
const MULTIPART_LIMITS: ReadonlyArray<[RegExp, number]> = [
  // A review with up to 4 photos.
  [/^\/api\/products\/[^/]+\/reviews$/, MAX_REVIEW_PHOTOS * UPLOAD_MAX_FILE_BYTES + 64 * KB],
];

/** Routes whose body is CSV text (the text rule applies to it whole, line breaks and tabs allowed). */
const CSV_BODY = /^\/api\/admin\/products\/import$/;

/** Routes whose body is checked by its own signature, byte for byte (the text rule does not apply). */
const RAW_BODY = /^\/api\/payments\/stripe\/webhook$/;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Routes whose body only a signed-in user may send (a profile picture). */
const SIGNED_IN_BODY = /^\/(api\/account\/avatar|update-profile\/?)$/;
/** The admin API: staff only, each route with the access permissions.ts names for it. */
const ADMIN_API = /^\/api\/admin\//;

/**
 * Who may send this request's body, checked from its headers (the session cookie) before a byte
 * of the body is read: an upload, an import or a bulk action is refused for a visitor (401) or a
 * user without the route's permission (403) as cheaply as any small request. The route's own
 * check then reuses the user read here (http/caller.ts). Null when anyone may: the routes open to
 * anyone (sign-in, orders, the contact form, analytics, Stripe's events, page forms) have small limits.
 */
function requireSender(c: Context<AppEnv>, path: string): Promise<unknown> | null {
  if (ADMIN_API.test(path)) return requireAccess(c, apiAccess(c.req.method, path) ?? "staff");
  if (SIGNED_IN_BODY.test(path)) return requireApiUser(c);
  return null;
}

/** The body limit of a path, in bytes (`multipart`: of a multipart/form-data body). */
export function bodyLimitFor(path: string, multipart = false): number {
  if (multipart) for (const [pattern, bytes] of MULTIPART_LIMITS) if (pattern.test(path)) return bytes;
  for (const [pattern, bytes] of BODY_LIMITS) if (pattern.test(path)) return bytes;
  return 64 * KB;
}

type Refusal = { status: 400 | 413; message: string; field?: string };

/**
 * The edge of every request, before any route: a body limit per route (413, read no further),
 * and the text rule (server/lib/text-rule.ts) for the path, the query and every field of a JSON
 * or form body (400 naming the field), so no handler, page action or better-auth endpoint ever
 * sees a NUL, a control character or broken UTF-8. The checked body is handed on as bytes, so it
 * is read from the network once.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    // The hot path (catalogue reads): a request without a body whose address is plain printable
    // ASCII without percent-escapes holds nothing the text rule could refuse.
    if (!BODY_METHODS.has(c.req.method) && PLAIN_URL.test(c.req.url)) return next();
    return guard(c, next);
  };
}

/** Printable ASCII without `%`: no escape in it can decode to a control character or broken UTF-8. */
const PLAIN_URL = /^[!-$&-~]*$/;

async function guard(c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | void> {
  const url = new URL(c.req.url);
  const refusal = checkPath(url.pathname) ?? checkQuery(url.search);
  if (refusal) return refuse(c, refusal, false);
  if (!BODY_METHODS.has(c.req.method)) return next();
  // The production server's request: its body is read from node:http itself (no web streams).
  const incoming = unreadNodeRequest(c);
  if (!incoming && !c.req.raw.body) return next();

  const sender = requireSender(c, url.pathname);
  if (sender) {
    try {
      await sender;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return refuseSender(c, err);
    }
  }

  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  const limit = bodyLimitFor(url.pathname, multipart);
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > limit) return refuse(c, tooLarge(limit), true);

  if (multipart) {
    // Streamed on by the route's reader (server/http/multipart.ts), which applies the text rule to
    // its fields; here only counted, so a body without Content-Length still stops at the limit.
    const counted = withCountedBody(c.req.raw, limit);
    c.req.raw = counted.request;
    await next();
    // A route that answered without reading the whole upload (a 401, a 413) leaves bytes on the
    // connection that cannot be skipped: close it rather than promise a keep-alive.
    if (!counted.complete()) setConnectionClose(c);
    return;
  }

  const bytes = incoming ? await readNodeBody(incoming, limit) : await readLimited(c.req.raw, limit);
  if (!bytes) return refuse(c, tooLarge(limit), true);
  if (!RAW_BODY.test(url.pathname) && bytes.length > 0) {
    const problem = checkBody(bytes, type, url.pathname);
    if (problem) return refuse(c, problem, false);
  }
  // @hono/node-server answers `json()`, `text()`, `formData()` and `body` of its request from the
  // node:http request's `rawBody` when it holds one: the handlers read these checked bytes. A
  // Request built around them instead cost two web Requests and a stream per POST (about a tenth
  // of an add to cart's CPU).
  if (incoming) incoming.rawBody = bytes as Buffer;
  else
    c.req.raw = new Request(c.req.raw.url, {
      method: c.req.method,
      headers: c.req.raw.headers,
      body: bytes as Uint8Array<ArrayBuffer>,
      signal: c.req.raw.signal,
    });
  return next();
}

/** A node:http request, with the body @hono/node-server reads from it once the guard has checked it. */
type NodeRequestWithBody = IncomingMessage & { rawBody?: Buffer };

/**
 * The node:http request whose body no one has read yet, when the production server passed one.
 * The guard runs before anything that could replace `c.req.raw`, so that request is the one
 * @hono/node-server built `c.req.raw` from.
 */
function unreadNodeRequest(c: Context<AppEnv>): NodeRequestWithBody | undefined {
  const incoming: NodeRequestWithBody | undefined = nodeRequestOf(c);
  return incoming && !incoming.readableDidRead && incoming.rawBody === undefined ? incoming : undefined;
}

/** Reads a node:http request's body whole, or answers null as soon as it passes `limit` bytes (the rest is left unread). */
function readNodeBody(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (finish: () => void) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      finish();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) return void chunks.push(chunk);
      incoming.pause();
      settle(() => resolve(null));
    };
    const onEnd = () => settle(() => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    const onError = (err: Error) => settle(() => reject(err));
    const onClose = () => settle(() => reject(new Error("The client went away before its request's body arrived.")));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

const tooLarge = (limit: number): Refusal => ({
  status: 413,
  message: `The request is too large: ${limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} KB`} at most.`,
});

/**
 * Answers a refusal in our error shape (plain text for page requests). A body left unread cannot
 * be skipped on a kept-alive connection, so that answer says `Connection: close` instead of
 * promising a keep-alive the server would then break.
 */
function refuse(c: Context<AppEnv>, refusal: Refusal, bodyUnread: boolean): Response {
  if (bodyUnread) {
    c.header("Connection", "close");
    lingerOnClose(c);
  }
  const code = refusal.status === 413 ? "too_large" : "invalid_input";
  if (!c.req.path.startsWith("/api/")) return c.text(refusal.message, refusal.status);
  const fields = refusal.field ? { [refusal.field]: refusal.message.replace(/^.*?: /, "") } : undefined;
  return c.json({ error: { code, message: refusal.message, ...(fields ? { fields } : {}) } }, refusal.status);
}

/**
 * The answer to a sender refused before their body was read: the route's 401 or 403 for the API;
 * a page form goes to the sign-in page and back, as the page itself would send it.
 */
function refuseSender(c: Context<AppEnv>, err: AppError): Response {
  c.header("Connection", "close");
  lingerOnClose(c);
  if (c.req.path.startsWith("/api/")) return c.json(err.toJSON(), err.status);
  if (err.status === 401) return c.redirect(`/login?redirectTo=${encodeURIComponent(c.req.path)}`, 303);
  return c.text(err.message, err.status);
}

const decodeSegment = (text: string, name: string): { value: string } | Refusal => {
  try {
    return { value: decodeURIComponent(text) };
  } catch {
    return { status: 400, message: `The ${name} is not valid percent-encoded UTF-8.` };
  }
};

function checkPath(pathname: string): Refusal | null {
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    const decoded = decodeSegment(segment, "address");
    if ("status" in decoded) return decoded;
    const problem = textProblem("", decoded.value);
    if (problem) return { status: 400, message: `The address is not valid: ${lowerFirst(problem)}.` };
  }
  return null;
}

/** Splits `a=1&b=2` (query or form body) into decoded pairs, or a refusal for broken encoding. */
function decodePairs(text: string, what: string): Array<[string, string]> | Refusal {
  const pairs: Array<[string, string]> = [];
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const rawKey = (eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, " ");
    const rawValue = (eq < 0 ? "" : part.slice(eq + 1)).replace(/\+/g, " ");
    const key = decodeSegment(rawKey, what);
    if ("status" in key) return key;
    const value = decodeSegment(rawValue, `${what} field “${key.value.slice(0, 60)}”`);
    if ("status" in value) return { ...value, field: key.value };
    pairs.push([key.value, value.value]);
  }
  return pairs;
}

/** Checks decoded pairs: form fields by their kind (multi-line by name), query values allowing whitespace. */
function checkPairs(pairs: Array<[string, string]>, source: "form" | "query"): Refusal | null {
  for (const [key, value] of pairs) {
    const keyProblem = textProblem("", key);
    if (keyProblem) return { status: 400, message: `A field name is not valid: ${lowerFirst(keyProblem)}.` };
    // Whitespace in a query value is trimmed by its schema (a search for a lone tab is blank).
    const problem = source === "form" ? textProblem(key, value) : textProblem(key, value, true);
    if (problem) return { status: 400, message: `The field “${key}” is not valid: ${problem}.`, field: key };
  }
  return null;
}

function checkQuery(search: string): Refusal | null {
  if (search.length <= 1) return null;
  const pairs = decodePairs(search.slice(1), "query");
  if (!Array.isArray(pairs)) return pairs;
  return checkPairs(pairs, "query");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function checkBody(bytes: Uint8Array, type: string, path: string): Refusal | null {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { status: 400, message: "The request body is not valid UTF-8." };
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const pairs = decodePairs(text, "form");
    if (!Array.isArray(pairs)) return pairs;
    return checkPairs(pairs, "form");
  }
  if (CSV_BODY.test(path)) {
    const problem = textProblem("body", text, true);
    return problem ? { status: 400, message: `The file is not valid text: ${lowerFirst(problem)}.` } : null;
  }
  // The API reads every other body as JSON (whatever its Content-Type says); pages only forms.
  if (!type.includes("json") && !path.startsWith("/api/")) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: 400, message: "Malformed request body: it must be JSON." };
  }
  const found = findTextProblem(value);
  if (!found) return null;
  if (found.tooDeep) return { status: 400, message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.` };
  return { status: 400, message: `The field “${found.field}” is not valid: ${found.problem}.`, field: found.field };
}

/** The whole body, or null as soon as it grows past `limit` (the rest is never read). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Error a counted body raises past its limit; the multipart reader turns it into its 413. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(tooLarge(limit).message);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request with a body that errors with BodyTooLargeError once more than `limit` bytes pass,
 * and whether the body has been read to its end.
 */
function withCountedBody(request: Request, limit: number): { request: Request; complete: () => boolean } {
  let size = 0;
  let complete = false;
  const counted = request.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new BodyTooLargeError(limit));
        else controller.enqueue(chunk);
      },
      flush() {
        complete = true;
      },
    }),
  );
  const init = { method: request.method, headers: request.headers, body: counted, signal: request.signal, duplex: "half" };
  return { request: new Request(request.url, init as RequestInit), complete: () => complete };
}

function setConnectionClose(c: Context<AppEnv>): void {
  try {
    c.res.headers.set("Connection", "close");
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("Connection", "close");
  }
  lingerOnClose(c);
}

/** How long a connection closed under a body still coming stays half-open for its client to read the answer. */
const LINGER_MS = 2_000;

/**
 * Makes the close of this request's connection (its answer says `Connection: close`) a lingering
 * one, as nginx does: the answer is sent and our side of the connection ended, then the socket
 * stays open, unread, until the client closes it or LINGER_MS pass. Closing at once with unread
 * bytes makes TCP reset the connection, and the reset can discard the answer before a client still
 * sending its body reads it (a 401 or 413 would reach it as a network error). Nothing more is read:
 * the unread body fills the socket's buffers and TCP's flow control holds the client back, so a
 * flood of large bodies costs neither memory nor CPU. Node's server ends a `Connection: close`
 * answer's socket with `destroySoon` once the answer is written: that is the step made to linger
 * here. (shopListener turns off @hono/node-server's own draining, which would read the rest.)
 */
function lingerOnClose(c: Context<AppEnv>): void {
  const incoming = nodeRequestOf(c);
  const socket = incoming?.socket as (Socket & { destroySoon?: () => void }) | undefined;
  if (!incoming || !socket || socket.destroyed) return;
  socket.destroySoon = () => {
    // Node resumes an unread request body to drop it; this one stays unread.
    incoming.pause();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
