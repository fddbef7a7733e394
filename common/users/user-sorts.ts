/** What the customer list sorts by. */
export const USER_SORTS = ["joined", "name", "orders", "spent", "lastSignIn"] as const;
export type UserSort = (typeof USER_SORTS)[number];
