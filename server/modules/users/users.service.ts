import type { UserSort } from "#common/users/user-sorts";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { AuthTables } from "../../db/auth-tables";
import { type Permission, type Role, isStaff, permissionsOf, roleOf } from "#common/auth/permissions";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { nowIso, toIso } from "../../db/database";
import { toCsv } from "../../lib/csv";
import { AppError } from "#common/errors";
import { toMajor } from "#common/money";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";

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

/** What selects and orders the customer list (and its CSV export). */
export interface CustomerFilters {
  /** Part of the name or e-mail address. */
  search?: string;
  role?: Role;
  verified?: boolean;
  banned?: boolean;
  sort?: UserSort;
  dir?: "asc" | "desc";
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

/** The orders module's figures per account, as the users list shows and sorts them (minor units). */
export interface CustomerStatsColumns {
  statsColumns(userIdColumn: string): { orders: RawBuilder<number>; spent: RawBuilder<number> };
}

/** Whether the actor deletes the account from the admin, or the customer deletes their own. */
export interface DeleteOptions {
  self?: boolean;
}

const COLUMNS = ["id", "name", "email", "image", "role", "permissions", "email_verified", "banned", "ban_reason", "ban_expires", "created_at"] as const;

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
  const k = db.kysely.withTables<AuthTables>();
  // better-sqlite3 binds no booleans: SQLite keeps them as 0/1.
  const flag = (on: boolean) => (db.dialect === "sqlite" ? Number(on) : on);

  // Administrators other than `except` who are not banned. On PostgreSQL every admin row is
  // locked in id order first, so two administrators removing each other at once are serialised:
  // the second waits for the first to commit, then counts again and is refused (409).
  const adminsLeft = async (ex: typeof k, except: string) => {
    let q = ex.selectFrom("users").select(["id", "banned"]).where("role", "=", "admin").orderBy("id");
    if (db.dialect === "postgres") q = q.forUpdate();
    const admins = await q.execute();
    return admins.filter((a) => a.id !== except && !a.banned).length;
  };

  async function requireAccount(ex: typeof k, id: string): Promise<UserAccount> {
    const row = await ex.selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError("not_found", "There is no such user.");
    return toUserAccount(row);
  }

  /**
   * The customer list's query: the accounts the filters select with their orders, money spent and
   * last sign-in, in the list's order (all of them: the caller pages), and their count.
   */
  function customerRows(query: CustomerFilters) {
    let q = k.selectFrom("users");
    if (query.search) {
      const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb("email", "like", like), eb(eb.fn("lower", ["name"]), "like", like)]));
    }
    if (query.role) q = q.where("role", "=", query.role);
    if (query.verified !== undefined) q = q.where("email_verified", "=", flag(query.verified));
    if (query.banned === true) q = q.where("banned", "=", flag(true));
    if (query.banned === false) q = q.where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", flag(false))]));
    const stats = deps.orderStats?.statsColumns("users.id") ?? { orders: sql<number>`0`, spent: sql<number>`0` };
    const dir = query.dir ?? (query.sort === "name" ? "asc" : "desc");
    let rows = q.select([...COLUMNS, "last_sign_in_at", stats.orders.as("order_count"), stats.spent.as("total_spent")]);
    switch (query.sort ?? "joined") {
      case "name":
        rows = rows.orderBy((eb) => eb.fn("lower", ["name"]), dir);
        break;
      case "orders":
        rows = rows.orderBy(stats.orders, dir);
        break;
      case "spent":
        rows = rows.orderBy(stats.spent, dir);
        break;
      case "lastSignIn":
        // Never signed in sorts last either way (the engines disagree on where nulls go).
        rows = rows.orderBy(sql`case when last_sign_in_at is null then 1 else 0 end`).orderBy("last_sign_in_at", dir);
        break;
      default:
        rows = rows.orderBy("created_at", dir);
    }
    return { rows: rows.orderBy("id"), count: q.select((eb) => eb.fn.countAll<number>().as("n")) };
  }

  return {
    /** The account of one user, or null for an unknown id. */
    async getUser(id: string): Promise<UserAccount | null> {
      const row = await k.selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
      return row ? toUserAccount(row) : null;
    },

    /** How many users have the admin role (the start-up uses it to decide on a demo admin). */
    async countAdmins(): Promise<number> {
      const row = await k
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role", "=", "admin")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many customer accounts were opened in [from, to) (ISO instants): the dashboard's "new customers". */
    async countNewCustomers(from: string, to: string): Promise<number> {
      const row = await k
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role", "=", "customer")
        .where("created_at", ">=", from)
        .where("created_at", "<", to)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One page of accounts for the customer list, with their orders, money spent and last sign-in:
     * search by name or e-mail, filter by role, confirmed address and ban, sort (newest first by default).
     */
    async listUsers(query: UserListQuery): Promise<{ users: CustomerListRow[]; total: number }> {
      const { rows, count } = customerRows(query);
      const [page, n] = await Promise.all([rows.limit(query.limit).offset(query.offset).execute(), count.executeTakeFirstOrThrow()]);
      return { users: page.map(toCustomerRow), total: Number(n.n) };
    },

    /** Every account the customer list's filters select, in its order, as CSV for a spreadsheet (the list's columns, a byte-order mark for accented names). */
    async exportCsv(query: CustomerFilters): Promise<string> {
      const rows = (await customerRows(query).rows.execute()).map(toCustomerRow);
      return customersToCsv(rows);
    },

    /** When the account last signed in (stamped by each new session), or null. */
    async getLastSignIn(userId: string): Promise<string | null> {
      const row = await k.selectFrom("users").select("last_sign_in_at").where("id", "=", userId).executeTakeFirst();
      return toIso(row?.last_sign_in_at ?? null);
    },

    /** Stamps the account's last sign-in (better-auth calls it for every new session). */
    async recordSignIn(userId: string): Promise<void> {
      await k.updateTable("users").set({ last_sign_in_at: nowIso() }).where("id", "=", userId).execute();
    },

    /** The account's signed-in devices that have not expired, most recently active first (no tokens). */
    async listSessions(userId: string): Promise<AccountSession[]> {
      const rows = await k
        .selectFrom("sessions")
        .select(["id", "created_at", "updated_at", "expires_at", "ip_address", "user_agent"])
        .where("user_id", "=", userId)
        .where("expires_at", ">", nowIso())
        .orderBy("updated_at", "desc")
        .execute();
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
        const t = trx.withTables<AuthTables>();
        const account = await requireAccount(t, userId);
        if (isStaff(account) && actor.role !== "admin" && account.id !== actor.id)
          throw new AppError("forbidden", "Only an administrator can sign a staff account out.");
        const session = await t
          .selectFrom("sessions")
          .select(["id", "user_agent"])
          .where("id", "=", sessionId)
          .where("user_id", "=", userId)
          .executeTakeFirst();
        if (!session) throw new AppError("not_found", "This device is no longer signed in.");
        await t.deleteFrom("sessions").where("id", "=", sessionId).execute();
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
    async requireDeletable(trx: Kysely<Database>, actor: AuditActor & { role: Role }, userId: string, options: DeleteOptions = {}): Promise<UserAccount> {
      const t = trx.withTables<AuthTables>();
      if (!options.self && userId === actor.id) throw new AppError("forbidden", "You cannot delete your own account here: do it from your profile page.");
      if (options.self && userId !== actor.id) throw new AppError("forbidden", "You can only delete your own account.");
      const account = await requireAccount(t, userId);
      if (!options.self && isStaff(account) && actor.role !== "admin") throw new AppError("forbidden", "Only an administrator can delete a staff account.");
      if (account.role === "admin" && (await adminsLeft(t, userId)) === 0) {
        throw new AppError("conflict", "This is the shop's last administrator and cannot be deleted: make someone else an administrator first.");
      }
      return account;
    },

    /**
     * In the caller's transaction (the delete-customer flow): deletes the account with its
     * sessions and sign-in methods, audited without the person's name or address.
     */
    async deleteAccount(trx: Kysely<Database>, actor: AuditActor, account: UserAccount, ordersKept: number): Promise<void> {
      const t = trx.withTables<AuthTables>();
      await t.deleteFrom("sessions").where("user_id", "=", account.id).execute();
      await t.deleteFrom("accounts").where("user_id", "=", account.id).execute();
      await t.deleteFrom("users").where("id", "=", account.id).execute();
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
        const t = trx.withTables<AuthTables>();
        const before = await requireAccount(t, userId);
        if (before.role === "admin" && role !== "admin" && (await adminsLeft(t, userId)) === 0) {
          throw new AppError("conflict", "This is the shop's last administrator: make someone else an administrator first.");
        }
        const stored = role === "staff" ? [...new Set(permissions)].join(",") : null;
        await t.updateTable("users").set({ role, permissions: stored, updated_at: nowIso() }).where("id", "=", userId).execute();
        const after = await requireAccount(t, userId);
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
        const t = trx.withTables<AuthTables>();
        const before = await requireAccount(t, userId);
        if (isStaff(before) && actor.role !== "admin") throw new AppError("forbidden", "Only an administrator can ban a staff account.");
        if (before.role === "admin" && (await adminsLeft(t, userId)) === 0) {
          throw new AppError("conflict", "This is the shop's last administrator and cannot be banned.");
        }
        const banExpires = input.days ? new Date(Date.now() + input.days * 86_400_000).toISOString() : null;
        await t
          .updateTable("users")
          .set({ banned: flag(true), ban_reason: input.reason ?? null, ban_expires: banExpires, updated_at: nowIso() })
          .where("id", "=", userId)
          .execute();
        await t.deleteFrom("sessions").where("user_id", "=", userId).execute();
        const after = await requireAccount(t, userId);
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
        const t = trx.withTables<AuthTables>();
        const before = await requireAccount(t, userId);
        await t
          .updateTable("users")
          .set({ banned: flag(false), ban_reason: null, ban_expires: null, updated_at: nowIso() })
          .where("id", "=", userId)
          .execute();
        const after = await requireAccount(t, userId);
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
