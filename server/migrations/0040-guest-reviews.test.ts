import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalog } from "../../tests/support/catalog-fixture";
import { type TestDb, createTestDb } from "../../tests/support/test-shop";
import type { AuthTables } from "../db/auth-tables";
import { migrateToLatest } from "./migrate";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ upTo: "0038-reviews" });
});
afterAll(async () => {
  await t?.drop();
});

describe("migration 0040: guests' reviews", () => {
  it("keeps every review and its votes, lets a review have no account, and one guest review per product and address", async () => {
    const k = t.db.kysely;
    const at = new Date().toISOString();
    const { productIds } = await insertCatalog(t.db, { Kitchen: [] }, [{ name: "Mug", price: 1000, category: "Kitchen" }]);
    const mug = productIds.get("Mug")!;
    await k
      .withTables<AuthTables>()
      .insertInto("users")
      .values({ id: "u1", name: "Ada Lovelace", email: "ada@example.com", created_at: at, updated_at: at } as never)
      .execute();
    const review = {
      product_id: mug,
      order_line_id: "l1",
      author_name: "Ada L.",
      rating: 5,
      title: "Great",
      text: "Great mug",
      status: "published",
      created_at: at,
      updated_at: at,
    };
    // Typed as the table was before the migration (an account on every review, no guest address).
    await k
      .insertInto("reviews")
      .values({ ...review, id: "r1", user_id: "u1", helpful_count: 1 } as never)
      .execute();
    await k.insertInto("review_votes").values({ review_id: "r1", voter: "visitor:v1", created_at: at }).execute();

    await migrateToLatest(t.db);

    expect(await k.selectFrom("reviews").select(["id", "user_id", "guest_email", "helpful_count"]).execute()).toEqual([
      { id: "r1", user_id: "u1", guest_email: null, helpful_count: 1 },
    ]);
    expect(await k.selectFrom("review_votes").select(["review_id", "voter"]).execute()).toEqual([{ review_id: "r1", voter: "visitor:v1" }]);

    const guest = { ...review, user_id: null, guest_email: "grace@example.com" };
    await k
      .insertInto("reviews")
      .values({ ...guest, id: "r2" })
      .execute();
    await expect(
      k
        .insertInto("reviews")
        .values({ ...guest, id: "r3" })
        .execute(),
    ).rejects.toThrow();
    // The account's pair is still unique, and the keys still hold: a review goes with its product, its votes with it.
    await expect(
      k
        .insertInto("reviews")
        .values({ ...review, id: "r4", user_id: "u1" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      k
        .insertInto("reviews")
        .values({ ...review, id: "r5", user_id: "nobody" })
        .execute(),
    ).rejects.toThrow();
    await k.deleteFrom("reviews").where("id", "=", "r1").execute();
    expect(await k.selectFrom("review_votes").selectAll().execute()).toEqual([]);
  });
});
