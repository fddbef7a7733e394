import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_KINDS, imageVariantUrl } from "#common/images/image-sizes";
import { loader as profileLoader } from "../../app/routes/my-profile";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { checkoutBody, insertShoppingCatalog, setStock } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let alice: { id: string };
let bob: { id: string };

beforeAll(async () => {
  shop = await createTestShop();
  alice = await createAccount(shop, { email: "alice@example.com", password: "alice-password", name: "Alice" });
  bob = await createAccount(shop, { email: "bob@example.com", password: "bob-password-1", name: "Bob" });
  await createAccount(shop, { email: "boss@example.com", password: "boss-password-1", name: "Boss", role: "admin" });
});
afterAll(() => shop?.close());

describe("GET /api/auth/user/{uid}", () => {
  it("answers 401 to a signed-out visitor", async () => {
    const res = await browser(shop).get(`/api/auth/user/${alice.id}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  });

  it("answers the user's own record", async () => {
    const b = await signedIn(shop, "alice@example.com", "alice-password");
    const res = await b.get(`/api/auth/user/${alice.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json();
    expect(body).toEqual({
      id: alice.id,
      name: "Alice",
      email: "alice@example.com",
      image: null,
      role: "customer",
      permissions: [],
      emailVerified: true,
      banned: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      orders: { count: 0 },
    });
  });

  it("answers 403 for another customer's record, and for an unknown id (nothing to learn)", async () => {
    const b = await signedIn(shop, "alice@example.com", "alice-password");
    expect((await b.get(`/api/auth/user/${bob.id}`)).status).toBe(403);
    expect((await b.get("/api/auth/user/no-such-user")).status).toBe(403);
  });

  it("lets an admin read anyone's record, and answers 404 for an unknown id", async () => {
    const admin = await signedIn(shop, "boss@example.com", "boss-password-1");
    const res = await admin.get(`/api/auth/user/${bob.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe("bob@example.com");
    const missing = await admin.get("/api/auth/user/no-such-user");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
  });

  it("lets staff with the customers permission read anyone's record, and not staff without it", async () => {
    await createAccount(shop, { email: "support@example.com", password: "support-password", role: "staff", permissions: ["customers"] });
    await createAccount(shop, { email: "packer@example.com", password: "packer-password", role: "staff", permissions: ["orders", "catalog"] });
    const support = await signedIn(shop, "support@example.com", "support-password");
    expect((await support.get(`/api/auth/user/${bob.id}`)).status).toBe(200);
    const packer = await signedIn(shop, "packer@example.com", "packer-password");
    expect((await packer.get(`/api/auth/user/${bob.id}`)).status).toBe(403);
    expect((await (await packer.get("/api/auth/user/" + (await packer.session())!.user.id)).json()).permissions).toEqual(["orders", "catalog"].sort());
  });
});

describe("the user record's orders.count", () => {
  it("counts the user's own orders, not another user's or a guest's, and /my-profile shows the same number", async () => {
    const ids = await insertShoppingCatalog(shop.db);
    await setStock(shop.db, ids.mug, 100);
    const order = async (b: ReturnType<typeof browser>) => {
      expect((await b.post("/api/cart/items", { productId: ids.mug, quantity: 1 })).status).toBe(201);
      expect((await b.post("/api/orders", checkoutBody())).status).toBe(201);
    };
    const a = await signedIn(shop, "alice@example.com", "alice-password");
    await order(a);
    await order(a);
    await order(await signedIn(shop, "bob@example.com", "bob-password-1"));
    await order(browser(shop)); // a guest, with the same contact e-mail as the others' orders

    expect((await (await a.get(`/api/auth/user/${alice.id}`)).json()).orders).toEqual({ count: 2 });
    const admin = await signedIn(shop, "boss@example.com", "boss-password-1");
    expect((await (await admin.get(`/api/auth/user/${bob.id}`)).json()).orders).toEqual({ count: 1 });

    const profile = (id: string) =>
      profileLoader({
        request: new Request("http://shop.test/my-profile"),
        context: { services: shop.services, user: { id } },
        params: {},
      } as unknown as Parameters<typeof profileLoader>[0]);
    expect((await profile(alice.id)).orders).toEqual({ count: 2 });
    expect((await profile(bob.id)).orders).toEqual({ count: 1 });
    await shop.services.orders.idle();
  });
});

describe("GET /api/auth-providers", () => {
  it("is empty when no provider is configured", async () => {
    expect(await (await shop.request("/api/auth-providers")).json()).toEqual({ providers: [] });
  });

  it("lists a social provider only when both its client id and secret are set", async () => {
    const other = await createTestShop({
      GOOGLE_CLIENT_ID: "gid",
      GOOGLE_CLIENT_SECRET: "gsecret",
      GITHUB_CLIENT_ID: "only-the-id",
      FACEBOOK_CLIENT_ID: "",
      FACEBOOK_CLIENT_SECRET: "fb",
    });
    try {
      expect(await (await other.request("/api/auth-providers")).json()).toEqual({ providers: [{ id: "google", name: "Google", type: "social" }] });
      const start = await browser(other).post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/" });
      expect(start.status).toBe(200);
      const { url } = await start.json();
      expect(new URL(url).origin).toBe("https://accounts.google.com");
      expect(new URL(url).searchParams.get("redirect_uri")).toBe("http://shop.test/api/auth/callback/google");
      const github = await browser(other).post("/api/auth/sign-in/social", { provider: "github", callbackURL: "/" });
      expect(github.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

async function picture(width: number, height: number, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    [format]()
    .toBuffer();
}

function upload(b: ReturnType<typeof browser>, file: Blob, name = "me.png", field = "image") {
  const form = new FormData();
  form.set(field, file, name);
  return b.request("/api/account/avatar", { method: "POST", body: form });
}

describe("POST /api/account/avatar", () => {
  it("stores the picture square at 96 and 256 pixels and makes it the user's picture", async () => {
    const b = await signedIn(shop, "alice@example.com", "alice-password");
    const res = await upload(b, new Blob([new Uint8Array(await picture(800, 500))], { type: "image/png" }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.image).toMatch(/^\/uploads\/avatars\/[a-z0-9]+\.webp$/);
    expect(body.srcSet).toContain("96w");
    for (const width of IMAGE_KINDS.avatar.widths) {
      const file = path.join(shop.env.UPLOADS_DIR, imageVariantUrl(body.image, "avatar", width).slice("/uploads/".length));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width]);
    }
    expect((await b.session())?.user.image).toBe(body.image);
    // The page layer sees it without waiting for the cookie cache.
    expect(b.jar.cookies.get("shop.session_data")).toBeTruthy();
    const served = await shop.request(body.image);
    expect(served.status).toBe(200);

    // A new picture replaces the old files.
    const second = await (await upload(b, new Blob([new Uint8Array(await picture(300, 300, "jpeg"))], { type: "image/jpeg" }), "me.jpg")).json();
    expect(second.image).not.toBe(body.image);
    expect(fs.existsSync(path.join(shop.env.UPLOADS_DIR, body.image.slice("/uploads/".length)))).toBe(false);
  });

  it("refuses a file that is not a picture with 400", async () => {
    const b = await signedIn(shop, "bob@example.com", "bob-password-1");
    const text = await upload(b, new Blob(["hello, I am text"], { type: "text/plain" }), "notes.txt");
    expect(text.status).toBe(400);
    expect((await text.json()).error.message).toMatch(/JPEG, PNG/);
    const disguised = await upload(b, new Blob(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], { type: "image/png" }), "x.png");
    expect(disguised.status).toBe(400);
    const svg = await upload(b, new Blob(["<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"], { type: "image/svg+xml" }), "x.svg");
    expect(svg.status).toBe(400);
    const nothing = await b.request("/api/account/avatar", { method: "POST", body: new FormData() });
    expect(nothing.status).toBe(400);
    const notMultipart = await b.request("/api/account/avatar", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(notMultipart.status).toBe(400);
    expect((await b.session())?.user.image).toBeNull();
  });

  it("refuses a picture over 5 MB with 413", async () => {
    const b = await signedIn(shop, "bob@example.com", "bob-password-1");
    const big = new Uint8Array(5 * 1024 * 1024 + 200 * 1024);
    const res = await upload(b, new Blob([big], { type: "image/png" }), "huge.png");
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/5 MB/);
  });

  it("answers 401 to a signed-out visitor", async () => {
    const res = await upload(browser(shop), new Blob([new Uint8Array(await picture(50, 50))], { type: "image/png" }));
    expect(res.status).toBe(401);
  });
});
