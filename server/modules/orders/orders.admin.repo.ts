import { type ExpressionBuilder, type Insertable, type SqlBool, sql } from "kysely";
import type { Dialect } from "../../db/database";
import { CONTACT_EMAIL_KEY_SQL, CONTACT_PHONE_KEY_SQL } from "../../migrations/0006-open-orders-by-contact";
import type { Database, OrderNoteTable } from "../../db/schema";
import type { Executor } from "./orders.types";

/** What the order desk's search box asked for, by the shape of what was typed (orders.admin.ts reads it). */
export type OrderSearch =
  | { by: "email"; email: string }
  | { by: "number"; number: string }
  | { by: "phone"; digits: string }
  /** `orNumber`: the text may also be an order number (it has a dash or a digit). */
  | { by: "name"; text: string; orNumber: string | null };

/** The order list's filters: status tab, payment method, dates (days, inclusive, UTC) and the search. */
export interface AdminOrderFilters {
  status?: string;
  payment?: string;
  from?: string;
  to?: string;
  search?: OrderSearch;
}

/** The order list's sort: a column and a direction. */
export interface AdminOrderSort {
  column: "total" | "number" | "created";
  desc: boolean;
}

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The WHERE of the list, its export and its tab counts (everything but the status when `withStatus`
 * is false). An e-mail address or a phone number is looked up through the indexed keys of
 * migration 0006, an order number through its unique index; a name is the one search that reads
 * every row.
 */
function where(eb: ExpressionBuilder<Database, "orders">, f: AdminOrderFilters, withStatus: boolean, dialect: Dialect) {
  const all = [];
  if (withStatus && f.status) all.push(eb("orders.status", "=", f.status));
  if (f.payment) all.push(eb("orders.payment_method", "=", f.payment));
  if (f.from) all.push(eb("orders.created_at", ">=", `${f.from}T00:00:00.000Z`));
  if (f.to) all.push(eb("orders.created_at", "<", nextDay(f.to)));
  const s = f.search;
  if (s?.by === "email") all.push(eb(sql.raw(CONTACT_EMAIL_KEY_SQL), "=", s.email));
  else if (s?.by === "number") all.push(eb("orders.number", "=", s.number));
  else if (s?.by === "phone") all.push(eb(sql.raw(CONTACT_PHONE_KEY_SQL), "=", s.digits));
  else if (s?.by === "name") {
    // LIKE ignores case on SQLite; PostgreSQL needs ILIKE.
    const like = sql<SqlBool>`orders.contact_name ${sql.raw(dialect === "postgres" ? "ILIKE" : "LIKE")} ${`%${likeEscaped(s.text)}%`} ESCAPE '\\'`;
    // A plain name is read from the index of (status, name), without the orders' rows.
    all.push(s.orNumber !== null ? eb.or([eb("orders.number", "=", s.orNumber), like]) : like);
  }
  return eb.and(all);
}

/** How many orders of each status the filters (but their status) select: the tabs' figures. */
export function countFilteredByStatus(k: Executor, dialect: Dialect, f: AdminOrderFilters) {
  return k
    .selectFrom("orders")
    .where((eb) => where(eb, f, false, dialect))
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
}

/** The orders the filters select, sorted (the id breaks ties), with their units; a page of them when `page` is given. */
export function listAdminOrderRows(k: Executor, dialect: Dialect, f: AdminOrderFilters, sort: AdminOrderSort, page?: { limit: number; offset: number }) {
  const column = sort.column === "total" ? "orders.total" : sort.column === "number" ? "orders.number" : "orders.created_at";
  const q = k
    .selectFrom("orders")
    .where((eb) => where(eb, f, true, dialect))
    .select((eb) => [
      "orders.id",
      "orders.number",
      "orders.created_at",
      "orders.contact_name",
      "orders.contact_email",
      "orders.contact_phone",
      "orders.user_id",
      "orders.total",
      "orders.tax_total",
      "orders.tax_country",
      "orders.tax_region",
      "orders.company",
      "orders.vat_number",
      "orders.reverse_charge",
      "orders.refunded_total",
      "orders.currency",
      "orders.payment_method",
      "orders.payment_status",
      "orders.status",
      eb
        .selectFrom("order_lines as l")
        .whereRef("l.order_id", "=", "orders.id")
        .select((e) => e.fn.sum<number | string>("l.quantity").as("n"))
        .as("item_count"),
    ])
    .orderBy(column, sort.desc ? "desc" : "asc")
    .orderBy("orders.id", sort.desc ? "desc" : "asc");
  return page ? q.limit(page.limit).offset(page.offset).execute() : q.execute();
}

export type AdminOrderDbRow = Awaited<ReturnType<typeof listAdminOrderRows>>[number];

/** How many orders are in one status, read from the index of (status, created). */
export async function countInStatus(k: Executor, status: string): Promise<number> {
  const row = await k
    .selectFrom("orders")
    .where("status", "=", status)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many orders are in each status (one GROUP BY). */
export function countAllByStatus(k: Executor) {
  return k
    .selectFrom("orders")
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
}

/** Stores a staff note on an order. */
export async function insertOrderNote(k: Executor, note: Insertable<OrderNoteTable>): Promise<void> {
  await k.insertInto("order_notes").values(note).execute();
}

/** How many card orders wait unpaid: pending, their payment pending or failed. */
export async function countUnpaidCard(k: Executor): Promise<number> {
  const row = await k
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "pending")
    .where("payment_method", "=", "card")
    .where("payment_status", "in", ["pending", "failed"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Card orders waiting unpaid that were placed before `before`, oldest first. */
export function listUnpaidCardBefore(k: Executor, before: string, limit: number) {
  return k
    .selectFrom("orders")
    .select(["id", "payment_intent_id"])
    .where("status", "=", "pending")
    .where("payment_method", "=", "card")
    .where("payment_status", "in", ["pending", "failed"])
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}
