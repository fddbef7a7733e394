import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootstrap } from "../../server/bootstrap";
import { openDatabase } from "../../server/db/database";
import { loadEnv } from "../../server/lib/env";
import { createLogger } from "../../server/lib/logger";
import { createMaintenance } from "../../server/maintenance";
import { SCHEDULED, scheduleWork } from "../../server/schedules";
import { createServices } from "../../server/wiring/services";
import { createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, insertShoppingCatalog, setStock } from "../support/shop-fixture";
import { type TestShop, bootEnv, createTestDb, createTestShop, deleteJobs } from "../support/test-shop";

const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const silent = createLogger("silent");

let shop: TestShop;
let ids: ShoppingCatalog;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 1000);
  await createAccount(shop, { email: "ada@example.com", password: "ada-password", name: "Ada" });
});
afterAll(() => shop?.close());

/** A visitor with a mug in the cart and on the wishlist; returns its owner key. */
async function visitor(): Promise<string> {
  const b = await browserWithCart(shop, [{ productId: ids.mug, quantity: 1 }]);
  expect((await b.post("/api/wishlist/toggle", { productId: ids.mug })).status).toBe(200);
  const id = shop.services.visitors.read(b.jar.header());
  expect(id).toBeTruthy();
  return `visitor:${id}`;
}

/** Makes an owner's cart (its row and lines) and wishlist look last touched `days` ago. */
async function age(owner: string, days: number, parts: { cart?: boolean; lines?: boolean; wishlist?: boolean } = { cart: true, lines: true, wishlist: true }) {
  const k = shop.db.kysely;
  const at = daysAgo(days);
  if (parts.cart) await k.updateTable("carts").set({ created_at: at, updated_at: at }).where("owner", "=", owner).execute();
  if (parts.lines) {
    await k
      .updateTable("cart_lines")
      .set({ created_at: at, updated_at: at })
      .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("owner", "=", owner))
      .execute();
  }
  if (parts.wishlist) await k.updateTable("wishlist_items").set({ created_at: at }).where("owner", "=", owner).execute();
}

async function rowsOf(owner: string) {
  const k = shop.db.kysely;
  const cart = await k.selectFrom("carts").select("id").where("owner", "=", owner).executeTakeFirst();
  const lines = cart ? (await k.selectFrom("cart_lines").select("id").where("cart_id", "=", cart.id).execute()).length : 0;
  const wishes = (await k.selectFrom("wishlist_items").select("product_id").where("owner", "=", owner).execute()).length;
  return { cart: Boolean(cart), lines, wishes };
}

async function orphanLines(): Promise<number> {
  const k = shop.db.kysely;
  const rows = await k.selectFrom("cart_lines as l").leftJoin("carts as c", "c.id", "l.cart_id").where("c.id", "is", null).select("l.id").execute();
  return rows.length;
}

const maintenanceOf = (services: TestShop["services"], retentionDays = 90, extra: { batchSize?: number } = {}) =>
  createMaintenance({ cart: services.cart, wishlist: services.wishlist, logger: silent, retentionDays, ...extra });

/** Forgets the scheduled rounds run so far, as if no instance had run this hour's. */
const clearRounds = () => deleteJobs(shop, SCHEDULED.visitorRetention.name);
/** The scheduled rounds done. */
const roundsDone = async () => (await shop.services.jobs.list("done")).filter((j) => j.name === SCHEDULED.visitorRetention.name).length;

describe("the clean-up of idle visitors' carts and wishlists", () => {
  it("removes a visitor's cart and wishlist untouched for the retention period, and keeps recent visitors and every signed-in user", async () => {
    const old = await visitor();
    await age(old, 91);
    const recent = await visitor();
    await age(recent, 89);
    // An old cart with a line changed yesterday is in use; so is a wishlist with one recent entry.
    const busyCart = await visitor();
    await age(busyCart, 200, { cart: true, wishlist: true });
    await age(busyCart, 1, { lines: true });
    const busyWishlist = await visitor();
    await age(busyWishlist, 200);
    await shop.db.kysely
      .insertInto("wishlist_items")
      .values({ owner: busyWishlist, product_id: ids.shirt, created_at: daysAgo(2) })
      .execute();

    const ada = await signedIn(shop, "ada@example.com", "ada-password");
    expect((await ada.post("/api/cart/items", { productId: ids.mug, quantity: 2 })).status).toBe(201);
    expect((await ada.post("/api/wishlist/toggle", { productId: ids.mug })).status).toBe(200);
    const user = await shop.db.kysely.selectFrom("carts").select("owner").where("owner", "like", "user:%").executeTakeFirstOrThrow();
    await age(user.owner, 400);

    const result = await maintenanceOf(shop.services).runRound();
    // The old visitor's cart and wishlist, busyWishlist's old cart and busyCart's old wishlist.
    expect(result).toMatchObject({ carts: 2, wishlists: 2, wishlistItems: 2 });

    expect(await rowsOf(old)).toEqual({ cart: false, lines: 0, wishes: 0 });
    expect(await orphanLines()).toBe(0); // the lines went with their cart
    expect(await rowsOf(recent)).toEqual({ cart: true, lines: 1, wishes: 1 });
    expect(await rowsOf(busyCart)).toEqual({ cart: true, lines: 1, wishes: 0 });
    expect(await rowsOf(busyWishlist)).toEqual({ cart: false, lines: 0, wishes: 2 });
    expect(await rowsOf(user.owner)).toEqual({ cart: true, lines: 1, wishes: 1 });
    // Ada still sees her cart.
    expect((await (await ada.get("/api/cart")).json()).data.lines).toHaveLength(1);
  });

  it("follows CART_RETENTION_DAYS (90 by default) and refuses a value that is not a whole number of days", async () => {
    expect(loadEnv({}).CART_RETENTION_DAYS).toBe(90);
    expect(loadEnv({ CART_RETENTION_DAYS: "30" }).CART_RETENTION_DAYS).toBe(30);
    expect(() => loadEnv({ CART_RETENTION_DAYS: "0" })).toThrow(/CART_RETENTION_DAYS/);
    expect(() => loadEnv({ CART_RETENTION_DAYS: "soon" })).toThrow(/CART_RETENTION_DAYS/);

    const owner = await visitor();
    await age(owner, 31);
    expect(await maintenanceOf(shop.services, 90).runRound()).toMatchObject({ carts: 0 });
    expect((await rowsOf(owner)).cart).toBe(true);
    expect((await maintenanceOf(shop.services, 30).runRound())?.carts).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(owner)).toEqual({ cart: false, lines: 0, wishes: 0 });
  });

  it("deletes a large backlog in bounded batches within one round", async () => {
    const owners = [];
    for (let i = 0; i < 5; i++) owners.push(await visitor());
    for (const owner of owners) await age(owner, 120);
    const result = await maintenanceOf(shop.services, 90, { batchSize: 2 }).runRound();
    expect(result).toMatchObject({ carts: 5, wishlists: 5, wishlistItems: 5 });
    for (const owner of owners) expect(await rowsOf(owner)).toEqual({ cart: false, lines: 0, wishes: 0 });
  });

  it("runs once per hour when several instances share the database (a scheduled job)", async () => {
    await clearRounds();
    const owners = [await visitor(), await visitor()];
    for (const owner of owners) await age(owner, 100);
    // Two more instances: their own connections, services and job queues on the same database.
    const dbs = [openDatabase(shop.env.DATABASE_URL), openDatabase(shop.env.DATABASE_URL)];
    try {
      const instances = dbs.map((db) => createServices(db, shop.env));
      for (const services of instances) scheduleWork(services, shop.env, silent);
      for (const services of instances) await services.jobs.enqueueScheduled();
      const ran = await Promise.all(instances.map((services) => services.jobs.runDue()));
      expect(ran[0]! + ran[1]!).toBeGreaterThanOrEqual(1);
      for (const owner of owners) expect((await rowsOf(owner)).cart).toBe(false);
      expect(await roundsDone()).toBe(1);
      // Until the hour ends, no instance runs another round.
      const later = await visitor();
      await age(later, 100);
      for (const services of instances) await services.jobs.enqueueScheduled();
      for (const services of instances) await services.jobs.runDue();
      expect(await roundsDone()).toBe(1);
      expect((await rowsOf(later)).cart).toBe(true);
    } finally {
      for (const db of dbs) await db.close();
    }
  });

  it("runs shortly after a worker starts, and the worker stops cleanly", async () => {
    await clearRounds();
    const owner = await visitor();
    await age(owner, 100);
    const db = openDatabase(shop.env.DATABASE_URL);
    try {
      const services = createServices(db, shop.env);
      scheduleWork(services, shop.env, silent);
      await services.jobs.start();
      expect(services.jobs.running).toBe(true);
      await expect.poll(async () => (await rowsOf(owner)).cart, { timeout: 5000 }).toBe(false);
      await services.jobs.stop();
      expect(services.jobs.running).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe("bootstrap", () => {
  it("schedules the periodic work, starts the worker and stops it on close, leaving no timer behind", async () => {
    const test = await createTestDb();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-boot-"));
    // The test shop's own worker (and pg-boss's connections, whose idle timers are setTimeouts)
    // would arm timers on the fake ones below and be counted.
    await shop.services.jobs.close();
    // The worker's timer is unref()ed, so Node's active handles do not list it: count timers
    // through fake ones instead (only setTimeout; the database's I/O stays real).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const shopApp = await bootstrap({ env: bootEnv(test.url, dir) });
      expect(shopApp.services.jobs.running).toBe(true);
      expect(shopApp.services.jobs.scheduled()).toEqual(expect.arrayContaining(Object.values(SCHEDULED).map((w) => w.name)));
      // Ours (SQLite has no other; PostgreSQL's pool adds its idle-connection timers).
      expect(vi.getTimerCount()).toBeGreaterThanOrEqual(1);
      await shopApp.close();
      expect(shopApp.services.jobs.running).toBe(false);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      await test.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
