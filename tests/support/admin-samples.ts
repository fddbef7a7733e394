import { createAccount } from "./auth-browser";
import type { TestShop } from "./test-shop";

export interface SampleContext {
  shop: TestShop;
}

/** A request that succeeds for anyone allowed to make it: the path (`:id` filled in) and body. */
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

/** A fresh banner through the banners service. */
async function freshBanner(ctx: SampleContext) {
  return ctx.shop.services.banners.createBanner(SAMPLE_ACTOR, { title: unique("Sample banner"), image: "https://images.example.com/banner.jpg", alt: "A sample picture" });
}

/**
 * One valid request per admin API route ("METHOD /path", as in ADMIN_API_ACCESS), made fresh for
 * each call, so the permission test can expect a 2xx from everyone allowed. A route without an
 * entry here fails that test.
 */
export const ADMIN_SAMPLES: Record<string, (ctx: SampleContext) => Promise<SampleRequest>> = {
  "GET /users": async () => ({ path: "/users?limit=5" }),
  "POST /users/:id/ban": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/ban`, body: { reason: "Spam" } }),
  "POST /users/:id/unban": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/unban` }),
  "PATCH /users/:id/role": async (ctx) => ({ path: `/users/${(await freshUser(ctx)).id}/role`, body: { role: "staff", permissions: ["orders"] } }),
  "GET /audit-log": async () => ({ path: "/audit-log?entity=user" }),
  "GET /banners": async () => ({}),
  "POST /banners": async () => ({ body: { title: unique("New banner"), image: "https://images.example.com/new.jpg", alt: "A new picture", link: "/product-category" } }),
  "PATCH /banners/:id": async (ctx) => ({ path: `/banners/${(await freshBanner(ctx)).id}`, body: { title: unique("Changed banner"), active: false } }),
  "DELETE /banners/:id": async (ctx) => ({ path: `/banners/${(await freshBanner(ctx)).id}` }),
};
