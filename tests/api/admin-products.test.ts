import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../server/modules/audit/audit.service";
import type { AdminProduct, AdminProductList, BulkResult } from "../../server/modules/catalog/catalog.admin";
import type { ProductDetail } from "../../server/modules/catalog/catalog.types";
import type { CartView } from "../../server/modules/cart/cart.types";
import type { Order } from "../../server/modules/orders/orders.types";
import { loader as productPageLoader } from "../../app/routes/product";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { insertCatalog } from "../support/catalog-fixture";
import { checkoutBody, send } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;

beforeAll(async () => {
  shop = await createTestShop();
  await insertCatalog(shop.db, { Clothing: ["Shirts", "Trousers"], Home: ["Kitchen"] }, [
    { name: "Oxford Shirt", price: 4500, category: "Clothing", subCategory: "Shirts", stock: 12 },
    { name: "Chino Trousers", price: 6000, category: "Clothing", subCategory: "Trousers", stock: 3 },
    { name: "Enamel Mug", price: 1200, category: "Home", subCategory: "Kitchen", stock: 0 },
    { name: "Draft Teapot", price: 3000, category: "Home", status: "draft", stock: 40 },
  ]);
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
}, 60_000);
afterAll(async () => {
  await shop?.services.orders.idle();
  await shop?.close();
});

const json = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** A product with a 2 × 2 matrix (colours Navy and Sand, sizes M and L), two pictures with alt texts. */
function jacketBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Field Jacket",
    description: '<p>Waxed <strong>cotton</strong>.</p><script>alert("x")</script><img src=x onerror=alert(1)>',
    brand: "Northway",
    sku: "FJ-100",
    categorySlug: "clothing",
    price: 120,
    discount: 10,
    shippingCost: 4.99,
    image: ["/uploads/products/field-jacket.webp", "/uploads/products/field-jacket-back.webp"],
    imageAlt: ["The jacket from the front", "The jacket from the back"],
    colorImages: { Sand: ["/uploads/products/field-jacket-back.webp"] },
    specifications: [
      { name: "Material", value: "Waxed cotton" },
      { name: "Fit", value: "Regular" },
    ],
    colors: [
      { name: "Navy", hex: "#1F2A44" },
      { name: "Sand", hex: "#c2b280" },
    ],
    sizes: ["M", "L"],
    variants: [
      { color: "Navy", size: "M", additionalPrice: 0, stock: 4, sku: "FJ-NM" },
      { color: "Navy", size: "L", additionalPrice: 5, stock: 2 },
      { color: "Sand", size: "M", additionalPrice: 0, stock: 0 },
      { color: "Sand", size: "L", additionalPrice: 5, stock: 1 },
    ],
    ...overrides,
  };
}

async function create(body: Record<string, unknown>): Promise<AdminProduct> {
  const res = await admin.post("/api/admin/products", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<AdminProduct>(res);
}

async function auditOf(id: string): Promise<AuditEntry[]> {
  return json<AuditEntry[]>(await admin.get(`/api/admin/audit-log?entity=product&entityId=${id}`));
}

async function counts() {
  const n = async (table: "products" | "product_variants" | "audit_log" | "product_slug_redirects") =>
    Number(
      (
        await shop.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { products: await n("products"), variants: await n("product_variants"), audit: await n("audit_log"), redirects: await n("product_slug_redirects") };
}

const publicProduct = async (slug: string) => shop.request(`/api/products/${slug}`);
const searchNames = async (q: string) =>
  (
    (await (await shop.request(`/api/products/search/ser?q=${encodeURIComponent(q)}`)).json()) as {
      data: { products: Array<{ name: string; finalPrice: number }> };
    }
  ).data.products;

describe("duplicating a product", () => {
  it("makes a draft copy with the pictures, prices and matrix, but no SKUs and no units; the original and the storefront are untouched", async () => {
    const original = await create(
      jacketBody({
        name: "Trail Jacket",
        slug: "trail-jacket",
        sku: "TJ-1",
        variants: jacketBody().variants.map((v, i) => ({ ...v, sku: v.sku ? "TJ-NM" : null, stock: i + 3 })),
      }),
    );
    const before = await counts();
    const res = await admin.post(`/api/admin/products/${original.id}/duplicate`, {});
    expect(res.status, await res.clone().text()).toBe(201);
    const copy = await json<AdminProduct>(res);
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      name: "Trail Jacket (copy)",
      slug: "trail-jacket-copy",
      status: "draft",
      sku: null,
      stock: 0,
      price: original.price,
      discount: original.discount,
      shippingCost: original.shippingCost,
      description: original.description,
      image: original.image,
      imageAlt: original.imageAlt,
      colorImages: original.colorImages,
      specifications: original.specifications,
      categorySlug: original.categorySlug,
    });
    expect(copy.variants.map((v) => [v.color, v.size, v.additionalPrice, v.stock, v.sku])).toEqual(
      original.variants.map((v) => [v.color, v.size, v.additionalPrice, 0, null]),
    );
    expect(copy.variants.some((v) => original.variants.some((o) => o.id === v.id))).toBe(false);
    expect(await counts()).toMatchObject({ products: before.products + 1, variants: before.variants + original.variants.length, audit: before.audit + 1 });
    expect((await auditOf(copy.id)).map((e) => e.action)).toEqual(["product.create"]);
    // The original keeps its units and SKUs; the copy is not on the storefront.
    expect(await json<AdminProduct>(await admin.get(`/api/admin/products/${original.id}`))).toMatchObject({
      stock: original.stock,
      sku: "TJ-1",
      version: original.version,
    });
    expect((await publicProduct(copy.slug)).status).toBe(404);

    // A second copy gets its own address.
    const again = await json<AdminProduct>(await admin.post(`/api/admin/products/${original.id}/duplicate`, {}));
    expect(again.slug).toBe("trail-jacket-copy-2");
  });

  it("answers 404 for a product that is not there, storing nothing", async () => {
    const before = await counts();
    expect((await admin.post("/api/admin/products/no-such-product/duplicate", {})).status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe("creating a product", () => {
  it("stores the form's product: slug from the name, sanitised description, variants with stock, listed price; shows on the storefront and in search", async () => {
    const product = await create(jacketBody());
    expect(product).toMatchObject({
      version: 1,
      name: "Field Jacket",
      slug: "field-jacket",
      brand: "Northway",
      sku: "FJ-100",
      categorySlug: "clothing",
      subCategorySlug: null,
      category: { name: "Clothing", slug: "clothing" },
      price: 120,
      discount: 10,
      shippingCost: 4.99,
      status: "active",
      image: ["/uploads/products/field-jacket.webp", "/uploads/products/field-jacket-back.webp"],
      imageAlt: ["The jacket from the front", "The jacket from the back"],
      colorImages: { Sand: ["/uploads/products/field-jacket-back.webp"] },
      colors: [
        { name: "Navy", hex: "#1f2a44" },
        { name: "Sand", hex: "#c2b280" },
      ],
      sizes: ["M", "L"],
      stock: 7,
      // The cheapest variant in stock (Navy / M, 120 − 10 %).
      finalPrice: 108,
      listPrice: 120,
      priceVaries: true,
    });
    expect(product.description).toBe("<p>Waxed <strong>cotton</strong>.</p>");
    expect(product.variants.map((v) => [v.color, v.size, v.additionalPrice, v.stock, v.sku, v.finalPrice])).toEqual([
      ["Navy", "M", 0, 4, "FJ-NM", 108],
      ["Navy", "L", 5, 2, null, 112.5],
      ["Sand", "M", 0, 0, null, 108],
      ["Sand", "L", 5, 1, null, 112.5],
    ]);
    expect(new Set(product.variants.map((v) => v.id)).size).toBe(4);

    const page = await publicProduct("field-jacket");
    expect(page.status).toBe(200);
    const detail = ((await page.json()) as { data: ProductDetail }).data;
    expect(detail).toMatchObject({ name: "Field Jacket", finalPrice: 108, priceVaries: true, stock: 7, inStock: true });
    expect(detail.colorImages).toEqual({ Sand: ["/uploads/products/field-jacket-back.webp"] });
    // Found at once, as typed and with a typo.
    expect((await searchNames("field jacket")).map((p) => p.name)).toContain("Field Jacket");
    expect((await searchNames("feild jaket")).map((p) => p.name)).toContain("Field Jacket");
    const listing = (await (await shop.request("/api/products?category=clothing&pageSize=100")).json()) as { data: Array<{ name: string }> };
    expect(listing.data.map((p) => p.name)).toContain("Field Jacket");
  });

  it("makes a taken slug unique (-2) and refuses a slug another product uses", async () => {
    const again = await create(jacketBody({ variants: [], colors: [], sizes: [], colorImages: {}, stock: 3 }));
    expect(again.slug).toBe("field-jacket-2");
    expect(again.stock).toBe(3);
    const before = await counts();
    const res = await admin.post("/api/admin/products", jacketBody({ slug: "oxford-shirt" }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ slug: "Another product uses this address" });
    expect(await counts()).toEqual(before);
  });

  it("answers bad input with 400 naming each bad field, and stores nothing", async () => {
    const before = await counts();
    const res = await admin.post(
      "/api/admin/products",
      jacketBody({
        name: "x".repeat(10_000),
        price: -5,
        discount: 150,
        categorySlug: "no-such-category",
        variants: [
          { color: "Navy", size: "M", additionalPrice: 0, stock: 1 },
          { color: "Green", size: "M", additionalPrice: 0, stock: 1 },
          { color: "Navy", size: "XXL", additionalPrice: 0, stock: 1 },
          { color: "Navy", size: "M", additionalPrice: 0, stock: 1 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(
      ["categorySlug", "discount", "name", "price", "variants.1.color", "variants.2.size", "variants.3.size"].sort(),
    );
    expect(error.fields).toMatchObject({
      price: "The price cannot be negative",
      discount: "The discount can be at most 100 %",
      categorySlug: "There is no category “no-such-category”",
      "variants.1.color": "“Green” is not one of the colours",
      "variants.2.size": "“XXL” is not one of the sizes",
      "variants.3.size": "Navy / M is listed twice",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a sub-category of another category and a variant without listed colours", async () => {
    const res = await admin.post("/api/admin/products", jacketBody({ subCategorySlug: "home-kitchen", colors: [], colorImages: {} }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toMatchObject({
      subCategorySlug: "“Kitchen” is not a sub-category of “Clothing”",
      "variants.0.color": "Add the colour to the colours first",
    });
  });
});

describe("changing a product", () => {
  it("changes only the fields given, bumps the version, audits before/after, and the storefront and search follow", async () => {
    const product = await create(jacketBody({ name: "Harbour Parka", sku: "HP-1" }));
    expect((await searchNames("harbour parka"))[0]).toMatchObject({ name: "Harbour Parka", finalPrice: 108 });
    const res = await send(admin, "PATCH", `/api/admin/products/${product.id}`, { version: product.version, price: 100, discount: 0 });
    expect(res.status, await res.clone().text()).toBe(200);
    const changed = await json<AdminProduct>(res);
    expect(changed).toMatchObject({ version: 2, price: 100, discount: 0, name: "Harbour Parka", sku: "HP-1", finalPrice: 100, stock: 7 });
    expect(changed.variants.map((v) => v.id)).toEqual(product.variants.map((v) => v.id));

    const detail = ((await (await publicProduct(product.slug)).json()) as { data: ProductDetail }).data;
    expect(detail).toMatchObject({ price: 100, finalPrice: 100 });
    expect((await searchNames("harbour parka"))[0]).toMatchObject({ name: "Harbour Parka", finalPrice: 100 });

    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({
      action: "product.update",
      actor: { email: "admin@example.com" },
      changes: { price: { before: 120, after: 100 }, discount: { before: 10, after: 0 } },
    });
    expect(Object.keys(entry!.changes!).sort()).toEqual(["discount", "price"]);
    expect(entry!.requestId).toBeTruthy();
  });

  it("answers a stale version with 409 and keeps the product as it was", async () => {
    const product = await create(jacketBody({ name: "Storm Anorak" }));
    expect((await send(admin, "PATCH", `/api/admin/products/${product.id}`, { version: product.version, name: "Storm Anorak II" })).status).toBe(200);
    const before = await json<AdminProduct>(await admin.get(`/api/admin/products/${product.id}`));
    const stale = await send(admin, "PATCH", `/api/admin/products/${product.id}`, { version: product.version, name: "Overwritten", price: 1 });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: "conflict", message: expect.stringContaining("Someone else saved this product since you opened it") });
    const after = await json<AdminProduct>(await admin.get(`/api/admin/products/${product.id}`));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ name: "Storm Anorak II", version: 2, price: 120 });
    // A PATCH without a version is refused too.
    const missing = await send(admin, "PATCH", `/api/admin/products/${product.id}`, { name: "No version" });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toHaveProperty("version");
  });

  it("replaces the variant matrix keeping the ids of pairs that stay, sets stock through the inventory and summarises variants in the audit", async () => {
    const product = await create(jacketBody({ name: "Quilted Vest" }));
    const id = (color: string, size: string) => product.variants.find((v) => v.color === color && v.size === size)!.id;
    const res = await send(admin, "PATCH", `/api/admin/products/${product.id}`, {
      version: 1,
      colors: [
        { name: "Navy", hex: "#1f2a44" },
        { name: "Olive", hex: "#556b2f" },
      ],
      sizes: ["M", "L"],
      variants: [
        { color: "navy", size: "L", additionalPrice: 5 }, // stock left out: kept (2)
        { color: "Navy", size: "M", additionalPrice: 0, stock: 9, sku: "FJ-NM" },
        { color: "Olive", size: "M", additionalPrice: 2, stock: 3 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const changed = await json<AdminProduct>(res);
    expect(changed.variants.map((v) => [v.id, v.color, v.size, v.stock])).toEqual([
      [id("Navy", "L"), "Navy", "L", 2],
      [id("Navy", "M"), "Navy", "M", 9],
      [expect.any(String), "Olive", "M", 3],
    ]);
    expect(changed.stock).toBe(14);
    // Sand left with its pictures.
    expect(changed.colorImages).toEqual({});
    const row = await shop.db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(14);
    const [entry] = await auditOf(product.id);
    expect(entry!.changes!.variants).toEqual({
      before: "4 variants",
      after: "3 variants: added Olive / M; removed Sand / M, Sand / L; Navy / M stock 4 → 9",
    });
  });

  it("keeps a renamed product's old address working with a 301 (page and API), and frees it for reuse", async () => {
    const product = await create(jacketBody({ name: "Linen Blazer", variants: [], colors: [], sizes: [], colorImages: {}, stock: 2 }));
    const res = await send(admin, "PATCH", `/api/admin/products/${product.id}`, { version: 1, slug: "linen-summer-blazer" });
    expect(res.status).toBe(200);
    expect((await json<AdminProduct>(res)).oldSlugs).toEqual(["linen-blazer"]);
    const old = await publicProduct("linen-blazer");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/api/products/linen-summer-blazer");
    expect((await publicProduct("linen-summer-blazer")).status).toBe(200);
    const page = await productPageLoader({
      params: { slug: "linen-blazer" },
      request: new Request("http://shop.test/products/linen-blazer"),
      context: { services: shop.services },
    } as never).catch((r: unknown) => r);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(301);
    expect((page as Response).headers.get("location")).toBe("/products/linen-summer-blazer");
    // The sitemap lists the new address only.
    const sitemap = await (await shop.request("/sitemap.xml")).text();
    expect(sitemap).toContain("/products/linen-summer-blazer<");
    expect(sitemap).not.toContain("/products/linen-blazer<");
    // A new product may take the old address on purpose (the redirect goes).
    const taker = await create(jacketBody({ name: "Another Blazer", slug: "linen-blazer", variants: [], colors: [], sizes: [], colorImages: {} }));
    expect(taker.slug).toBe("linen-blazer");
    expect((await publicProduct("linen-blazer")).status).toBe(200);
    expect((await json<AdminProduct>(await admin.get(`/api/admin/products/${product.id}`))).oldSlugs).toEqual([]);
  });
});

describe("withdrawing a product", () => {
  it("archived: 404 on the storefront, out of search, the sitemap and listings; carts and wishlists lose it with a message shown once", async () => {
    const product = await create(jacketBody({ name: "Canvas Tote", variants: [], colors: [], sizes: [], colorImages: {}, stock: 5 }));
    const other = await create(jacketBody({ name: "Canvas Cap", variants: [], colors: [], sizes: [], colorImages: {}, stock: 5 }));
    const shopper = browser(shop);
    expect((await shopper.post("/api/cart/items", { productId: product.id, quantity: 2 })).status).toBe(201);
    expect((await shopper.post("/api/cart/items", { productId: other.id })).status).toBe(201);
    expect((await shopper.post("/api/wishlist/toggle", { productId: product.id })).status).toBe(200);
    expect((await searchNames("canvas tote")).map((p) => p.name)).toContain("Canvas Tote");

    const res = await send(admin, "PATCH", `/api/admin/products/${product.id}`, { version: 1, status: "archived" });
    expect(res.status).toBe(200);
    expect((await publicProduct(product.slug)).status).toBe(404);
    const page = await productPageLoader({
      params: { slug: product.slug },
      request: new Request(`http://shop.test/products/${product.slug}`),
      context: { services: shop.services },
    } as never).catch((r: unknown) => r);
    expect((page as { init?: { status?: number } }).init?.status).toBe(404);
    expect((await searchNames("canvas tote")).map((p) => p.name)).not.toContain("Canvas Tote");
    expect(await (await shop.request("/sitemap.xml")).text()).not.toContain(`/products/${product.slug}<`);
    const listing = (await (await shop.request("/api/products?category=clothing&pageSize=100")).json()) as { data: Array<{ name: string }> };
    expect(listing.data.map((p) => p.name)).not.toContain("Canvas Tote");

    const cart = await json<CartView>(await shopper.get("/api/cart"));
    expect(cart.lines.map((l) => l.name)).toEqual(["Canvas Cap"]);
    expect(cart.notices).toEqual(["“Canvas Tote” is no longer available and was removed from your cart."]);
    expect((await json<CartView>(await shopper.get("/api/cart"))).notices).toEqual([]);
    const wishlist = (await (await shopper.get("/api/wishlist")).json()) as { data: unknown[]; notices: string[] };
    expect(wishlist.data).toEqual([]);
    expect(wishlist.notices).toEqual(["“Canvas Tote” is no longer available and was removed from your wishlist."]);
    expect(((await (await shopper.get("/api/wishlist")).json()) as { notices: string[] }).notices).toEqual([]);
  });

  it("deleted: 204, gone everywhere, the cart is told, and orders keep their copy of the line", async () => {
    const product = await create(jacketBody({ name: "Wool Scarf", variants: [], colors: [], sizes: [], colorImages: {}, stock: 20 }));
    const buyer = browser(shop);
    expect((await buyer.post("/api/cart/items", { productId: product.id })).status).toBe(201);
    const placed = await buyer.post("/api/orders", checkoutBody());
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = (await json<{ order: Order }>(placed)).order;
    const holder = browser(shop);
    expect((await holder.post("/api/cart/items", { productId: product.id })).status).toBe(201);

    const res = await send(admin, "DELETE", `/api/admin/products/${product.id}`);
    expect(res.status).toBe(204);
    expect((await admin.get(`/api/admin/products/${product.id}`)).status).toBe(404);
    expect((await publicProduct(product.slug)).status).toBe(404);
    expect((await send(admin, "DELETE", `/api/admin/products/${product.id}`)).status).toBe(404);
    const cart = await json<CartView>(await holder.get("/api/cart"));
    expect(cart.lines).toEqual([]);
    expect(cart.notices).toEqual(["“Wool Scarf” is no longer available and was removed from your cart."]);
    const kept = await json<Order>(await buyer.get(`/api/orders/${order.id}`));
    expect(kept.lines.map((l) => [l.name, l.quantity])).toEqual([["Wool Scarf", 1]]);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: "product.delete", changes: { name: { before: "Wool Scarf", after: null }, price: { before: 120, after: null } } });
  });
});

describe("bulk actions", () => {
  it("sets status, discount and category for the selected products, one audit entry each, and reports ids that are gone", async () => {
    const a = await create(jacketBody({ name: "Bulk Alpha", variants: [], colors: [], sizes: [], colorImages: {}, stock: 1 }));
    const b = await create(jacketBody({ name: "Bulk Beta", variants: [], colors: [], sizes: [], colorImages: {}, stock: 1 }));
    const bulk = async (body: unknown) => {
      const res = await admin.post("/api/admin/products/bulk", body);
      expect(res.status, await res.clone().text()).toBe(200);
      return json<BulkResult>(res);
    };
    expect(await bulk({ ids: [a.id, b.id, "gone-id"], action: "discount", value: 25 })).toEqual({
      action: "discount",
      changed: 2,
      unchanged: 0,
      notFound: ["gone-id"],
    });
    expect(((await (await publicProduct(a.slug)).json()) as { data: ProductDetail }).data.finalPrice).toBe(90);
    expect(await bulk({ ids: [a.id, b.id], action: "category", value: { category: "home", subCategory: "home-kitchen" } })).toMatchObject({ changed: 2 });
    expect(await bulk({ ids: [a.id, b.id], action: "status", value: "draft" })).toMatchObject({ changed: 2 });
    expect(await bulk({ ids: [a.id], action: "status", value: "draft" })).toMatchObject({ changed: 0, unchanged: 1 });
    const after = await json<AdminProduct>(await admin.get(`/api/admin/products/${a.id}`));
    expect(after).toMatchObject({ status: "draft", discount: 25, categorySlug: "home", subCategorySlug: "home-kitchen", version: 4 });
    const entries = await auditOf(a.id);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ["product.update", { status: { before: "active", after: "draft" } }],
      ["product.update", { category: { before: "clothing", after: "home" }, subCategory: { before: null, after: "home-kitchen" } }],
      ["product.update", { discount: { before: 10, after: 25 } }],
      ["product.create", expect.objectContaining({ name: { before: null, after: "Bulk Alpha" } })],
    ]);
    const bad = await admin.post("/api/admin/products/bulk", { ids: [a.id], action: "discount", value: 101 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ value: "The discount is a whole number from 0 to 100" });
    const deleted = await bulk({ ids: [a.id, b.id], action: "delete" });
    expect(deleted).toMatchObject({ action: "delete", changed: 2 });
    expect((await admin.get(`/api/admin/products/${b.id}`)).status).toBe(404);
  });
});

describe("the admin list", () => {
  const list = async (query: string) => {
    const res = await admin.get(`/api/admin/products?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AdminProductList;
  };

  it("lists every status with thumbnail, category, prices, stock level and meta", async () => {
    const all = await list("pageSize=200");
    expect(all.meta).toMatchObject({ page: 1, pageSize: 200 });
    expect(all.meta.total).toBe(all.data.length);
    const teapot = all.data.find((p) => p.name === "Draft Teapot")!;
    expect(teapot).toMatchObject({
      status: "draft",
      category: "Home",
      categorySlug: "home",
      price: 30,
      finalPrice: 30,
      stock: 40,
      stockLevel: "in",
      variantCount: 0,
    });
    expect(teapot.thumbnail).toBe("/uploads/products/draft-teapot-320.webp");
    expect(all.data.find((p) => p.name === "Chino Trousers")).toMatchObject({
      stockLevel: "low",
      subCategory: "Trousers",
      subCategorySlug: "clothing-trousers",
    });
    expect(all.data.find((p) => p.name === "Enamel Mug")).toMatchObject({ stockLevel: "out" });
    // Newest change first by default.
    const times = all.data.map((p) => p.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("searches with typos through the shop's search, and finds drafts and SKUs as typed", async () => {
    expect((await list("q=oxfrod%20shirt")).data.map((p) => p.name)).toContain("Oxford Shirt");
    expect((await list("q=teapot")).data.map((p) => p.name)).toEqual(["Draft Teapot"]);
    expect((await list("q=sku-chino-trousers")).data.map((p) => p.name)).toEqual(["Chino Trousers"]);
    // Drafts (not in the shop's search index) are found by part of their name, SKU or slug.
    expect((await list("q=SKU-draft-tea")).data.map((p) => p.name)).toEqual(["Draft Teapot"]);
    // A variant's SKU as typed comes first, before the search's hits for its parts.
    const bySku = (await list("q=FJ-NM")).data;
    expect(bySku.length).toBeGreaterThan(0);
    expect(bySku[0]!.sku).toBe("FJ-100");
  });

  it("filters by category, sub-category, status and stock level, sorts, and pages", async () => {
    expect((await list("category=home&pageSize=200")).data.every((p) => p.categorySlug === "home")).toBe(true);
    expect((await list("subCategory=clothing-shirts")).data.map((p) => p.name)).toEqual(["Oxford Shirt"]);
    expect((await list("category=clothing-trousers")).data.map((p) => p.name)).toEqual(["Chino Trousers"]);
    expect((await list("status=draft&pageSize=200")).data.every((p) => p.status === "draft")).toBe(true);
    expect((await list("stock=out&pageSize=200")).data.every((p) => p.stock === 0)).toBe(true);
    expect((await list("stock=low&pageSize=200")).data.every((p) => p.stock >= 1 && p.stock <= 5)).toBe(true);
    const byPrice = (await list("sort=price&pageSize=200")).data.map((p) => p.price);
    expect(byPrice).toEqual([...byPrice].sort((x, y) => x - y));
    const byStock = (await list("sort=-stock&pageSize=200")).data.map((p) => p.stock);
    expect(byStock).toEqual([...byStock].sort((x, y) => y - x));
    const first = await list("sort=name&pageSize=2&page=1");
    const second = await list("sort=name&pageSize=2&page=2");
    expect(first.data).toHaveLength(2);
    expect(second.meta).toMatchObject({ page: 2, pageSize: 2, total: first.meta.total });
    expect(second.data[0]!.name >= first.data[1]!.name).toBe(true);
    expect((await admin.get("/api/admin/products?pageSize=500")).status).toBe(400);
    expect((await admin.get("/api/admin/products?status=gone")).status).toBe(400);
  });
});

describe("the database", () => {
  it("keeps the listed price right for every product the admin wrote", async () => {
    const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE final_price = 0 AND price > 0`.execute(shop.db.kysely);
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});
