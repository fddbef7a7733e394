import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as listingLoader } from "../../app/routes/product-category";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { insertCatalog } from "../support/catalog-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let ids: Awaited<ReturnType<typeof insertCatalog>>;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  ids = await insertCatalog(shop.db, { Shoes: ["Sneakers", "Boots"], Bags: ["Totes"], Hats: [], Garden: [] }, [
    { name: "Trail Runner", price: 8900, category: "Shoes", subCategory: "Sneakers" },
    { name: "Chelsea Boot", price: 12900, category: "Shoes", subCategory: "Boots" },
    { name: "Plain Loafer", price: 7900, category: "Shoes" },
    { name: "Draft Sandal", price: 3900, category: "Shoes", status: "draft" },
    { name: "Canvas Tote", price: 2900, category: "Bags", subCategory: "Totes" },
    { name: "Sun Hat", price: 1900, category: "Hats" },
  ]);
});
afterAll(() => shop?.close());

const send = (method: string, path: string, body?: unknown) =>
  admin.request(`/api/admin${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

type Node = {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  sortOrder: number;
  hidden: boolean;
  productCount: number;
  activeProductCount: number;
  oldSlugs: string[];
  version: number;
  subCategories: Node[];
};

async function tree(): Promise<Node[]> {
  const res = await admin.get("/api/admin/categories");
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

const find = (nodes: Node[], name: string): Node | undefined => nodes.flatMap((n) => [n, ...n.subCategories]).find((n) => n.name === name);

/** The storefront's menu: top-level names, and each one's sub-category names. */
async function storefrontMenu(): Promise<Record<string, string[]>> {
  const res = await shop.request("/api/categories");
  const body = (await res.json()) as { data: Array<{ name: string; subCategories: Array<{ name: string }> }> };
  return Object.fromEntries(body.data.map((c) => [c.name, c.subCategories.map((s) => s.name)]));
}

/** Runs the listing page's loader for a storefront URL: its status and, for a redirect, where to. */
async function openListing(path: string): Promise<{ status: number; location?: string | null }> {
  const url = new URL(`http://shop.test${path}`);
  const segment = url.pathname.split("/")[2];
  const args = {
    params: { category: segment ? decodeURIComponent(segment) : undefined },
    url,
    request: new Request(url),
    context: { services: shop.services },
  };
  const statusOf = (r: unknown) => (r as { init?: { status?: number } | null }).init?.status ?? 200;
  try {
    return { status: statusOf(await listingLoader(args as never)) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    return { status: statusOf(thrown) };
  }
}

async function countRows(table: "categories" | "audit_log" | "category_slug_redirects"): Promise<number> {
  const row = await shop.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function productPlace(name: string) {
  const row = await shop.db.kysely
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("categories as s", "s.id", "p.subcategory_id")
    .where("p.name", "=", name)
    .select(["c.name as category", "s.name as sub"])
    .executeTakeFirstOrThrow();
  return `${row.category}${row.sub ? `/${row.sub}` : ""}`;
}

describe("GET /api/admin/categories", () => {
  it("lists every category as a tree in menu order with its product counts (any status, and on sale)", async () => {
    const nodes = await tree();
    expect(nodes.map((n) => n.name).slice(0, 4)).toEqual(["Shoes", "Bags", "Hats", "Garden"]);
    const shoes = find(nodes, "Shoes")!;
    expect(shoes).toMatchObject({ slug: "shoes", parentId: null, hidden: false, productCount: 4, activeProductCount: 3, oldSlugs: [], version: 1 });
    expect(shoes.subCategories.map((s) => [s.name, s.productCount, s.parentId])).toEqual([
      ["Sneakers", 1, shoes.id],
      ["Boots", 1, shoes.id],
    ]);
  });
});

describe("POST /api/admin/categories", () => {
  it("creates a category and a sub-category (slug from the name), shown in the storefront's menu and audited with who and which request", async () => {
    const res = await send("POST", "/categories", { name: "Kids & Baby", description: "For the little ones" });
    expect(res.status).toBe(201);
    const kids = (await res.json()).data;
    expect(kids).toMatchObject({
      name: "Kids & Baby",
      slug: "kids-and-baby",
      parentId: null,
      hidden: false,
      productCount: 0,
      description: "For the little ones",
    });

    const sub = await send("POST", "/categories", { name: "Toys", parentId: kids.id, sortOrder: 0 });
    expect(sub.status).toBe(201);
    expect((await sub.json()).data).toMatchObject({ name: "Toys", slug: "toys", parentId: kids.id, sortOrder: 0 });

    expect((await storefrontMenu())["Kids & Baby"]).toEqual(["Toys"]);
    const { entries } = await shop.services.audit.list({ entity: "category", entityId: kids.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "category.create", actor: { email: "admin@example.com" }, requestId: res.headers.get("x-request-id") });
    expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: "Kids & Baby" }, slug: { before: null, after: "kids-and-baby" } });
  });

  it("gives a sub-category whose name another category has its parent's slug before its own", async () => {
    const garden = find(await tree(), "Garden")!;
    const res = await send("POST", "/categories", { name: "Toys", parentId: garden.id });
    expect(res.status).toBe(201);
    expect((await res.json()).data.slug).toBe("garden-toys");
  });

  it("refuses bad input with 400 naming each field, and stores nothing", async () => {
    const before = [await countRows("categories"), await countRows("audit_log")];
    const res = await send("POST", "/categories", {
      name: "x".repeat(500),
      slug: "Not a slug!",
      image: "javascript:alert(1)",
      sortOrder: -1,
      hidden: "yes",
      description: 5,
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields).sort()).toEqual(["description", "hidden", "image", "name", "slug", "sortOrder"]);

    const sneakers = find(await tree(), "Sneakers")!;
    const third = await send("POST", "/categories", { name: "Running", parentId: sneakers.id });
    expect(third.status).toBe(400);
    expect((await third.json()).error.fields).toEqual({ parentId: "Choose a top-level category" });
    const unknown = await send("POST", "/categories", { name: "Orphan", parentId: "no-such-id" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields).toEqual({ parentId: "There is no such category" });
    const missingPicture = await send("POST", "/categories", { name: "Pictured", image: "/uploads/categories/not-uploaded.webp" });
    expect(missingPicture.status).toBe(400);
    expect(Object.keys((await missingPicture.json()).error.fields)).toEqual(["image"]);
    expect([await countRows("categories"), await countRows("audit_log")]).toEqual(before);
  });

  it("answers 409 for a name its siblings have or a slug another category has", async () => {
    const sameName = await send("POST", "/categories", { name: "shoes" });
    expect(sameName.status).toBe(409);
    expect(Object.keys((await sameName.json()).error.fields)).toEqual(["name"]);
    const sameSlug = await send("POST", "/categories", { name: "Footwear", slug: "shoes" });
    expect(sameSlug.status).toBe(409);
    expect(Object.keys((await sameSlug.json()).error.fields)).toEqual(["slug"]);
  });
});

describe("PATCH /api/admin/categories/{id}", () => {
  it("renames with a new slug; the old listing address answers 301 to the new one, with its filters", async () => {
    const bags = find(await tree(), "Bags")!;
    const res = await send("PATCH", `/categories/${bags.id}`, { name: "Bags & Luggage", version: bags.version });
    expect(res.status).toBe(200);
    const renamed = (await res.json()).data;
    expect(renamed).toMatchObject({ name: "Bags & Luggage", slug: "bags-and-luggage", oldSlugs: ["bags"], version: bags.version + 1 });

    expect(await openListing("/product-category/bags?sort=price-asc")).toEqual({ status: 301, location: "/product-category/bags-and-luggage?sort=price-asc" });
    expect(await openListing("/product-category?category=bags")).toEqual({ status: 301, location: "/product-category/bags-and-luggage" });
    expect((await openListing("/product-category/bags-and-luggage")).status).toBe(200);
    expect((await storefrontMenu())["Bags & Luggage"]).toEqual(["Totes"]);

    const { entries } = await shop.services.audit.list({ entity: "category", entityId: bags.id });
    expect(entries[0]).toMatchObject({
      action: "category.update",
      changes: { name: { before: "Bags", after: "Bags & Luggage" }, slug: { before: "bags", after: "bags-and-luggage" } },
    });
  });

  it("keeps a sub-category's old address too, and a slug given back is its own again", async () => {
    const totes = find(await tree(), "Totes")!;
    expect((await send("PATCH", `/categories/${totes.id}`, { name: "Tote Bags", slug: "tote-bags" })).status).toBe(200);
    expect(await openListing(`/product-category/bags-and-luggage?subCategory=${totes.slug}`)).toEqual({
      status: 301,
      location: "/product-category/bags-and-luggage?subCategory=tote-bags",
    });
    const back = await send("PATCH", `/categories/${totes.id}`, { name: "Totes", slug: totes.slug });
    expect((await back.json()).data).toMatchObject({ slug: totes.slug, oldSlugs: ["tote-bags"] });
    expect((await openListing(`/product-category/bags-and-luggage?subCategory=${totes.slug}`)).status).toBe(200);
  });

  it("answers 409 to a stale version and 404 to an unknown category, changing nothing", async () => {
    const hats = find(await tree(), "Hats")!;
    expect((await send("PATCH", `/categories/${hats.id}`, { name: "Caps" })).status).toBe(200);
    const stale = await send("PATCH", `/categories/${hats.id}`, { name: "Headwear", version: hats.version });
    expect(stale.status).toBe(409);
    expect(find(await tree(), "Caps")).toBeDefined();
    expect((await send("PATCH", "/categories/no-such-id", { name: "X" })).status).toBe(404);
  });

  it("hides a category: it leaves the menu, the sitemap and its listing (404); its products stay on sale by their address and in search", async () => {
    const caps = find(await tree(), "Caps")!;
    expect((await send("PATCH", `/categories/${caps.id}`, { hidden: true })).status).toBe(200);
    expect(Object.keys(await storefrontMenu())).not.toContain("Caps");
    const sitemap = await (await shop.request("/sitemap.xml")).text();
    expect(sitemap).not.toContain(`/product-category/${caps.slug}<`);
    expect(sitemap).toContain("/products/sun-hat");
    expect((await openListing(`/product-category/${caps.slug}`)).status).toBe(404);
    expect((await shop.request("/api/products/sun-hat")).status).toBe(200);
    const search = await (await shop.request("/api/products/search/ser?q=sun%20hat")).json();
    expect(search.data.products.map((p: { name: string }) => p.name)).toContain("Sun Hat");
    expect(find(await tree(), "Caps")).toMatchObject({ hidden: true, productCount: 1 });

    expect((await send("PATCH", `/categories/${caps.id}`, { hidden: false })).status).toBe(200);
    expect(Object.keys(await storefrontMenu())).toContain("Caps");
    expect((await openListing(`/product-category/${caps.slug}`)).status).toBe(200);
  });

  it("moves a sub-category under another category with its products, and back to the top level", async () => {
    const nodes = await tree();
    const boots = find(nodes, "Boots")!;
    const garden = find(nodes, "Garden")!;
    const moved = await send("PATCH", `/categories/${boots.id}`, { parentId: garden.id, name: "Wellies" });
    expect(moved.status).toBe(200);
    expect(await productPlace("Chelsea Boot")).toBe("Garden/Wellies");
    expect((await storefrontMenu()).Shoes).toEqual(["Sneakers"]);
    const history = await shop.services.audit.list({ entity: "product", entityId: ids.productIds.get("Chelsea Boot") });
    expect(history.entries[0]).toMatchObject({ action: "product.update", changes: { category: { before: "shoes", after: "garden" } } });

    const top = await send("PATCH", `/categories/${boots.id}`, { parentId: null });
    expect(top.status).toBe(200);
    expect(await productPlace("Chelsea Boot")).toBe("Wellies");
    const back = await send("PATCH", `/categories/${boots.id}`, { parentId: find(await tree(), "Shoes")!.id, name: "Boots" });
    expect(back.status).toBe(200);
    expect(await productPlace("Chelsea Boot")).toBe("Shoes/Boots");
  });

  it("never nests three levels: a category with sub-categories cannot go under another, nor anything under a sub-category", async () => {
    const nodes = await tree();
    const shoes = find(nodes, "Shoes")!;
    const res = await send("PATCH", `/categories/${shoes.id}`, { parentId: find(nodes, "Garden")!.id });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual(["parentId"]);
    const caps = find(nodes, "Caps")!;
    const under = await send("PATCH", `/categories/${caps.id}`, { parentId: find(nodes, "Sneakers")!.id });
    expect(under.status).toBe(400);
    expect(await productPlace("Sun Hat")).toBe("Caps");
  });

  it("puts a category at a new position among its siblings, and the storefront's menu follows", async () => {
    const caps = find(await tree(), "Caps")!;
    expect((await send("PATCH", `/categories/${caps.id}`, { sortOrder: 0 })).status).toBe(200);
    const nodes = await tree();
    expect(nodes[0]!.name).toBe("Caps");
    expect(nodes.map((n) => n.sortOrder)).toEqual(nodes.map((_, i) => i));
    expect(Object.keys(await storefrontMenu())[0]).toBe("Caps");
  });
});

describe("POST /api/admin/categories/reorder", () => {
  const names = (nodes: Array<{ name: string }>) => nodes.map((n) => n.name);

  it("puts the top level, or one category's sub-categories, in the order given; the storefront's menu follows, audited", async () => {
    const before = await tree();
    const reversed = [...before].reverse();
    const res = await send("POST", "/categories/reorder", { ids: reversed.map((n) => n.id) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(names((await res.json()).data)).toEqual(names(reversed));
    const after = await tree();
    expect(names(after)).toEqual(names(reversed));
    expect(after.map((n) => n.sortOrder)).toEqual(after.map((_, i) => i));
    expect(Object.keys(await storefrontMenu())).toEqual(names(reversed).filter((name) => !find(after, name)!.hidden));

    const shoes = find(after, "Shoes")!;
    const subs = [...shoes.subCategories].reverse();
    expect((await send("POST", "/categories/reorder", { parentId: shoes.id, ids: subs.map((s) => s.id) })).status).toBe(200);
    expect(names(find(await tree(), "Shoes")!.subCategories)).toEqual(names(subs));
    expect((await storefrontMenu()).Shoes).toEqual(names(subs).filter((name) => !find(after, name)!.hidden));

    const entries = await shop.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "category.reorder")
      .where("entity_id", "=", subs[0]!.id)
      .execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.parse(entries.at(-1)!.changes!)).toEqual({ sortOrder: { before: subs.length - 1, after: 0 } });
  });

  it("refuses a malformed list (400), an incomplete or foreign one (409) and an unknown parent (400), changing nothing", async () => {
    const before = await tree();
    const top = before.map((n) => n.id);
    const shoes = find(before, "Shoes")!;
    const audits = await countRows("audit_log");
    for (const body of [{}, { ids: "x" }, { ids: [] }, { ids: [1, 2] }, { ids: top, parentId: 7 }]) {
      const res = await send("POST", "/categories/reorder", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "invalid_input", fields: expect.any(Object) });
    }
    const malformed = await admin.request("/api/admin/categories/reorder", { method: "POST", headers: { "content-type": "application/json" }, body: "{ids:" });
    expect(malformed.status).toBe(400);
    for (const ids of [top.slice(1), [...top, top[0]!], [...top.slice(1), shoes.subCategories[0]!.id]]) {
      const res = await send("POST", "/categories/reorder", { ids });
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe("conflict");
    }
    // Sub-categories listed as the top level's, and the top level under a category.
    expect((await send("POST", "/categories/reorder", { ids: shoes.subCategories.map((s) => s.id) })).status).toBe(409);
    expect((await send("POST", "/categories/reorder", { parentId: shoes.id, ids: top })).status).toBe(409);
    expect((await send("POST", "/categories/reorder", { parentId: "no-such-category", ids: top })).status).toBe(400);
    expect(await tree()).toEqual(before);
    expect(await countRows("audit_log")).toBe(audits);
  });

  it("is for staff with the catalogue permission only", async () => {
    await createAccount(shop, { email: "orders-only@example.com", password: "staff-password-1", role: "staff", permissions: ["orders"] });
    await createAccount(shop, { email: "catalog-staff@example.com", password: "staff-password-1", role: "staff", permissions: ["catalog"] });
    const before = await tree();
    const ids = before.map((n) => n.id).reverse();
    const post = (b: TestBrowser) =>
      b.request("/api/admin/categories/reorder", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids }) });
    expect((await post(await signedIn(shop, "orders-only@example.com", "staff-password-1"))).status).toBe(403);
    expect(names(await tree())).toEqual(names(before));
    expect((await post(await signedIn(shop, "catalog-staff@example.com", "staff-password-1"))).status).toBe(200);
    expect(names(await tree())).toEqual(names(before).reverse());
  });
});

describe("DELETE /api/admin/categories/{id}", () => {
  it("deletes an empty category with its empty sub-categories (204), audited", async () => {
    const created = (await (await send("POST", "/categories", { name: "Seasonal" })).json()).data;
    const sub = (await (await send("POST", "/categories", { name: "Winter", parentId: created.id })).json()).data;
    const res = await send("DELETE", `/categories/${created.id}`);
    expect(res.status).toBe(204);
    expect(find(await tree(), "Seasonal")).toBeUndefined();
    expect(find(await tree(), "Winter")).toBeUndefined();
    for (const id of [created.id, sub.id]) {
      const { entries } = await shop.services.audit.list({ entity: "category", entityId: id });
      expect(entries[0]).toMatchObject({ action: "category.delete", actor: { email: "admin@example.com" } });
    }
    expect((await send("DELETE", `/categories/${created.id}`)).status).toBe(404);
  });

  it("refuses (409) a category that still has products, directly or in a sub-category, and changes nothing", async () => {
    const before = [await countRows("categories"), await countRows("audit_log")];
    const shoes = find(await tree(), "Shoes")!;
    const res = await send("DELETE", `/categories/${shoes.id}`);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("4 products"),
      fields: { moveTo: expect.any(String) },
    });
    const sneakers = find(await tree(), "Sneakers")!;
    expect((await send("DELETE", `/categories/${sneakers.id}`)).status).toBe(409);
    expect((await send("DELETE", `/categories/${shoes.id}?moveTo=${sneakers.id}`)).status).toBe(400);
    expect([await countRows("categories"), await countRows("audit_log")]).toEqual(before);
    expect(await productPlace("Trail Runner")).toBe("Shoes/Sneakers");
  });

  it("with ?moveTo moves its products and sub-categories in the same step (one of the same name merges), and its address answers 301 there", async () => {
    // A "Sneakers" under Caps: Shoes' Sneakers merges into it; Boots moves under Caps as it is.
    const caps = find(await tree(), "Caps")!;
    const capsSneakers = (await (await send("POST", "/categories", { name: "Sneakers", parentId: caps.id })).json()).data;
    const shoes = find(await tree(), "Shoes")!;
    const boots = find(await tree(), "Boots")!;
    const res = await send("DELETE", `/categories/${shoes.id}?moveTo=${caps.id}`);
    expect(res.status).toBe(204);

    expect(await productPlace("Trail Runner")).toBe("Caps/Sneakers");
    expect(await productPlace("Chelsea Boot")).toBe("Caps/Boots");
    expect(await productPlace("Plain Loafer")).toBe("Caps");
    expect(await productPlace("Draft Sandal")).toBe("Caps");
    const after = find(await tree(), "Caps")!;
    expect(after.subCategories.map((s) => s.name)).toEqual(["Sneakers", "Boots"]);
    expect(after.productCount).toBe(5);
    expect(find(await tree(), "Boots")!.id).toBe(boots.id);

    expect(await openListing("/product-category/shoes")).toEqual({ status: 301, location: `/product-category/${caps.slug}` });
    expect(await openListing("/product-category/shoes?subCategory=shoes-boots")).toEqual({
      status: 301,
      location: `/product-category/${caps.slug}?subCategory=shoes-boots`,
    });
    expect(await openListing(`/product-category/${caps.slug}?subCategory=shoes-sneakers`)).toEqual({
      status: 301,
      location: `/product-category/${caps.slug}?subCategory=${capsSneakers.slug}`,
    });

    const moved = await shop.services.audit.list({ entity: "product", entityId: ids.productIds.get("Plain Loafer") });
    expect(moved.entries[0]).toMatchObject({ action: "product.update", changes: { category: { before: "shoes", after: caps.slug } } });
    const deleted = await shop.services.audit.list({ entity: "category", entityId: shoes.id });
    expect(deleted.entries[0]).toMatchObject({ action: "category.delete", changes: { name: { before: "Shoes", after: null }, movedTo: { after: caps.id } } });
  });

  it("moves a sub-category's products into another sub-category (its parent follows)", async () => {
    const nodes = await tree();
    const boots = find(nodes, "Boots")!;
    const totes = find(nodes, "Totes")!;
    expect((await send("DELETE", `/categories/${boots.id}?moveTo=${totes.id}`)).status).toBe(204);
    expect(await productPlace("Chelsea Boot")).toBe("Bags & Luggage/Totes");
    expect(await openListing(`/product-category/${find(nodes, "Caps")!.slug}?subCategory=shoes-boots`)).toEqual({
      status: 301,
      location: `/product-category/bags-and-luggage?subCategory=${totes.slug}`,
    });
  });
});
