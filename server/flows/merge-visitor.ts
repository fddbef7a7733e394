import type { Db } from "../db/database";

/** PLACEHOLDER: moves an anonymous browser's cart and wishlist into the account it signed in to (issue 4). */
export async function mergeVisitorIntoUser(_db: Db, _visitorId: string, _userId: string): Promise<void> {}
