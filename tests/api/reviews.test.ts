import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "#common/auth/permissions";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { send } from "../support/shop-fixture";
import { orderFor } from "../support/reviews-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// Product reviews on the server: only buyers review, one review per buyer (a second edits it),
// moderation holds what it must, the product's list sorts, filters and pages with its figures,
// helpful votes count once per visitor, and moderators (permission content) publish, hide and
// reply, audited, with the product's cached answers following at once.

let shop: TestShop;
let staff: TestBrowser;
let noContent: TestBrowser;
let accounts = 0;

const ACTOR = { id: "test-setup", email: "test-setup@example.com", requestId: null };
type Review = {
  id: string;
  rating: number;
  title: string;
  text: string;
  author: string | null;
  verifiedBuyer: boolean;
  helpful: number;
  reply: { text: string } | null;
};
type Meta = { average: number | null; count: number; distribution: Record<string, number>; page: number; pages: number };
type AdminReview = { id: string; status: string; heldFor: string[]; product: { slug: string } | null; reply: { text: string; by: string } | null };

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "moderator@example.com", password: "staff-password", role: "staff", permissions: ["content"] });
  await createAccount(shop, {
    email: "no-content@example.com",
    password: "staff-password",
    role: "staff",
    permissions: PERMISSIONS.filter((p) => p !== "content"),
  });
  staff = await signedIn(shop, "moderator@example.com", "staff-password");
  noContent = await signedIn(shop, "no-content@example.com", "staff-password");
});
afterAll(async () => {
  await shop?.services.auth.idle();
  await shop?.close();
});

/** A fresh active product without variants, 50 in stock. */
async function product(name: string) {
  const category = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: `Reviews ${name} ${Date.now().toString(36)}` });
  return shop.services.catalogAdmin.createProduct(ACTOR, {
    name: `${name} ${Date.now().toString(36)}`,
    categorySlug: category.slug,
    price: 20,
    image: [],
    stock: 50,
  });
}

/** A new customer account; with `received`, one who bought and received each of these products. */
async function customer(name: string, received: string[] = []) {
  accounts += 1;
  const email = `customer-${accounts}@example.com`;
  const user = await createAccount(shop, { email, password: "customer-password", name });
  for (const id of received) await orderFor(shop, user.id, id);
  return { user, b: await signedIn(shop, email, "customer-password") };
}

const write = (b: TestBrowser, slug: string, body: unknown) => b.post(`/api/products/${slug}/reviews`, body);

async function listing(slug: string, query = ""): Promise<{ data: Review[]; meta: Meta }> {
  const res = await shop.request(`/api/products/${slug}/reviews${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function setModeration(reviews: { moderation: "publish" | "hold"; blocklist: string[] }) {
  await shop.services.content.saveSettings({ ...(await shop.services.content.getSettings()), reviews });
}

const storedCount = async (productId: string) =>
  Number(
    (
      await shop.db.kysely
        .selectFrom("reviews")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("who may review", () => {
  it("asks a visitor to sign in, refuses a customer who did not receive the product (403), and stores nothing", async () => {
    const mug = await product("Mug");
    expect((await write(browser(shop), mug.slug, { rating: 5, title: "Great", text: "Lovely mug" })).status).toBe(401);
    const stranger = await customer("Sam Stranger");
    const refused = await write(stranger.b, mug.slug, { rating: 5, title: "Great", text: "Lovely mug" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: "forbidden", message: "Only customers who bought this product and received it can review it." });
    // Ordered but not delivered yet: not a buyer in hand.
    const waiting = await customer("Wendy Waiting");
    await orderFor(shop, waiting.user.id, mug.id, "pending");
    expect((await write(waiting.b, mug.slug, { rating: 5, title: "Great", text: "Lovely mug" })).status).toBe(403);
    expect(await storedCount(mug.id)).toBe(0);
    expect((await write(stranger.b, "no-such-product", { rating: 5, title: "Great", text: "Lovely mug" })).status).toBe(404);
  });

  it("takes a buyer's review (201), shows it with first name and initial as a verified buyer, and a second one edits it (200)", async () => {
    const mug = await product("Mug");
    const ada = await customer("Ada King Lovelace", [mug.id]);
    const first = await write(ada.b, mug.slug, { rating: 5, title: " Great mug ", text: "Holds a lot of tea." });
    expect(first.status, await first.clone().text()).toBe(201);
    const created = (await first.json()).data;
    expect(created).toMatchObject({ rating: 5, title: "Great mug", text: "Holds a lot of tea.", status: "published" });
    const shown = await listing(mug.slug);
    expect(shown.data).toEqual([
      expect.objectContaining({ id: created.id, rating: 5, title: "Great mug", author: "Ada L.", verifiedBuyer: true, helpful: 0, reply: null }),
    ]);
    expect(shown.meta).toEqual({ average: 5, count: 1, distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 }, page: 1, pages: 1 });

    const again = await write(ada.b, mug.slug, { rating: 3, title: "Good mug", text: "The handle gets hot." });
    expect(again.status).toBe(200);
    expect((await again.json()).data).toMatchObject({ id: created.id, rating: 3, status: "published" });
    const edited = await listing(mug.slug);
    expect(edited.data.map((r) => [r.id, r.rating, r.title])).toEqual([[created.id, 3, "Good mug"]]);
    expect(edited.meta).toMatchObject({ average: 3, count: 1, distribution: { "3": 1, "5": 0 } });
    expect(await storedCount(mug.id)).toBe(1);
  });

  it("refuses a bad rating, title or text with 400 naming each field, and stores nothing", async () => {
    const mug = await product("Mug");
    const bea = await customer("Bea", [mug.id]);
    const cases: Array<[unknown, string[]]> = [
      [{ rating: 0, title: "", text: "" }, ["rating", "title", "text"]],
      [{ rating: 4.5, title: "Fine", text: "Fine" }, ["rating"]],
      [{ rating: "5", title: "Fine", text: "Fine" }, ["rating"]],
      [{ rating: 6, title: "x".repeat(121), text: "y".repeat(5001) }, ["rating", "title", "text"]],
      [{ rating: 4, title: "   ", text: "Fine" }, ["title"]],
      [{}, ["rating", "title", "text"]],
    ];
    for (const [body, fields] of cases) {
      const res = await write(bea.b, mug.slug, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields).sort()).toEqual([...fields].sort());
    }
    const notJson = await bea.b.request(`/api/products/${mug.slug}/reviews`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    // The longest allowed pass.
    expect((await write(bea.b, mug.slug, { rating: 1, title: "x".repeat(120), text: "y ".repeat(2500) })).status).toBe(201);
    expect(await storedCount(mug.id)).toBe(1);
  });
});

describe("moderation", () => {
  it("always holds links, shouting and blocked words; the hold setting holds every review; pending ones stay off the page", async () => {
    const lamp = await product("Lamp");
    await setModeration({ moderation: "publish", blocklist: ["rubbish"] });
    const held = async (title: string, text: string) => {
      const c = await customer("Held Writer", [lamp.id]);
      const res = await write(c.b, lamp.slug, { rating: 2, title, text });
      expect(res.status).toBe(201);
      return (await res.json()).data as { id: string; status: string };
    };
    expect((await held("See more", "Cheaper at https://elsewhere.example")).status).toBe("pending");
    expect((await held("See more", "Cheaper at www.elsewhere.example")).status).toBe("pending");
    expect((await held("Awful", "THIS LAMP BROKE ON THE FIRST DAY")).status).toBe("pending");
    expect((await held("Awful", "Utter RUBBISH, sadly.")).status).toBe("pending");
    expect((await held("Fine", "A good lamp, SOLID and WARM light.")).status).toBe("published");
    expect((await listing(lamp.slug)).meta.count).toBe(1);

    const queue = await staff.get("/api/admin/reviews?status=pending");
    const pending = ((await queue.json()).data as AdminReview[]).filter((r) => r.product?.slug === lamp.slug);
    expect(pending.map((r) => r.heldFor).sort()).toEqual([["blocklist"], ["capitals"], ["link"], ["link"]]);

    await setModeration({ moderation: "hold", blocklist: [] });
    expect((await held("Fine", "A good lamp.")).status).toBe("pending");
    await setModeration({ moderation: "publish", blocklist: [] });
    expect((await held("Fine", "A good lamp.")).status).toBe("published");
    expect((await listing(lamp.slug)).meta.count).toBe(2);
  });

  it("keeps the moderation settings when the settings form saves without them, and never shows the blocklist publicly", async () => {
    await setModeration({ moderation: "hold", blocklist: ["rubbish"] });
    const admin = await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", role: "admin" });
    expect(admin.id).toBeTruthy();
    const owner = await signedIn(shop, "owner@example.com", "owner-password-1");
    const { data: current } = await (await owner.get("/api/admin/settings")).json();
    expect(current.reviews).toEqual({ moderation: "hold", requestAfterDays: 7, blocklist: ["rubbish"] });
    const { reviews: _reviews, ...withoutReviews } = current;
    const saved = await send(owner, "PUT", "/api/admin/settings", { ...withoutReviews, tagline: "Reviewed goods" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await shop.services.content.getSettings()).reviews).toEqual({ moderation: "hold", requestAfterDays: 7, blocklist: ["rubbish"] });
    const bad = await send(owner, "PUT", "/api/admin/settings", { ...current, reviews: { moderation: "later" } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toContain("reviews.moderation");
    const publicSettings = await (await shop.request("/api/settings")).json();
    expect(publicSettings.reviews).toEqual({ moderation: "hold", requestAfterDays: 7, blocklist: [] });
    await setModeration({ moderation: "publish", blocklist: [] });
  });
});

describe("a product's reviews", () => {
  it("sorts, filters by star and pages, with the average, count and distribution of all published reviews", async () => {
    const kettle = await product("Kettle");
    const ratings = [5, 4, 4, 3, 5, 1, 2, 5, 4, 5, 3, 5];
    const ids: string[] = [];
    for (const [i, rating] of ratings.entries()) {
      const c = await customer(`Buyer${i} Number`, [kettle.id]);
      const res = await write(c.b, kettle.slug, { rating, title: `Review ${i}`, text: `Kettle review number ${i}` });
      expect(res.status).toBe(201);
      ids.push((await res.json()).data.id);
    }
    // Review i written i minutes after the first, so "newest" has one order.
    for (const [i, id] of ids.entries()) {
      await shop.db.kysely
        .updateTable("reviews")
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString() })
        .where("id", "=", id)
        .execute();
    }
    const all = await listing(kettle.slug, "?page=1");
    expect(all.meta).toEqual({ average: 3.8, count: 12, distribution: { "1": 1, "2": 1, "3": 2, "4": 3, "5": 5 }, page: 1, pages: 2 });
    expect(all.data.map((r) => r.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Review ${i}`));
    const second = await listing(kettle.slug, "?page=2");
    expect(second.data.map((r) => r.title)).toEqual(["Review 1", "Review 0"]);
    expect(second.meta).toMatchObject({ page: 2, pages: 2, count: 12 });

    const fives = await listing(kettle.slug, "?rating=5");
    expect(fives.data.map((r) => r.title)).toEqual(["Review 11", "Review 9", "Review 7", "Review 4", "Review 0"]);
    expect(fives.meta).toMatchObject({ count: 12, pages: 1 });
    expect((await listing(kettle.slug, "?sort=highest")).data.map((r) => r.rating)).toEqual([5, 5, 5, 5, 5, 4, 4, 4, 3, 3]);
    expect((await listing(kettle.slug, "?sort=lowest")).data.slice(0, 4).map((r) => r.title)).toEqual(["Review 5", "Review 6", "Review 10", "Review 3"]);

    // Two votes for review 2, one for review 8: they lead the helpful order, the rest newest first.
    for (const [id, votes] of [
      [ids[2]!, 2],
      [ids[8]!, 1],
    ] as const) {
      for (let v = 0; v < votes; v++) expect((await browser(shop).post(`/api/reviews/${id}/helpful`)).status).toBe(200);
    }
    expect((await listing(kettle.slug, "?sort=helpful")).data.slice(0, 3).map((r) => [r.title, r.helpful])).toEqual([
      ["Review 2", 2],
      ["Review 8", 1],
      ["Review 11", 0],
    ]);

    for (const query of ["?sort=best", "?rating=6", "?rating=0", "?page=0", "?page=x"]) {
      const res = await shop.request(`/api/products/${kettle.slug}/reviews${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await shop.request("/api/products/no-such-product/reviews")).status).toBe(404);
    const empty = await listing((await product("Teapot")).slug);
    expect(empty).toEqual({
      success: true,
      data: [],
      meta: { average: null, count: 0, distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 }, page: 1, pages: 1 },
    });
  });
});

describe("helpful votes", () => {
  it("counts one vote per visitor cookie and per account; a second vote changes nothing", async () => {
    const cup = await product("Cup");
    const writer = await customer("Vera Voted", [cup.id]);
    const id = (await (await write(writer.b, cup.slug, { rating: 4, title: "Nice cup", text: "Fits the hand." })).json()).data.id as string;
    const vote = async (b: TestBrowser) => {
      const res = await b.post(`/api/reviews/${id}/helpful`);
      expect(res.status).toBe(200);
      return (await res.json()).data as { helpful: number; counted: boolean };
    };
    const visitor = browser(shop);
    expect(await vote(visitor)).toEqual({ helpful: 1, counted: true });
    expect(visitor.jar.header()).toContain("shop.visitor=");
    expect(await vote(visitor)).toEqual({ helpful: 1, counted: false });
    expect(await vote(browser(shop))).toEqual({ helpful: 2, counted: true });
    const member = await customer("Mo Member");
    expect(await vote(member.b)).toEqual({ helpful: 3, counted: true });
    expect(await vote(member.b)).toEqual({ helpful: 3, counted: false });
    expect((await listing(cup.slug, "?sort=helpful")).data[0]!.helpful).toBe(3);

    expect((await browser(shop).post("/api/reviews/no-such-review/helpful")).status).toBe(404);
    const held = await customer("Hal Held", [cup.id]);
    const pendingId = (await (await write(held.b, cup.slug, { rating: 1, title: "Spam", text: "www.spam.example" })).json()).data.id;
    expect((await browser(shop).post(`/api/reviews/${pendingId}/helpful`)).status).toBe(404);
  });
});

describe("moderators", () => {
  it("need the content permission", async () => {
    expect((await noContent.get("/api/admin/reviews")).status).toBe(403);
    expect((await send(noContent, "PATCH", "/api/admin/reviews/any", { status: "hidden" })).status).toBe(403);
    expect((await browser(shop).get("/api/admin/reviews")).status).toBe(401);
  });

  it("publish, hide and reply, audited, and the product's cached answers follow at once", async () => {
    const vase = await product("Vase");
    const c = await customer("Pia Pending", [vase.id]);
    const id = (await (await write(c.b, vase.slug, { rating: 4, title: "Pretty", text: "Shop at www.vases.example too" })).json()).data.id as string;
    expect((await listing(vase.slug)).meta.count).toBe(0);

    const epoch = shop.services.dataEpoch.value;
    const published = await send(staff, "PATCH", `/api/admin/reviews/${id}`, { status: "published", reply: "Thank you, Pia!" });
    expect(published.status, await published.clone().text()).toBe(200);
    expect((await published.json()).data).toMatchObject({ id, status: "published", reply: { text: "Thank you, Pia!", by: "moderator@example.com" } });
    expect(shop.services.dataEpoch.value).toBeGreaterThan(epoch);
    const shown = await listing(vase.slug);
    expect(shown.meta.count).toBe(1);
    expect(shown.data[0]).toMatchObject({ id, reply: { text: "Thank you, Pia!" } });

    const hidden = await send(staff, "PATCH", `/api/admin/reviews/${id}`, { status: "hidden" });
    expect(hidden.status).toBe(200);
    expect((await listing(vase.slug)).meta).toMatchObject({ count: 0, average: null });
    expect(((await (await staff.get("/api/admin/reviews?status=hidden")).json()).data as AdminReview[]).map((r) => r.id)).toContain(id);

    const { entries } = await shop.services.audit.list({ entity: "review", entityId: id });
    expect(entries.map((e) => [e.action, e.actor.email, e.changes])).toEqual([
      ["review.moderate", "moderator@example.com", { status: { before: "published", after: "hidden" } }],
      ["review.moderate", "moderator@example.com", { status: { before: "pending", after: "published" }, reply: { before: null, after: "Thank you, Pia!" } }],
    ]);

    // The author's edit of a hidden review waits for a moderator again, even when reviews publish at once.
    const edit = await write(c.b, vase.slug, { rating: 5, title: "Pretty", text: "Lovely vase." });
    expect((await edit.json()).data.status).toBe("pending");

    for (const body of [{}, { status: "pending" }, { reply: 5 }]) expect((await send(staff, "PATCH", `/api/admin/reviews/${id}`, body)).status).toBe(400);
    expect((await send(staff, "PATCH", "/api/admin/reviews/no-such-review", { status: "hidden" })).status).toBe(404);
    expect((await staff.get("/api/admin/reviews?status=lost")).status).toBe(400);
  });
});

describe("a reviewer's data", () => {
  it("is in their data export, and goes with their account when it is deleted", async () => {
    const jug = await product("Jug");
    const author = await customer("Del Eted", [jug.id]);
    const id = (await (await write(author.b, jug.slug, { rating: 4, title: "Sturdy", text: "Pours well." })).json()).data.id;
    const exported = await (await author.b.get("/api/account/export")).json();
    expect(exported.reviews).toEqual([expect.objectContaining({ id, productId: jug.id, rating: 4, title: "Sturdy", status: "published" })]);
    await shop.services.customers.delete({ ...ACTOR, role: "admin" }, author.user.id);
    expect(await storedCount(jug.id)).toBe(0);
  });
});
