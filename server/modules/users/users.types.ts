import type { RawBuilder } from "kysely";
import type { Role } from "#common/auth/permissions";
import type { UserSort } from "#common/users/user-sorts";

// The types the users service and its repo share, below both so each imports one way.

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

/** The orders module's figures per account, as the users list shows and sorts them (minor units). */
export interface CustomerStatsColumns {
  statsColumns(userIdColumn: string): { orders: RawBuilder<number>; spent: RawBuilder<number> };
}
