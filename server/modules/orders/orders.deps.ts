import type { Db } from "../../db/database";
import type { CartService } from "#modules/cart";
import type { PaymentsService } from "#modules/payments";
import type { OrderLimits } from "./order-limits";
import type { OrderMails } from "./order-mails";
import type { OrderTokens } from "./order-token";

/** What the orders module's service works with (the flows that place and cancel orders get theirs in server/flows/order-flows.ts). */
export interface OrdersDeps {
  db: Db;
  /** The cart's quote for the checkout (the orders service adds whether a card may pay). */
  cart: Pick<CartService, "getQuote">;
  payments: Pick<PaymentsService, "cardPayments">;
  tokens: OrderTokens;
  mails: OrderMails;
  /** Who may place another order now (rate limits, open orders per contact). */
  limits: OrderLimits;
}

/** A unique constraint refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** PostgreSQL broke a deadlock by rolling this transaction back: running it again can succeed. */
export function isDeadlock(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "40P01";
}
