import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
        parameters?: Array<{ name: string; in: string }>;
        "x-permission"?: string;
      }
    >
  >;
};

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.app.request("http://shop.test/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => shop?.close());

/** `/api/products/:slug` as OpenAPI writes it: `/api/products/{slug}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document describing every mounted route of our API", () => {
    expect(doc.openapi).toBe("3.1.0");
    const mounted = shop.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.endsWith("*"));
    expect(mounted.length).toBeGreaterThan(30);
    const missing = mounted.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it("describes better-auth's endpoints under /api/auth, from better-auth's own generator", async () => {
    expect(doc.paths["/api/auth/sign-in/email"]?.post).toBeDefined();
    expect(doc.paths["/api/auth/sign-up/email"]?.post).toBeDefined();
    // The admin plugin's endpoints are switched off over HTTP; the document must not offer them.
    const offered = Object.keys(doc.paths).filter((p) => p.startsWith("/api/auth/admin/"));
    expect((await shop.app.request("http://shop.test/api/auth/admin/list-users")).status).toBe(404);
    expect(offered).toEqual([]);
  });

  it("generates request schemas from the zod schemas the routes validate with", () => {
    const addToCart = doc.paths["/api/cart/items"]!.post!.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, { maximum?: number }>;
      required: string[];
    };
    expect(addToCart.required).toContain("productId");
    expect(addToCart.properties.quantity?.maximum).toBe(999);
    const role = doc.paths["/api/admin/users/{id}/role"]!.patch!;
    expect(role["x-permission"]).toBe("admin");
    expect(JSON.stringify(role.requestBody)).toContain("staff");
    const search = doc.paths["/api/products/search/ser"]!.get!;
    expect(search.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(["q", "limit"]));
  });
});
