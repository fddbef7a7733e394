import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalog } from "../support/catalog-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ CONTACT_RATE_LIMIT: "3" });
  await insertCatalog(shop.db, { Shoes: ["Sneakers"] }, [{ name: "Trail Runner", price: 8900, category: "Shoes", subCategory: "Sneakers" }]);
});
afterAll(() => shop.close());

const postContact = (body: unknown, ip = "203.0.113.7") =>
  shop.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("GET /api/settings", () => {
  it("answers the settings object itself with siteName at its top level", async () => {
    const res = await shop.request("/api/settings");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.siteName).toBe("Shop");
    expect(body.currency).toBe("USD");
  });

  it("reflects saved settings", async () => {
    await shop.services.content.saveSettings({ siteName: "Corner Store", currency: "eur" });
    const body = await (await shop.request("/api/settings")).json();
    expect(body).toMatchObject({ siteName: "Corner Store", currency: "EUR" });
  });
});

describe("GET /api/facebook-pixel", () => {
  it("answers pixelId and status at the top level", async () => {
    expect(await (await shop.request("/api/facebook-pixel")).json()).toEqual({ pixelId: "", status: "inactive" });
    await shop.services.content.savePixel({ pixelId: "123456789", status: "active" });
    expect(await (await shop.request("/api/facebook-pixel")).json()).toEqual({ pixelId: "123456789", status: "active" });
  });
});

describe("POST /api/contact", () => {
  it("stores a valid message and answers 201", async () => {
    const res = await postContact({ name: "Ada Lovelace", email: "ada@example.com", subject: "Order", message: "Where is my parcel, please?" }, "198.51.100.1");
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/sent/i);
    const stored = await shop.db.kysely.selectFrom("contact_messages").selectAll().where("id", "=", body.data._id).executeTakeFirst();
    expect(stored).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", message: "Where is my parcel, please?" });
  });

  it("rejects invalid fields with 400, a message per field, and stores nothing", async () => {
    const before = await shop.services.messages.countMessages();
    const res = await postContact({ name: "", email: "not-an-email", message: "short" }, "198.51.100.2");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("invalid_input");
    expect(Object.keys(body.error.fields).sort()).toEqual(["email", "message", "name"]);
    expect(await shop.services.messages.countMessages()).toBe(before);
  });

  it("rejects a body that is not JSON with 400", async () => {
    const res = await postContact("{nope", "198.51.100.3");
    expect(res.status).toBe(400);
  });

  it("limits messages per address with a 429 and a clear message", async () => {
    const valid = { name: "Flood Bot", email: "bot@example.com", message: "Buy cheap watches now!!" };
    for (let i = 0; i < 3; i++) expect((await postContact(valid, "192.0.2.50")).status).toBe(201);
    const blocked = await postContact(valid, "192.0.2.50");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.message).toMatch(/too many/i);
    expect((await postContact(valid, "192.0.2.51")).status).toBe(201);
  });
});

describe("health, robots and sitemap", () => {
  it("/healthz reports the database", async () => {
    const body = await (await shop.request("/healthz")).json();
    expect(body).toEqual({ status: "ok", database: process.env.TEST_DB === "postgres" ? "postgres" : "sqlite" });
  });

  it("/robots.txt points at the sitemap with an absolute URL", async () => {
    const text = await (await shop.request("/robots.txt")).text();
    expect(text).toContain("Sitemap: http://shop.test/sitemap.xml");
    expect(text).toContain("Disallow: /admin-dashboard");
  });

  it("/sitemap.xml lists categories and products with absolute URLs", async () => {
    const res = await shop.request("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(xml).toContain("<loc>http://shop.test/products/trail-runner</loc>");
    expect(xml).toContain("<loc>http://shop.test/product-category/shoes</loc>");
  });
});

describe("client address", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it", async () => {
    const direct = await createTestShop({ CONTACT_RATE_LIMIT: "1", TRUST_PROXY: "false" });
    try {
      const valid = { name: "Spoofer", email: "s@example.com", message: "Hello from a spoofed address" };
      const post = (ip: string) =>
        direct.request("/api/contact", { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: JSON.stringify(valid) });
      expect((await post("192.0.2.1")).status).toBe(201);
      // A different claimed address is the same client: the limit still applies.
      expect((await post("192.0.2.2")).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
