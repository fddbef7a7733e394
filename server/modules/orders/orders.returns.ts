import type { Selectable, Updateable } from "kysely";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import type { OrderReturnTable } from "../../db/schema";
import { AppError } from "#common/errors";
import { newId } from "../../lib/ids";
import { appendAudit } from "#modules/audit";
import { lineLabel } from "#common/catalog/line-label";
import { toMajor } from "#common/money";
import { DELIVERED_STATUSES } from "#common/orders/order-status";
import type { SiteSettings } from "#common/content/content.schema";
import type { StockLine } from "#modules/inventory";
import type { OrderMails } from "./order-mails";
import { type StepActor, parseLines as parseStoredLines } from "./orders.refunds";
import { type ValidReturnRequest, returnRefusalSchema } from "#common/orders/orders.returns.schema";
import type { Executor, OrderLineRow, OrderRecord, OrderRow, OrderViewer, OrdersModule } from "./orders.types";
import { parseInput } from "#common/validate";
import type { WebhookEvents } from "#modules/webhooks";
import type { Translate } from "#common/i18n/translate";
import { getOrderStatus, insertOrderEvent, lockOrder } from "./orders.repo";
import {
  countRequestedReturns,
  countReturnsByStatus,
  getReturnRow,
  getReturnStatus,
  insertReturn,
  listLineProducts,
  listReturnLines,
  listReturnOrders,
  listReturnRows,
  listReturnsOfOrder,
  updateReturnFromStatus,
} from "./orders.returns.repo";
import { RETURN_STATUS_LABELS, type ReturnStatus, isReturnStatus } from "#common/orders/return-status";

type ReturnRow = Selectable<OrderReturnTable>;

/** A return as the customer and the operators see it (money in the major unit). */
export interface OrderReturn {
  id: string;
  orderId: string;
  orderNumber: string;
  customer: { name: string; email: string };
  status: ReturnStatus;
  reason: string;
  refusalReason: string | null;
  lines: Array<{ lineId: string; label: string; image: string | null; quantity: number; unitPrice: number }>;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  receivedBy: string | null;
  receivedAt: string | null;
}

/** Whether (and what) the customer may still ask to return of an order. */
export interface ReturnPolicy {
  /** A return can be asked for now. */
  open: boolean;
  /** Why not, in the customer's words, when it cannot. */
  closedReason: string | null;
  /** The last moment a return can be asked for (delivery + the window), once delivered. */
  closesAt: string | null;
  /** Per line: units bought, units already asked for (in returns not refused), units left to ask for. */
  lines: Array<{ lineId: string; label: string; image: string | null; bought: number; asked: number; left: number }>;
}

const RETURNABLE = new Set<string>(DELIVERED_STATUSES);
const DAY = 24 * 60 * 60 * 1000;

const parseLines = (json: string) => parseStoredLines<{ lineId: string; quantity: number }>(json);

/** The one rule of what may be returned: lines of a delivered (or completed) order, within the window from delivery, at most what was bought minus what was asked for. */
export function returnPolicy(record: OrderRecord, returns: Pick<ReturnRow, "status" | "lines">[], windowDays: number, now = Date.now()): ReturnPolicy {
  const asked = new Map<string, number>();
  for (const r of returns) if (r.status !== "refused") for (const l of parseLines(r.lines)) asked.set(l.lineId, (asked.get(l.lineId) ?? 0) + l.quantity);
  const lines = [...record.lines]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((l) => {
      const n = asked.get(l.id) ?? 0;
      return { lineId: l.id, label: lineLabel(l.name, l.color, l.size), image: l.image, bought: l.quantity, asked: n, left: Math.max(0, l.quantity - n) };
    });
  const o = record.order;
  if (!RETURNABLE.has(o.status)) return { open: false, closedReason: "Items can be returned once the order has been delivered.", closesAt: null, lines };
  const deliveredEvents = record.events.filter((e) => e.status === "delivered").map((e) => Date.parse(toIso(e.created_at)!));
  const deliveredAt = deliveredEvents.length ? Math.max(...deliveredEvents) : Date.parse(toIso(o.updated_at)!);
  const closesAt = deliveredAt + windowDays * DAY;
  const closes = new Date(closesAt).toISOString();
  if (now > closesAt)
    return { open: false, closedReason: `The return window of ${windowDays} days after delivery closed on ${closes.slice(0, 10)}.`, closesAt: closes, lines };
  if (lines.every((l) => l.left === 0))
    return { open: false, closedReason: "Every item of this order has been asked for in a return already.", closesAt: closes, lines };
  return { open: true, closedReason: null, closesAt: closes, lines };
}

function toReturn(
  r: ReturnRow,
  order: Pick<OrderRow, "number" | "contact_name" | "contact_email">,
  lines: Pick<OrderLineRow, "id" | "name" | "color" | "size" | "image" | "unit_final_price">[],
): OrderReturn {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNumber: order.number,
    customer: { name: order.contact_name, email: order.contact_email },
    status: isReturnStatus(r.status) ? r.status : "requested",
    reason: r.reason,
    refusalReason: r.refusal_reason,
    lines: parseLines(r.lines).map((l) => {
      const line = lines.find((x) => x.id === l.lineId);
      return {
        lineId: l.lineId,
        label: line ? lineLabel(line.name, line.color, line.size) : "Item",
        image: line?.image ?? null,
        quantity: l.quantity,
        unitPrice: toMajor(line?.unit_final_price ?? 0),
      };
    }),
    requestedAt: toIso(r.created_at)!,
    decidedBy: r.decided_by,
    decidedAt: toIso(r.decided_at),
    receivedBy: r.received_by,
    receivedAt: toIso(r.received_at),
  };
}

export interface ReturnListQuery {
  status?: ReturnStatus;
  page?: number;
  pageSize?: number;
}

/** Returns as they are shown, with their orders' numbers and contacts and their lines' names, read on `x`. */
async function views(x: Executor, rows: ReturnRow[]): Promise<OrderReturn[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const [orders, lines] = await Promise.all([listReturnOrders(x, orderIds), listReturnLines(x, orderIds)]);
  return rows.map((r) =>
    toReturn(
      r,
      orders.find((o) => o.id === r.order_id)!,
      lines.filter((l) => l.order_id === r.order_id),
    ),
  );
}

/** One return as it is shown, read on `x`; not_found for an unknown id. */
async function getOne(x: Executor, returnId: string): Promise<OrderReturn> {
  const row = typeof returnId === "string" && returnId.length <= 100 ? await getReturnRow(x, returnId) : undefined;
  if (!row) throw new AppError("not_found", "There is no such return.");
  return (await views(x, [row]))[0]!;
}

/** The note the order's timeline gets for a step. */
const summary = (r: OrderReturn) => r.lines.map((l) => `${l.quantity} × ${l.label}`).join(", ");

/**
 * Moves a return from `from` to `to` only if it is still in `from` (conditional update), with
 * the order's timeline note and the audit entry in the caller's transaction; conflict otherwise.
 */
async function step(
  trx: Executor,
  returnId: string,
  from: ReturnStatus,
  to: ReturnStatus,
  actor: StepActor,
  extra: Updateable<OrderReturnTable>,
  note: (r: OrderReturn) => string,
): Promise<OrderReturn> {
  const before = await getOne(trx, returnId);
  const now = nowIso();
  if (!(await updateReturnFromStatus(trx, returnId, from, { ...extra, status: to, updated_at: now }))) {
    const current = await getReturnStatus(trx, returnId);
    throw new AppError(
      "conflict",
      current?.status === to
        ? `This return is already ${RETURN_STATUS_LABELS[to].toLowerCase()}.`
        : `This return is ${current?.status ?? "gone"}, so it cannot become ${to}.`,
    );
  }
  const order = (await getOrderStatus(trx, before.orderId))!;
  await insertOrderEvent(trx, {
    id: newId(),
    order_id: before.orderId,
    status: order.status,
    actor: actor.as ?? "shop",
    note: note(before),
    actor_id: actor.id,
    actor_email: actor.email,
    created_at: now,
  });
  await appendAudit(trx, actor, {
    action: `return.${to === "requested" ? "request" : to === "approved" ? "approve" : to === "refused" ? "refuse" : "receive"}`,
    entityType: "order",
    entityId: before.orderId,
    changes: { [`return ${returnId}`]: { before: from, after: to } },
  });
  return { ...before, status: to };
}

/** Refuses a request the policy does not allow: a line not on the order (400), more units than are left to ask for (409). */
function requireReturnable(policy: ReturnPolicy, lines: Array<{ lineId: string; quantity: number }>): void {
  for (const l of lines) {
    const line = policy.lines.find((x) => x.lineId === l.lineId);
    if (!line) throw new AppError("invalid_input", "That item is not on this order.", { lines: "That item is not on this order." });
    if (l.quantity > line.left) {
      throw new AppError(
        "conflict",
        line.left ? `You can return at most ${line.left} × ${line.label}.` : `${line.label} has been asked for in a return already.`,
        { [`lines.${l.lineId}`]: `At most ${line.left}` },
      );
    }
  }
}

/**
 * The orders module's returns: a customer asks for lines of a delivered order back (within the
 * window of the settings), an operator approves or refuses, and the receive-return flow
 * (server/flows/receive-return.ts) marks the goods received here while the inventory takes the
 * units back. Each step moves the return only from the status it read (of two operators clicking
 * at once, one wins), writes a timeline note on the order and an audit entry in the same
 * transaction, and mails the customer.
 */
export function createOrderReturns(deps: {
  db: Db;
  orders: Pick<OrdersModule, "requireVisible" | "getRecord">;
  mails: OrderMails;
  settings: () => Promise<SiteSettings>;
  /** Outgoing webhooks: return.requested is emitted in the request's transaction. */
  webhooks?: WebhookEvents;
}) {
  const k = deps.db.kysely;

  /** Mails the customer about a step of their return, in the order's language: `what` names it in the log, `words` writes it. */
  function mail(r: OrderReturn, what: string, words: (t: Translate) => { subject: string; headline: string; lines: string[] }) {
    void deps.orders.getRecord(r.orderId).then((record) => {
      if (record)
        deps.mails.afterSale(record.order, what, ({ t }) => ({
          ...words(t),
          table: r.lines.map((l) => ({ label: l.label, value: `× ${l.quantity}` })),
        }));
    });
  }

  return {
    /** The return policy of an order for its customer (what the /my-orders form offers) and its returns. */
    async forCustomer(orderId: string, viewer: OrderViewer): Promise<{ policy: ReturnPolicy; returns: OrderReturn[] }> {
      const record = await deps.orders.requireVisible(orderId, viewer);
      const [rows, settings] = await Promise.all([listReturnsOfOrder(k, orderId), deps.settings()]);
      return { policy: returnPolicy(record, rows, settings.returnWindowDays), returns: await views(k, rows) };
    },

    /** The order's returns, oldest first. */
    listForOrder: async (orderId: string) => views(k, await listReturnsOfOrder(k, orderId)),

    /** Returns waiting for an operator's answer (requested), for the admin sidebar's badge. */
    countRequested: (): Promise<number> => countRequestedReturns(k),

    /** Returns for the operators, newest first, by status (50 a page). */
    async list(
      query: ReturnListQuery = {},
    ): Promise<{ data: OrderReturn[]; meta: { page: number; pageSize: number; total: number; counts: Record<string, number> } }> {
      const page = Math.max(1, query.page ?? 1);
      const pageSize = Math.min(100, Math.max(1, query.pageSize ?? 50));
      const [rows, counts] = await Promise.all([listReturnRows(k, query.status, { limit: pageSize, offset: (page - 1) * pageSize }), countReturnsByStatus(k)]);
      const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
      const total = query.status ? (byStatus[query.status] ?? 0) : Object.values(byStatus).reduce((a, b) => a + b, 0);
      return { data: await views(k, rows), meta: { page, pageSize, total, counts: byStatus } };
    },

    /** One return; not_found for an unknown id. */
    get: (returnId: string) => getOne(k, returnId),

    /**
     * The customer's return request on their order (the same visibility rule as reading it: anyone
     * else gets not_found): lines of a delivered order, within the window, never more units than
     * were bought minus those already asked for (the order row is locked first, so two requests at
     * once cannot both take the last unit). The request comes parsed by its edge (returnRequestSchema).
     */
    async request(orderId: string, viewer: OrderViewer, valid: ValidReturnRequest): Promise<OrderReturn> {
      await deps.orders.requireVisible(orderId, viewer);
      const settings = await deps.settings();
      const id = newId();
      await k.transaction().execute(async (trx) => {
        const now = nowIso();
        await lockOrder(trx, orderId, now);
        const record = (await deps.orders.getRecord(orderId, trx))!;
        const policy = returnPolicy(record, await listReturnsOfOrder(trx, orderId), settings.returnWindowDays);
        if (!policy.open) throw new AppError("conflict", policy.closedReason!);
        requireReturnable(policy, valid.lines);
        const o = record.order;
        const actor: StepActor = { id: o.user_id ?? "guest", email: o.contact_email, requestId: null, as: "customer" };
        await insertReturn(trx, {
          id,
          order_id: orderId,
          status: "requested",
          reason: valid.reason,
          lines: JSON.stringify(valid.lines),
          refusal_reason: null,
          requested_by: o.user_id,
          decided_by: null,
          decided_at: null,
          received_by: null,
          received_at: null,
          created_at: now,
          updated_at: now,
        });
        const items = valid.lines.map((l) => `${l.quantity} × ${policy.lines.find((x) => x.lineId === l.lineId)!.label}`).join(", ");
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          status: o.status,
          actor: "customer",
          note: `Return requested: ${items}. Reason: ${valid.reason}`,
          actor_id: null,
          actor_email: null,
          created_at: now,
        });
        await appendAudit(trx, actor, {
          action: "return.request",
          entityType: "order",
          entityId: orderId,
          changes: { [`return ${id}`]: { before: null, after: "requested" } },
        });
        await deps.webhooks?.emit(trx, "return.requested", () => getOne(trx, id));
      });
      const created = await getOne(k, id);
      mail(created, "return requested", (t) => ({
        subject: t("mail.return.requestedSubject"),
        headline: t("mail.return.requestedHeadline"),
        lines: [t("mail.return.requestedBody", { number: created.orderNumber }), t("mail.reason", { reason: created.reason })],
      }));
      return created;
    },

    /** Approves a requested return: the customer is told to send the items back. */
    async approve(returnId: string, actor: StepActor): Promise<OrderReturn> {
      const r = await k
        .transaction()
        .execute((trx) =>
          step(trx, returnId, "requested", "approved", actor, { decided_by: actor.email, decided_at: nowIso() }, (x) => `Return approved: ${summary(x)}`),
        );
      mail(r, "return approved", (t) => ({
        subject: t("mail.return.approvedSubject"),
        headline: t("mail.return.approvedHeadline"),
        lines: [t("mail.return.approvedBody", { number: r.orderNumber })],
      }));
      return getOne(k, returnId);
    },

    /** Refuses a requested return with a reason the customer is told. */
    async refuse(returnId: string, input: { reason: string }, actor: StepActor): Promise<OrderReturn> {
      const { reason } = parseInput(returnRefusalSchema, input, "Please say why the return is refused.");
      const r = await k
        .transaction()
        .execute((trx) =>
          step(
            trx,
            returnId,
            "requested",
            "refused",
            actor,
            { decided_by: actor.email, decided_at: nowIso(), refusal_reason: reason },
            (x) => `Return refused: ${summary(x)}. Reason: ${reason}`,
          ),
        );
      mail(r, "return refused", (t) => ({
        subject: t("mail.return.refusedSubject"),
        headline: t("mail.return.refusedHeadline"),
        lines: [t("mail.return.refusedBody", { number: r.orderNumber }), t("mail.reason", { reason })],
      }));
      return getOne(k, returnId);
    },

    /**
     * In the caller's transaction (the receive-return flow's): marks an approved return received,
     * once, and answers the units it gives back per product and variant for the inventory.
     */
    async markReceived(trx: Executor, returnId: string, actor: StepActor): Promise<{ ret: OrderReturn; units: StockLine[] }> {
      const ret = await step(
        trx,
        returnId,
        "approved",
        "received",
        actor,
        { received_by: actor.email, received_at: nowIso() },
        (x) => `Return received, items back in stock: ${summary(x)}`,
      );
      const lines = await listLineProducts(trx, ret.orderId);
      const units = ret.lines.flatMap((l) => {
        const line = lines.find((x) => x.id === l.lineId);
        return line ? [{ productId: line.product_id, variantId: line.variant_id, quantity: l.quantity }] : [];
      });
      return { ret, units };
    },

    /** Tells the customer their returned items arrived (after the receive-return flow committed). */
    mailReceived(r: OrderReturn): void {
      mail(r, "return received", (t) => ({
        subject: t("mail.return.receivedSubject"),
        headline: t("mail.return.receivedHeadline"),
        lines: [t("mail.return.receivedBody", { number: r.orderNumber })],
      }));
    },

    toReturn,
  };
}

export type OrderReturns = ReturnType<typeof createOrderReturns>;
