import type { Db } from "../../server/db/database";
import { insertCatalog } from "./catalog-fixture";
import { type TestBrowser, browser } from "./auth-browser";
import type { TestShop } from "./test-shop";

/**
 * A small shop for cart, wishlist and order tests (prices in minor units, every product ships at
 * 4.99 a unit on top of the zone rate):
 * - Linen Shirt 40.00, 10 % off, colours and sizes: Blue/M (+5.00, 3 left), Blue/L (5 left), Red/M (sold out)
 * - Cap 15.00, colours only: Black (4 left), White (2 left)
 * - Mug 10.00, no variants, 5 left
 * - Old Lamp, a draft (not for sale)
 */
export async function insertShoppingCatalog(db: Db) {
  const { productIds } = await insertCatalog(db, { Clothing: ["Shirts"], Home: [] }, [
    {
      name: "Linen Shirt",
      price: 4000,
      discount: 10,
      category: "Clothing",
      subCategory: "Shirts",
      variants: [
        { color: "Blue", size: "M", additional: 500, stock: 3 },
        { color: "Blue", size: "L", stock: 5 },
        { color: "Red", size: "M", stock: 0 },
      ],
    },
    {
      name: "Cap",
      price: 1500,
      category: "Clothing",
      variants: [
        { color: "Black", stock: 4 },
        { color: "White", stock: 2 },
      ],
    },
    { name: "Mug", price: 1000, category: "Home" },
    { name: "Old Lamp", price: 2500, category: "Home", status: "draft" },
  ]);
  const id = (name: string) => productIds.get(name)!;
  return { shirt: id("Linen Shirt"), cap: id("Cap"), mug: id("Mug"), lamp: id("Old Lamp") };
}

export type ShoppingCatalog = Awaited<ReturnType<typeof insertShoppingCatalog>>;

/** Sets a product's stock (for a product without variants). */
export async function setStock(db: Db, productId: string, stock: number): Promise<void> {
  await db.kysely.updateTable("products").set({ stock }).where("id", "=", productId).execute();
}

/** A product's stock and each variant's, keyed "Colour/Size". */
export async function stockOf(db: Db, productId: string): Promise<{ product: number; variants: Record<string, number> }> {
  const p = await db.kysely.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirstOrThrow();
  const vs = await db.kysely.selectFrom("product_variants").select(["color", "size", "stock"]).where("product_id", "=", productId).execute();
  return { product: p.stock, variants: Object.fromEntries(vs.map((v) => [[v.color, v.size].filter(Boolean).join("/"), v.stock])) };
}

/** Counts the rows of the order tables (to show that nothing was stored). */
export async function orderRowCounts(db: Db) {
  const count = async (table: "orders" | "order_lines" | "order_events") =>
    Number(
      (
        await db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await count("orders"), lines: await count("order_lines"), events: await count("order_events") };
}

/** A JSON request with a method other than GET/POST. */
export function send(b: TestBrowser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return b.request(path, { method, headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A fresh anonymous browser that has put these items in its cart (fails the test otherwise). */
export async function browserWithCart(shop: TestShop, items: Array<{ productId: string; quantity?: number; color?: string; size?: string }>) {
  const b = browser(shop);
  for (const item of items) {
    const res = await b.post("/api/cart/items", item);
    if (res.status !== 201) throw new Error(`add to cart answered ${res.status}: ${await res.text()}`);
  }
  return b;
}

/** A valid checkout body (cash on delivery). */
export function checkoutBody(overrides: Record<string, unknown> = {}) {
  return {
    contact: { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100" },
    address: { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
    shippingMethod: "inside-city",
    paymentMethod: "cod",
    notes: "Leave it at the door",
    ...overrides,
  };
}
