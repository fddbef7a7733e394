import type { AuthTables } from "../../auth/auth.tables";
import type { Db } from "../../db/database";
import { toIso } from "../../db/database";

/** A customer's account as the accounts tables hold it. */
export interface UserAccount {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: "customer" | "admin";
  emailVerified: boolean;
  banned: boolean;
  createdAt: string;
}

/**
 * The shop's own record of a customer: what GET /api/auth/user/{uid} answers (the spec's
 * "Database object"). The auth service adds the orders module's count to the account.
 */
export interface UserRecord extends UserAccount {
  orders: { count: number };
}

/** Reads customer records from the accounts tables (written by better-auth) for the shop's own API. */
export function createUsersService(db: Db) {
  const k = db.kysely.withTables<AuthTables>();
  return {
    /** The account of one user, or null for an unknown id. */
    async getUser(id: string): Promise<UserAccount | null> {
      const row = await k
        .selectFrom("users")
        .select(["id", "name", "email", "image", "role", "email_verified", "banned", "created_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        image: row.image,
        role: row.role === "admin" ? "admin" : "customer",
        emailVerified: Boolean(row.email_verified),
        banned: Boolean(row.banned),
        createdAt: toIso(row.created_at)!,
      };
    },

    /** How many users have the admin role (the start-up uses it to decide on a demo admin). */
    async countAdmins(): Promise<number> {
      const row = await k.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("role", "=", "admin").executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
