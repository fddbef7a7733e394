import type { Insertable, Kysely } from "kysely";
import type { CartReminderContactTable, CartReminderTable, Database } from "../../db/schema";

// The cart reminders' statements: the owners' contacts and consent, and the reminders sent, with
// what became of them (restored, ordered, closed). All on the caller's executor.

type Executor = Kysely<Database>;

export type ContactRow = CartReminderContactTable;
export type ReminderRow = Awaited<ReturnType<typeof getReminder>> & object;

/** Stores (or replaces) an owner's address, language, currency and consent. */
export async function upsertContact(k: Executor, row: Insertable<CartReminderContactTable>): Promise<void> {
  await k
    .insertInto("cart_reminder_contacts")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("owner")
        .doUpdateSet({ email: row.email, language: row.language, currency: row.currency ?? null, consent: row.consent, updated_at: row.updated_at }),
    )
    .execute();
}

/** Sets the consent of an owner's stored contact (nothing when there is none); whether there was one. */
export async function setOwnerConsent(k: Executor, owner: string, consent: number, at: string): Promise<boolean> {
  const r = await k.updateTable("cart_reminder_contacts").set({ consent, updated_at: at }).where("owner", "=", owner).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Withdraws the consent of every owner who gave this address. */
export async function withdrawEmail(k: Executor, email: string, at: string): Promise<void> {
  await k.updateTable("cart_reminder_contacts").set({ consent: 0, updated_at: at }).where("email", "=", email).execute();
}

export function getContacts(k: Executor, owners: string[]) {
  if (owners.length === 0) return Promise.resolve([] as ContactRow[]);
  return k.selectFrom("cart_reminder_contacts").selectAll().where("owner", "in", owners).execute();
}

export function getContact(k: Executor, owner: string) {
  return k.selectFrom("cart_reminder_contacts").selectAll().where("owner", "=", owner).executeTakeFirst();
}

/** The reminders of these carts that nothing closed, sent since `since`. */
export function listOpenReminders(k: Executor, cartIds: string[], since: string) {
  if (cartIds.length === 0) return Promise.resolve([]);
  return k
    .selectFrom("cart_reminders")
    .select(["id", "cart_id", "sequence", "activity_at", "created_at", "mailed_at", "restored_at"])
    .where("cart_id", "in", cartIds)
    .where("closed_at", "is", null)
    .where("created_at", ">=", since)
    .execute();
}

/** Stores a reminder unless one of the same cart, idle period and sequence is stored already (another run or instance took it); whether this call stored it. */
export async function claimReminder(k: Executor, row: Insertable<CartReminderTable>): Promise<boolean> {
  const stored = await k
    .insertInto("cart_reminders")
    .values(row)
    .onConflict((oc) => oc.columns(["cart_id", "activity_at", "sequence"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return stored !== undefined;
}

export function getReminder(k: Executor, id: string) {
  return k.selectFrom("cart_reminders").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function markMailed(k: Executor, id: string, at: string): Promise<void> {
  await k.updateTable("cart_reminders").set({ mailed_at: at }).where("id", "=", id).execute();
}

/** Notes the first restore of a reminder's cart, and by whom. */
export async function markRestored(k: Executor, id: string, by: string, at: string): Promise<void> {
  await k.updateTable("cart_reminders").set({ restored_at: at, restored_by: by }).where("id", "=", id).where("restored_at", "is", null).execute();
}

/** The open reminders of these owners (the cart's, or a browser that restored it) or of this address. */
export function listOpenFor(k: Executor, owners: string[], email: string | null) {
  return k
    .selectFrom("cart_reminders")
    .select(["id", "created_at", "mailed_at", "restored_at"])
    .where("closed_at", "is", null)
    .where((eb) => eb.or([eb("owner", "in", owners), eb("restored_by", "in", owners), ...(email ? [eb("email", "=", email)] : [])]))
    .execute();
}

/** Credits an order to one reminder. */
export async function setOrder(k: Executor, id: string, order: { orderId: string; totalBase: number; at: string }): Promise<void> {
  await k
    .updateTable("cart_reminders")
    .set({ order_id: order.orderId, order_total_base: order.totalBase, ordered_at: order.at })
    .where("id", "=", id)
    .where("order_id", "is", null)
    .execute();
}

export async function closeReminders(k: Executor, ids: string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await k.updateTable("cart_reminders").set({ closed_at: at }).where("id", "in", ids).where("closed_at", "is", null).execute();
}

/** Deletes an owner's contact and reminders (an account erased). */
export async function deleteOwner(k: Executor, owner: string): Promise<void> {
  await k.deleteFrom("cart_reminder_contacts").where("owner", "=", owner).execute();
  await k.deleteFrom("cart_reminders").where("owner", "=", owner).execute();
}

/** The figures of [from, to): reminders mailed (first and second), carts restored, orders credited and their total. */
export async function reportFigures(k: Executor, from: string, to: string) {
  const count = (column: "mailed_at" | "restored_at" | "ordered_at") =>
    k
      .selectFrom("cart_reminders")
      .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.sum<number | string | null>("order_total_base").as("total")])
      .where(column, ">=", from)
      .where(column, "<", to)
      .$if(column === "ordered_at", (q) => q.where("order_id", "is not", null))
      .executeTakeFirstOrThrow();
  const bySequence = await k
    .selectFrom("cart_reminders")
    .select((eb) => ["sequence", eb.fn.countAll<number | string>().as("n")])
    .where("mailed_at", ">=", from)
    .where("mailed_at", "<", to)
    .groupBy("sequence")
    .execute();
  const [restored, ordered] = await Promise.all([count("restored_at"), count("ordered_at")]);
  const sent = (sequence: number) => Number(bySequence.find((r) => Number(r.sequence) === sequence)?.n ?? 0);
  return {
    first: sent(1),
    second: sent(2),
    restored: Number(restored.n),
    orders: Number(ordered.n),
    revenue: Number(ordered.total ?? 0),
  };
}
