import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, createAccount, signedIn } from "./auth-browser";
import { type ShoppingCatalog, insertShoppingCatalog } from "./shop-fixture";
import { type TestShop, createTestShop } from "./test-shop";

/**
 * Sends bad input to every JSON endpoint and every path parameter of the API, read from the route
 * tables (our Hono app's and better-auth's), so a new route is covered without editing this test.
 * Asserts that nothing answers 5xx and that no 4xx answer wrote a row. The endpoints are dealt
 * into parts, each a test file of its own (tests/api/fuzz-*.test.ts) with its own shop, so that
 * the parts run side by side.
 */

/** Fuzzes part `part` (1-based) of `parts` of the endpoints, in a shop of its own. */
export function fuzzEndpoints(part: number, parts: number): void {
  let shop: TestShop;
  let catalog: ShoppingCatalog;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    shop = await createTestShop({ AUTH_RATE_LIMIT: "1000000", AUTH_EMAIL_RATE_LIMIT: "1000000", CONTACT_RATE_LIMIT: "1000000" });
    catalog = await insertShoppingCatalog(shop.db);
    await createAccount(shop, { email: "fuzz-admin@example.com", password: "fuzz-admin-password", role: "admin" });
    admin = await signedIn(shop, "fuzz-admin@example.com", "fuzz-admin-password");
    await admin.post("/api/cart/items", { productId: catalog.mug });
  }, 60_000);
  afterAll(() => shop.close());

  interface Endpoint {
    method: string;
    path: string;
  }

  /** Our routes (minus the better-auth catch-all) and better-auth's own endpoints under /api/auth. */
  function endpoints(): Endpoint[] {
    const ours = shop.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.endsWith("*"))
      .map((r) => ({ method: r.method, path: r.path }));
    const auth = Object.values(shop.services.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((e) => typeof e?.path === "string")
      .flatMap((e) => [e.options?.method ?? "GET"].flat().map((method) => ({ method, path: `/api/auth${e.path}` })));
    const seen = new Set<string>();
    return [...ours, ...auth].filter((e) => {
      const key = `${e.method} ${e.path}`;
      return !seen.has(key) && seen.add(key);
    });
  }

  const MB_STRING = "a".repeat(1024 * 1024);
  /** Hostile values for a field or a path parameter. */
  const BAD_VALUES: unknown[] = [
    "\u0000",
    "a\u0000b",
    "../../etc/passwd",
    `'"; DROP TABLE orders; --`,
    -1,
    1e308,
    -1e308,
    0.5,
    "",
    "   ",
    [],
    [1, 2],
    {},
    { nested: { deep: true } },
    null,
    true,
    "\ud800",
    "x".repeat(5000),
  ];
  const BAD_PARAMS = ["%00", "a%00b", "..%2F..%2Fetc%2Fpasswd", "'%22;--", "-1", "NaN", "1e308", "%E0%A4%A", "%", "x".repeat(3000), "%C0%AE%C0%AE"];
  /** Field names the shop's inputs use: each takes every hostile value in turn. */
  const FIELDS = [
    "productId",
    "quantity",
    "color",
    "size",
    "lineId",
    "name",
    "email",
    "subject",
    "message",
    "contact",
    "address",
    "paymentMethod",
    "shippingMethod",
    "notes",
    "password",
    "newPassword",
    "currentPassword",
    "token",
    "callbackURL",
    "userId",
    "role",
    "banReason",
    "image",
    "provider",
    "idToken",
    "sessionToken",
  ];

  /** 8 KB of nesting, arrays and objects: a recursive walk of the body overflowed the stack (a 500). */
  const DEEP_ARRAYS = `${"[".repeat(4000)}${"]".repeat(4000)}`;
  const DEEP_OBJECTS = `${'{"a":'.repeat(1500)}1${"}".repeat(1500)}`;

  /** Request bodies for a JSON endpoint: broken JSON, wrong shapes, deep nesting, then each field with each bad value. */
  function bodies(): string[] {
    const list = [
      "{",
      '{"a":',
      "not json",
      "[]",
      '"text"',
      "123",
      "null",
      "true",
      '{"quantity": NaN}',
      DEEP_ARRAYS,
      DEEP_OBJECTS,
      JSON.stringify({ unknownField: "x", __proto__: { admin: true } }),
      JSON.stringify({ x: MB_STRING }),
    ];
    // Each hostile value in every field at once (validation reports every field, so each is reached).
    for (const value of BAD_VALUES) list.push(JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value]))));
    list.push(
      JSON.stringify({
        contact: { name: "\u0000", email: "a@b.co", phone: "+1 555 0100" },
        address: { line1: "1 Street", city: "X", country: "US" },
        paymentMethod: "cod",
      }),
    );
    return list;
  }

  async function tableNames(): Promise<string[]> {
    if (shop.db.dialect === "sqlite") {
      const rows = await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'`.execute(shop.db.kysely);
      return rows.rows.map((r) => r.name);
    }
    const rows = await sql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(shop.db.kysely);
    return rows.rows.map((r) => r.name);
  }

  /** Row counts of every table but the limits' counters (a refused request may count against a limit), in one query. */
  async function snapshot(tables: string[]): Promise<string> {
    const counted = tables.filter((t) => t !== "rate_limits" && !t.startsWith("kysely_"));
    const query = sql.join(
      counted.map((t) => sql`SELECT ${t} AS t, count(*) AS n FROM ${sql.table(t)}`),
      sql` UNION ALL `,
    );
    const rows = await sql<{ t: string; n: number }>`${query}`.execute(shop.db.kysely);
    return rows.rows.map((r) => `${r.t}=${Number(r.n)}`).join(" ");
  }

  const BODIES = bodies();
  const fill = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

  describe(`fuzzing the endpoints of the route table, part ${part} of ${parts}`, () => {
    it.runIf(part === 1)("covers our routes and better-auth's, with path parameters", () => {
      const list = endpoints();
      expect(list.some((e) => e.path === "/api/orders" && e.method === "POST")).toBe(true);
      expect(list.some((e) => e.path === "/api/admin/users/:id/ban")).toBe(true);
      expect(list.filter((e) => e.path.includes(":")).length).toBeGreaterThanOrEqual(6);
    });

    it("answers no 5xx to bad input, and writes no row for any 4xx", async () => {
      const tables = await tableNames();
      const failures: string[] = [];
      let before = await snapshot(tables);
      let sent = 0;
      const anonymous = browser(shop);
      // Endpoints that end the admin's session go last, so the rest run signed in as the admin.
      const sessionEnders = /sign-out|revoke|delete-user|remove-user|ban-user|set-role|change-password|change-email|update-user/;
      const list = endpoints()
        .filter((_, i) => i % parts === part - 1)
        .sort((a, b) => Number(sessionEnders.test(a.path)) - Number(sessionEnders.test(b.path)));

      async function probe(who: typeof admin, method: string, path: string, body?: string) {
        const init: RequestInit = { method };
        if (body !== undefined) init.headers = { "content-type": "application/json" };
        if (body !== undefined) init.body = body;
        const res = await who.request(path, init);
        sent += 1;
        const label = `${method} ${path.slice(0, 80)} ${body === undefined ? "" : body.slice(0, 80)} → ${res.status}`;
        if (res.status >= 500) failures.push(`${label}: ${(await res.text()).slice(0, 200)}`);
        else await res.arrayBuffer();
        const after = await snapshot(tables);
        if (res.status >= 400 && after !== before) failures.push(`${label} wrote rows: ${before} ⇒ ${after}`);
        before = after;
      }

      for (const { method, path } of list) {
        const withBody = method !== "GET" && method !== "HEAD";
        const paths = path.includes(":") ? [fill(path, "unknown-id"), ...BAD_PARAMS.map((p) => fill(path, p))] : [path];
        for (const who of [admin, anonymous]) {
          for (const target of paths) await probe(who, method, target, withBody ? "{}" : undefined);
          if (!withBody) {
            for (const value of BAD_PARAMS) await probe(who, method, `${paths[0]}?q=${value}&page=${value}&id=${value}&token=${value}`);
            continue;
          }
          // Every body for the plain path; the parameterised paths got theirs above.
          for (const body of who === admin ? BODIES : BODIES.slice(0, 14)) await probe(who, method, paths[0]!, body);
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(2000 / parts);
    }, 300_000);
  });
}
