import { SMTPServer } from "smtp-server";

/** A mail as the test SMTP server received it, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QBqb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** Walks a MIME tree and collects the text/plain and text/html bodies. */
function collect(part: Part, out: { text: string; html: string }): void {
  const type = part.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      // The line break before a boundary belongs to the boundary (RFC 2046), not to the part.
      collect(splitHeaders(section.replace(/^\r?\n/, "").replace(/\r?\n$/, "")), out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html ||= decodeBody(part);
  else if (/^text\/plain/i.test(type)) out.text ||= decodeBody(part);
}

/** Parses a raw RFC 5322 message (as nodemailer writes it) into its addresses, subject and bodies. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const root = splitHeaders(raw);
  const out = { text: "", html: "" };
  collect(root, out);
  return { from: envelope.from, to: envelope.to, subject: decodeWords(root.headers.subject ?? ""), text: out.text, html: out.html, raw };
}

/** The links of a mail's text (the HTML carries the same ones). */
export function linksOf(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** A mail read and never answered (`holdFirst`, `pause`): what, to whom, and over which connection. */
export interface HeldMail {
  from: string;
  to: string[];
  subject: string;
  /** The sender's end of the connection (its port on 127.0.0.1): which process is sending it. */
  clientPort: number;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, no authentication, no TLS) that keeps every mail it
 * receives, for tests that follow the links of the shop's mails. Point SMTP_URL at `url`.
 * `port` 0 takes a free one. With
 * `holdFirst`, the first that many mails are read but never answered: the sender hangs as if the
 * server were slow, and such a mail counts as received only if a later try delivers it. `pause()`
 * holds every mail the same way until `resume()`.
 */
export async function startSmtpServer(port = 0, { holdFirst = 0 } = {}) {
  const messages: ReceivedMail[] = [];
  const heldMails: HeldMail[] = [];
  let paused = false;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // A held mail's connection is closed at once when the test closes the server.
    closeTimeout: 1_000,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), envelope);
        if (heldMails.length < holdFirst || paused) {
          heldMails.push({ ...envelope, subject: mail.subject, clientPort: session.remotePort });
          return;
        }
        messages.push(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A sender that drops its connection (killed, or given up on a held mail) is no failure of the server.
  server.on("error", () => {});
  const bound = (server.server.address() as { port: number }).port;

  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    /** How many mails were read and left unanswered (`holdFirst`, `pause`). */
    held: () => heldMails.length,
    /** The mails read and left unanswered, in order. */
    heldMails: (): HeldMail[] => [...heldMails],
    /** Holds every mail from now on (read, never answered) until `resume()`. */
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    /** The first received mail (in order) that matches, waiting up to `timeoutMs` for it. */
    async waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 5_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`No matching mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join(" | ") || "none"}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    /** Mails sent to one address, in order. */
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
