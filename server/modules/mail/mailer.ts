import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../../lib/env";
import type { Logger } from "../../lib/logger";
import { slugify } from "#common/slug";
import { type RateDecision, type RateLimitStore, emailKey } from "../../lib/rate-limit";
import type { EnqueueOptions, JobQueue } from "#modules/jobs";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when not to the sender (a contact message's author). */
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe (RFC 8058) on mails a shopper subscribed to. */
  headers?: Record<string, string>;
}

export interface SentMail extends Mail {
  from: string;
  sentAt: string;
}

/** Mails kept in memory when no SMTP server is configured (newest last), for tests and a look in development. */
const OUTBOX_LIMIT = 200;

type Transport = "smtp" | "outbox" | "memory";

export interface SendOptions {
  /** The display name when MAIL_FROM is not set (the shop's name). */
  fromName?: string;
  /**
   * The recipient has proved they own the address (a verified account's own address). Any other
   * recipient, the default, gets at most MAIL_LIMIT_PER_RECIPIENT mails: the shop must not become
   * a mail cannon aimed at addresses strangers type into its forms.
   */
  verifiedRecipient?: boolean;
  /**
   * This mail's count against the recipient's limit was already taken (`recipientLimit`, counted
   * with the caller's own limits in one statement): its decision, instead of counting again. For a
   * verified recipient the count is given back.
   */
  counted?: RateDecision;
}

/** The job that delivers one mail: retried from 2 s on, each wait twice the last, for about a day before it fails for good. */
const DELIVER_JOB = "mail.deliver";
const DELIVER_ATTEMPTS = 16;
const DELIVER_RETRY_MS = 2_000;

/**
 * Sends the shop's mails: through SMTP (nodemailer) when SMTP_URL is set; otherwise each mail is
 * logged and written to the outbox folder as an .html and a .txt file a newcomer can open and
 * click, and in tests it is only kept in memory (`outbox`). With the job queue, a mail is stored
 * as a job and delivered by a worker, retried while the SMTP server fails, and taken again by
 * another worker when the one sending it died.
 */
export function createMailer(
  env: Pick<Env, "NODE_ENV" | "SMTP_URL" | "MAIL_FROM" | "MAIL_OUTBOX_DIR" | "PUBLIC_URL" | "MAIL_LIMIT_PER_RECIPIENT">,
  logger: Logger,
  /** Where the per-recipient counts are kept (without it, in mail tests, nothing is limited), and the job queue that delivers (without it, at once). */
  { rateLimits, jobs }: { rateLimits?: RateLimitStore; jobs?: JobQueue } = {},
) {
  const transport: Transport = env.SMTP_URL ? "smtp" : env.NODE_ENV === "test" ? "memory" : "outbox";
  // A mail's SMTP conversation ends well within a job's lease: a server that stops answering fails
  // the try, which is retried, instead of holding the job until another worker takes it too.
  const smtp = env.SMTP_URL ? nodemailer.createTransport({ url: env.SMTP_URL, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 }) : null;
  const outbox: SentMail[] = [];
  const outboxDir = path.resolve(env.MAIL_OUTBOX_DIR);
  const defaultAddress = `no-reply@${new URL(env.PUBLIC_URL).hostname}`;

  function fromHeader(displayName?: string): string {
    if (env.MAIL_FROM) return env.MAIL_FROM;
    return displayName ? `"${displayName.replace(/["\\\r\n]/g, "")}" <${defaultAddress}>` : defaultAddress;
  }

  // The folder is made when a write finds it missing (at the first mail, or after someone removed
  // it while the shop runs): a mkdir per mail was a few percent of an order's CPU.
  function writeToOutbox(mail: SentMail): string {
    try {
      return writeMailFiles(mail);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      fs.mkdirSync(outboxDir, { recursive: true });
      return writeMailFiles(mail);
    }
  }

  /**
   * Writes the mail's two files at once, not through the thread pool: each is a few KB on a local
   * folder, written from the mail queue after the answer left, and a synchronous write costs less
   * than `fs.promises`' open, write and close, each a hop to a worker thread.
   */
  function writeMailFiles(mail: SentMail): string {
    const base = path.join(outboxDir, `${mail.sentAt.replace(/[:.]/g, "-")}-${slugify(mail.subject) || "mail"}`);
    const header = `<!-- To: ${mail.to.replace(/-->/g, "")} | From: ${mail.from.replace(/-->/g, "")} | Subject: ${mail.subject.replace(/-->/g, "")} -->\n`;
    fs.writeFileSync(`${base}.html`, header + mail.html);
    fs.writeFileSync(
      `${base}.txt`,
      `To: ${mail.to}\nFrom: ${mail.from}\n${mail.replyTo ? `Reply-To: ${mail.replyTo}\n` : ""}Subject: ${mail.subject}\n\n${mail.text}`,
    );
    return `${base}.html`;
  }

  const limit = { key: (to: string) => emailKey("mail", to), rule: env.MAIL_LIMIT_PER_RECIPIENT };

  /** Hands one mail to SMTP, or to the outbox without it. */
  async function deliver(sent: SentMail): Promise<void> {
    if (smtp) {
      await smtp.sendMail({
        from: sent.from,
        to: sent.to,
        replyTo: sent.replyTo,
        subject: sent.subject,
        text: sent.text,
        html: sent.html,
        headers: sent.headers,
      });
      logger.info({ to: sent.to, subject: sent.subject }, "mail sent");
      return;
    }
    outbox.push(sent);
    if (outbox.length > OUTBOX_LIMIT) outbox.shift();
    if (transport === "memory") return;
    const file = writeToOutbox(sent);
    const link = sent.text.match(/https?:\/\/\S+/)?.[0];
    logger.info({ to: sent.to, subject: sent.subject, file, link }, "mail written to the outbox (no SMTP_URL)");
  }

  jobs?.register<SentMail>(DELIVER_JOB, { maxAttempts: DELIVER_ATTEMPTS, retryDelayMs: DELIVER_RETRY_MS, handle: (sent) => deliver(sent) });

  const mailer = {
    /** How mails leave the shop: "smtp", "outbox" (log and files) or "memory" (tests). */
    transport,

    /** Mails sent without SMTP, newest last (kept in memory for tests and local debugging). */
    outbox,

    /**
     * Whether a mail to `to` may go: always to a verified recipient (a count the caller took for it
     * is given back), else within the per-recipient limit (`counted` is the caller's own count of
     * it). One too many is dropped with a warning, so the caller's own work (an order) goes on.
     */
    async admit(to: string, options: Pick<SendOptions, "verifiedRecipient" | "counted"> = {}): Promise<boolean> {
      if (options.verifiedRecipient) {
        // Counted with an order's limits before its address was known to be its owner's own: given
        // back, so the owner's orders leave the address's limit for mails to unverified recipients.
        if (options.counted && rateLimits) await rateLimits.uncountAll([limit.key(to)]);
        return true;
      }
      if (!rateLimits) return true;
      const decision = options.counted ?? (await rateLimits.consume(limit.key(to), limit.rule));
      if (!decision.allowed) logger.warn({ to, retryAfter: decision.retryAfter }, "mail not sent: too many mails to this unverified address");
      return decision.allowed;
    },

    /**
     * Stores an admitted mail for delivery (or delivers it at once without the job queue); with
     * `executor`, in the caller's transaction, so the mail is kept only if the caller's write commits.
     */
    async enqueue(mail: Mail, options: { fromName?: string; executor?: EnqueueOptions["executor"] } = {}): Promise<void> {
      const sent: SentMail = { ...mail, from: fromHeader(options.fromName), sentAt: new Date().toISOString() };
      if (jobs) await jobs.enqueue(DELIVER_JOB, sent, { executor: options.executor });
      else if (options.executor) throw new Error("A mail in a transaction needs the job queue.");
      else await deliver(sent);
    },

    /** Sends one mail if `admit` lets it go; whether it went. */
    async send(mail: Mail, options: SendOptions = {}): Promise<boolean> {
      if (!(await mailer.admit(mail.to, options))) return false;
      await mailer.enqueue(mail, options);
      return true;
    },

    /** With this process's worker running, waits until the mails stored so far have been delivered or have failed a try (tests, shutdown). */
    async idle(): Promise<void> {
      await jobs?.settle([DELIVER_JOB]);
    },

    /** The rate-limit entry a mail to this unverified address counts against, for a caller that counts it with its own limits (then `send` with `counted`). */
    recipientLimit(to: string): { key: string; rule: { window: number; max: number } } {
      return { key: limit.key(to), rule: limit.rule };
    },

    /** Checks the SMTP connection (used at start-up to warn early about a wrong SMTP_URL). */
    async verify(): Promise<boolean> {
      if (!smtp) return true;
      return smtp.verify().then(
        () => true,
        (err: unknown) => {
          logger.warn({ err }, "the SMTP server did not answer: mails will fail until it does");
          return false;
        },
      );
    },

    /** Closes the SMTP connection pool, if any. */
    close(): void {
      smtp?.close();
    },
  };
  return mailer;
}

export type Mailer = ReturnType<typeof createMailer>;
