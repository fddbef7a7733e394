import { placeOrderSchema } from "#common/orders/orders.schema";
import type { TestShop } from "./test-shop";

/**
 * A guest's cash-on-delivery order of `items`, placed through the order flow and then dated `at`
 * (UTC), for tests of figures per day; `card`: made a card order with that payment status.
 */
export async function placeOrderAt(
  shop: TestShop,
  key: string,
  at: string,
  items: Array<{ productId: string; quantity: number }>,
  card?: "paid" | "pending" | "failed",
) {
  const shopper = { userId: null, visitorId: `dated-${key}` };
  for (const item of items) await shop.services.cart.addItem(shopper, item);
  const input = placeOrderSchema.parse({
    contact: { name: `Buyer ${key}`, email: `${key}@example.com`, phone: "+1 555 0100" },
    address: { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
    shippingMethod: "inside-city",
    paymentMethod: "cod",
  });
  const result = await shop.services.checkout.placeOrder(shopper, input);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  const k = shop.db.kysely;
  await k.updateTable("orders").set({ created_at: at }).where("id", "=", result.order.id).execute();
  if (card) await k.updateTable("orders").set({ payment_method: "card", payment_status: card }).where("id", "=", result.order.id).execute();
  return result.order;
}
