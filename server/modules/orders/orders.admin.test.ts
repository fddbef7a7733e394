import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../db/database";
import { type TestDb, createTestDb } from "#tests/support/test-shop";
import { createOrdersAdmin } from "./orders.admin";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.drop();
});

async function insertOrder(id: string, status: string) {
  const at = nowIso();
  await t.db.kysely
    .insertInto("orders")
    .values({
      id,
      number: `N-${id}`,
      user_id: null,
      visitor_id: null,
      guest_token_hash: "x",
      idempotency_key: null,
      status,
      contact_name: "Ada",
      contact_email: "ada@example.test",
      contact_phone: "+1 555 000 0000",
      address: "{}",
      shipping_method: "standard",
      shipping_method_name: "Standard",
      payment_method: "cod",
      payment_status: "unpaid",
      payment_intent_id: null,
      currency: "USD",
      subtotal: 1000,
      discount_total: 0,
      shipping_total: 0,
      total: 1000,
      notes: null,
      tracking_number: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describe("orders admin: countByStatus", () => {
  it("counts the orders in each status, as numbers, on both engines", async () => {
    const admin = createOrdersAdmin(t.db, { mails: { message() {} } });
    expect(await admin.countByStatus()).toEqual({});
    await insertOrder("a", "pending");
    await insertOrder("b", "pending");
    await insertOrder("c", "shipped");
    expect(await admin.countByStatus()).toEqual({ pending: 2, shipped: 1 });
  });
});
