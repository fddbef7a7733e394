import type { Db } from "../../db/database";
import type { OrdersService } from "./orders.types";

/** PLACEHOLDER until the orders module and its flows land (issue 4). */
export function createOrdersService(_db: Db): OrdersService {
  const todo = async (): Promise<never> => {
    throw new Error("orders service not implemented yet");
  };
  return { quote: todo, placeOrder: todo, listForShopper: async () => [], getOrder: todo, cancelOrder: todo, transition: todo, listAddresses: async () => [], recordCardPayment: todo };
}
