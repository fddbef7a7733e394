import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedTokens } from "../../server/lib/signed-token";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { markDelivered, placeOrder } from "../support/returns-fixture";
import { browserWithCart, checkoutBody } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

// Guests review through a signed link: some days after an order is delivered its buyer gets one
// mail with a link per product; the link's token lets them review that product as a verified
// buyer without an account (a second post edits); a forged, expired or other product's token is
// refused with 403; the mail goes once however often the job runs.

let shop: TestShop;
let guests = 0;
const DAY = 24 * 60 * 60_000;
const ACTOR = { id: "test-setup", email: "test-setup@example.com", requestId: null };
const SECRET_MISMATCH = createSignedTokens("not the shop's secret");

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.services.mailer.idle();
  await shop?.close();
});

async function product(name: string) {
  const category = await shop.services.categoriesAdmin.createCategory(ACTOR, { name: `Requests ${name} ${Date.now().toString(36)}` });
  return shop.services.catalogAdmin.createProduct(ACTOR, {
    name: `${name} ${Date.now().toString(36)}`,
    categorySlug: category.slug,
    price: 20,
    image: [],
    stock: 50,
  });
}

/** A guest's order of these products (cash on delivery) in `language`, delivered `daysAgo` days ago. */
async function guestOrder(productIds: string[], options: { daysAgo?: number; language?: string; name?: string; email?: string } = {}) {
  guests += 1;
  const email = options.email ?? `guest-${guests}@example.com`;
  const b = await browserWithCart(
    shop,
    productIds.map((productId) => ({ productId })),
  );
  const { order } = await placeOrder(
    b,
    checkoutBody({
      contact: { name: options.name ?? "Ada Lovelace", email, phone: "+1 555 0100" },
      ...(options.language ? { language: options.language } : {}),
    }),
  );
  await markDelivered(shop, order.id, options.daysAgo ?? 0);
  return { order, email };
}

async function mailsTo(email: string) {
  await shop.services.mailer.idle();
  return shop.services.mailer.outbox.filter((m) => m.to === email && m.text.includes("?review="));
}

/** The review links of a mail's text, by product slug: their token. */
function links(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(/http:\/\/[^\s]+\/products\/([^?\s]+)\?review=([^\s]+)/g)) found.set(decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
  return found;
}

const post = (slug: string, body: unknown) => browser(shop).post(`/api/products/${slug}/reviews`, body);

describe("the review request mail", () => {
  it("goes once, the settings' days after delivery, with a working link per product in the order's language", async () => {
    const mug = await product("Mug");
    const pot = await product("Teapot");
    const { order, email } = await guestOrder([mug.id, pot.id]);
    const requestsOf = async () => (await shop.db.kysely.selectFrom("review_requests").selectAll().where("order_id", "=", order.id).execute()).length;

    // Delivered just now: nothing yet, not even a day before the settings' 7 days are up.
    await shop.services.reviewRequests.sendDue(new Date(Date.now() + 6 * DAY));
    expect(await mailsTo(email)).toHaveLength(0);

    const later = new Date(Date.now() + 7 * DAY + 60_000);
    await Promise.all([shop.services.reviewRequests.sendDue(later), shop.services.reviewRequests.sendDue(later)]);
    await shop.services.reviewRequests.sendDue(new Date(later.getTime() + 3_600_000));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(await requestsOf()).toBe(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("How do you like your order from Shop?");
    expect(mail.text).toContain(`Your order ${order.number} arrived`);
    const tokens = links(mail.text);
    expect([...tokens.keys()].sort()).toEqual([mug.slug, pot.slug].sort());
    expect(mail.html).toContain(`/products/${mug.slug}?review=`);

    // The link's token writes a published review as a verified buyer, named as the order is.
    const created = await post(mug.slug, { token: tokens.get(mug.slug), rating: 5, title: "Lovely mug", text: "Holds a lot of tea." });
    expect(created.status, await created.clone().text()).toBe(201);
    const shown = (await (await shop.request(`/api/products/${mug.slug}/reviews`)).json()) as { data: Array<Record<string, unknown>>; meta: { count: number } };
    expect(shown.meta.count).toBe(1);
    expect(shown.data[0]).toMatchObject({ rating: 5, title: "Lovely mug", author: "Ada L.", verifiedBuyer: true });

    // A second post through the same link edits it (200); a form post works as JSON does.
    const form = new URLSearchParams({ token: tokens.get(mug.slug)!, rating: "4", title: "Good mug", text: "The handle gets warm." });
    const edited = await browser(shop).request(`/api/products/${mug.slug}/reviews`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const after = (await (await shop.request(`/api/products/${mug.slug}/reviews`)).json()) as { data: Array<Record<string, unknown>>; meta: { count: number } };
    expect(after.meta.count).toBe(1);
    expect(after.data[0]).toMatchObject({ rating: 4, title: "Good mug" });

    // The moderation screen shows the guest's review without an account.
    const queue = await shop.services.reviews.listForAdmin({ status: "published" });
    expect(queue.data.find((r) => r.product?.slug === mug.slug)).toMatchObject({ userId: null, author: "Ada L." });
  });

  it("writes the links of an order placed in German under /de", async () => {
    const mug = await product("Becher");
    const { email } = await guestOrder([mug.id], { daysAgo: 8, language: "de" });
    await shop.services.reviewRequests.sendDue(new Date());
    const german = await mailsTo(email);
    expect(german).toHaveLength(1);
    expect(german[0]!.subject).toBe("Wie gefällt dir deine Bestellung bei Shop?");
    expect(german[0]!.text).toContain(`/de/products/${mug.slug}?review=`);
  });

  it("stops for an address that asked, through the page of the link under it or the one-click unsubscribe", async () => {
    const mug = await product("Stop mug");
    const email = "no-more-requests@example.com";
    await guestOrder([mug.id], { daysAgo: 8, email, language: "de" });
    await shop.services.reviewRequests.sendDue(new Date());
    const [mail] = await mailsTo(email);
    // Its page (in the mail's language) is the browser test's; here, the link is there and the one-click stops.
    const page = mail!.text.match(/http:\/\/[^\s]+(\/de\/review-requests\/[^\s]+)/)?.[1];
    expect(page, mail!.text).toBeTruthy();
    const oneClick = mail!.headers?.["List-Unsubscribe"]?.match(/^<http:\/\/[^/]+(\/api\/review-requests\/[^>]+\/unsubscribe)>$/)?.[1];
    expect(oneClick, JSON.stringify(mail!.headers)).toBeTruthy();
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await shop.request("/api/review-requests/forged.token/unsubscribe", { method: "POST" })).status).toBe(404);
    expect((await shop.request(oneClick!, { method: "POST" })).status).toBe(200);
    // A later order to the same address gets no request; another address still does.
    await guestOrder([mug.id], { daysAgo: 8, email });
    const other = await guestOrder([mug.id], { daysAgo: 8 });
    await shop.services.reviewRequests.sendDue(new Date());
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo(other.email)).toHaveLength(1);
  });

  it("sends nothing when the settings' days are 0, nor for orders delivered long before", async () => {
    const mug = await product("Mug");
    const old = await guestOrder([mug.id], { daysAgo: 60 });
    const recent = await guestOrder([mug.id], { daysAgo: 8 });
    const settings = await shop.services.content.getSettings();
    await shop.services.content.saveSettings({ ...settings, reviews: { ...settings.reviews, requestAfterDays: 0 } });
    try {
      expect(await shop.services.reviewRequests.sendDue(new Date())).toEqual({ sent: 0 });
      expect(await mailsTo(recent.email)).toHaveLength(0);
    } finally {
      await shop.services.content.saveSettings(settings);
    }
    await shop.services.reviewRequests.sendDue(new Date());
    expect(await mailsTo(recent.email)).toHaveLength(1);
    expect(await mailsTo(old.email)).toHaveLength(0);
  });
});

describe("a review through a token", () => {
  async function tokenFor(daysAgo = 8) {
    const mug = await product("Mug");
    const other = await product("Vase");
    const { email, order } = await guestOrder([mug.id], { daysAgo });
    await shop.services.reviewRequests.sendDue(new Date());
    const [mail] = await mailsTo(email);
    return { mug, other, email, order, token: links(mail!.text).get(mug.slug)! };
  }
  const body = { rating: 5, title: "Great", text: "Very nice." };
  const reviewCount = async (productId: string) =>
    Number(
      (
        await shop.db.kysely
          .selectFrom("reviews")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("product_id", "=", productId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a forged, altered or other product's token with 403 and a sentence, and stores nothing", async () => {
    const { mug, other, token } = await tokenFor();
    const [claims] = token.split(".");
    const cases: Array<[string, string]> = [
      ["not-a-token", "This review link is not valid. Please use the link from your e-mail as it is."],
      [`${claims}.${"A".repeat(43)}`, "This review link is not valid. Please use the link from your e-mail as it is."],
      [
        SECRET_MISMATCH.sign("review", JSON.parse(Buffer.from(claims!, "base64url").toString()), new Date(Date.now() + DAY)),
        "This review link is not valid. Please use the link from your e-mail as it is.",
      ],
    ];
    for (const [forged, message] of cases) {
      const res = await post(mug.slug, { ...body, token: forged });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: "forbidden", message });
    }
    const elsewhere = await post(other.slug, { ...body, token });
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).error.message).toBe("This review link is for another product. Please use the link next to this product in your e-mail.");
    expect(await reviewCount(mug.id)).toBe(0);
    expect(await reviewCount(other.id)).toBe(0);
    // Without a token (nor a session) it is the sign-in answer it always was.
    expect((await post(mug.slug, body)).status).toBe(401);
  });

  it("refuses an expired token with 403 saying so", async () => {
    const { mug, token } = await tokenFor();
    await expect(shop.services.reviews.submitWithToken(token, mug.slug, body, [], new Date(Date.now() + 91 * DAY))).rejects.toMatchObject({
      code: "forbidden",
      message: "This review link has expired. Links from our e-mails work for 90 days after they are sent.",
    });
    expect(await reviewCount(mug.id)).toBe(0);
  });

  it("checks the fields as any review (400 naming them) and holds what moderation holds", async () => {
    const { mug, token } = await tokenFor();
    const bad = await post(mug.slug, { token, rating: 9, title: "", text: "ok" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["rating", "title"]);
    const held = await post(mug.slug, { token, rating: 5, title: "Cheap", text: "Buy more at www.example.com" });
    expect(held.status).toBe(201);
    expect((await held.json()).data.status).toBe("pending");
  });

  it("makes a signed-in buyer's order's link write their account's review, edited by their own later post", async () => {
    const mug = await product("Mug");
    const user = await createAccount(shop, { email: "linked-buyer@example.com", password: "customer-password", name: "Linus Torvalds" });
    const b = await signedIn(shop, "linked-buyer@example.com", "customer-password");
    expect((await b.post("/api/cart/items", { productId: mug.id })).status).toBe(201);
    const { order } = await placeOrder(b, checkoutBody({ contact: { name: "Linus Torvalds", email: "linked-buyer@example.com", phone: "+1 555 0100" } }));
    await markDelivered(shop, order.id, 8);
    await shop.services.reviewRequests.sendDue(new Date());
    await shop.services.mailer.idle();
    const mail = shop.services.mailer.outbox.find((m) => m.to === "linked-buyer@example.com" && m.text.includes("?review="));
    const token = links(mail!.text).get(mug.slug)!;
    expect((await post(mug.slug, { ...body, token })).status).toBe(201);
    const again = await b.post(`/api/products/${mug.slug}/reviews`, { rating: 2, title: "Meh", text: "Not for me." });
    expect(again.status).toBe(200);
    const rows = await shop.db.kysely.selectFrom("reviews").select(["user_id", "guest_email", "rating"]).where("product_id", "=", mug.id).execute();
    expect(rows).toEqual([{ user_id: user.id, guest_email: null, rating: 2 }]);
  });
});

describe("the reviews settings", () => {
  it("PUT /api/admin/settings takes moderation, requestAfterDays and the blocklist, keeps a blocklist left out, and names bad fields", async () => {
    await createAccount(shop, { email: "settings-admin@example.com", password: "admin-password", role: "admin" });
    const admin = await signedIn(shop, "settings-admin@example.com", "admin-password");
    const current = async () => ({ settings: (await (await admin.get("/api/admin/settings")).json()).data });
    const before = await current();
    expect(before.settings.reviews).toEqual({ moderation: "publish", requestAfterDays: 7, blocklist: [] });
    const put = (reviews: unknown) =>
      admin.request("/api/admin/settings", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...before.settings, reviews }),
      });

    const saved = await put({ moderation: "hold", requestAfterDays: 14, blocklist: ["scam", "fake news"] });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await current()).settings.reviews).toEqual({ moderation: "hold", requestAfterDays: 14, blocklist: ["scam", "fake news"] });

    // The shape, without the blocklist: the stored one stays.
    expect((await put({ moderation: "publish", requestAfterDays: 3 })).status).toBe(200);
    expect((await current()).settings.reviews).toEqual({ moderation: "publish", requestAfterDays: 3, blocklist: ["scam", "fake news"] });

    for (const [reviews, field] of [
      [{ moderation: "later", requestAfterDays: 3 }, "reviews.moderation"],
      [{ moderation: "hold", requestAfterDays: 366 }, "reviews.requestAfterDays"],
      [{ moderation: "hold", requestAfterDays: 1.5 }, "reviews.requestAfterDays"],
      [{ moderation: "hold", requestAfterDays: "7" }, "reviews.requestAfterDays"],
      [{ moderation: "hold", requestAfterDays: -1 }, "reviews.requestAfterDays"],
    ] as const) {
      const res = await put(reviews);
      expect(res.status, JSON.stringify(reviews)).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toContain(field);
    }
    expect((await current()).settings.reviews).toEqual({ moderation: "publish", requestAfterDays: 3, blocklist: ["scam", "fake news"] });
    // The public settings never show the blocklist.
    expect((await (await shop.request("/api/settings")).json()).reviews).toMatchObject({ blocklist: [] });
    await shop.services.content.saveSettings({
      ...(await shop.services.content.getSettings()),
      reviews: { moderation: "publish", requestAfterDays: 7, blocklist: [] },
    });
  });
});
