// The inventory module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// The one writer of stock, and the shop's low-stock mail.
export {
  createInventory,
  type Inventory,
  type RaisedRow,
  returnStock,
  setStock,
  type StockChange,
  type StockLine,
  type StockRaisedListener,
  takeStock,
} from "./inventory.service";
export { createLowStockAlert, type LowStockAlert } from "./low-stock-alert";
