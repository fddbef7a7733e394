import type { ColumnType } from "kysely";
import type { Timestamp } from "./schema";

/** SQLite stores booleans as 0/1, PostgreSQL as boolean. */
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

/** The tables of migration 0003-auth, as better-auth writes them (see the field mapping in auth.ts). */
export type AuthTables = {
  users: {
    id: string;
    name: string;
    email: string;
    email_verified: Bool;
    image: string | null;
    role: string | null;
    /** Comma list of a staff member's permissions (migration 0009; common/auth/permissions.ts). */
    permissions: string | null;
    banned: Bool | null;
    ban_reason: string | null;
    ban_expires: Timestamp | null;
    /** When the account last started a session (migration 0015). */
    last_sign_in_at: Timestamp | null;
    /** The language the account's mails are written in (migration 0024): the page's at sign-up, then the last order's or the profile's. */
    language: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  sessions: {
    id: string;
    token: string;
    user_id: string;
    expires_at: Timestamp;
    ip_address: string | null;
    user_agent: string | null;
    impersonated_by: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  accounts: {
    id: string;
    user_id: string;
    provider_id: string;
    account_id: string;
    password: string | null;
    access_token: string | null;
    refresh_token: string | null;
    id_token: string | null;
    access_token_expires_at: Timestamp | null;
    refresh_token_expires_at: Timestamp | null;
    scope: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  verifications: {
    id: string;
    identifier: string;
    value: string;
    expires_at: Timestamp;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  rate_limits: {
    key: string;
    count: number;
    window_start: ColumnType<number, number, number>;
  };
};
