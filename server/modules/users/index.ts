// The users module's public face: what the rest of the server may use of it. Every other file of
// this folder is private to the module (server/modules/boundaries.test.ts holds the rule).
// Accounts as the shop sees them: the customer list, roles, permissions, bans and sessions.
export {
  type AccountSession,
  createUsersService,
  type CustomerListRow,
  type DeleteOptions,
  type SessionUser,
  toSessionUser,
  type UserAccount,
  type UserRecord,
  type UsersService,
} from "./users.service";
export type { CustomerFilters } from "./users.types";
