import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
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
import {
  type AdminOrderDbRow,
  type AdminOrderFilters,
  type AdminOrderSort,
  type OrderSearch,
  countAllByStatus,
  countInStatus,
  countFilteredByStatus,
  countUnpaidCard,
  insertOrderNote,
  listAdminOrderRows,
  listUnpaidCardBefore,
} from "./orders.admin.repo";
import { loadOrder, refundSums, toOrder } from "./orders.repo";
import type { Executor, Order, OrderRecord } from "./orders.types";
import { ORDER_STATUSES, type OrderActor, type OrderStatus, type PaymentStatus } from "#common/orders/order-status";
import type { PaymentMethod } from "#common/payments/payment-methods";

/** One row of the admin's order list. */
export interface AdminOrderRow {
  id: string;
  number: string;
  createdAt: string;
  customer: { name: string; email: string; phone: string; userId: string | null };
  itemCount: number;
  total: number;
  /** The tax the order was charged (in its total, or added to it), as placed. */
  taxTotal: number;
  /** The tax region its rates came from, as the settings name it (country code, and state or province where set); null: none covered the address. */
  taxCountry: string | null;
  taxRegion: string | null;
  /** A business buyer's company and VAT number, and whether the order was reverse-charged. */
  company: string | null;
  vatNumber: string | null;
  reverseCharge: boolean;
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
 * What the search box asked for, by the shape of what was typed: an e-mail address, an order
 * number, a phone number (five digits or more, with the usual separators), else a part of the
 * name; what may be an order number (a dash or a digit: "MM-KVVVDGM", or "Anne-Marie") is tried
 * as one too.
 */
function searchOf(q: string | undefined): OrderSearch | undefined {
  if (!q) return undefined;
  const digits = phoneDigits(q);
  if (q.includes("@")) return { by: "email", email: normalEmail(q) };
  if (ORDER_NUMBER.test(q)) return { by: "number", number: q.toUpperCase() };
  if (digits.length >= 5 && /^[\d\s()+./-]+$/.test(q)) return { by: "phone", digits };
  return { by: "name", text: q, orNumber: /[\d-]/.test(q) ? q.toUpperCase() : null };
}

const filtersOf = ({ q, ...f }: Filters): AdminOrderFilters => ({ ...f, search: searchOf(q) });

/** The list's sort ("-total": by total, descending; newest first by default). */
function sortOf(sort: string | undefined): AdminOrderSort {
  const s = sort ?? "-created";
  const key = s.replace(/^-/, "");
  return { column: key === "total" ? "total" : key === "number" ? "number" : "created", desc: s.startsWith("-") };
}

const toRow = (r: AdminOrderDbRow): AdminOrderRow => ({
  id: r.id,
  number: r.number,
  createdAt: toIso(r.created_at)!,
  customer: { name: r.contact_name, email: r.contact_email, phone: r.contact_phone, userId: r.user_id },
  itemCount: Number(r.item_count ?? 0),
  total: toMajor(r.total),
  taxTotal: toMajor(r.tax_total),
  taxCountry: r.tax_country,
  taxRegion: r.tax_region,
  company: r.company,
  vatNumber: r.vat_number,
  reverseCharge: r.reverse_charge === 1,
  refunded: toMajor(refundSums(r).refunded),
  currency: r.currency,
  paymentMethod: r.payment_method as PaymentMethod,
  paymentStatus: r.payment_status as PaymentStatus,
  status: isOrderStatus(r.status) ? r.status : "pending",
});

/** An order's timeline: its status moves and staff notes, with who made them, oldest first. */
function timelineOf(record: OrderRecord): TimelineEntry[] {
  return [
    ...record.events.map((e) => ({
      kind: "status" as const,
      at: toIso(e.created_at)!,
      status: isOrderStatus(e.status) ? e.status : "pending",
      actor: e.actor as OrderActor,
      by: e.actor_email ?? null,
      note: e.note,
    })),
    ...record.notes.map((n) => ({
      kind: "note" as const,
      at: toIso(n.created_at)!,
      id: n.id,
      text: n.text,
      visibleToCustomer: n.visible_to_customer === 1,
      by: n.author_email,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The orders module's reads and writes for the order desk: the list with its tab counts and CSV
 * export, an order with its timeline, staff notes, and the unpaid card orders whose stock is due
 * back. Status moves are not here: they are the one move flow (server/flows/move-order.ts).
 */
export function createOrdersAdmin(db: Db, deps: { mails: Pick<OrderMails, "message"> }) {
  const k = db.kysely;

  async function counts(f: AdminOrderFilters): Promise<Record<OrderStatus, number>> {
    const rows = await countFilteredByStatus(k, db.dialect, f);
    const out = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const r of rows) if (isOrderStatus(r.status)) out[r.status] = Number(r.n);
    return out;
  }

  async function requireRecord(orderId: string, executor: Executor = k): Promise<OrderRecord> {
    const record = typeof orderId === "string" && orderId.length <= 100 ? await loadOrder(executor, orderId) : null;
    if (!record) throw new AppError("not_found", NOT_FOUND);
    return record;
  }

  return {
    /** How many orders are in each status (one GROUP BY); statuses without orders are absent. */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await countAllByStatus(k);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** A page of the order list (50 by default, newest first) with the tab counts; bad input is a 400 naming the field. */
    async listOrders(input: AdminOrderQuery | Record<string, unknown>): Promise<AdminOrderList> {
      const { page, pageSize, sort, ...rest } = parseInput(adminOrderQuerySchema, input, "Please check the list's filters.");
      const f = filtersOf(rest);
      const [rows, tabCounts] = await Promise.all([
        listAdminOrderRows(k, db.dialect, f, sortOf(sort), { limit: pageSize, offset: (page - 1) * pageSize }),
        counts(f),
      ]);
      // The tabs' counts hold the total: one read of the orders instead of two.
      const total = rest.status ? tabCounts[rest.status] : Object.values(tabCounts).reduce((a, b) => a + b, 0);
      return { data: rows.map(toRow), meta: { total, page, pageSize, counts: tabCounts } };
    },

    /** Every order the filters select as CSV (one row per order), for the books or a spreadsheet. */
    async exportCsv(input: AdminOrderQuery | Record<string, unknown>): Promise<string> {
      const { sort, page: _p, pageSize: _s, ...f } = parseInput(adminOrderQuerySchema, input, "Please check the list's filters.");
      const rows = (await listAdminOrderRows(k, db.dialect, filtersOf(f), sortOf(sort))).map(toRow);
      // The tax columns come last, so a sheet built on the columns before them still reads.
      const header = [
        "Number",
        "Date",
        "Customer",
        "E-mail",
        "Phone",
        "Items",
        "Total",
        "Currency",
        "Payment method",
        "Payment status",
        "Status",
        "Tax",
        "Tax country",
        "Tax region",
        "Reverse charge",
        "Company",
        "VAT number",
      ];
      return toCsv([
        header,
        ...rows.map((r) => [
          r.number,
          r.createdAt,
          r.customer.name,
          r.customer.email,
          r.customer.phone,
          r.itemCount,
          r.total.toFixed(2),
          r.currency,
          r.paymentMethod,
          r.paymentStatus,
          r.status,
          r.taxTotal.toFixed(2),
          r.taxCountry ?? "",
          r.taxRegion ?? "",
          r.reverseCharge ? "yes" : "",
          r.company ?? "",
          r.vatNumber ?? "",
        ]),
      ]);
    },

    /** An order with its timeline (status moves and notes, with who made them) and the moves the shop may make now; not_found otherwise. */
    async getOrder(orderId: string): Promise<AdminOrder> {
      const record = await requireRecord(orderId);
      const order = toOrder(record, "shop");
      return { ...order, userId: record.order.user_id, timeline: timelineOf(record), allowedTransitions: allowedTransitions(order.status, "shop") };
    },

    /** Adds a staff note to an order (audited in the same transaction); a note to the customer is also mailed to them and shown on their order. */
    async addNote(
      actor: AuditActor,
      orderId: string,
      input: OrderNoteInput | Record<string, unknown>,
    ): Promise<{ id: string; text: string; visibleToCustomer: boolean }> {
      const note = parseInput(orderNoteSchema, input);
      const id = newId();
      const record = await k.transaction().execute(async (trx) => {
        await requireRecord(orderId, trx);
        await insertOrderNote(trx, {
          id,
          order_id: orderId,
          text: note.text,
          visible_to_customer: note.visibleToCustomer ? 1 : 0,
          author_id: actor.id,
          author_email: actor.email,
          created_at: nowIso(),
        });
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
    countUnpaidCardOrders: (): Promise<number> => countUnpaidCard(k),

    /** How many orders are in one status (the dashboard's pending orders), without counting the others. */
    countInStatus: (status: OrderStatus): Promise<number> => countInStatus(k, status),

    /** The newest orders as the list shows them, without the tabs' counts (which read every order). */
    async latestOrders(limit: number): Promise<AdminOrderRow[]> {
      const rows = await listAdminOrderRows(k, db.dialect, filtersOf({}), sortOf("-created"), { limit, offset: 0 });
      return rows.map(toRow);
    },

    /** Card orders still pending and unpaid (payment pending or failed) placed before `before`: their stock is due back. */
    async listUnpaidCardOrders(before: string, limit = 200): Promise<Array<{ id: string; intentId: string | null }>> {
      const rows = await listUnpaidCardBefore(k, before, limit);
      return rows.map((r) => ({ id: r.id, intentId: r.payment_intent_id }));
    },
  };
}

export type OrdersAdmin = ReturnType<typeof createOrdersAdmin>;
