import { placeOrderSchema } from "#common/orders/orders.schema";
import { markDelivered } from "./returns-fixture";
import type { TestShop } from "./test-shop";

let counter = 0;

/**
 * An order of one unit of a product placed by an account through the checkout's service (cash on
 * delivery, its own contact address), marked delivered: the account is then a buyer who may review
 * it. `status` "pending" leaves the order undelivered.
 */
export async function orderFor(shop: TestShop, userId: string, productId: string, status: "pending" | "delivered" = "delivered") {
  const shopper = { userId, visitorId: null };
  await shop.services.cart.addItem(shopper, { productId, quantity: 1 });
  counter += 1;
  const input = placeOrderSchema.parse({
    contact: { name: "Review Buyer", email: `buyer-${Date.now().toString(36)}-${counter}@example.com`, phone: "+1 555 0100" },
    address: { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
    shippingMethod: "inside-city",
    paymentMethod: "cod",
  });
  const placed = await shop.services.checkout.placeOrder(shopper, input);
  if (!placed.ok) throw new Error(`the order was refused: ${JSON.stringify(placed.problems)}`);
  if (status === "delivered") await markDelivered(shop, placed.order.id);
  return placed.order;
}
