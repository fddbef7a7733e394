import { slugify } from "#common/slug";
import { placeOrderSchema } from "#common/orders/orders.schema";
import sharp from "sharp";
import { createAccount, signedIn } from "./auth-browser";
import { insertCatalog } from "./catalog-fixture";
import { freshReturn } from "./returns-fixture";
import { orderFor } from "./reviews-fixture";
import type { TestShop } from "./test-shop";

export interface SampleContext {
  shop: TestShop;
}

/** A request that succeeds for anyone allowed to make it: the path (`:id` filled in) and body (JSON, text, or a multipart FormData). */
export interface SampleRequest {
  path?: string;
  body?: unknown;
  contentType?: string;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** A fresh customer account for a request that changes one. */
async function freshUser(ctx: SampleContext) {
  return createAccount(ctx.shop, { email: `${unique("sample")}@example.com`, password: "sample-password" });
}

/** The author of the samples' own set-up writes (a category to change, a banner to delete). */
const SAMPLE_ACTOR = { id: "sample-setup", email: "sample-setup@example.com", requestId: null };

/** A fresh category (top level, no products) through the categories service. */
async function freshCategory(ctx: SampleContext) {
  return ctx.shop.services.categoriesAdmin.createCategory(SAMPLE_ACTOR, { name: unique("Sample category") });
}

/** A fresh banner through the banners service. */
async function freshBanner(ctx: SampleContext) {
  return ctx.shop.services.banners.createBanner(SAMPLE_ACTOR, {
    title: unique("Sample banner"),
    image: "https://images.example.com/banner.jpg",
    alt: "A sample picture",
  });
}

/** A fresh contact message, as the contact form stores it (each from its own address, below the form's limit per IP). */
async function freshMessage(ctx: SampleContext) {
  const message = await ctx.shop.services.messages.createMessage(
    { name: "Sample Sender", email: "sender@example.com", subject: unique("Sample question"), message: "Is this in stock, please?" },
    unique("192.0.2"),
  );
  return { id: message._id };
}

/** A job that failed its last try, as a mail does when its server refuses it for a day. */
const brokenJobs = new WeakSet<TestShop>();
async function freshFailedJob(ctx: SampleContext) {
  const { jobs } = ctx.shop.services;
  if (!brokenJobs.has(ctx.shop)) {
    jobs.register("sample.broken", { maxAttempts: 1, handle: async () => Promise.reject(new Error("the sample's server refused it")) });
    brokenJobs.add(ctx.shop);
  }
  const id = (await jobs.enqueue("sample.broken", {}))!;
  for (let i = 0; i < 200 && (await jobs.get(id)).state !== "failed"; i++) await jobs.runDue();
  return { id };
}

/** A fresh webhook endpoint, switched off so no other test's events go to it (nothing listens on its port). */
async function freshEndpoint(ctx: SampleContext) {
  return ctx.shop.services.webhooks.create(SAMPLE_ACTOR, { url: "http://127.0.0.1:9/sample-hook", events: ["order.created"], active: false });
}

/** A fresh automatic promotion, switched off so no other test's cart gets it. */
async function freshPromotion(ctx: SampleContext) {
  return ctx.shop.services.promotions.create(SAMPLE_ACTOR, { name: unique("Sample promotion"), kind: "free_shipping", active: false });
}

/** A fresh gift card, no recipient. */
async function freshGiftCard(ctx: SampleContext) {
  return ctx.shop.services.giftCards.create(SAMPLE_ACTOR, { amount: 25 });
}

/** A fresh endpoint with one delivery (its test ping). */
async function freshDelivery(ctx: SampleContext) {
  const endpoint = await freshEndpoint(ctx);
  const delivery = await ctx.shop.services.webhooks.test(endpoint.id);
  return { endpoint, delivery };
}

/** A category for the sample products, one per shop (made on first use). */
const productCategories = new WeakMap<TestShop, Promise<string>>();
function productCategory(ctx: SampleContext): Promise<string> {
  let slug = productCategories.get(ctx.shop);
  if (!slug) {
    const name = unique("Sample products");
    slug = insertCatalog(ctx.shop.db, { [name]: [] }, []).then(() => slugify(name));
    productCategories.set(ctx.shop, slug);
  }
  return slug;
}

/** A fresh product (no variants, 3 in stock) through the catalogue's write path. */
async function freshProduct(ctx: SampleContext) {
  const actor = { id: "sample-setup", email: "sample-setup@example.com", requestId: null };
  return ctx.shop.services.catalogAdmin.createProduct(actor, {
    name: unique("Sample product"),
    categorySlug: await productCategory(ctx),
    price: 12.5,
    image: [],
    stock: 3,
  });
}

/**
 * A fresh cash-on-delivery order of one sample product, placed through the checkout's service by a
 * new anonymous shopper (each from its own contact, below the open-orders cap), moved on to `status`
 * along the status table when asked.
 */
export async function freshOrder(ctx: SampleContext, status: "pending" | "processing" | "shipped" | "delivered" = "pending") {
  const product = await freshProduct(ctx);
  const shopper = { userId: null, visitorId: unique("sample-visitor") };
  await ctx.shop.services.cart.addItem(shopper, { productId: product.id, quantity: 1 });
  const email = `${unique("buyer")}@example.com`;
  const input = placeOrderSchema.parse({
    contact: { name: "Sample Buyer", email, phone: "+1 555 0100" },
    address: { line1: "1 Harbour Street", city: "Arlington", region: "VA", postalCode: "22201", country: "US" },
    shippingMethod: "inside-city",
    paymentMethod: "cod",
  });
  const placed = await ctx.shop.services.checkout.placeOrder(shopper, input);
  if (!placed.ok) throw new Error(`the sample order was refused: ${JSON.stringify(placed.problems)}`);
  const path = ["processing", "shipped", "delivered"] as const;
  for (const next of path.slice(0, path.indexOf(status as (typeof path)[number]) + 1)) {
    await ctx.shop.services.orderMoves.transition(placed.order.id, next, "shop", { courier: "dhl", trackingNumber: "SAMPLE-1", staff: SAMPLE_ACTOR });
  }
  return placed.order;
}

/** A fresh review, held for moderation (a link), by a new customer who received a fresh product. */
async function freshReview(ctx: SampleContext) {
  const user = await freshUser(ctx);
  const product = await freshProduct(ctx);
  await orderFor(ctx.shop, user.id, product.id);
  const { review } = await ctx.shop.services.reviews.submit(user, product.slug, { rating: 4, title: "Good", text: "More at www.example.com" });
  return review;
}

/** A small real PNG in a multipart form, as the admin's picture upload sends it. */
async function pictureForm(kind = "product") {
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "sample.png");
  return form;
}

/**
 * One valid request per admin API route ("METHOD /path", as in ADMIN_API_ACCESS), made fresh for
 * each call, so the permission test can expect a 2xx from everyone allowed. A route without an
 * entry here fails that test.
 */
export const ADMIN_SAMPLES: Record<string, (ctx: SampleContext) => Promise<SampleRequest>> = {
  "GET /users": async () => ({ path: "/users?limit=5" }),
  "GET /users/export.csv": async () => ({ path: "/users/export.csv?role=customer&banned=false&sort=spent&dir=desc" }),
  "POST /users/:id/ban": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/ban`, body: { reason: "Spam" } }),
  "POST /users/:id/unban": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/unban` }),
  "PATCH /users/:id/role": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/role`, body: { role: "staff", permissions: ["orders"] } }),
  "GET /users/:id": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}` }),
  "DELETE /users/:id": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}` }),
  "GET /users/:id/export": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/export` }),
  "DELETE /users/:id/sessions/:sessionId": async (ctx) => {
    const email = `${unique("sample")}@example.com`;
    const user = await createAccount(ctx.shop, { email, password: "sample-password" });
    await signedIn(ctx.shop, email, "sample-password");
    const [session] = await ctx.shop.services.users.listSessions(user.id);
    return { path: `/users/${user.id}/sessions/${session.id}` };
  },
  "GET /audit-log": async () => ({ path: "/audit-log?entity=user" }),
  "GET /orders": async () => ({ path: "/orders?status=pending&q=sample&payment=cod&from=2020-01-01&to=2099-12-31&sort=-total&pageSize=10" }),
  "GET /orders/export.csv": async () => ({ path: "/orders/export.csv?status=pending" }),
  "POST /orders/bulk": async (ctx) => ({ body: { ids: [(await freshOrder(ctx)).id], status: "processing" } }),
  "GET /orders/:id": async (ctx) => ({ path: `/orders/${(await freshOrder(ctx)).id}` }),
  "POST /orders/:id/transition": async (ctx) => ({
    path: `/orders/${(await freshOrder(ctx, "processing")).id}/transition`,
    body: { status: "shipped", courier: "ups", trackingNumber: "1Z999AA10123456784" },
  }),
  "POST /orders/:id/notes": async (ctx) => ({
    path: `/orders/${(await freshOrder(ctx)).id}/notes`,
    body: { text: "Gift wrap, please.", visibleToCustomer: false },
  }),
  "GET /products": async () => ({ path: "/products?q=sample&status=active&stock=low&sort=-updated&pageSize=10" }),
  "POST /products": async (ctx) => ({
    body: { name: unique("New product"), categorySlug: await productCategory(ctx), price: 19.99, discount: 10, image: [], stock: 5 },
  }),
  "GET /products/export.csv": async () => ({ path: "/products/export.csv?status=active&stock=in" }),
  "POST /products/bulk": async (ctx) => ({ body: { ids: [(await freshProduct(ctx)).id], action: "status", value: "draft" } }),
  "POST /products/import": async (ctx) => ({
    body: `Handle,Title,Category,Price,Inventory Qty\n${unique("imported")},Imported product,${await productCategory(ctx)},9.99,4\n`,
    contentType: "text/csv",
  }),
  "GET /products/:id": async (ctx) => ({ path: `/products/${(await freshProduct(ctx)).id}` }),
  "PATCH /products/:id": async (ctx) => {
    const product = await freshProduct(ctx);
    return { path: `/products/${product.id}`, body: { version: product.version, price: 15, discount: 20 } };
  },
  "DELETE /products/:id": async (ctx) => ({ path: `/products/${(await freshProduct(ctx)).id}` }),
  "POST /products/:id/duplicate": async (ctx) => ({ path: `/products/${(await freshProduct(ctx)).id}/duplicate` }),
  "GET /categories": async () => ({}),
  "POST /categories": async () => ({ body: { name: unique("New category") } }),
  "POST /categories/reorder": async (ctx) => {
    // A fresh category's own sub-categories, so each call's list is complete whatever other calls made.
    const parent = await freshCategory(ctx);
    const subs = [];
    for (const name of ["First", "Second"])
      subs.push(await ctx.shop.services.categoriesAdmin.createCategory(SAMPLE_ACTOR, { name: unique(name), parentId: parent.id }));
    return { body: { parentId: parent.id, ids: subs.map((c) => c.id).reverse() } };
  },
  "PATCH /categories/:id": async (ctx) => ({ path: `/categories/${(await freshCategory(ctx)).id}`, body: { name: unique("Renamed category"), hidden: true } }),
  "DELETE /categories/:id": async (ctx) => ({ path: `/categories/${(await freshCategory(ctx)).id}` }),
  "GET /banners": async () => ({}),
  "POST /banners": async () => ({
    body: { title: unique("New banner"), image: "https://images.example.com/new.jpg", alt: "A new picture", link: "/product-category" },
  }),
  "PATCH /banners/:id": async (ctx) => ({ path: `/banners/${(await freshBanner(ctx)).id}`, body: { title: unique("Changed banner"), active: false } }),
  "DELETE /banners/:id": async (ctx) => ({ path: `/banners/${(await freshBanner(ctx)).id}` }),
  "GET /contact-messages": async () => ({ path: "/contact-messages?status=new&q=sample&page=1&pageSize=10" }),
  "GET /contact-messages/:id": async (ctx) => ({ path: `/contact-messages/${(await freshMessage(ctx)).id}` }),
  "PATCH /contact-messages/:id": async (ctx) => ({ path: `/contact-messages/${(await freshMessage(ctx)).id}`, body: { status: "archived" } }),
  "DELETE /contact-messages/:id": async (ctx) => ({ path: `/contact-messages/${(await freshMessage(ctx)).id}` }),
  "POST /contact-messages/:id/reply": async (ctx) => ({ path: `/contact-messages/${(await freshMessage(ctx)).id}/reply`, body: { text: "Thank you, it is." } }),
  "GET /analytics": async () => ({ path: "/analytics?from=2026-01-01&to=2026-01-31" }),
  "GET /analytics.csv": async () => ({ path: "/analytics.csv?from=2026-01-01&to=2026-01-31" }),
  "GET /dashboard": async () => ({ path: "/dashboard?period=30d" }),
  "GET /reports/sales": async () => ({ path: "/reports/sales?from=2026-01-01&to=2026-03-31&groupBy=week" }),
  "GET /reports/sales.csv": async () => ({ path: "/reports/sales.csv?from=2026-01-01&to=2026-01-31" }),
  "GET /reports/taxes": async () => ({ path: "/reports/taxes?from=2026-01-01&to=2026-01-31" }),
  "GET /reports/taxes.csv": async () => ({ path: "/reports/taxes.csv?from=2026-01-01&to=2026-01-31" }),
  "GET /reports/cart-reminders": async () => ({ path: "/reports/cart-reminders?from=2026-01-01&to=2026-01-31" }),
  "GET /returns": async () => ({ path: "/returns?status=requested&page=1" }),
  "GET /returns/:id": async (ctx) => ({ path: `/returns/${(await freshReturn(ctx.shop)).ret.id}` }),
  "POST /returns/:id/approve": async (ctx) => ({ path: `/returns/${(await freshReturn(ctx.shop)).ret.id}/approve` }),
  "POST /returns/:id/refuse": async (ctx) => ({ path: `/returns/${(await freshReturn(ctx.shop)).ret.id}/refuse`, body: { reason: "Worn" } }),
  "POST /returns/:id/receive": async (ctx) => ({ path: `/returns/${(await freshReturn(ctx.shop, "approved")).ret.id}/receive` }),
  "POST /orders/:id/refunds": async (ctx) => {
    const { order } = await freshReturn(ctx.shop);
    return { path: `/orders/${order.id}/refunds`, body: { lines: [{ lineId: order.lines[0]!.id, quantity: 1 }], reason: "Returned" } };
  },
  "POST /uploads": async () => ({ body: await pictureForm("product") }),
  "GET /settings": async () => ({}),
  // The settings as they are, with one field changed (the shop's own, so other tests' settings stay).
  "PUT /settings": async (ctx) => ({ body: { ...(await ctx.shop.services.content.getSettings()), tagline: unique("Sample tagline") } }),
  "GET /facebook-pixel": async () => ({}),
  "GET /jobs": async () => ({ path: "/jobs?state=failed&page=1&pageSize=10" }),
  "GET /jobs/:id": async (ctx) => ({ path: `/jobs/${(await freshFailedJob(ctx)).id}` }),
  "POST /jobs/:id/retry": async (ctx) => ({ path: `/jobs/${(await freshFailedJob(ctx)).id}/retry`, body: {} }),
  "DELETE /jobs/:id": async (ctx) => ({ path: `/jobs/${(await freshFailedJob(ctx)).id}` }),
  // A new id each time, kept inactive so no other test's storefront loads the pixel.
  "PUT /facebook-pixel": async () => ({ body: { pixelId: String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999)), status: "inactive" } }),
  "GET /webhooks": async () => ({}),
  "POST /webhooks": async () => ({ body: { url: "http://127.0.0.1:9/sample-hook", events: ["order.created"], active: false } }),
  "GET /webhooks/:id": async (ctx) => ({ path: `/webhooks/${(await freshEndpoint(ctx)).id}` }),
  "PATCH /webhooks/:id": async (ctx) => ({ path: `/webhooks/${(await freshEndpoint(ctx)).id}`, body: { description: unique("Sample endpoint") } }),
  "DELETE /webhooks/:id": async (ctx) => ({ path: `/webhooks/${(await freshEndpoint(ctx)).id}` }),
  "GET /webhooks/:id/deliveries": async (ctx) => ({ path: `/webhooks/${(await freshEndpoint(ctx)).id}/deliveries?status=failed&page=1&pageSize=10` }),
  "GET /webhooks/:id/deliveries/:deliveryId": async (ctx) => {
    const { endpoint, delivery } = await freshDelivery(ctx);
    return { path: `/webhooks/${endpoint.id}/deliveries/${delivery.id}` };
  },
  "POST /webhooks/:id/deliveries/:deliveryId/redeliver": async (ctx) => {
    const { endpoint, delivery } = await freshDelivery(ctx);
    return { path: `/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver` };
  },
  "POST /webhooks/:id/test": async (ctx) => ({ path: `/webhooks/${(await freshEndpoint(ctx)).id}/test` }),
  "GET /promotions": async () => ({}),
  "POST /promotions": async () => ({ body: { name: unique("Sample promotion"), kind: "percentage", value: 10, active: false } }),
  "GET /promotions/:id": async (ctx) => ({ path: `/promotions/${(await freshPromotion(ctx)).id}` }),
  "PATCH /promotions/:id": async (ctx) => ({ path: `/promotions/${(await freshPromotion(ctx)).id}`, body: { name: unique("Renamed promotion") } }),
  "DELETE /promotions/:id": async (ctx) => ({ path: `/promotions/${(await freshPromotion(ctx)).id}` }),
  "GET /gift-cards": async () => ({}),
  "POST /gift-cards": async () => ({ body: { amount: 20 } }),
  "GET /gift-cards/:id": async (ctx) => ({ path: `/gift-cards/${(await freshGiftCard(ctx)).id}` }),
  "PATCH /gift-cards/:id": async (ctx) => ({ path: `/gift-cards/${(await freshGiftCard(ctx)).id}`, body: { active: false } }),
  "GET /reviews": async () => ({ path: "/reviews?status=pending&page=1" }),
  "PATCH /reviews/:id": async (ctx) => ({ path: `/reviews/${(await freshReview(ctx)).id}`, body: { status: "published", reply: "Thank you!" } }),
  "GET /stock-alerts": async () => ({}),
  "GET /stock-alerts/:id": async (ctx) => ({ path: `/stock-alerts/${(await freshProduct(ctx)).id}` }),
};
