import type { Db } from "../../db/database";

/**
 * The orders module's reads and writes for the administration area. For now the figures the admin
 * sidebar shows; the order screens (issue 11) add their lists and moves here.
 */
export function createOrdersAdmin(db: Db) {
  const k = db.kysely;
  return {
    /** How many orders are in each status (one GROUP BY); statuses without orders are absent. */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await k
        .selectFrom("orders")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
        .groupBy("status")
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}

export type OrdersAdmin = ReturnType<typeof createOrdersAdmin>;
