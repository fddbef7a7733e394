import { nowIso } from "../../db/database";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { ownerKey } from "../../lib/shopper";
import { cancelOrder } from "../../flows/cancel-order";
import { placeOrder } from "../../flows/place-order";
import { countryName } from "../../lib/geo";
import { computeTotals } from "../cart/cart.pricing";
import { noZoneMessage, offeredZones } from "../cart/shipping-zones";
import { loadCartRows, priceCart } from "../cart/cart.repo";
import { toMajor } from "../catalog/pricing";
import { canTransition, isOrderStatus } from "./order-status";
import type { OrdersDeps } from "./orders.deps";
import { type OrderRecord, type OrderRow, listOrderSummaries, loadOrder, toOrder } from "./orders.repo";
import type { OrderViewer, OrdersService } from "./orders.types";

const NOT_FOUND = "There is no such order.";

/**
 * Orders for customers (and, through `transition`, for the admin area): checkout quotes, the
 * place and cancel flows, the customer's order list and details, the address book and card
 * payment events. An order is shown only to its owner (the account, or for a guest order the
 * browser that placed it), to the bearer of its link's token, and to admins.
 */
export function createOrdersService(deps: OrdersDeps): OrdersService {
  const k = deps.db.kysely;

  function mayView(o: OrderRow, viewer: OrderViewer): boolean {
    if (viewer.isAdmin) return true;
    if (o.user_id && viewer.shopper.userId === o.user_id) return true;
    if (!o.user_id && o.visitor_id && viewer.shopper.visitorId === o.visitor_id) return true;
    return deps.tokens.verify(viewer.token, o.guest_token_hash);
  }

  async function requireVisible(orderId: string, viewer: OrderViewer): Promise<OrderRecord> {
    const record = typeof orderId === "string" && orderId.length <= 100 ? await loadOrder(k, orderId) : null;
    if (!record || !mayView(record.order, viewer)) throw new AppError("not_found", NOT_FOUND);
    return record;
  }

  const guestPath = (orderId: string) => `/order-confirmation?order=${encodeURIComponent(orderId)}&token=${deps.tokens.tokenFor(orderId)}`;

  return {
    async quote(shopper, options = {}) {
      const owner = ownerKey(shopper);
      const [rows, settings] = await Promise.all([owner ? loadCartRows(k, owner) : Promise.resolve([]), deps.settings()]);
      const zones = settings.shippingZones;
      const { offered, zone } = offeredZones(zones, options.address, options.shippingMethod);
      const cart = priceCart(rows, settings, zone?.id ?? null);
      const quantities = cart.lines.map((l) => ({ price: l.price, finalPrice: l.finalPrice, shippingCost: l.row.shipping_cost, quantity: l.quantity }));
      return {
        cart: cart.view,
        shippingOptions: zones.map((z) => {
          const t = computeTotals(quantities, settings, z.id);
          return { id: z.id, name: z.name, cost: toMajor(t.shipping), free: t.freeShipping, country: z.country, regions: z.regions, cities: z.cities };
        }),
        offered: offered.map((z) => z.id),
        shippingMethod: zone?.id ?? null,
        unavailable: options.address && !zone ? noZoneMessage(countryName(options.address.country)) : null,
        problems: cart.lines.filter((l) => l.problem).map((l) => ({ lineId: l.row.id, name: l.label, message: l.problem! })),
        cardPayments: deps.payments.cardPayments,
      };
    },

    placeOrder: (shopper, input, options) => placeOrder(deps, shopper, input, options),

    listForShopper: (shopper) => listOrderSummaries(k, shopper, guestPath),

    async countForUser(userId) {
      const row = await k.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async getOrder(orderId, viewer) {
      const record = await requireVisible(orderId, viewer);
      return toOrder(record, viewer.isAdmin ? "shop" : "customer");
    },

    async cancelOrder(orderId, viewer) {
      await requireVisible(orderId, viewer);
      const actor = viewer.isAdmin ? "shop" : "customer";
      return toOrder(await cancelOrder(deps, orderId, actor), actor);
    },

    async transition(orderId, to, actor, options = {}) {
      if (!isOrderStatus(to)) throw new AppError("invalid_input", "Unknown order status.");
      if (to === "cancelled") return toOrder(await cancelOrder(deps, orderId, actor, { note: options.note ?? null }), actor);
      const tracking = options.trackingNumber?.trim().slice(0, 100) || null;
      await k.transaction().execute(async (trx) => {
        const order = await trx.selectFrom("orders").select(["status"]).where("id", "=", orderId).executeTakeFirst();
        if (!order) throw new AppError("not_found", NOT_FOUND);
        if (!isOrderStatus(order.status) || !canTransition(order.status, to, actor)) {
          throw new AppError("conflict", `An order that is ${order.status} cannot become ${to}.`);
        }
        const now = nowIso();
        const moved = await trx
          .updateTable("orders")
          .set({ status: to, updated_at: now, ...(tracking ? { tracking_number: tracking } : {}) })
          .where("id", "=", orderId)
          .where("status", "=", order.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) throw new AppError("conflict", "This order changed in the meantime. Please reload it and try again.");
        await trx.insertInto("order_events").values({ id: newId(), order_id: orderId, status: to, actor, note: options.note?.trim().slice(0, 500) || null, created_at: now }).execute();
      });
      const record = (await loadOrder(k, orderId))!;
      deps.mails.statusChange(record, to);
      return toOrder(record, actor);
    },

    async listAddresses(userId) {
      const rows = await k.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("is_default", "desc").orderBy("created_at", "desc").execute();
      return rows.map((a) => ({
        id: a.id,
        name: a.name,
        phone: a.phone,
        line1: a.line1,
        line2: a.line2,
        city: a.city,
        region: a.region,
        postalCode: a.postal_code,
        country: a.country,
        isDefault: a.is_default === 1,
      }));
    },

    async recordCardPayment(event) {
      await k.transaction().execute(async (trx) => {
        const order = event.intentId
          ? await trx.selectFrom("orders").select(["id", "status", "payment_status"]).where("payment_intent_id", "=", event.intentId).executeTakeFirst()
          : undefined;
        const now = nowIso();
        // The event id is the key: a redelivered event finds its row and changes nothing.
        const inserted = await trx
          .insertInto("payment_events")
          .values({ id: event.eventId, type: event.type, order_id: order?.id ?? null, received_at: now })
          .onConflict((oc) => oc.column("id").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0 || !order || event.outcome === "ignored") return;
        if (event.outcome === "paid" && order.payment_status !== "paid") {
          await trx.updateTable("orders").set({ payment_status: "paid", updated_at: now }).where("id", "=", order.id).execute();
          await trx.insertInto("order_events").values({ id: newId(), order_id: order.id, status: order.status, actor: "system", note: "Payment received", created_at: now }).execute();
        }
        if (event.outcome === "failed" && order.payment_status !== "paid") {
          await trx.updateTable("orders").set({ payment_status: "failed", updated_at: now }).where("id", "=", order.id).execute();
        }
      });
    },

    idle: () => deps.mails.idle(),
  };
}
