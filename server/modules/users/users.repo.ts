import { type Kysely, sql } from "kysely";
import type { AuthTables } from "../../db/auth-tables";
import { type Dialect, nowIso } from "../../db/database";
import type { Database } from "../../db/schema";
import type { CustomerFilters, CustomerStatsColumns } from "./users.types";

// The statements of the users module on the accounts tables better-auth writes for sign-in
// (users, sessions, accounts), on the caller's executor: the database or an open transaction.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

/** The executor with the accounts tables in its types (they are not in the shop's schema). */
const auth = (k: Executor) => k.withTables<AuthTables>();

/** better-sqlite3 binds no booleans: SQLite keeps them as 0/1. */
const flag = (dialect: Dialect, on: boolean) => (dialect === "sqlite" ? Number(on) : on);

const COLUMNS = ["id", "name", "email", "image", "role", "permissions", "email_verified", "banned", "ban_reason", "ban_expires", "created_at"] as const;

/** The stored account of one user, or undefined for an unknown id. */
export function getAccountRow(k: Executor, id: string) {
  return auth(k).selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

/**
 * Every administrator's id and ban, in id order. On PostgreSQL the rows are locked (FOR UPDATE),
 * so two transactions that count the administrators before removing one run one after the other.
 */
export function listAdminsLocked(k: Executor, dialect: Dialect) {
  let q = auth(k).selectFrom("users").select(["id", "banned"]).where("role", "=", "admin").orderBy("id");
  if (dialect === "postgres") q = q.forUpdate();
  return q.execute();
}

/** How many accounts have the admin role. */
export async function countAdminAccounts(k: Executor): Promise<number> {
  const row = await auth(k)
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many customer accounts were opened in [from, to) (ISO instants). */
export async function countCustomersCreated(k: Executor, from: string, to: string): Promise<number> {
  const row = await auth(k)
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "customer")
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The accounts the customer list's filters select (no columns chosen yet). */
function filteredUsers(k: Executor, dialect: Dialect, query: CustomerFilters) {
  let q = auth(k).selectFrom("users");
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb("email", "like", like), eb(eb.fn("lower", ["name"]), "like", like)]));
  }
  if (query.role) q = q.where("role", "=", query.role);
  if (query.verified !== undefined) q = q.where("email_verified", "=", flag(dialect, query.verified));
  if (query.banned === true) q = q.where("banned", "=", flag(dialect, true));
  if (query.banned === false) q = q.where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", flag(dialect, false))]));
  return q;
}

/**
 * The customer list's rows: the accounts the filters select with their orders and money spent
 * (the orders module's columns; none without them) and last sign-in, in the list's order, one
 * page of them or all.
 */
export function listCustomerRows(
  k: Executor,
  dialect: Dialect,
  query: CustomerFilters,
  orderStats: CustomerStatsColumns | undefined,
  page?: { limit: number; offset: number },
) {
  const stats = orderStats?.statsColumns("users.id") ?? { orders: sql<number>`0`, spent: sql<number>`0` };
  const dir = query.dir ?? (query.sort === "name" ? "asc" : "desc");
  let rows = filteredUsers(k, dialect, query).select([...COLUMNS, "last_sign_in_at", stats.orders.as("order_count"), stats.spent.as("total_spent")]);
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
  rows = rows.orderBy("id");
  return (page ? rows.limit(page.limit).offset(page.offset) : rows).execute();
}

/** How many accounts the customer list's filters select. */
export async function countCustomerRows(k: Executor, dialect: Dialect, query: CustomerFilters): Promise<number> {
  const row = await filteredUsers(k, dialect, query)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the account last signed in, as stored (undefined for an unknown id). */
export async function getLastSignInAt(k: Executor, userId: string) {
  const row = await auth(k).selectFrom("users").select("last_sign_in_at").where("id", "=", userId).executeTakeFirst();
  return row?.last_sign_in_at;
}

/** Stamps the account's last sign-in now. */
export async function stampSignIn(k: Executor, userId: string): Promise<void> {
  await auth(k).updateTable("users").set({ last_sign_in_at: nowIso() }).where("id", "=", userId).execute();
}

/** The language an account's mails are written in, or undefined for an unknown id. */
export async function getLanguageOf(k: Executor, userId: string): Promise<string | undefined> {
  return (await auth(k).selectFrom("users").select("language").where("id", "=", userId).executeTakeFirst())?.language;
}

/** Sets the language of an account's mails (when it changes: an unchanged one is not written). */
export async function updateLanguage(k: Executor, userId: string, language: string): Promise<void> {
  await auth(k).updateTable("users").set({ language, updated_at: nowIso() }).where("id", "=", userId).where("language", "<>", language).execute();
}

/** The account's sessions that have not expired, most recently active first (no tokens). */
export function listLiveSessions(k: Executor, userId: string) {
  return auth(k)
    .selectFrom("sessions")
    .select(["id", "created_at", "updated_at", "expires_at", "ip_address", "user_agent"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", nowIso())
    .orderBy("updated_at", "desc")
    .execute();
}

/** One session of the account (its id and device), or undefined when it is not the account's. */
export function getSessionOfUser(k: Executor, userId: string, sessionId: string) {
  return auth(k).selectFrom("sessions").select(["id", "user_agent"]).where("id", "=", sessionId).where("user_id", "=", userId).executeTakeFirst();
}

/** Ends one session. */
export async function deleteSession(k: Executor, sessionId: string): Promise<void> {
  await auth(k).deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Ends every session of the account. */
export async function deleteSessionsOfUser(k: Executor, userId: string): Promise<void> {
  await auth(k).deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Deletes the account with its sessions and sign-in methods. */
export async function deleteAccountRows(k: Executor, userId: string): Promise<void> {
  await deleteSessionsOfUser(k, userId);
  await auth(k).deleteFrom("accounts").where("user_id", "=", userId).execute();
  await auth(k).deleteFrom("users").where("id", "=", userId).execute();
}

/** Stores the account's role and a staff member's permissions (comma list, null for other roles). */
export async function updateRole(k: Executor, userId: string, role: string, permissions: string | null): Promise<void> {
  await auth(k).updateTable("users").set({ role, permissions, updated_at: nowIso() }).where("id", "=", userId).execute();
}

/** Bans the account (with why and until when, both optional), or lifts its ban (null). */
export async function updateBan(k: Executor, dialect: Dialect, userId: string, ban: { reason: string | null; expires: string | null } | null): Promise<void> {
  await auth(k)
    .updateTable("users")
    .set({ banned: flag(dialect, ban !== null), ban_reason: ban?.reason ?? null, ban_expires: ban?.expires ?? null, updated_at: nowIso() })
    .where("id", "=", userId)
    .execute();
}

/** The account's mail switches as stored (1 on, 0 off), or undefined when it never changed them. */
export function getPreferencesRow(k: Executor, userId: string) {
  return k.selectFrom("user_preferences").select(["price_drop_alerts", "cart_reminders"]).where("user_id", "=", userId).executeTakeFirst();
}

/** Stores the account's mail switches whole (both, as they are now). */
export async function savePreferencesRow(k: Executor, userId: string, row: { price_drop_alerts: number; cart_reminders: number }): Promise<void> {
  const updated_at = nowIso();
  await k
    .insertInto("user_preferences")
    .values({ user_id: userId, ...row, updated_at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...row, updated_at }))
    .execute();
}

/** Of these accounts, the ones that switched price-drop mails on and are not banned: their address, name and language. */
export function listPriceDropAccounts(k: Executor, userIds: string[]) {
  return auth(k)
    .selectFrom("users")
    .innerJoin("user_preferences as pref", "pref.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.language", "users.banned"])
    .where("users.id", "in", userIds)
    .where("pref.price_drop_alerts", "=", 1)
    .execute();
}
