// The orders module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Orders, their numbers, mails, limits, returns, refunds, the order desk and the sales report.
export { createOrderLimits } from "./order-limits";
export { createOrderMails } from "./order-mails";
export { createOrderTokens, newOrderNumber, orderPrefix } from "./order-token";
export { type AdminOrder, type AdminOrderList, type AdminOrderRow, createOrdersAdmin, type OrdersAdmin, type TimelineEntry } from "./orders.admin";
export { createOrderCustomers, type CustomerOrderStats, type OrderCustomers } from "./orders.customers";
export { isDeadlock, isUniqueViolation } from "./orders.deps";
export { createOrderPurchases, type DeliveredOrder, type DeliveredPurchase, type OrderPurchases, type PurchasedLine } from "./orders.purchases";
export { createOrderRefunds, type OrderRefund, type OrderRefunds, type StepActor } from "./orders.refunds";
export {
  createSalesReport,
  type SalesBucket,
  type SalesFigures,
  type SalesReport,
  type SalesReportService,
  type TaxReport,
  type TaxReportRow,
} from "./orders.report";
export { createOrderReturns, type OrderReturn, type OrderReturns, type ReturnPolicy } from "./orders.returns";
export { createOrdersService } from "./orders.service";
export type {
  BulkMoveResult,
  CheckoutQuote,
  MoveOptions,
  NewOrderLine,
  OrderDiscountEntry,
  GiftCardRecipient,
  OrderGiftCardPurchase,
  NewOrderTax,
  Order,
  OrderAddress,
  OrderEvent,
  OrderLine,
  OrderLineTax,
  OrderRecord,
  OrdersModule,
  OrdersService,
  OrderSummary,
  OrderTotals,
  OrderViewer,
  PlaceOrderInput,
  PlaceOrderOptions,
  PlaceOrderResult,
  SavedAddress,
  TaxLineView,
} from "./orders.types";
