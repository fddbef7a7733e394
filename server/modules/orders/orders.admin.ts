import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { Database } from "../../db/schema";
import { CONTACT_EMAIL_KEY_SQL, CONTACT_PHONE_KEY_SQL } from "../../migrations/0006-open-orders-by-contact";
import { toCsv } from "../../lib/csv";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { parseInput } from "#common/validate";
import { appendAudit, type AuditActor } from "#modules/audit";
import { toMajor } from "#common/money";
import type { OrderMails } from "./order-mails";
import { normalEmail, phoneDigits } from "./order-limits";
import { allowedTransitions, isOrderStatus } from "#common/orders/order-status";
import { type AdminOrderQuery, type OrderNoteInput, adminOrderQuerySchema, orderNoteSchema } from "#common/orders/orders.admin.schema";
import { loadOrder, refundSums, toOrder } from "./orders.repo";
import { type Executor, type Order, type OrderRecord } from "./orders.types";
import { ORDER_STATUSES, type OrderActor, type OrderStatus, type PaymentMethod, type PaymentStatus } from "#common/orders/order-status";

/** One row of the admin's order list. */
export interface AdminOrderRow {
  id: string;
  number: string;
  createdAt: string;
  customer: { name: string; email: string; phone: string; userId: string | null };
  itemCount: number;
  total: number;
  /** Given back so far (the order's running refund total). */
  refunded: number;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
}

export interface AdminOrderList {
  data: AdminOrderRow[];
  /** `counts`: orders per status under the same search, payment and date filters (the tabs' figures). */
  meta: { total: number; page: number; pageSize: number; counts: Record<OrderStatus, number> };
}

/** One entry of an order's timeline: a status move or a staff note, with who made it. */
export type TimelineEntry =
  | { kind: "status"; at: string; status: OrderStatus; actor: OrderActor; by: string | null; note: string | null }
  | { kind: "note"; at: string; id: string; text: string; visibleToCustomer: boolean; by: string };

/** An order as the order desk reads it: the order, its timeline with actors, and the moves the shop may make now. */
export interface AdminOrder extends Order {
  userId: string | null;
  timeline: TimelineEntry[];
}

const NOT_FOUND = "There is no such order.";
type Filters = Omit<ReturnType<typeof adminOrderQuerySchema.parse>, "page" | "pageSize" | "sort">;

/** An order number as typed ("mm-7k3qx9"): letters and digits, a dash, letters and digits with at least one digit. */
const ORDER_NUMBER = /^(?=.*\d)[A-Za-z0-9]{1,8}-[A-Za-z0-9]{4,}$/;

/**
 * The WHERE of the list, its export and its tab counts (everything but the status when `withStatus`
 * is false). The search takes the shape of what was typed: an e-mail address or a phone number is
 * looked up through the indexed keys of migration 0006, an order number through its unique index;
 * anything else is the number or a part of the name (the one search that reads every row).
 */
function where(eb: ExpressionBuilder<Database, "orders">, f: Filters, withStatus: boolean, dialect: Db["dialect"]) {
  const all = [];
  if (withStatus && f.status) all.push(eb("orders.status", "=", f.status));
  if (f.payment) all.push(eb("orders.payment_method", "=", f.payment));
  if (f.from) all.push(eb("orders.created_at", ">=", `${f.from}T00:00:00.000Z`));
  if (f.to) all.push(eb("orders.created_at", "<", nextDay(f.to)));
  if (f.q) {
    const q = f.q;
    const digits = phoneDigits(q);
    if (q.includes("@")) all.push(eb(sql.raw(CONTACT_EMAIL_KEY_SQL), "=", normalEmail(q)));
    else if (ORDER_NUMBER.test(q)) all.push(eb("orders.number", "=", q.toUpperCase()));
    else if (digits.length >= 5 && /^[\d\s()+./-]+$/.test(q)) all.push(eb(sql.raw(CONTACT_PHONE_KEY_SQL), "=", digits));
    else {
      // LIKE ignores case on SQLite; PostgreSQL needs ILIKE.
      const like = sql<SqlBool>`orders.contact_name ${sql.raw(dialect === "postgres" ? "ILIKE" : "LIKE")} ${`%${likeEscaped(q)}%`} ESCAPE '\\'`;
      // What may be an order number (a dash or a digit: "MM-KVVVDGM", or "Anne-Marie") is tried as one
      // too; a plain name is read from the index of (status, name), without the orders' rows.
      all.push(/[\d-]/.test(q) ? eb.or([eb("orders.number", "=", q.toUpperCase()), like]) : like);
    }
  }
  return eb.and(all);
}

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The orders module's reads and writes for the order desk: the list with its tab counts and CSV
 * export, an order with its timeline, staff notes, and the unpaid card orders whose stock is due
 * back. Status moves are not here: they are the one move flow (server/flows/move-order.ts).
 */
export function createOrdersAdmin(db: Db, deps: { mails: Pick<OrderMails, "message"> }) {
  const k = db.kysely;

  async function counts(f: Filters): Promise<Record<OrderStatus, number>> {
    const rows = await k
      .selectFrom("orders")
      .where((eb) => where(eb, f, false, db.dialect))
      .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
      .groupBy("status")
      .execute();
    const out = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const r of rows) if (isOrderStatus(r.status)) out[r.status] = Number(r.n);
    return out;
  }

  function rowsQuery(f: Filters, sort: string) {
    const desc = sort.startsWith("-");
    const key = sort.replace(/^-/, "");
    const column = key === "total" ? "orders.total" : key === "number" ? "orders.number" : "orders.created_at";
    return k
      .selectFrom("orders")
      .where((eb) => where(eb, f, true, db.dialect))
      .select((eb) => [
        "orders.id",
        "orders.number",
        "orders.created_at",
        "orders.contact_name",
        "orders.contact_email",
        "orders.contact_phone",
        "orders.user_id",
        "orders.total",
        "orders.refunded_total",
        "orders.currency",
        "orders.payment_method",
        "orders.payment_status",
        "orders.status",
        eb.selectFrom("order_lines as l").whereRef("l.order_id", "=", "orders.id").select((e) => e.fn.sum<number | string>("l.quantity").as("n")).as("item_count"),
      ])
      .orderBy(column, desc ? "desc" : "asc")
      .orderBy("orders.id", desc ? "desc" : "asc");
  }

  type Row = Awaited<ReturnType<ReturnType<typeof rowsQuery>["execute"]>>[number];
  const toRow = (r: Row): AdminOrderRow => ({
    id: r.id,
    number: r.number,
    createdAt: toIso(r.created_at)!,
    customer: { name: r.contact_name, email: r.contact_email, phone: r.contact_phone, userId: r.user_id },
    itemCount: Number(r.item_count ?? 0),
    total: toMajor(r.total),
    refunded: toMajor(refundSums(r).refunded),
    currency: r.currency,
    paymentMethod: r.payment_method as PaymentMethod,
    paymentStatus: r.payment_status as PaymentStatus,
    status: isOrderStatus(r.status) ? r.status : "pending",
  });

  async function requireRecord(orderId: string, executor: Executor = k): Promise<OrderRecord> {
    const record = typeof orderId === "string" && orderId.length <= 100 ? await loadOrder(executor, orderId) : null;
    if (!record) throw new AppError("not_found", NOT_FOUND);
    return record;
  }

  return {
    /** How many orders are in each status (one GROUP BY); statuses without orders are absent. */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await k
        .selectFrom("orders")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
        .groupBy("status")
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** A page of the order list (50 by default, newest first) with the tab counts; bad input is a 400 naming the field. */
    async listOrders(input: AdminOrderQuery | Record<string, unknown>): Promise<AdminOrderList> {
      const { page, pageSize, sort, ...f } = parseInput(adminOrderQuerySchema, input, "Please check the list's filters.");
      const [rows, tabCounts] = await Promise.all([rowsQuery(f, sort ?? "-created").limit(pageSize).offset((page - 1) * pageSize).execute(), counts(f)]);
      // The tabs' counts hold the total: one read of the orders instead of two.
      const total = f.status ? tabCounts[f.status] : Object.values(tabCounts).reduce((a, b) => a + b, 0);
      return { data: rows.map(toRow), meta: { total, page, pageSize, counts: tabCounts } };
    },

    /** Every order the filters select as CSV (one row per order), for the books or a spreadsheet. */
    async exportCsv(input: AdminOrderQuery | Record<string, unknown>): Promise<string> {
      const { sort, page: _p, pageSize: _s, ...f } = parseInput(adminOrderQuerySchema, input, "Please check the list's filters.");
      const rows = (await rowsQuery(f, sort ?? "-created").execute()).map(toRow);
      const header = ["Number", "Date", "Customer", "E-mail", "Phone", "Items", "Total", "Currency", "Payment method", "Payment status", "Status"];
      return toCsv([
        header,
        ...rows.map((r) => [r.number, r.createdAt, r.customer.name, r.customer.email, r.customer.phone, r.itemCount, r.total.toFixed(2), r.currency, r.paymentMethod, r.paymentStatus, r.status]),
      ]);
    },

    /** An order with its timeline (status moves and notes, with who made them) and the moves the shop may make now; not_found otherwise. */
    async getOrder(orderId: string): Promise<AdminOrder> {
      const record = await requireRecord(orderId);
      const order = toOrder(record, "shop");
      const timeline: TimelineEntry[] = [
        ...record.events.map((e) => ({
          kind: "status" as const,
          at: toIso(e.created_at)!,
          status: isOrderStatus(e.status) ? e.status : "pending",
          actor: e.actor as OrderActor,
          by: e.actor_email ?? null,
          note: e.note,
        })),
        ...record.notes.map((n) => ({ kind: "note" as const, at: toIso(n.created_at)!, id: n.id, text: n.text, visibleToCustomer: n.visible_to_customer === 1, by: n.author_email })),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return { ...order, userId: record.order.user_id, timeline, allowedTransitions: allowedTransitions(order.status, "shop") };
    },

    /** Adds a staff note to an order (audited in the same transaction); a note to the customer is also mailed to them and shown on their order. */
    async addNote(actor: AuditActor, orderId: string, input: OrderNoteInput | Record<string, unknown>): Promise<{ id: string; text: string; visibleToCustomer: boolean }> {
      const note = parseInput(orderNoteSchema, input);
      const id = newId();
      const record = await k.transaction().execute(async (trx) => {
        await requireRecord(orderId, trx);
        await trx
          .insertInto("order_notes")
          .values({ id, order_id: orderId, text: note.text, visible_to_customer: note.visibleToCustomer ? 1 : 0, author_id: actor.id, author_email: actor.email, created_at: nowIso() })
          .execute();
        await appendAudit(trx, actor, {
          action: note.visibleToCustomer ? "order.message" : "order.note",
          entityType: "order",
          entityId: orderId,
          changes: { note: { before: null, after: note.text } },
        });
        return (await loadOrder(trx, orderId))!;
      });
      if (note.visibleToCustomer) deps.mails.message(record, note.text);
      return { id, text: note.text, visibleToCustomer: note.visibleToCustomer };
    },

    /** How many card orders wait unpaid (pending, payment pending or failed): the dashboard asks the shop to look at them. */
    async countUnpaidCardOrders(): Promise<number> {
      const row = await k
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("status", "=", "pending")
        .where("payment_method", "=", "card")
        .where("payment_status", "in", ["pending", "failed"])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Card orders still pending and unpaid (payment pending or failed) placed before `before`: their stock is due back. */
    async listUnpaidCardOrders(before: string, limit = 200): Promise<Array<{ id: string; intentId: string | null }>> {
      const rows = await k
        .selectFrom("orders")
        .select(["id", "payment_intent_id"])
        .where("status", "=", "pending")
        .where("payment_method", "=", "card")
        .where("payment_status", "in", ["pending", "failed"])
        .where("created_at", "<", before)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, intentId: r.payment_intent_id }));
    },
  };
}

export type OrdersAdmin = ReturnType<typeof createOrdersAdmin>;
