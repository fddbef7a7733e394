import type { SessionUser } from "../auth/auth.service";
import type { Role } from "#common/auth/permissions";
import type { AuditActor } from "#modules/audit";
import type { DeleteOptions } from "#modules/users";
import { type OwnDeletionDeps, type OwnDeletionInput, deleteCustomer, deleteOwnAccount } from "./delete-customer";
import { exportCustomer, getCustomer } from "./export-customer";

/** The customer screens' flows, `services.customers`: each spans the account, its orders, cart and wishlist. */
export function createCustomerFlows(deps: OwnDeletionDeps) {
  return {
    /** One customer for the admin's customer page: account, figures, addresses, orders, devices. */
    get: (userId: string) => getCustomer(deps, userId),
    /** Deletes a customer (admin or the customer themself): account, sessions, cart, wishlist and addresses go, orders stay anonymised. */
    delete: (actor: AuditActor & { role: Role }, userId: string, options?: DeleteOptions) => deleteCustomer(deps, actor, userId, options),
    /** A customer deletes their own account (password, or the mailed link for accounts without one). */
    deleteOwnAccount: (user: SessionUser, input: OwnDeletionInput, requestId: string | null) => deleteOwnAccount(deps, user, input, requestId),
    /** Everything the shop holds about a customer, as JSON (GDPR access request); staff exports are audited. */
    export: (userId: string, by?: AuditActor) => exportCustomer(deps, userId, by),
  };
}
