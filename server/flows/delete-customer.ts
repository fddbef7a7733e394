import type { AuthService, SessionUser } from "../auth/auth.service";
import type { Db } from "../db/database";
import { AppError } from "#common/errors";
import { type RateLimitStore, waitText } from "../lib/rate-limit";
import type { Role } from "#common/auth/permissions";
import type { AuditActor, AuditService } from "#modules/audit";
import type { CartService } from "#modules/cart";
import type { OrderCustomers } from "#modules/orders";
import type { SavedAddress } from "#modules/orders";
import type { DeleteOptions, UsersService } from "#modules/users";
import type { WishlistService } from "#modules/wishlist";
import type { ReviewsService } from "#modules/reviews";
import type { CartReminders } from "#modules/reminders";

/** What deleting or exporting a customer spans: the account, their orders and address book, cart and wishlist. */
export interface CustomerDataDeps {
  db: Db;
  users: Pick<UsersService, "getUser" | "getLastSignIn" | "listSessions" | "requireDeletable" | "deleteAccount">;
  orderCustomers: Pick<OrderCustomers, "anonymiseCustomer" | "ordersForExport" | "statsFor" | "listForCustomer">;
  addresses: (userId: string) => Promise<SavedAddress[]>;
  cart: Pick<CartService, "forgetUser" | "getCart">;
  wishlist: Pick<WishlistService, "forgetUser" | "list">;
  audit: Pick<AuditService, "list">;
  /** The customer's product reviews: listed in the export, removed with the account (and their products' figures with them). */
  reviews: Pick<ReviewsService, "listByAuthor" | "forgetAuthor" | "pagesChanged">;
  /** The customer's cart reminders: their address and consent, and the reminders sent. */
  reminders?: Pick<CartReminders, "forgetUser">;
}

/**
 * Deletes a customer's account in one transaction: its sessions, sign-in methods, cart, wishlist
 * and address book go; its orders stay for the books with the personal data replaced by "Deleted
 * customer". The users module decides who may delete whom (never oneself from the admin, never
 * the last administrator). Their reviews go too, and the figures of the products they rated follow.
 * `self` is the customer deleting their own account from their profile.
 */
export async function deleteCustomer(
  deps: CustomerDataDeps,
  actor: AuditActor & { role: Role },
  userId: string,
  options: DeleteOptions = {},
): Promise<{ ordersKept: number }> {
  const { ordersKept, reviewsChanged } = await deps.db.kysely.transaction().execute(async (trx) => {
    const account = await deps.users.requireDeletable(trx, actor, userId, options);
    const ordersKept = await deps.orderCustomers.anonymiseCustomer(trx, userId);
    await deps.cart.forgetUser(trx, userId);
    await deps.wishlist.forgetUser(trx, userId);
    const reviewsChanged = await deps.reviews.forgetAuthor(trx, userId);
    await deps.reminders?.forgetUser(trx, userId);
    // A customer's own deletion leaves no e-mail of theirs in the trail.
    const author = options.self ? { id: userId, email: "deleted customer", requestId: actor.requestId } : actor;
    await deps.users.deleteAccount(trx, author, account, ordersKept);
    return { ordersKept, reviewsChanged };
  });
  if (reviewsChanged) deps.reviews.pagesChanged();
  return { ordersKept };
}

/** Attempts at deleting one's own account per account: 5 in 15 minutes. */
const DELETE_ATTEMPTS = { window: 900, max: 5 };

/** What a customer sends to delete their own account: their password, or the token of the mailed link (accounts without a password). */
export interface OwnDeletionInput {
  password?: string;
  token?: string;
}

/** What a customer's own deletion adds: the password check and mailed link, and the attempts' limit. */
export interface OwnDeletionDeps extends CustomerDataDeps {
  auth: Pick<AuthService, "checkPassword" | "sendDeletionLink" | "takeDeletionToken">;
  rateLimits: Pick<RateLimitStore, "consume">;
}

/** Deleted, or (an account without a password) a confirmation link was mailed. */
export type OwnDeletionResult = { deleted: true; ordersKept: number } | { deleted: false; mailed: true };

/**
 * A customer deletes their own account (/update-profile, POST /api/account/delete): after
 * re-entering the password, or for an account without one (social sign-in) through the link
 * mailed to its address. The same delete-customer flow runs; a wrong password deletes nothing (403).
 */
export async function deleteOwnAccount(
  deps: OwnDeletionDeps,
  user: SessionUser,
  input: OwnDeletionInput,
  requestId: string | null,
): Promise<OwnDeletionResult> {
  const actor = { id: user.id, email: user.email, role: user.role, requestId };
  // A stolen session must not become a way to guess the password (or to flood the address with links).
  const attempt = await deps.rateLimits.consume(`account-delete:${user.id}`, DELETE_ATTEMPTS);
  if (!attempt.allowed)
    throw new AppError(
      "rate_limited",
      `Too many attempts. Please wait ${waitText(attempt.retryAfter ?? 60)} and try again.`,
      undefined,
      attempt.retryAfter ?? 60,
    );
  if (input.token) {
    if (!(await deps.auth.takeDeletionToken(user.id, input.token))) {
      throw new AppError("invalid_input", "This link has expired or was already used. Ask for a new one from your profile.");
    }
    return { deleted: true, ...(await deleteCustomer(deps, actor, user.id, { self: true })) };
  }
  const check = await deps.auth.checkPassword(user.id, input.password ?? "");
  if (check === "none") {
    await deps.auth.sendDeletionLink(user);
    return { deleted: false, mailed: true };
  }
  if (!input.password) throw new AppError("invalid_input", "Please enter your password to delete your account.", { password: "Enter your password" });
  if (check === "wrong")
    throw new AppError("forbidden", "That password is not right: your account was not deleted.", { password: "This is not your password" });
  return { deleted: true, ...(await deleteCustomer(deps, actor, user.id, { self: true })) };
}
