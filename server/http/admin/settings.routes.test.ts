import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createLogger } from "../../lib/logger";
import type { SiteSettings } from "#common/content/content.schema";
import { type TestBrowser, browser, createAccount, signedIn } from "#tests/support/auth-browser";
import { FAKE_STRIPE_KEYS } from "#tests/support/fake-stripe";
import { pageBuild } from "#tests/support/page-build";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts, send, setStock } from "#tests/support/shop-fixture";
import { type TestShop, createTestShop } from "#tests/support/test-shop";

// Two shops: one without card payments (the default), one with Stripe keys in its environment.
let shop: TestShop;
let cardShop: TestShop;
let admin: TestBrowser;
let cardAdmin: TestBrowser;
let ids: ShoppingCatalog;
let cardIds: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  cardShop = await createTestShop({ STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey, STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey });
  for (const s of [shop, cardShop]) await createAccount(s, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
  await createAccount(shop, { email: "writer@example.com", password: "writer-password-1", role: "staff", permissions: ["content", "catalog"] });
  await createAccount(shop, { email: "manager@example.com", password: "manager-password-1", role: "staff", permissions: ["settings"] });
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
  cardAdmin = await signedIn(cardShop, "owner@example.com", "owner-password-1");
  ids = await insertShoppingCatalog(shop.db);
  cardIds = await insertShoppingCatalog(cardShop.db);
  await setStock(shop.db, ids.mug, 100);
  await setStock(cardShop.db, cardIds.mug, 100);
});
afterAll(async () => {
  for (const s of [shop, cardShop]) {
    await s?.services.orders.idle();
    await s?.services.auth.idle();
    await s?.close();
  }
});

type Answer = { data: SiteSettings; facts: { cardPayments: boolean; cardWebhook: boolean }; version: string };
type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

const current = async (b: TestBrowser = admin) => ((await (await b.get("/api/admin/settings")).json()) as Answer).data;
const put = (body: unknown, b: TestBrowser = admin) => send(b, "PUT", "/api/admin/settings", body);
const publicSettings = async (s: TestShop = shop) => (await (await s.request("/api/settings")).json()) as SiteSettings;
const auditCount = async (s: TestShop = shop) =>
  Number(
    (
      await s.db.kysely
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("entity_type", "=", "settings")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET and PUT /api/admin/settings", () => {
  it("gives the settings and whether card payments are set up, never the keys", async () => {
    const res = await admin.get("/api/admin/settings");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.facts).toEqual({ cardPayments: false, cardWebhook: false });
    expect(body.data).toMatchObject({ cashOnDelivery: true, orderNumberPrefix: "", announcement: "", favicon: "", liveChat: { provider: "none", id: "" } });
    const withCards = await cardAdmin.get("/api/admin/settings");
    const text = await withCards.text();
    expect(JSON.parse(text).facts.cardPayments).toBe(true);
    expect(text).not.toContain(FAKE_STRIPE_KEYS.secretKey);
    expect(text).not.toContain(FAKE_STRIPE_KEYS.publishableKey);
  });

  it("saves the whole settings, audited, and the storefront's GET /api/settings follows at once (its cache dropped)", async () => {
    const before = await current();
    // Warm the public cache first: a save must drop it.
    expect((await publicSettings()).siteName).toBe(before.siteName);
    const auditsBefore = await auditCount();
    const res = await put({
      ...before,
      siteName: "Harbour Goods",
      announcement: "  Autumn sale: 20% off knitwear  ",
      orderNumberPrefix: "hg",
      currency: "eur",
      locale: "de-DE",
      timeZone: "Europe/Berlin",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = ((await res.json()) as Answer).data;
    expect(saved).toMatchObject({
      siteName: "Harbour Goods",
      announcement: "Autumn sale: 20% off knitwear",
      orderNumberPrefix: "HG",
      currency: "EUR",
      locale: "de-DE",
      timeZone: "Europe/Berlin",
    });
    expect(await publicSettings()).toMatchObject({ siteName: "Harbour Goods", announcement: "Autumn sale: 20% off knitwear", currency: "EUR" });

    expect(await auditCount()).toBe(auditsBefore + 1);
    const { entries } = await shop.services.audit.list({ entity: "settings", entityId: "site" });
    expect(entries[0]).toMatchObject({ action: "settings.update", actor: { email: "owner@example.com" }, requestId: res.headers.get("x-request-id") });
    expect(entries[0]!.changes?.siteName).toEqual({ before: before.siteName, after: "Harbour Goods" });
    // Only what changed is recorded.
    expect(entries[0]!.changes?.couriers).toBeUndefined();

    // Saving the same settings again changes nothing and records nothing.
    expect((await put(saved)).status).toBe(200);
    expect(await auditCount()).toBe(auditsBefore + 1);
    await put(before);
  });

  it("refuses bad fields of every group with 400 naming each one, and stores nothing", async () => {
    const before = await current();
    const auditsBefore = await auditCount();
    const res = await put({
      ...before,
      siteName: "",
      logo: "javascript:alert(1)",
      favicon: "ftp://icons.example.com/icon.png",
      contactEmail: "not an address",
      socialLinks: { ...before.socialLinks, facebook: "facebook dot com" },
      currency: "ZZZ",
      locale: "not a locale!",
      timeZone: "Mars/Olympus_Mons",
      freeShippingThreshold: -5,
      shippingZones: [
        { id: "near", name: "Near", rate: -1, regions: [], cities: [] },
        { id: "far", name: "Far", rate: 9, country: "US", regions: ["Atlantis"], cities: [] },
      ],
      cashOnDelivery: "yes",
      orderNumberPrefix: "TOO-LONG",
      couriers: [{ id: "post", name: "Post", trackingUrl: "https://post.example.com/track" }],
      returnWindowDays: 400,
      unpaidCardReleaseMinutes: 1,
      lowStockThreshold: -1,
      analyticsRetentionDays: 0,
      announcement: "x".repeat(201),
      liveChat: { provider: "crisp", id: "not-a-website-id" },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Failure;
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(
      [
        "siteName",
        "logo",
        "favicon",
        "contactEmail",
        "socialLinks.facebook",
        "currency",
        "locale",
        "timeZone",
        "freeShippingThreshold",
        "shippingZones.0.rate",
        "cashOnDelivery",
        "orderNumberPrefix",
        "couriers.0.trackingUrl",
        "returnWindowDays",
        "unpaidCardReleaseMinutes",
        "lowStockThreshold",
        "analyticsRetentionDays",
        "announcement",
        "liveChat.id",
      ].sort(),
    );
    expect(error.fields!.orderNumberPrefix).toMatch(/6 letters/);
    expect(error.fields!["liveChat.id"]).toMatch(/Crisp website id/);
    // A region of another country is named after the fields' own rules pass.
    const region = await put({ ...before, shippingZones: [{ id: "far", name: "Far", rate: 9, country: "US", regions: ["Atlantis"], cities: [] }] });
    expect(((await region.json()) as Failure).error.fields).toEqual({ "shippingZones.0.regions.0": "Atlantis is not a region of US" });
    // A provider needs its id; an unknown provider is refused.
    expect(((await (await put({ ...before, liveChat: { provider: "tawk", id: "" } })).json()) as Failure).error.fields).toHaveProperty(["liveChat.id"]);
    expect(((await (await put({ ...before, liveChat: { provider: "zendesk", id: "x" } })).json()) as Failure).error.fields).toHaveProperty([
      "liveChat.provider",
    ]);
    expect((await put("not an object")).status).toBe(400);

    expect(await current()).toEqual(before);
    expect(await auditCount()).toBe(auditsBefore);
  });

  it("refuses a save over settings someone else saved since they were read (409), and stores nothing", async () => {
    const read = (await (await admin.get("/api/admin/settings")).json()) as Answer;
    expect(read.version).toMatch(/^\d{4}-\d\d-\d\dT/);
    const first = await put({ ...read.data, tagline: "First operator", version: read.version });
    expect(first.status).toBe(200);
    const second = await put({ ...read.data, tagline: "Second operator", version: read.version });
    expect(second.status).toBe(409);
    expect(((await second.json()) as Failure).error.message).toMatch(/Someone else saved the settings/);
    expect((await current()).tagline).toBe("First operator");
    const fresh = (await first.json()) as Answer;
    expect((await put({ ...fresh.data, tagline: read.data.tagline, version: fresh.version })).status).toBe(200);
    expect((await put({ ...fresh.data, version: 42 })).status).toBe(400);
  });

  it("keeps cash on delivery on while card payments are not set up, and lets it go off once they are", async () => {
    const before = await current();
    const res = await put({ ...before, cashOnDelivery: false });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Failure).error.fields).toEqual({ cashOnDelivery: expect.stringMatching(/Card payments are not set up/) });
    expect((await current()).cashOnDelivery).toBe(true);

    const withCards = await current(cardAdmin);
    expect((await put({ ...withCards, cashOnDelivery: false }, cardAdmin)).status).toBe(200);
    expect((await publicSettings(cardShop)).cashOnDelivery).toBe(false);
  });

  it("refuses a cash-on-delivery order once it is off (400 on paymentMethod), storing nothing", async () => {
    const settings = await current(cardAdmin);
    await put({ ...settings, cashOnDelivery: false }, cardAdmin);
    const b = await browserWithCart(cardShop, [{ productId: cardIds.mug, quantity: 1 }]);
    const rows = await orderRowCounts(cardShop.db);
    const res = await b.post("/api/orders", checkoutBody({ contact: { name: "Grace Hopper", email: "cod-off@example.com", phone: "+1 555 0101" } }));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Failure;
    expect(error.fields).toEqual({ paymentMethod: "Cash on delivery is not available. Please pay by card." });
    expect(await orderRowCounts(cardShop.db)).toEqual(rows);

    await put({ ...settings, cashOnDelivery: true }, cardAdmin);
    expect((await b.post("/api/orders", checkoutBody({ contact: { name: "Grace Hopper", email: "cod-on@example.com", phone: "+1 555 0102" } }))).status).toBe(
      201,
    );
  });

  it("starts new orders' numbers with the prefix; without one, with the shop name's initials", async () => {
    const before = await current();
    await put({ ...before, siteName: "Corner Store", orderNumberPrefix: "ZED9" });
    const place = async (email: string) => {
      const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
      const res = await b.post("/api/orders", checkoutBody({ contact: { name: "Ada", email, phone: "+1 555 0111" } }));
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { data: { order: { number: string } } }).data.order.number;
    };
    expect(await place("prefix-1@example.com")).toMatch(/^ZED9-[2-9A-Z]{7}$/);
    await put({ ...before, siteName: "Corner Store", orderNumberPrefix: "" });
    expect(await place("prefix-2@example.com")).toMatch(/^CS-[2-9A-Z]{7}$/);
    await put(before);
  });

  it("lets the page's security policy allow the chat's hosts only while a provider is set, and the pages load its script", async () => {
    const pages = createApp({ services: shop.services, logger: createLogger("silent"), build: pageBuild() });
    const policy = async () => (await browser(shop, { app: pages }).get("/")).headers.get("content-security-policy") ?? "";
    const before = await current();
    expect(await policy()).not.toMatch(/crisp|tawk|tidio/);

    expect((await put({ ...before, liveChat: { provider: "crisp", id: "7598bf86-9ebb-46bc-8d61-be8929bbf93d" } })).status).toBe(200);
    const crisp = await policy();
    expect(crisp).toMatch(/script-src [^;]*https:\/\/client\.crisp\.chat/);
    expect(crisp).toMatch(/connect-src [^;]*wss:\/\/client\.relay\.crisp\.chat/);
    expect(crisp).not.toContain("tawk");

    expect((await put({ ...before, liveChat: { provider: "tawk", id: "64f1c2a9b7e4d10012345678/1h9abcdef" } })).status).toBe(200);
    const tawk = await policy();
    expect(tawk).toMatch(/script-src [^;]*https:\/\/embed\.tawk\.to/);
    expect(tawk).not.toContain("crisp");

    expect((await put({ ...before, liveChat: { provider: "none", id: "ignored" } })).status).toBe(200);
    expect((await current()).liveChat).toEqual({ provider: "none", id: "" });
    expect(await policy()).not.toMatch(/crisp|tawk/);
  });

  it("needs the settings permission: staff without it get 403, staff with it may read and save", async () => {
    const writer = await signedIn(shop, "writer@example.com", "writer-password-1");
    expect((await writer.get("/api/admin/settings")).status).toBe(403);
    expect((await put(await current(), writer)).status).toBe(403);
    expect((await browser(shop).get("/api/admin/settings")).status).toBe(401);
    const manager = await signedIn(shop, "manager@example.com", "manager-password-1");
    const settings = await current(manager);
    expect((await put({ ...settings, tagline: "Set by the manager" }, manager)).status).toBe(200);
    expect((await publicSettings()).tagline).toBe("Set by the manager");
  });
});

describe("the logo and the favicon", () => {
  const picture = async (kind: string, width = 600, height = 200) => {
    const png = await sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("kind", kind);
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    return form;
  };

  it("are uploads that need the settings permission, and the settings take only pictures that exist", async () => {
    const writer = await signedIn(shop, "writer@example.com", "writer-password-1");
    expect((await writer.request("/api/admin/uploads", { method: "POST", body: await picture("logo") })).status).toBe(403);
    const manager = await signedIn(shop, "manager@example.com", "manager-password-1");
    const logoRes = await manager.request("/api/admin/uploads", { method: "POST", body: await picture("logo") });
    expect(logoRes.status).toBe(201);
    const logo = ((await logoRes.json()) as { data: { url: string; width: number; height: number } }).data;
    expect(logo).toMatchObject({ url: expect.stringMatching(/^\/uploads\/logos\/[a-z0-9]+\.webp$/), width: 320, height: 80 });
    const faviconRes = await manager.request("/api/admin/uploads", { method: "POST", body: await picture("favicon", 300, 300) });
    const favicon = ((await faviconRes.json()) as { data: { url: string } }).data.url;
    // A product picture is not the manager's to upload.
    expect((await manager.request("/api/admin/uploads", { method: "POST", body: await picture("product") })).status).toBe(403);

    const before = await current();
    expect((await put({ ...before, logo: logo.url, favicon })).status).toBe(200);
    expect(await publicSettings()).toMatchObject({ logo: logo.url, favicon });
    const missing = await put({ ...before, logo: "/uploads/logos/never-uploaded.webp" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Failure).error.fields).toEqual({ logo: expect.stringMatching(/not among the shop's uploads/) });
    await put(before);
  });
});

describe("settings stored by earlier versions", () => {
  const store = async (value: unknown) => {
    const json = JSON.stringify(value);
    await shop.db.kysely
      .insertInto("settings")
      .values({ key: "site", value: json, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
      .execute();
    shop.services.dataEpoch.bump();
  };

  it("read a bare chat script address as its provider, keep the header's free-shipping line, and a field today's rules refuse falls back to its default", async () => {
    const before = await current();
    await store({
      siteName: "Old Shop",
      liveChatScriptUrl: "https://embed.tawk.to/64f1c2a9b7e4d10012345678/default",
      freeShippingThreshold: 50,
      logo: "logo.png",
    });
    const old = await current();
    expect(old).toMatchObject({
      siteName: "Old Shop",
      liveChat: { provider: "tawk", id: "64f1c2a9b7e4d10012345678/default" },
      announcement: "Free shipping on orders of $50.00 or more",
      logo: "",
    });
    expect(old).not.toHaveProperty("liveChatScriptUrl");
    await store({ siteName: "Old Shop", liveChatScriptUrl: "https://chat.example.com/widget.js" });
    expect((await current()).liveChat).toEqual({ provider: "custom", id: "https://chat.example.com/widget.js" });
    // Saved again, the settings are today's shape.
    expect((await put(await current())).status).toBe(200);
    const row = await shop.db.kysely.selectFrom("settings").select("value").where("key", "=", "site").executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).not.toHaveProperty("liveChatScriptUrl");
    await put(before);
  });
});

describe("the low-stock threshold", () => {
  it("is the one rule of the admin's product list (badge and filter)", async () => {
    await setStock(shop.db, ids.mug, 7);
    const levelOfMug = async () => {
      const res = await admin.get("/api/admin/products?stock=low");
      const list = ((await res.json()) as { data: Array<{ id: string; stockLevel: string }> }).data;
      return list.find((p) => p.id === ids.mug)?.stockLevel ?? "not low";
    };
    expect(await levelOfMug()).toBe("not low");
    const before = await current();
    await put({ ...before, lowStockThreshold: 10 });
    expect(await levelOfMug()).toBe("low");
    await put(before);
    await setStock(shop.db, ids.mug, 100);
  });
});
