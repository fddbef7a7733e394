import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { type RateLimitStore, waitText } from "../../lib/rate-limit";
import { parseInput } from "#common/validate";
import type { Logger } from "../../lib/logger";
import type { WebhookEvents } from "#modules/webhooks";
import { type AuditActor, appendAudit } from "#modules/audit";
import { createMailQueue } from "#modules/mail";
import type { Mailer } from "#modules/mail";
import { contactMessageMail, contactReplyMail } from "#modules/mail";
import type { ContactInput, SiteSettings } from "#common/content/content.schema";
import { DEFAULT_LANGUAGE, type Language, isLanguage, localeOf, pathInLanguage } from "#common/i18n/languages";
import {
  MESSAGE_STATUSES,
  type MessageListQuery,
  type MessageStatus,
  isMessageStatus,
  messageListQuerySchema,
  messageReplySchema,
  messageStatusSchema,
} from "#common/content/messages.schema";
import {
  type MessageRow,
  type ReplyRow,
  countMessageRows,
  countMessagesByStatus,
  countRepliesByMessage,
  deleteMessagesWithReplies,
  getMessageRow,
  getMessageRows,
  insertMessage,
  insertReply,
  listMessageRows,
  listReplyRows,
  setMessageStatus,
  setReplyMailed,
} from "./messages.repo";

/** A contact message as the admin's list shows it: the sender, the subject, the start of the text. */
export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  /** The first 160 characters of the message, on one line. */
  preview: string;
  status: MessageStatus;
  createdAt: string;
  /** When it was first opened (or marked read). */
  readAt: string | null;
  replyCount: number;
}

/** A staff reply kept with its message: who wrote it, when, and when its mail left (null: it could not be sent). */
export interface ContactReply {
  id: string;
  text: string;
  author: { id: string | null; email: string };
  createdAt: string;
  mailedAt: string | null;
}

/** One contact message with its whole text and its replies, oldest first. */
export interface ContactMessage extends ContactMessageRow {
  message: string;
  ip: string | null;
  replies: ContactReply[];
}

export interface ContactMessageList {
  data: ContactMessageRow[];
  /** `counts`: the messages of each status that match the search (the status tabs' figures). */
  meta: { total: number; page: number; pageSize: number; counts: Record<MessageStatus, number> };
}

export interface MessagesDeps {
  rateLimits: RateLimitStore;
  /** Messages one IP address may send in 10 minutes (CONTACT_RATE_LIMIT). */
  contactLimitPer10Min: number;
  mailer: Mailer;
  settings: () => Promise<SiteSettings>;
  /** Where new messages are mailed when the settings have no contact address (ADMIN_EMAIL), if anywhere. */
  adminEmail?: string;
  /** The shop's address (PUBLIC_URL, no trailing slash), for the links in mails. */
  publicUrl: string;
  logger: Logger;
  /** Outgoing webhooks: contact_message.created is emitted in the message's transaction. */
  webhooks?: WebhookEvents;
}

const PREVIEW_LENGTH = 160;

function toRow(r: MessageRow, replyCount: number): ContactMessageRow {
  const flat = r.message.replace(/\s+/g, " ").trim();
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    preview: flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat,
    status: isMessageStatus(r.status) ? r.status : "new",
    createdAt: toIso(r.created_at)!,
    readAt: toIso(r.read_at),
    replyCount,
  };
}

function toReply(r: ReplyRow): ContactReply {
  return { id: r.id, text: r.text, author: { id: r.author_id, email: r.author_email }, createdAt: toIso(r.created_at)!, mailedAt: toIso(r.mailed_at) };
}

/**
 * The contact messages (content module, table contact_messages and its replies): the contact
 * form's write (rate-limited per IP, and mailed to the shop's contact address after the answer),
 * and the admin's inbox: a list by status with counts and a search, opening one (which marks it
 * read), status changes, replies mailed to the sender and kept with the message, and deletion.
 * Every admin write runs in one transaction with its audit entry.
 */
export function createMessagesService(db: Db, deps: MessagesDeps) {
  const k = db.kysely;
  const queue = createMailQueue(deps.logger, deps.mailer);

  async function readMessage(id: string): Promise<ContactMessage | null> {
    const row = await getMessageRow(k, id);
    if (!row) return null;
    const replies = await listReplyRows(k, id);
    return { ...toRow(row, replies.length), message: row.message, ip: row.ip, replies: replies.map(toReply) };
  }

  async function requireMessage(id: string): Promise<ContactMessage> {
    const message = await readMessage(id);
    if (!message) throw new AppError("not_found", "There is no such message: it may have been deleted.");
    return message;
  }

  /** Moves the messages `ids` to `status` with one audit entry each; read_at is set the first time one leaves "new". */
  async function moveTo(actor: AuditActor, ids: string[], status: MessageStatus): Promise<{ changed: number; unchanged: number; notFound: string[] }> {
    return k.transaction().execute(async (trx) => {
      const rows = await getMessageRows(trx, ids);
      const found = new Set(rows.map((r) => r.id));
      const moving = rows.filter((r) => r.status !== status);
      const now = nowIso();
      for (const r of moving) {
        await setMessageStatus(trx, r.id, status, status !== "new" && !r.read_at ? now : undefined);
        await appendAudit(trx, actor, {
          action: "contact_message.status",
          entityType: "contact_message",
          entityId: r.id,
          changes: { status: { before: r.status, after: status } },
        });
      }
      return { changed: moving.length, unchanged: rows.length - moving.length, notFound: ids.filter((id) => !found.has(id)) };
    });
  }

  /** Deletes the messages `ids` and their replies, one audit entry each (who sent it and its subject, for the trail). */
  async function remove(actor: AuditActor, ids: string[]): Promise<{ deleted: number; notFound: string[] }> {
    return k.transaction().execute(async (trx) => {
      const rows = await getMessageRows(trx, ids);
      const found = new Set(rows.map((r) => r.id));
      if (rows.length)
        await deleteMessagesWithReplies(
          trx,
          rows.map((r) => r.id),
        );
      for (const r of rows) {
        await appendAudit(trx, actor, {
          action: "contact_message.delete",
          entityType: "contact_message",
          entityId: r.id,
          changes: { email: { before: r.email, after: null }, subject: { before: r.subject, after: null }, status: { before: r.status, after: null } },
        });
      }
      return { deleted: rows.length, notFound: ids.filter((id) => !found.has(id)) };
    });
  }

  /** Queues the mail that tells the shop's contact address about a new message (Reply-To: the sender). */
  function notifyShop(id: string, input: ContactInput): void {
    queue.later(
      async () => {
        const settings = await deps.settings();
        const to = settings.contactEmail || deps.adminEmail;
        if (!to) return;
        // The shop's own inbox: not limited per recipient (the form's limit per IP bounds it).
        await deps.mailer.send(
          contactMessageMail({
            to,
            siteName: settings.siteName,
            url: `${deps.publicUrl}/admin-dashboard/contact-messages/${encodeURIComponent(id)}`,
            from: { name: input.name, email: input.email },
            subject: input.subject || null,
            message: input.message,
          }),
          { fromName: settings.siteName, verifiedRecipient: true },
        );
      },
      "new contact message",
      { messageId: id },
    );
  }

  return {
    /**
     * Stores a validated contact-form message as new, rate-limited per IP so the inbox cannot be
     * flooded, and queues its mail to the shop's contact address (a mail failure never fails the form).
     * `language` is the page's it was written on: the shop's reply is written in it.
     */
    async createMessage(input: ContactInput, ip: string | null, language: Language = DEFAULT_LANGUAGE): Promise<{ _id: string; createdAt: string }> {
      const decision = await deps.rateLimits.consume(`contact:ip:${ip ?? "unknown"}`, { window: 10 * 60, max: deps.contactLimitPer10Min });
      if (!decision.allowed) {
        throw new AppError("rate_limited", `Too many messages. Please try again in ${waitText(decision.retryAfter ?? 60)}.`);
      }
      const id = newId();
      const created_at = nowIso();
      const row = {
        id,
        name: input.name,
        email: input.email,
        subject: input.subject || null,
        message: input.message,
        ip,
        read_at: null,
        status: "new",
        language,
        created_at,
      };
      await k.transaction().execute(async (trx) => {
        await insertMessage(trx, row);
        await deps.webhooks?.emit(
          trx,
          "contact_message.created",
          (): ContactMessage => ({ ...toRow(row as MessageRow, 0), message: row.message, ip, replies: [] }),
        );
      });
      notifyShop(id, input);
      return { _id: id, createdAt: toIso(created_at)! };
    },

    /** Every stored message, whatever its status. */
    countMessages(): Promise<number> {
      return countMessageRows(k);
    },

    /** The messages nobody has opened yet (status new), for the admin sidebar's badge. */
    countNew(): Promise<number> {
      return countMessageRows(k, "new");
    },

    /** One page of messages, newest first: of one status (or all), matching `q` in the name, e-mail or subject; with the count of each status. */
    async listMessages(query: MessageListQuery = {}): Promise<ContactMessageList> {
      const q = parseInput(messageListQuerySchema, query, "Invalid list parameters");
      const [grouped, rows] = await Promise.all([
        countMessagesByStatus(k, q.q),
        listMessageRows(k, { search: q.q, status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      ]);
      const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>;
      for (const g of grouped) if (isMessageStatus(g.status)) counts[g.status] = Number(g.n);
      const total = q.status ? counts[q.status] : MESSAGE_STATUSES.reduce((sum, s) => sum + counts[s], 0);
      const replies = await countRepliesByMessage(
        k,
        rows.map((r) => r.id),
      );
      return { data: rows.map((r) => toRow(r, replies.get(r.id) ?? 0)), meta: { total, page: q.page, pageSize: q.pageSize, counts } };
    },

    /** One message with its replies, or null for an unknown id; reading it changes nothing. */
    getMessage: readMessage,

    /** Opens a message for `actor`: a new one becomes read (audited, `markedRead`), as an inbox does; unknown ids are a 404. */
    async openMessage(actor: AuditActor, id: string): Promise<{ message: ContactMessage; markedRead: boolean }> {
      const message = await requireMessage(id);
      if (message.status !== "new") return { message, markedRead: false };
      const { changed } = await moveTo(actor, [id], "read");
      return { message: await requireMessage(id), markedRead: changed > 0 };
    },

    /** Moves one message to a status (new to mark it unread, read, archived, spam), audited; unknown ids are a 404. */
    async setStatus(actor: AuditActor, id: string, body: unknown): Promise<ContactMessage> {
      const { status } = parseInput(messageStatusSchema, body);
      const result = await moveTo(actor, [id], status);
      if (result.notFound.length) throw new AppError("not_found", "There is no such message: it may have been deleted.");
      return requireMessage(id);
    },

    /** Moves many messages to a status at once (the list's bulk actions), each audited; says how many moved and which ids were gone. */
    async setStatuses(actor: AuditActor, ids: string[], status: MessageStatus) {
      return moveTo(actor, ids, status);
    },

    /** Deletes one message with its replies, audited; unknown ids are a 404. */
    async deleteMessage(actor: AuditActor, id: string): Promise<void> {
      const result = await remove(actor, [id]);
      if (result.notFound.length) throw new AppError("not_found", "There is no such message: it may have been deleted.");
    },

    /** Deletes many messages with their replies (the list's bulk delete), each audited. */
    deleteMessages: remove,

    /**
     * Replies to a message: the reply is kept with it (who, when; a new message becomes read, all
     * audited), then mailed to the sender with Reply-To the shop's contact address. The mail is sent
     * at once so the answer can say whether it left (`mailed`); a reply whose mail failed stays kept.
     */
    async reply(actor: AuditActor, id: string, body: unknown): Promise<{ message: ContactMessage; mailed: boolean }> {
      const { text } = parseInput(messageReplySchema, body);
      const replyId = newId();
      const original = await k.transaction().execute(async (trx) => {
        const row = await getMessageRow(trx, id);
        if (!row) throw new AppError("not_found", "There is no such message: it may have been deleted.");
        await insertReply(trx, { id: replyId, message_id: id, text, author_id: actor.id, author_email: actor.email, created_at: nowIso(), mailed_at: null });
        await appendAudit(trx, actor, {
          action: "contact_message.reply",
          entityType: "contact_message",
          entityId: id,
          changes: { reply: { before: null, after: text } },
        });
        if (row.status === "new") {
          await setMessageStatus(trx, id, "read", toIso(row.read_at) ?? nowIso());
          await appendAudit(trx, actor, {
            action: "contact_message.status",
            entityType: "contact_message",
            entityId: id,
            changes: { status: { before: "new", after: "read" } },
          });
        }
        return row;
      });

      let mailed = false;
      try {
        const settings = await deps.settings();
        // The reply speaks the language the message was written in, its date in that language's locale.
        const language = isLanguage(original.language) ? original.language : DEFAULT_LANGUAGE;
        const locale = language === DEFAULT_LANGUAGE ? settings.locale || "en-US" : localeOf(language, settings.locale);
        const sentOn = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(toIso(original.created_at)!));
        mailed = await deps.mailer.send(
          contactReplyMail({
            to: original.email,
            name: original.name,
            siteName: settings.siteName,
            url: `${deps.publicUrl}${pathInLanguage("/contact-us", language)}`,
            language,
            reply: text,
            subject: original.subject,
            message: original.message,
            sentOn,
            replyTo: settings.contactEmail || undefined,
          }),
          { fromName: settings.siteName },
        );
      } catch (err) {
        deps.logger.error({ err, messageId: id }, "could not send the reply to a contact message");
      }
      if (mailed) await setReplyMailed(k, replyId, nowIso());
      return { message: await requireMessage(id), mailed };
    },

    /** Waits for the queued new-message mails (tests, shutdown). */
    idle: () => queue.idle(),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
