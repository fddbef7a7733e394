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
};
