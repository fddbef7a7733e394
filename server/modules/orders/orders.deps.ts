import type { Db } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import type { Logger } from "../../logger";
import type { SiteSettings } from "../content/content.schema";
import type { PaymentsService } from "../payments/payments.types";
import type { OrderLimits } from "./order-limits";
import type { OrderMails } from "./order-mails";
import type { OrderTokens } from "./order-token";

/** What the orders service and its flows (place, cancel) work with. */
export interface OrdersDeps {
  db: Db;
  settings: () => Promise<SiteSettings>;
  payments: PaymentsService;
  tokens: OrderTokens;
  mails: OrderMails;
  /** Who may place another order now (rate limits, open orders per contact). */
  limits: OrderLimits;
  /** Bumped when stock makes a product's availability flip, so catalogue caches drop it. */
  epoch: Epoch;
  logger: Logger;
}

/** A unique constraint refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
