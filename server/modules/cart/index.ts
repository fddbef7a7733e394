// The cart module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Carts of signed-in and anonymous shoppers, their priced view and the checkout quote.
export { computeTotals, type TaxFor } from "./cart.pricing";
export { createCartService } from "./cart.service";
export type {
  AddToCartInput,
  CartItem,
  CartLine,
  CartProblem,
  CartQuote,
  CartService,
  CartTotals,
  CartView,
  Executor,
  IdleCart,
  PricedLine,
  ShippingOption,
  TaxLineView,
} from "./cart.types";
