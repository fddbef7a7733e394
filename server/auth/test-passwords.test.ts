import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthTables } from "../db/auth-tables";
import { createAccount, signedIn } from "../../tests/support/auth-browser";
import { type TestShop, createTestShop } from "../../tests/support/test-shop";
import { testPasswordHashing } from "./test-passwords";

describe("a test shop's password hashing", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => {
    await shop?.services.auth.idle();
    await shop?.close();
  });

  it("checks the right password and refuses a wrong one", async () => {
    const hash = await testPasswordHashing.hash("correct horse battery");
    expect(await testPasswordHashing.verify({ hash, password: "correct horse battery" })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: "correct horse batterY" })).toBe(false);
    expect(await testPasswordHashing.verify({ hash: hash.slice(2), password: "correct horse battery" })).toBe(false);
  });

  it("is never taken for a production hash: better-auth's own check refuses it", async () => {
    const hash = await testPasswordHashing.hash("correct horse battery");
    expect(await verifyPassword({ hash, password: "correct horse battery" })).toBe(false);
  });

  it("is what a shop under NODE_ENV=test stores, and its accounts sign in with it", async () => {
    const account = await createAccount(shop, { email: "hash@example.com", password: "correct horse battery" });
    const row = await shop.db.kysely
      .withTables<AuthTables>()
      .selectFrom("accounts")
      .select("password")
      .where("user_id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^t\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    await signedIn(shop, "hash@example.com", "correct horse battery");
  });
});
