import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_KINDS, imageVariantUrl } from "#common/images/image-sizes";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { orderFor } from "../support/reviews-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// Photos under a review: a buyer sends up to four with the review as a form (multipart), stored
// at every width of the `review` kind; the review's answer and the product's list carry them;
// a bad file, too many files or a refused review store nothing; a held review's photos are not
// listed; an edit with new photos replaces the old ones (their files go too).

let shop: TestShop;
let accounts = 0;
const ACTOR = { id: "test-setup", email: "test-setup@example.com", requestId: null };
type Photo = { url: string; width: number; height: number };

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

async function product(name: string) {
  const category = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: `Photos ${name} ${Date.now().toString(36)}` });
  return shop.services.catalogAdmin.createProduct(ACTOR, {
    name: `${name} ${Date.now().toString(36)}`,
    categorySlug: category.slug,
    price: 20,
    image: [],
    stock: 50,
  });
}

async function customer(name: string, received: string[] = []) {
  accounts += 1;
  const email = `photo-customer-${accounts}@example.com`;
  const user = await createAccount(shop, { email, password: "customer-password", name });
  for (const id of received) await orderFor(shop, user.id, id);
  return signedIn(shop, email, "customer-password");
}

async function picture(color: string, width = 900, height = 600): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

function reviewForm(fields: Record<string, string>, photos: Array<{ blob: Blob; name: string }> = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const p of photos) f.append("photos", p.blob, p.name);
  return f;
}

const send = (b: TestBrowser, slug: string, body: FormData) => b.request(`/api/products/${slug}/reviews`, { method: "POST", body });

const storedFiles = () => {
  const dir = path.join(shop.env.UPLOADS_DIR, IMAGE_KINDS.review.dir);
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const onDisk = (url: string, width: number) => fs.existsSync(path.join(shop.env.UPLOADS_DIR, imageVariantUrl(url, "review", width).slice("/uploads/".length)));

async function listed(slug: string): Promise<Array<{ title: string; photos: Photo[] }>> {
  return (await (await shop.request(`/api/products/${slug}/reviews`)).json()).data;
}

describe("review photos", () => {
  it("takes a review with two photos as a form, stores every width, and lists them with the review", async () => {
    const mug = await product("Mug");
    const ada = await customer("Ada Lovelace", [mug.id]);
    const res = await send(
      ada,
      mug.slug,
      reviewForm({ rating: "4", title: "Pretty mug", text: "Looks like the pictures." }, [
        { blob: await picture("#b45309"), name: "front.jpg" },
        { blob: await picture("#1e3a8a", 600, 900), name: "side.jpg" },
      ]),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ rating: 4, title: "Pretty mug", status: "published" });
    expect(data.photos).toEqual([
      { url: expect.stringMatching(/^\/uploads\/reviews\/[a-z0-9]+\.webp$/), width: 1280, height: 1280 },
      { url: expect.stringMatching(/^\/uploads\/reviews\/[a-z0-9]+\.webp$/), width: 1280, height: 1280 },
    ]);
    for (const photo of data.photos as Photo[]) for (const w of IMAGE_KINDS.review.widths) expect(onDisk(photo.url, w)).toBe(true);
    expect((await listed(mug.slug))[0]).toMatchObject({ title: "Pretty mug", photos: data.photos });
    expect((await shop.request(data.photos[0].url)).headers.get("content-type")).toBe("image/webp");
  });

  it("refuses a file that is no picture and a fifth photo with 400 naming photos, storing nothing", async () => {
    const mug = await product("Mug");
    const bo = await customer("Bo Brown", [mug.id]);
    const before = storedFiles();
    const bad = await send(
      bo,
      mug.slug,
      reviewForm({ rating: "5", title: "Nice", text: "Good" }, [
        { blob: await picture("#15803d"), name: "ok.jpg" },
        { blob: new Blob(["not a picture at all"], { type: "image/jpeg" }), name: "fake.jpg" },
      ]),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty("photos");
    const five = await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ blob: await picture("#7c3aed", 200, 200), name: `p${i}.jpg` })));
    const tooMany = await send(bo, mug.slug, reviewForm({ rating: "5", title: "Nice", text: "Good" }, five));
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.fields).toEqual({ photos: "Add 4 photos at most" });
    expect(storedFiles()).toBe(before);
    expect(await listed(mug.slug)).toEqual([]);
  });

  it("refuses a photo over 5 MB naming photos, and a JSON review of more than 64 KB, before storing anything", async () => {
    const mug = await product("Mug");
    const eve = await customer("Eve Evans", [mug.id]);
    const before = storedFiles();
    const huge = new Blob([new Uint8Array(5 * 1024 * 1024 + 10)], { type: "image/jpeg" });
    const big = await send(eve, mug.slug, reviewForm({ rating: "5", title: "Nice", text: "Good" }, [{ blob: huge, name: "huge.jpg" }]));
    expect(big.status).toBe(413);
    expect((await big.json()).error.fields).toEqual({ photos: "Each photo can be 5 MB at most" });
    // JSON is read into memory: the photos' room is for multipart only.
    const long = await eve.post(`/api/products/${mug.slug}/reviews`, { rating: 5, title: "Nice", text: "a".repeat(70 * 1024) });
    expect(long.status).toBe(413);
    expect(storedFiles()).toBe(before);
    expect(await listed(mug.slug)).toEqual([]);
  });

  it("stores no photo of a review refused for its fields or its author", async () => {
    const mug = await product("Mug");
    const cy = await customer("Cy Clark", [mug.id]);
    const stranger = await customer("Sam Stranger");
    const before = storedFiles();
    const missing = await send(cy, mug.slug, reviewForm({ rating: "", title: "", text: "Good" }, [{ blob: await picture("#0f766e"), name: "a.jpg" }]));
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json()).error.fields).sort()).toEqual(["rating", "title"]);
    const notBuyer = await send(
      stranger,
      mug.slug,
      reviewForm({ rating: "5", title: "Nice", text: "Good" }, [{ blob: await picture("#0f766e"), name: "a.jpg" }]),
    );
    expect(notBuyer.status).toBe(403);
    const visitor = await send(
      browser(shop),
      mug.slug,
      reviewForm({ rating: "5", title: "Nice", text: "Good" }, [{ blob: await picture("#0f766e"), name: "a.jpg" }]),
    );
    expect(visitor.status).toBe(401);
    expect(storedFiles()).toBe(before);
  });

  it("keeps a held review's photos off the list, and an edit with new photos replaces the old ones", async () => {
    const mug = await product("Mug");
    const di = await customer("Di Dahl", [mug.id]);
    const held = await send(
      di,
      mug.slug,
      reviewForm({ rating: "5", title: "Nice", text: "See www.example.com" }, [{ blob: await picture("#be123c"), name: "a.jpg" }]),
    );
    expect(held.status).toBe(201);
    const first = (await held.json()).data;
    expect(first.status).toBe("pending");
    expect(await listed(mug.slug)).toEqual([]);
    const edited = await send(
      di,
      mug.slug,
      reviewForm({ rating: "4", title: "Nice", text: "Good after all" }, [{ blob: await picture("#4d7c0f"), name: "b.jpg" }]),
    );
    expect(edited.status).toBe(200);
    const second = (await edited.json()).data;
    expect(second.photos).toHaveLength(1);
    expect(second.photos[0].url).not.toBe(first.photos[0].url);
    expect(onDisk(first.photos[0].url, 160)).toBe(false);
    expect((await listed(mug.slug))[0]?.photos).toEqual(second.photos);
    // An edit without photos keeps them.
    const words = await di.post(`/api/products/${mug.slug}/reviews`, { rating: 5, title: "Nicer", text: "Really good" });
    expect((await words.json()).data.photos).toEqual(second.photos);
  });
});
