import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signedIn } from "../support/auth-browser";
import { orderFor } from "../support/reviews-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// A product's rating on every answer that shows it (product, listing, search): the published
// reviews' average and count, kept with each publish, hide and deletion of an author; the listing
// sorts by it and filters to a number of stars and up.

let shop: TestShop;
let accounts = 0;
const ACTOR = { id: "test-setup", email: "test-setup@example.com", requestId: null };
const ADMIN = { ...ACTOR, role: "admin" as const };
const word = `Rated${Date.now().toString(36)}`;
let categorySlug = "";

type Rating = { average: number | null; count: number };
type Card = { _id: string; slug: string; name: string; rating: Rating };

beforeAll(async () => {
  shop = await createTestShop();
  categorySlug = (await shop.services.categoriesAdmin.createCategory(ACTOR, { name: `Ratings ${word}` })).slug;
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

async function product(name: string) {
  return shop.services.catalogAdmin.createProduct(ACTOR, { name: `${word} ${name}`, categorySlug, price: 20, image: [], stock: 50 });
}

/** A customer who received `productId` and reviews it with `rating` stars; the review's id. */
async function review(productId: string, slug: string, rating: number) {
  accounts += 1;
  const email = `rater-${accounts}@example.com`;
  const user = await createAccount(shop, { email, password: "customer-password", name: `Rater Number${accounts}` });
  await orderFor(shop, user.id, productId);
  const b = await signedIn(shop, email, "customer-password");
  const res = await b.post(`/api/products/${slug}/reviews`, { rating, title: "My rating", text: "Here is what I think." });
  expect(res.status, await res.clone().text()).toBe(201);
  return {
    id: (await res.json()).data.id as string,
    userId: user.id,
    edit: (stars: number) => b.post(`/api/products/${slug}/reviews`, { rating: stars, title: "Changed my mind", text: "Here is what I think now." }),
  };
}

async function get<T>(path: string): Promise<T> {
  const res = await shop.request(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<T>;
}

const ratingOf = async (slug: string) => (await get<{ data: Card }>(`/api/products/${slug}`)).data.rating;
const listed = async (query: string) => (await get<{ data: Card[]; meta: { total: number } }>(`/api/products?category=${categorySlug}&${query}`)).data;

describe("a product's rating", () => {
  let best: Awaited<ReturnType<typeof product>>;
  let good: Awaited<ReturnType<typeof product>>;
  let poor: Awaited<ReturnType<typeof product>>;
  let none: Awaited<ReturnType<typeof product>>;
  const reviews: Record<string, Awaited<ReturnType<typeof review>>[]> = {};

  beforeAll(async () => {
    none = await product("Unrated");
    poor = await product("Poor");
    good = await product("Good");
    best = await product("Best");
    reviews.best = [await review(best.id, best.slug, 5), await review(best.id, best.slug, 4)];
    reviews.good = [await review(good.id, good.slug, 5), await review(good.id, good.slug, 4), await review(good.id, good.slug, 4)];
    reviews.poor = [await review(poor.id, poor.slug, 2)];
  });

  it("is the published reviews' average to one decimal and their count, on the product, listing and search answers", async () => {
    expect(await ratingOf(best.slug)).toEqual({ average: 4.5, count: 2 });
    expect(await ratingOf(good.slug)).toEqual({ average: 4.3, count: 3 });
    expect(await ratingOf(none.slug)).toEqual({ average: null, count: 0 });
    const cards = await listed("sort=newest");
    expect(cards.find((c) => c._id === poor.id)?.rating).toEqual({ average: 2, count: 1 });
    const found = await get<{ data: { products: Card[] } }>(`/api/products/search/ser?q=${word}%20Good`);
    expect(found.data.products.find((c) => c._id === good.id)?.rating).toEqual({ average: 4.3, count: 3 });
  });

  it("sorts the listing best rated first, more reviews first among equals, unrated last", async () => {
    const extra = await product("Also best");
    await review(extra.id, extra.slug, 5);
    await review(extra.id, extra.slug, 4);
    await review(extra.id, extra.slug, 5);
    await review(extra.id, extra.slug, 4);
    // 4.5 from four reviews before 4.5 from two.
    expect((await listed("sort=rating")).map((c) => c._id)).toEqual([extra.id, best.id, good.id, poor.id, none.id]);
  });

  it("filters to 4 stars and up, and refuses a rating out of 1 to 5 with a 400", async () => {
    const ids = (await listed("minRating=4&sort=rating")).map((c) => c._id);
    expect(ids).toContain(best.id);
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(poor.id);
    expect(ids).not.toContain(none.id);
    for (const bad of ["6", "0", "4.5", "lots"]) {
      const res = await shop.request(`/api/products?minRating=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it("follows a moderator hiding and publishing a review at once", async () => {
    await shop.services.reviews.moderate(ACTOR, reviews.best[1]!.id, { status: "hidden" });
    expect(await ratingOf(best.slug)).toEqual({ average: 5, count: 1 });
    await shop.services.reviews.moderate(ACTOR, reviews.best[1]!.id, { status: "published" });
    expect(await ratingOf(best.slug)).toEqual({ average: 4.5, count: 2 });
  });

  it("follows an author's edit, and drops the reviews of a deleted account", async () => {
    expect((await reviews.good[0]!.edit(1)).status).toBe(200);
    expect(await ratingOf(good.slug)).toEqual({ average: 3, count: 3 });
    const poorOnly = reviews.poor[0]!;
    await shop.services.customers.delete(ADMIN, poorOnly.userId);
    expect(await ratingOf(poor.slug)).toEqual({ average: null, count: 0 });
    expect((await listed("minRating=1")).map((c) => c._id)).not.toContain(poor.id);
  });
});
