// The tax module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The one computation of tax (decision 0054) and the receipt of an order's stored line taxes.
export {
  SHIPPING_KEY,
  formatRate,
  fromMilli,
  quoteTax,
  receiptOf,
  refundTax,
  taxLineLabel,
  taxLinesView,
  taxRegionFor,
  toMilli,
  type RefundablePart,
  type RefundTaxLine,
} from "./tax.compute";
export type { LineTax, TaxableLine, TaxAddress, TaxInput, TaxLine, TaxLineView, TaxQuote, TaxShop } from "./tax.compute";
