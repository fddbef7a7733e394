import { adminOrderQuerySchema, bulkTransitionSchema, orderNoteSchema, transitionSchema } from "#common/orders/orders.admin.schema";
import { type AdminRoute, actorOf, idParam, parseBody, csvDownload } from "./admin-route";

/** The order desk: the list with its tab counts and CSV export, an order with its timeline, status moves one by one and in bulk, staff notes. */
export const ORDER_ROUTES: AdminRoute[] = [
  {
    method: "GET",
    path: "/orders",
    summary:
      "Orders, 50 a page, newest first: `status` (the tab), `q` (order number, e-mail, phone or name), `payment` (cod, card), `from`/`to` (YYYY-MM-DD, inclusive, UTC), `sort` (created, total, number; a leading - sorts descending). `meta.counts` gives the orders per status under the same search and filters.",
    query: adminOrderQuerySchema,
    async handler(c) {
      return c.json(await c.var.services.ordersAdmin.listOrders(c.req.query()));
    },
  },
  {
    method: "GET",
    path: "/orders/export.csv",
    summary: "Every order the same filters select, as CSV (one row per order: number, date, customer, e-mail, phone, items, total, currency, payment, status).",
    query: adminOrderQuerySchema,
    async handler(c) {
      const csv = await c.var.services.ordersAdmin.exportCsv(c.req.query());
      return csvDownload(c, csv, "orders");
    },
  },
  {
    method: "POST",
    path: "/orders/bulk",
    summary:
      "The same status move on selected orders (`ids`): each order gets it only when the status table allows it from its status; `data` lists per order what happened (`ok`, `from`, `status`, or `error`).",
    body: bulkTransitionSchema,
    async handler(c) {
      const body = await parseBody(c, bulkTransitionSchema);
      const results = await c.var.services.orderMoves.bulkTransition(body.ids, body.status, { note: body.note, staff: actorOf(c) });
      return c.json({ data: results, meta: { moved: results.filter((r) => r.ok).length, skipped: results.filter((r) => !r.ok).length } });
    },
  },
  {
    method: "GET",
    path: "/orders/:id",
    summary:
      "An order with its lines, totals, customer and address, payment (and the Stripe PaymentIntent of a card order), its timeline (moves and notes, with who made them) and `allowedTransitions`, the moves the shop may make now.",
    async handler(c) {
      return c.json({ data: await c.var.services.ordersAdmin.getOrder(idParam(c)) });
    },
  },
  {
    method: "POST",
    path: "/orders/:id/transition",
    summary:
      "Moves the order to `status` as the status table allows the shop (else 409), with its effects: stock back on a cancellation, the customer's mail, the audit entry. Shipping needs `courier` (an id of the settings' couriers) and `trackingNumber`; `note` goes on the timeline.",
    body: transitionSchema,
    async handler(c) {
      const body = await parseBody(c, transitionSchema);
      const id = idParam(c);
      await c.var.services.orderMoves.transition(id, body.status, "shop", {
        note: body.note,
        courier: body.courier,
        trackingNumber: body.trackingNumber,
        staff: actorOf(c),
      });
      return c.json({ data: await c.var.services.ordersAdmin.getOrder(id) });
    },
  },
  {
    method: "POST",
    path: "/orders/:id/notes",
    summary: "Adds a staff note: internal (`visibleToCustomer` false), or to the customer (mailed to them and shown on their order). 201 with the note.",
    body: orderNoteSchema,
    async handler(c) {
      const body = await parseBody(c, orderNoteSchema);
      return c.json({ data: await c.var.services.ordersAdmin.addNote(actorOf(c), idParam(c), body) }, 201);
    },
  },
];
