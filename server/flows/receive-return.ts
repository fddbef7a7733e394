import type { Db } from "../db/database";
import type { Epoch } from "../lib/cache";
import type { Inventory } from "#modules/inventory";
import type { StepActor } from "#modules/orders";
import type { OrderReturn, OrderReturns } from "#modules/orders";

/** What receiving a return works with; the inventory gives the units back. */
export interface ReturnFlowDeps {
  db: Db;
  returns: OrderReturns;
  epoch: Epoch;
  inventory: Pick<Inventory, "returnStock">;
}

/**
 * Marks an approved return received and puts its units back on sale per line and variant, in one
 * transaction: the orders module moves the return only from "approved" (a conditional update), so
 * of two operators clicking at once one receives it and the other gets a conflict, and the stock
 * comes back exactly once. Then the customer is mailed.
 */
export async function receiveReturn(deps: ReturnFlowDeps, returnId: string, actor: StepActor): Promise<OrderReturn> {
  const { ret, flipped } = await deps.db.kysely.transaction().execute(async (trx) => {
    const { ret, units } = await deps.returns.markReceived(trx, returnId, actor);
    const change = await deps.inventory.returnStock(trx, units);
    return { ret, flipped: change.flipped };
  });
  if (flipped.length) deps.epoch.bump();
  deps.returns.mailReceived(ret);
  return deps.returns.get(returnId);
}

/** The return steps that span modules, `services.returns`; the orders module's own steps are `services.orderReturns`. */
export function createReturnFlows(deps: ReturnFlowDeps) {
  return {
    /** Marks an approved return received and puts its units back on sale (once). */
    receive: (returnId: string, actor: StepActor) => receiveReturn(deps, returnId, actor),
  };
}

export type ReturnFlows = ReturnType<typeof createReturnFlows>;
