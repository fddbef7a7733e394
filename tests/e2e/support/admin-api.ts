import { type APIRequestContext, type Page, expect, request as playwrightRequest } from "@playwright/test";
import { BASE_URL, E2E_ADMIN } from "./ports";

/** The Origin the shop's auth and admin API ask of a write. */
export const headers = { origin: BASE_URL };

/** Signs this page's browser in through the API (its cookies are the page's). */
export async function signInPage(page: Page, email: string = E2E_ADMIN.email, password: string = E2E_ADMIN.password) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** An API client signed in as the administrator (its own cookie jar). */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await api.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** The `data` of an admin API answer, once its status is the one expected. */
export async function apiJson<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

/**
 * Deletes what a spec made once its tests are over, whatever happened in them: call it at the
 * spec's top level with its `test`, and push a deletion (given the administrator's API client)
 * for each thing made; they run newest first.
 */
export function cleanUpAfterAll(test: { afterAll(run: () => Promise<void>): void }): Array<(api: APIRequestContext) => Promise<unknown>> {
  const cleanups: Array<(api: APIRequestContext) => Promise<unknown>> = [];
  test.afterAll(async () => {
    if (!cleanups.length) return;
    const api = await adminApi();
    for (const clean of cleanups.splice(0).reverse()) await clean(api).catch(() => {});
    await api.dispose();
  });
  return cleanups;
}
