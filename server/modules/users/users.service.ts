import { type Permission, type Role, isStaff, permissionsOf, roleOf } from "#common/auth/permissions";
import type { Db } from "../../db/database";
import { toIso } from "../../db/database";
import { toCsv } from "../../lib/csv";
import { AppError } from "#common/errors";
import { toMajor } from "#common/money";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import { DEFAULT_LANGUAGE, type Language, isLanguage } from "#common/i18n/languages";
import { DEFAULT_PREFERENCES, type Preferences, preferencesPatchSchema } from "#common/alerts/alerts.schema";
import { parseInput } from "#common/validate";
import { chunked } from "../../db/chunks";
import {
  countAdminAccounts,
  countCustomerRows,
  countCustomersCreated,
  deleteAccountRows,
  deleteSession,
  deleteSessionsOfUser,
  getAccountRow,
  getLanguageOf,
  getPreferencesRow,
  listPriceDropAccounts,
  savePreferencesRow,
  getLastSignInAt,
  getSessionOfUser,
  listAdminsLocked,
  listCustomerRows,
  listLiveSessions,
  stampSignIn,
  updateBan,
  updateLanguage,
  updateRole,
  type Executor,
} from "./users.repo";
import type { CustomerFilters, CustomerStatsColumns } from "./users.types";

/** An account as the shop shows it: the admin screens, GET /api/auth/user/{uid}, the session. */
export interface UserAccount {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  permissions: Permission[];
  emailVerified: boolean;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  createdAt: string;
}

/**
 * The shop's own record of a customer: what GET /api/auth/user/{uid} answers (the spec's
 * "Database object"). The auth service adds the orders module's count to the account.
 */
export interface UserRecord extends Omit<UserAccount, "banReason" | "banExpires"> {
  orders: { count: number };
}

/** The signed-in user as pages and API handlers see it (`context.user`). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  permissions: Permission[];
  emailVerified: boolean;
}

/** A user as better-auth or the users table hands it over (camelCase or snake_case). */
interface RawUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: string | null;
  permissions?: string | null;
  emailVerified?: boolean | number | null;
  email_verified?: boolean | number | null;
  banned?: boolean | number | null;
  banReason?: string | null;
  ban_reason?: string | null;
  banExpires?: Date | string | null;
  ban_expires?: Date | string | null;
  createdAt?: Date | string;
  created_at?: Date | string;
}

/** The one mapper from a stored account to ours, with the one role rule (permissions.ts roleOf). */
export function toUserAccount(raw: RawUser): UserAccount {
  const role = roleOf(raw.role);
  return {
    id: raw.id,
    name: raw.name,
    email: raw.email,
    image: raw.image ?? null,
    role,
    permissions: permissionsOf(role, raw.permissions),
    emailVerified: Boolean(raw.emailVerified ?? raw.email_verified),
    banned: Boolean(raw.banned),
    banReason: raw.banReason ?? raw.ban_reason ?? null,
    banExpires: toIso(raw.banExpires ?? raw.ban_expires ?? null),
    createdAt: toIso(raw.createdAt ?? raw.created_at)!,
  };
}

/** The session's view of an account (what pages and handlers need to decide access). */
export function toSessionUser(raw: RawUser): SessionUser {
  const { id, name, email, image, role, permissions, emailVerified } = toUserAccount(raw);
  return { id, name, email, image, role, permissions, emailVerified };
}

export interface UserListQuery extends CustomerFilters {
  limit: number;
  offset: number;
}

/** One row of the admin's customer list: the account with its orders, money spent and last sign-in. */
export interface CustomerListRow extends UserAccount {
  orders: number;
  /** Major unit; cancelled orders do not count. */
  totalSpent: number;
  lastSignInAt: string | null;
}

/** A signed-in device of an account (never its token). */
export interface AccountSession {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Whether the actor deletes the account from the admin, or the customer deletes their own. */
export interface DeleteOptions {
  self?: boolean;
}

/** A row of the customer list's query as the list shows it. */
function toCustomerRow(
  r: RawUser & { last_sign_in_at?: Date | string | null; order_count?: number | string | null; total_spent?: number | string | null },
): CustomerListRow {
  return {
    ...toUserAccount(r),
    orders: Number(r.order_count ?? 0),
    totalSpent: toMajor(Number(r.total_spent ?? 0)),
    lastSignInAt: toIso(r.last_sign_in_at ?? null),
  };
}

const yesNo = (on: boolean) => (on ? "yes" : "no");

/** The customer list as CSV: one row per account, money in the major unit, times in UTC (ISO 8601). */
function customersToCsv(rows: CustomerListRow[]): string {
  return toCsv(
    [
      ["Name", "E-mail", "Role", "Verified", "Banned", "Orders", "Total spent", "Joined", "Last sign-in"],
      ...rows.map((u) => [u.name, u.email, u.role, yesNo(u.emailVerified), yesNo(u.banned), u.orders, u.totalSpent.toFixed(2), u.createdAt, u.lastSignInAt]),
    ],
    { bom: true },
  );
}

/** The accounts tables (written by better-auth for sign-in) read and changed for the shop: records, roles, bans. */
export function createUsersService(db: Db, deps: { orderStats?: CustomerStatsColumns } = {}) {
  const k = db.kysely;

  // Administrators other than `except` who are not banned. On PostgreSQL every admin row is
  // locked in id order first, so two administrators removing each other at once are serialised:
  // the second waits for the first to commit, then counts again and is refused (409).
  const adminsLeft = async (ex: Executor, except: string) => {
    const admins = await listAdminsLocked(ex, db.dialect);
    return admins.filter((a) => a.id !== except && !a.banned).length;
  };

  async function preferencesOf(userId: string): Promise<Preferences> {
    const row = await getPreferencesRow(k, userId);
    return row ? { priceDropAlerts: row.price_drop_alerts === 1, cartReminders: row.cart_reminders === 1 } : { ...DEFAULT_PREFERENCES };
  }

  async function requireAccount(ex: Executor, id: string): Promise<UserAccount> {
    const row = await getAccountRow(ex, id);
    if (!row) throw new AppError("not_found", "There is no such user.");
    return toUserAccount(row);
  }

  return {
    /** The account of one user, or null for an unknown id. */
    async getUser(id: string): Promise<UserAccount | null> {
      const row = await getAccountRow(k, id);
      return row ? toUserAccount(row) : null;
    },

    /** How many users have the admin role (the start-up uses it to decide on a demo admin). */
    countAdmins(): Promise<number> {
      return countAdminAccounts(k);
    },

    /** How many customer accounts were opened in [from, to) (ISO instants): the dashboard's "new customers". */
    countNewCustomers(from: string, to: string): Promise<number> {
      return countCustomersCreated(k, from, to);
    },

    /**
     * One page of accounts for the customer list, with their orders, money spent and last sign-in:
     * search by name or e-mail, filter by role, confirmed address and ban, sort (newest first by default).
     */
    async listUsers(query: UserListQuery): Promise<{ users: CustomerListRow[]; total: number }> {
      const [page, total] = await Promise.all([
        listCustomerRows(k, db.dialect, query, deps.orderStats, { limit: query.limit, offset: query.offset }),
        countCustomerRows(k, db.dialect, query),
      ]);
      return { users: page.map(toCustomerRow), total };
    },

    /** Every account the customer list's filters select, in its order, as CSV for a spreadsheet (the list's columns, a byte-order mark for accented names). */
    async exportCsv(query: CustomerFilters): Promise<string> {
      const rows = (await listCustomerRows(k, db.dialect, query, deps.orderStats)).map(toCustomerRow);
      return customersToCsv(rows);
    },

    /** When the account last signed in (stamped by each new session), or null. */
    async getLastSignIn(userId: string): Promise<string | null> {
      return toIso((await getLastSignInAt(k, userId)) ?? null);
    },

    /** The language the account's mails are written in (the default for an unknown id). */
    async getLanguage(userId: string): Promise<Language> {
      const language = await getLanguageOf(k, userId);
      return isLanguage(language) ? language : DEFAULT_LANGUAGE;
    },

    /**
     * Keeps the language the customer last used (their last order's, or the one they chose in
     * their profile) as the language of their mails; invalid_input for one the shop does not speak.
     */
    async setLanguage(userId: string, language: string): Promise<void> {
      if (!isLanguage(language)) throw new AppError("invalid_input", "The shop has no such language.", { language: "The shop has no such language." });
      await updateLanguage(k, userId, language);
    },

    /** The account's mail switches (price-drop mails off, cart reminders on, until the customer changes them). */
    async getPreferences(userId: string): Promise<Preferences> {
      return preferencesOf(userId);
    },

    /** Changes the switches the patch names (400 naming a bad field; nothing stored then) and answers all of them. */
    async setPreferences(userId: string, patch: unknown): Promise<Preferences> {
      const changes = parseInput(preferencesPatchSchema, patch);
      const next = { ...(await preferencesOf(userId)), ...changes };
      await savePreferencesRow(k, userId, { price_drop_alerts: next.priceDropAlerts ? 1 : 0, cart_reminders: next.cartReminders ? 1 : 0 });
      return next;
    },

    /** Of these accounts, those that want price-drop mails (switched on, not banned), with their address, name and mails' language. */
    async listPriceDropRecipients(userIds: string[]): Promise<Array<{ id: string; email: string; name: string | null; language: Language }>> {
      const out: Array<{ id: string; email: string; name: string | null; language: Language }> = [];
      for (const chunk of chunked([...new Set(userIds)])) {
        for (const row of await listPriceDropAccounts(k, chunk)) {
          if (row.banned) continue;
          out.push({ id: row.id, email: row.email, name: row.name, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE });
        }
      }
      return out;
    },

    /** Stamps the account's last sign-in (better-auth calls it for every new session). */
    async recordSignIn(userId: string): Promise<void> {
      await stampSignIn(k, userId);
    },

    /** The account's signed-in devices that have not expired, most recently active first (no tokens). */
    async listSessions(userId: string): Promise<AccountSession[]> {
      const rows = await listLiveSessions(k, userId);
      return rows.map((r) => ({
        id: r.id,
        createdAt: toIso(r.created_at)!,
        lastActiveAt: toIso(r.updated_at)!,
        expiresAt: toIso(r.expires_at)!,
        ipAddress: r.ip_address,
        userAgent: r.user_agent,
      }));
    },

    /** Signs one device of an account out (its session ends at once), audited. */
    async revokeSession(actor: AuditActor & { role: Role }, userId: string, sessionId: string): Promise<void> {
      await db.kysely.transaction().execute(async (trx) => {
        const account = await requireAccount(trx, userId);
        if (isStaff(account) && actor.role !== "admin" && account.id !== actor.id)
          throw new AppError("forbidden", "Only an administrator can sign a staff account out.");
        const session = await getSessionOfUser(trx, userId, sessionId);
        if (!session) throw new AppError("not_found", "This device is no longer signed in.");
        await deleteSession(trx, sessionId);
        await appendAudit(trx, actor, {
          action: "user.revoke",
          entityType: "user",
          entityId: userId,
          changes: { session: { before: session.user_agent ?? session.id, after: null } },
        });
      });
    },

    /**
     * In the caller's transaction: the account about to be deleted, or why it may not be. Nobody
     * deletes their own account from the admin (only from their profile), only an administrator
     * deletes a staff account, and the shop's last administrator stays (409).
     */
    async requireDeletable(trx: Executor, actor: AuditActor & { role: Role }, userId: string, options: DeleteOptions = {}): Promise<UserAccount> {
      if (!options.self && userId === actor.id) throw new AppError("forbidden", "You cannot delete your own account here: do it from your profile page.");
      if (options.self && userId !== actor.id) throw new AppError("forbidden", "You can only delete your own account.");
      const account = await requireAccount(trx, userId);
      if (!options.self && isStaff(account) && actor.role !== "admin") throw new AppError("forbidden", "Only an administrator can delete a staff account.");
      if (account.role === "admin" && (await adminsLeft(trx, userId)) === 0) {
        throw new AppError("conflict", "This is the shop's last administrator and cannot be deleted: make someone else an administrator first.");
      }
      return account;
    },

    /**
     * In the caller's transaction (the delete-customer flow): deletes the account with its
     * sessions and sign-in methods, audited without the person's name or address.
     */
    async deleteAccount(trx: Executor, actor: AuditActor, account: UserAccount, ordersKept: number): Promise<void> {
      await deleteAccountRows(trx, account.id);
      await appendAudit(trx, actor, {
        action: "user.delete",
        entityType: "user",
        entityId: account.id,
        changes: { account: { before: account.role, after: "deleted" }, ordersKept: { before: null, after: ordersKept } },
      });
    },

    /**
     * Gives an account a role (and a staff member their permissions), audited. Nobody changes
     * their own role, and the last administrator stays one.
     */
    async setRole(actor: AuditActor, userId: string, role: Role, permissions: Permission[] = []): Promise<UserAccount> {
      if (userId === actor.id) throw new AppError("forbidden", "You cannot change your own role: ask another administrator.");
      return db.kysely.transaction().execute(async (trx) => {
        const before = await requireAccount(trx, userId);
        if (before.role === "admin" && role !== "admin" && (await adminsLeft(trx, userId)) === 0) {
          throw new AppError("conflict", "This is the shop's last administrator: make someone else an administrator first.");
        }
        const stored = role === "staff" ? [...new Set(permissions)].join(",") : null;
        await updateRole(trx, userId, role, stored);
        const after = await requireAccount(trx, userId);
        await appendAudit(trx, actor, {
          action: "user.role",
          entityType: "user",
          entityId: userId,
          changes: changedFields({ role: before.role, permissions: before.permissions }, { role: after.role, permissions: after.permissions }),
        });
        return after;
      });
    },

    /**
     * Bans an account (optional reason and length): it cannot sign in and all its sessions end,
     * audited. Nobody bans themselves or the last administrator; only an administrator bans staff.
     */
    async ban(actor: AuditActor & { role: Role }, userId: string, input: { reason?: string; days?: number }): Promise<UserAccount> {
      if (userId === actor.id) throw new AppError("forbidden", "You cannot ban yourself.");
      return db.kysely.transaction().execute(async (trx) => {
        const before = await requireAccount(trx, userId);
        if (isStaff(before) && actor.role !== "admin") throw new AppError("forbidden", "Only an administrator can ban a staff account.");
        if (before.role === "admin" && (await adminsLeft(trx, userId)) === 0) {
          throw new AppError("conflict", "This is the shop's last administrator and cannot be banned.");
        }
        const banExpires = input.days ? new Date(Date.now() + input.days * 86_400_000).toISOString() : null;
        await updateBan(trx, db.dialect, userId, { reason: input.reason ?? null, expires: banExpires });
        await deleteSessionsOfUser(trx, userId);
        const after = await requireAccount(trx, userId);
        await appendAudit(trx, actor, {
          action: "user.ban",
          entityType: "user",
          entityId: userId,
          changes: changedFields(
            { banned: before.banned, banReason: before.banReason, banExpires: before.banExpires },
            { banned: after.banned, banReason: after.banReason, banExpires: after.banExpires },
          ),
        });
        return after;
      });
    },

    /** Lifts a ban, audited. */
    async unban(actor: AuditActor, userId: string): Promise<UserAccount> {
      return db.kysely.transaction().execute(async (trx) => {
        const before = await requireAccount(trx, userId);
        await updateBan(trx, db.dialect, userId, null);
        const after = await requireAccount(trx, userId);
        await appendAudit(trx, actor, {
          action: "user.unban",
          entityType: "user",
          entityId: userId,
          changes: changedFields({ banned: before.banned, banReason: before.banReason }, { banned: after.banned, banReason: after.banReason }),
        });
        return after;
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
