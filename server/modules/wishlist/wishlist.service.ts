import type { Db } from "../../db/database";
import type { WishlistService } from "./wishlist.types";

/** PLACEHOLDER until the wishlist module lands (issue 4). */
export function createWishlistService(_db: Db): WishlistService {
  const todo = async (): Promise<never> => {
    throw new Error("wishlist service not implemented yet");
  };
  return { list: async () => [], productIds: async () => [], toggle: todo, remove: todo };
}
