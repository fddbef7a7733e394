import type { AuthTables } from "../../auth/auth.tables";
import { type Permission, type Role, isStaff, permissionsOf, roleOf } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { AppError } from "../../lib/errors";
import { type AuditActor, appendAudit, changedFields } from "../audit/audit.service";

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

export interface UserListQuery {
  search?: string;
  role?: Role;
  limit: number;
  offset: number;
}

const COLUMNS = ["id", "name", "email", "image", "role", "permissions", "email_verified", "banned", "ban_reason", "ban_expires", "created_at"] as const;

/** The accounts tables (written by better-auth for sign-in) read and changed for the shop: records, roles, bans. */
export function createUsersService(db: Db) {
  const k = db.kysely.withTables<AuthTables>();
  // better-sqlite3 binds no booleans: SQLite keeps them as 0/1.
  const flag = (on: boolean) => (db.dialect === "sqlite" ? Number(on) : on);

  const adminsLeft = async (ex: typeof k, except: string) => {
    const row = await ex
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "admin")
      .where("id", "!=", except)
      .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", flag(false))]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  async function requireAccount(ex: typeof k, id: string): Promise<UserAccount> {
    const row = await ex.selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError("not_found", "There is no such user.");
    return toUserAccount(row);
  }

  return {
    /** The account of one user, or null for an unknown id. */
    async getUser(id: string): Promise<UserAccount | null> {
      const row = await k.selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
      return row ? toUserAccount(row) : null;
    },

    /** How many users have the admin role (the start-up uses it to decide on a demo admin). */
    async countAdmins(): Promise<number> {
      const row = await k.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("role", "=", "admin").executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Accounts newest first, optionally matching an e-mail fragment or one role, with the total. */
    async listUsers(query: UserListQuery): Promise<{ users: UserAccount[]; total: number }> {
      let q = k.selectFrom("users");
      if (query.search) q = q.where("email", "like", `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (query.role) q = q.where("role", "=", query.role);
      const [rows, count] = await Promise.all([
        q.select(COLUMNS).orderBy("created_at", "desc").orderBy("id").limit(query.limit).offset(query.offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { users: rows.map(toUserAccount), total: Number(count.n) };
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
        await t.updateTable("users").set({ banned: flag(true), ban_reason: input.reason ?? null, ban_expires: banExpires, updated_at: nowIso() }).where("id", "=", userId).execute();
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
        await t.updateTable("users").set({ banned: flag(false), ban_reason: null, ban_expires: null, updated_at: nowIso() }).where("id", "=", userId).execute();
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
