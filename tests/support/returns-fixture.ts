import { nowIso } from "../../server/db/database";
import { newId } from "../../server/lib/ids";
import type { Order } from "../../server/modules/orders/orders.types";
import type { TestBrowser } from "./auth-browser";
import { checkoutBody } from "./shop-fixture";
import type { TestShop } from "./test-shop";

/** Places an order from the browser's cart (cash on delivery unless the body says card); fails the test otherwise. */
export async function placeOrder(
  b: TestBrowser,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ order: Order; guestToken: string; payment: { clientSecret: string } | null }> {
  const res = await b.request("/api/orders", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(checkoutBody(body)),
  });
  if (res.status !== 201) throw new Error(`placing the order answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { order: Order; guestToken: string; payment: { clientSecret: string } | null } }).data;
}

/**
 * Marks an order delivered `daysAgo` days ago, as the order desk's moves would leave it (a
 * cash-on-delivery order is paid on delivery): the status, the payment and the timeline's event.
 */
export async function markDelivered(shop: TestShop, orderId: string, daysAgo = 0): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  const k = shop.db.kysely;
  const o = await k.selectFrom("orders").select(["payment_method", "payment_status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  const paid = o.payment_method === "cod" ? { payment_status: "paid" } : {};
  await k
    .updateTable("orders")
    .set({ status: "delivered", updated_at: at, ...paid })
    .where("id", "=", orderId)
    .execute();
  await k.insertInto("order_events").values({ id: newId(), order_id: orderId, status: "delivered", actor: "shop", note: null, created_at: at }).execute();
}

/** A delivered cash-on-delivery order of a product made for it (3 in stock, 2 bought) and a return of one unit asked for; the return moved on to `status`. */
export async function freshReturn(shop: TestShop, status: "requested" | "approved" = "requested") {
  const actor = { id: "sample-setup", email: "sample-setup@example.com", requestId: null };
  const k = shop.db.kysely;
  const category = await k.selectFrom("categories").select("slug").where("parent_id", "is", null).executeTakeFirst();
  const slug = category?.slug ?? (await shop.services.categoriesAdmin.createCategory(actor, { name: `Returns ${newId()}` })).slug;
  const product = await shop.services.catalogAdmin.createProduct(actor, {
    name: `Returnable ${newId()}`,
    categorySlug: slug,
    price: 12.5,
    image: [],
    stock: 3,
  });
  const { browser } = await import("./auth-browser");
  const b = browser(shop);
  const add = await b.post("/api/cart/items", { productId: product.id, quantity: 2 });
  if (add.status !== 201) throw new Error(`add to cart answered ${add.status}: ${await add.text()}`);
  const { order } = await placeOrder(b);
  await markDelivered(shop, order.id);
  const ret = await shop.services.orderReturns.request(
    order.id,
    { shopper: { userId: null, visitorId: null }, forShop: true },
    { lines: [{ lineId: order.lines[0]!.id, quantity: 1 }], reason: "Too small" },
  );
  if (status === "approved") await shop.services.orderReturns.approve(ret.id, actor);
  return { order, ret, productId: product.id, createdAt: nowIso() };
}
