import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signedIn } from "../support/auth-browser";
import { type ShopProcess, startShopProcess } from "../support/server-process";
import { type TestDb, type TestShop, createTestDb, createTestShop } from "../support/test-shop";

// Routes that take bodies larger than the API's default know who sent them before they read a
// byte of the body.

const KB = 1024;
const MB = 1024 * KB;

describe("a flood of large anonymous bodies, on a real server process", () => {
  let testDb: TestDb;
  let shop: ShopProcess;

  beforeAll(async () => {
    testDb = await createTestDb();
    shop = await startShopProcess(testDb.url);
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    await testDb?.drop();
  });

  /**
   * POSTs a body of `bytes` to `path` as a client that keeps sending until the server answers (or
   * the body is all sent), and resolves with the answer's status (0 when the connection broke first).
   */
  function post(path: string, bytes: number): Promise<number> {
    const chunk = Buffer.from("Handle,Title\nshirt,A shirt\n".repeat(2_500)).subarray(0, 64 * KB);
    return new Promise((resolve) => {
      let status = 0;
      let sent = 0;
      const req = http.request(new URL(path, shop.base), { method: "POST", headers: { "content-type": "text/csv", "content-length": String(bytes) } });
      req.on("response", (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on("end", () => {
          req.destroy();
          resolve(status);
        });
      });
      req.on("error", () => resolve(status));
      req.on("close", () => resolve(status));
      const pump = () => {
        while (sent < bytes && status === 0 && !req.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
          sent += part.length;
          if (!req.write(part)) return void req.once("drain", pump);
        }
        if (sent >= bytes) req.end();
      };
      pump();
    });
  }

  /**
   * A GET of `path` timed in a process of its own: how long the shop took to answer, not how long
   * this test's event loop, busy sending the flood, took to notice.
   */
  async function timedGet(path: string): Promise<{ status: number; ms: number }> {
    const script = `const http = require("node:http"); const t = performance.now();
      http.get(process.argv[1], (res) => { res.resume(); res.on("end", () => console.log(res.statusCode, performance.now() - t)); });`;
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", script, `${shop.base}${path}`]);
    const [status, ms] = stdout.trim().split(" ").map(Number);
    return { status: status!, ms: ms! };
  }

  it("refuses 30 anonymous 32 MB imports at once from their headers: 401 each, memory flat, a cheap request served meanwhile", async () => {
    await timedGet("/api/settings");
    let peak = shop.rssMb();
    const sampler = setInterval(() => (peak = Math.max(peak, shop.rssMb())), 20);
    const posts = Array.from({ length: 30 }, () => post("/api/admin/products/import", 32 * MB));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cheap = await timedGet("/api/settings");
    const statuses = await Promise.all(posts);
    clearInterval(sampler);
    peak = Math.max(peak, shop.rssMb());
    console.log(`30 × 32 MB anonymous imports: peak RSS ${peak} MB, a cheap request meanwhile ${cheap.ms.toFixed(1)} ms`);
    expect(statuses).toEqual(Array(30).fill(401));
    expect(cheap.status).toBe(200);
    expect(cheap.ms).toBeLessThan(200);
    expect(peak).toBeLessThan(400);
  }, 120_000);
});

describe("who may send a large body is known before it is read", () => {
  let shop: TestShop;
  let customerCookie: string;
  let catalogCookie: string;

  beforeAll(async () => {
    shop = await createTestShop();
    await createAccount(shop, { email: "shopper@example.com", password: "a-long-password" });
    await createAccount(shop, { email: "cataloguer@example.com", password: "a-long-password", role: "staff", permissions: ["catalog"] });
    customerCookie = (await signedIn(shop, "shopper@example.com", "a-long-password")).jar.header();
    catalogCookie = (await signedIn(shop, "cataloguer@example.com", "a-long-password")).jar.header();
  });
  afterAll(async () => {
    await shop.close();
  });

  /** A body that never ends, counting the bytes the server took from it. */
  function endlessBody() {
    const chunk = new TextEncoder().encode("Handle,Title\n".padEnd(16 * KB, "x"));
    const counter = { read: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        counter.read += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { body, counter };
  }

  const send = (path: string, cookie: string | null, contentType = "text/csv") => {
    const { body, counter } = endlessBody();
    const headers: Record<string, string> = { "content-type": contentType, origin: "http://shop.test" };
    if (cookie) headers.cookie = cookie;
    return Promise.resolve(shop.request(path, { method: "POST", headers, body, duplex: "half" } as RequestInit)).then((res) => ({ res, read: counter.read }));
  };

  it("answers a visitor's import 401 and a customer's 403 without reading the body", async () => {
    const visitor = await send("/api/admin/products/import", null);
    expect(visitor.res.status).toBe(401);
    expect(visitor.res.headers.get("connection")).toBe("close");
    expect(visitor.read).toBeLessThan(256 * KB);

    const customer = await send("/api/admin/products/import", customerCookie);
    expect(customer.res.status).toBe(403);
    expect(((await customer.res.json()) as { error: { message: string } }).error.message).toMatch(/“catalog” permission/);
    expect(customer.read).toBeLessThan(256 * KB);
  });

  it("answers staff without the route's permission 403 before reading: the permission comes from the one table", async () => {
    const bulk = await send("/api/admin/orders/bulk", catalogCookie, "application/json");
    expect(bulk.res.status).toBe(403);
    expect(((await bulk.res.json()) as { error: { message: string } }).error.message).toMatch(/“orders” permission/);
    expect(bulk.read).toBeLessThan(256 * KB);
  });

  it("refuses a visitor's upload and profile picture before reading them, and sends a signed-out profile form to the sign-in page", async () => {
    for (const path of ["/api/admin/uploads", "/api/account/avatar"]) {
      const upload = await send(path, null, "multipart/form-data; boundary=x");
      expect(upload.res.status, path).toBe(401);
      expect(upload.read, path).toBeLessThan(256 * KB);
    }
    const form = await send("/update-profile", null, "application/x-www-form-urlencoded");
    expect(form.res.status).toBe(303);
    expect(form.res.headers.get("location")).toBe("/login?redirectTo=%2Fupdate-profile");
    expect(form.read).toBeLessThan(256 * KB);
  });

  it("still reads the body of one who may send it", async () => {
    const csv = "Handle,Title,Category,Price,Inventory Qty\nplain-tee,Plain tee,nowhere,10,1\n";
    const res = await shop.request("/api/admin/products/import?dryRun=1", {
      method: "POST",
      headers: { "content-type": "text/csv", origin: "http://shop.test", cookie: catalogCookie },
      body: csv,
    });
    // The row is read and judged (its category does not exist), not refused unread.
    expect(res.status).toBe(200);
    const report = (await res.json()) as { data: { dryRun: boolean; errors: Array<{ line: number }> } };
    expect(report.data.dryRun).toBe(true);
    expect(report.data.errors.map((e) => e.line)).toContain(2);
  });
});
