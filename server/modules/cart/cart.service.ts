import type { Db } from "../../db/database";
import type { CartService } from "./cart.types";

/** PLACEHOLDER until the cart module lands (issue 4). */
export function createCartService(_db: Db): CartService {
  const todo = async (): Promise<never> => {
    throw new Error("cart service not implemented yet");
  };
  return { getCart: todo, addItem: todo, updateQuantity: todo, removeLine: todo, countItems: async () => 0 };
}
