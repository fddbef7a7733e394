import { AppError } from "#common/errors";
import { type AuditActor, type AuditEntry, appendAudit } from "#modules/audit";
import type { CartView } from "#modules/cart";
import type { CustomerOrderStats } from "#modules/orders";
import type { Order, OrderSummary, SavedAddress } from "#modules/orders";
import type { AccountSession, UserAccount } from "#modules/users";
import type { WishlistEntry } from "#modules/wishlist";
import type { OwnReview } from "#modules/reviews";
import type { CustomerDataDeps } from "./delete-customer";

/** Everything the shop holds about one customer (a GDPR access request), without session tokens or password hashes. */
export interface CustomerExport {
  exportedAt: string;
  profile: UserAccount & { lastSignInAt: string | null };
  addresses: SavedAddress[];
  orders: Order[];
  wishlist: WishlistEntry[];
  cart: CartView;
  sessions: AccountSession[];
  auditEntries: AuditEntry[];
  /** The product reviews they wrote, whatever their status. */
  reviews: OwnReview[];
}

/** A customer as the admin's customer page shows them. */
export interface CustomerDetail {
  account: UserAccount;
  lastSignInAt: string | null;
  stats: CustomerOrderStats;
  addresses: SavedAddress[];
  /** Newest first. */
  orders: OrderSummary[];
  sessions: AccountSession[];
}

/** One customer for the admin's customer page: the account with their orders, addresses and signed-in devices (reads of three modules). */
export async function getCustomer(deps: CustomerDataDeps, userId: string): Promise<CustomerDetail> {
  const account = await deps.users.getUser(userId);
  if (!account) throw new AppError("not_found", "There is no such user.");
  const [lastSignInAt, stats, addresses, orders, sessions] = await Promise.all([
    deps.users.getLastSignIn(userId),
    deps.orderCustomers.statsFor([userId]),
    deps.addresses(userId),
    deps.orderCustomers.listForCustomer(userId),
    deps.users.listSessions(userId),
  ]);
  return { account, lastSignInAt, stats: stats.get(userId)!, addresses, orders, sessions };
}

/**
 * Gathers what the shop holds about one customer for a data export (GDPR access request):
 * profile, addresses, orders with lines, wishlist, cart, signed-in devices, the audit entries
 * about them and their product reviews. An export by staff is itself audited.
 */
export async function exportCustomer(deps: CustomerDataDeps, userId: string, by?: AuditActor): Promise<CustomerExport> {
  const account = await deps.users.getUser(userId);
  if (!account) throw new AppError("not_found", "There is no such user.");
  const shopper = { userId, visitorId: null };
  const [lastSignInAt, addresses, orders, wishlist, cart, sessions, audit, reviews] = await Promise.all([
    deps.users.getLastSignIn(userId),
    deps.addresses(userId),
    deps.orderCustomers.ordersForExport(userId),
    deps.wishlist.list(shopper),
    deps.cart.getCart(shopper),
    deps.users.listSessions(userId),
    deps.audit.list({ entity: "user", entityId: userId, pageSize: 1000 }),
    deps.reviews.listByAuthor(userId),
  ]);
  if (by && by.id !== userId) {
    await appendAudit(deps.db.kysely, by, { action: "user.export", entityType: "user", entityId: userId });
  }
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...account, lastSignInAt },
    addresses,
    orders,
    wishlist,
    cart,
    sessions,
    auditEntries: audit.entries,
    reviews,
  };
}
