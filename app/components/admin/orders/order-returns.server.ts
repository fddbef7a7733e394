import { toMajor } from "#common/money";
import type { OrderRefund } from "#modules/orders";
import type { OrderReturn } from "#modules/orders";
import type { Services } from "#server/wiring/services";

/** What the order page's returns panel and refund dialog show (money in the major unit). */
export interface OrderReturnsData {
  orderId: string;
  currency: string;
  /** stripe: back to the card; manual: recorded, the money goes back by hand (cash on delivery). */
  method: "stripe" | "manual";
  paid: number;
  refunded: number;
  /** paid − refunded: the most a refund may be. */
  refundable: number;
  /** Of `refundable`, what goes back to the payment first, and what then goes back to the gift cards that paid. */
  paymentRefundable: number;
  giftCardsRefundable: number;
  /** The shipping not yet refunded. */
  shippingLeft: number;
  /** Per line: units bought and left to refund, the unit price shown, and (minor units) what the refund math needs. */
  lines: Array<{
    lineId: string;
    label: string;
    image: string | null;
    quantity: number;
    left: number;
    unitPrice: number;
    math: { lineTotal: number; quantity: number; refundedQuantity: number; refundedAmount: number };
  }>;
  returns: OrderReturn[];
  refunds: OrderRefund[];
}

/** The order's returns, refunds and what may still be refunded, for the order page's ReturnsPanel and RefundDialog (loaders call it after requireAdminScreen). */
export async function loadOrderReturns(services: Services, orderId: string): Promise<OrderReturnsData> {
  const [state, returns, refunds] = await Promise.all([
    services.orderRefunds.getState(orderId),
    services.orderReturns.listForOrder(orderId),
    services.orderRefunds.listForOrder(orderId),
  ]);
  return {
    orderId,
    currency: state.currency,
    method: state.method,
    paid: toMajor(state.paid),
    refunded: toMajor(state.refunded),
    refundable: toMajor(state.refundable),
    paymentRefundable: toMajor(state.paymentRefundable),
    giftCardsRefundable: toMajor(state.giftCards.refundable),
    shippingLeft: toMajor(state.shipping - state.shippingRefunded),
    lines: state.lines.map((l) => ({
      lineId: l.lineId,
      label: l.label,
      image: l.image,
      quantity: l.quantity,
      left: l.quantity - l.refundedQuantity,
      unitPrice: toMajor(Math.round(l.lineTotal / l.quantity)),
      math: { lineTotal: l.lineTotal, quantity: l.quantity, refundedQuantity: l.refundedQuantity, refundedAmount: l.refundedAmount },
    })),
    returns,
    refunds,
  };
}
