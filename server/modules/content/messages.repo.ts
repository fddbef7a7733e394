import { type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, sql } from "kysely";
import type { ContactMessageReplyTable, ContactMessageTable, Database } from "../../db/schema";

// The statements of the contact messages (contact_messages) and their staff replies
// (contact_message_replies), on the caller's executor: the database or an inbox write's transaction.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

export type MessageRow = Selectable<ContactMessageTable>;
export type ReplyRow = Selectable<ContactMessageReplyTable>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The messages whose name, e-mail or subject holds `search` (any case); every message without one. */
function matching(search: string | undefined) {
  const like = search ? `%${escapeLike(search.toLowerCase())}%` : null;
  return (eb: ExpressionBuilder<Database, "contact_messages">): Expression<SqlBool> =>
    like
      ? eb.or([
          sql<boolean>`lower(name) LIKE ${like} ESCAPE '\\'`,
          sql<boolean>`lower(email) LIKE ${like} ESCAPE '\\'`,
          sql<boolean>`lower(coalesce(subject, '')) LIKE ${like} ESCAPE '\\'`,
        ])
      : sql<boolean>`1 = 1`;
}

export async function insertMessage(k: Executor, row: Insertable<ContactMessageTable>): Promise<void> {
  await k.insertInto("contact_messages").values(row).execute();
}

/** One message, or undefined for an unknown id. */
export function getMessageRow(k: Executor, id: string): Promise<MessageRow | undefined> {
  return k.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The messages of `ids` that exist. */
export async function getMessageRows(k: Executor, ids: string[]): Promise<MessageRow[]> {
  return ids.length ? k.selectFrom("contact_messages").selectAll().where("id", "in", ids).execute() : [];
}

/** How many messages there are, all or of one status. */
export async function countMessageRows(k: Executor, status?: string): Promise<number> {
  const row = await k
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .$if(status !== undefined, (b) => b.where("status", "=", status!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many messages matching `search` each status holds (statuses without any are left out). */
export function countMessagesByStatus(k: Executor, search: string | undefined) {
  return k
    .selectFrom("contact_messages")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where(matching(search))
    .groupBy("status")
    .execute();
}

/** One page of the messages matching `search`, of one status or all, newest first. */
export function listMessageRows(k: Executor, f: { search?: string; status?: string; limit: number; offset: number }): Promise<MessageRow[]> {
  return k
    .selectFrom("contact_messages")
    .selectAll()
    .where(matching(f.search))
    .$if(Boolean(f.status), (b) => b.where("status", "=", f.status!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

/** Moves a message to a status, stamping when it was first read if `readAt` is given. */
export async function setMessageStatus(k: Executor, id: string, status: string, readAt?: string): Promise<void> {
  await k
    .updateTable("contact_messages")
    .set({ status, ...(readAt !== undefined ? { read_at: readAt } : {}) })
    .where("id", "=", id)
    .execute();
}

/** Deletes the messages of `ids` with their replies. */
export async function deleteMessagesWithReplies(k: Executor, ids: string[]): Promise<void> {
  await k.deleteFrom("contact_message_replies").where("message_id", "in", ids).execute();
  await k.deleteFrom("contact_messages").where("id", "in", ids).execute();
}

/** The replies of one message, oldest first. */
export function listReplyRows(k: Executor, messageId: string): Promise<ReplyRow[]> {
  return k.selectFrom("contact_message_replies").selectAll().where("message_id", "=", messageId).orderBy("created_at").orderBy("id").execute();
}

/** How many replies each of the messages `ids` has (messages without any are left out). */
export async function countRepliesByMessage(k: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await k
    .selectFrom("contact_message_replies")
    .select(["message_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("message_id", "in", ids)
    .groupBy("message_id")
    .execute();
  return new Map(rows.map((r) => [r.message_id, Number(r.n)]));
}

export async function insertReply(k: Executor, row: Insertable<ContactMessageReplyTable>): Promise<void> {
  await k.insertInto("contact_message_replies").values(row).execute();
}

/** Stamps when a reply's mail left. */
export async function setReplyMailed(k: Executor, id: string, at: string): Promise<void> {
  await k.updateTable("contact_message_replies").set({ mailed_at: at }).where("id", "=", id).execute();
}
