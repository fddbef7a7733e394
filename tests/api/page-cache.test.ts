import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, shopListener } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { startEpochRelay } from "../../server/lib/epoch-relay";
import { createLogger } from "../../server/lib/logger";
import { createServices } from "../../server/wiring/services";
import { createRenderQueue, Overloaded } from "../../server/page-pipeline/render-queue";
import { inlineScriptHashes, pageCacheKey } from "../../server/page-pipeline/page-cache";
import { insertCatalog } from "../support/catalog-fixture";
import { pageBuild } from "../support/page-build";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** The probe build, counting its renders and giving its page one inline script. */
function countingBuild() {
  const build = pageBuild();
  const entry = build.entry.module.default as (...args: unknown[]) => Promise<Response> | Response;
  const counter = { renders: 0 };
  (build.entry.module as { default: unknown }).default = async (...args: unknown[]) => {
    counter.renders += 1;
    const res = await entry(...args);
    const html = (await res.text()).replace("</body>", "<script>window.__probe=1</script></body>");
    return new Response(html + " ".repeat(2048), res);
  };
  return { build: build as ServerBuild, counter };
}

describe("the page cache: visitors without cookies", () => {
  const { build, counter } = countingBuild();
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    app = createApp({ services: shop.services, logger: createLogger("silent"), build });
  });
  const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://shop.test${path}`, { headers });

  it("renders a public page once, then sends the same bytes with their own request id, ETag/304 and br or gzip", async () => {
    const first = await get("/?cache-test=1");
    const rendered = counter.renders;
    const second = await get("/?cache-test=1");
    expect(counter.renders).toBe(rendered);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // No nonce in cached bytes: the policy allows exactly their inline scripts by hash.
    const policy = second.headers.get("content-security-policy")!;
    expect(policy).not.toContain("'unsafe-inline' ");
    expect(policy).not.toContain("nonce-");
    const html = await (await get("/?cache-test=1")).text();
    for (const hash of inlineScriptHashes(html)) expect(policy).toContain(hash);
    expect(inlineScriptHashes(html).length).toBeGreaterThan(0);
    expect(second.headers.get("x-frame-options")).toBe("DENY");

    const etag = second.headers.get("etag")!;
    const notModified = await get("/?cache-test=1", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    const br = await get("/?cache-test=1", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gz = await get("/?cache-test=1", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    expect(counter.renders).toBe(rendered);
  });

  it("renders again after a write moves the data epoch", async () => {
    await get("/?cache-test=2");
    const before = counter.renders;
    await get("/?cache-test=2");
    expect(counter.renders).toBe(before);
    shop.services.dataEpoch.bump();
    await get("/?cache-test=2");
    expect(counter.renders).toBe(before + 1);
  });

  it("renders per request for a shop cookie, a page that uses the nonce, and pages that are not public", async () => {
    const count = async (path: string, headers: Record<string, string> = {}) => {
      const before = counter.renders;
      await get(path, headers);
      await get(path, headers);
      return counter.renders - before;
    };
    expect(await count("/?cache-test=3", { cookie: "shop.visitor=abc" })).toBe(2);
    expect(await count("/?cache-test=3", { cookie: "__Secure-shop.session_token=abc" })).toBe(2);
    // Another site's cookie is not ours: the page is the same.
    expect(await count("/?cache-test=4", { cookie: "_ga=1" })).toBe(1);
    // The nonce in the page itself cannot be cached: a fresh one each time.
    expect(await count("/?nonce")).toBe(2);
    expect(await count("/login")).toBe(2);
  });

  it("keeps the public pages of every language, each under its own address, and none for a shopper with a chosen currency", () => {
    for (const path of ["/de", "/fr/product-category/shoes?page=2", "/es/products/mug", "/de/search?q=tasse", "/fr/contact-us"])
      expect(pageCacheKey("GET", path, undefined), path).toBe(path);
    for (const path of ["/de/login", "/xx/search", "/dex", "/de/shopping-cart"]) expect(pageCacheKey("GET", path, undefined), path).toBeNull();
    expect(pageCacheKey("GET", "/de/search", "shop.currency=EUR")).toBeNull();
  });

  it("renders a page once for many visitors asking at the same moment", async () => {
    const before = counter.renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/?cache-test=5")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(counter.renders - before).toBe(1);
  });
});

describe("cached answers over real HTTP (the listener answers them before Hono)", () => {
  const { build, counter } = countingBuild();
  let app: ReturnType<typeof createApp>;
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    app = createApp({ services: shop.services, logger: createLogger("silent"), build });
    server = http.createServer(shopListener(app));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  }
  const decoded = (res: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
    (res.headers["content-encoding"] === "br" ? brotliDecompressSync(res.body) : res.body).toString();
  /** The headers that make an answer what it is (not its date, request id or connection). */
  const essentials = (h: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const name of [
      "content-type",
      "content-encoding",
      "content-length",
      "etag",
      "cache-control",
      "vary",
      "content-security-policy",
      "x-frame-options",
      "x-content-type-options",
      "referrer-policy",
    ])
      out[name] = h[name];
    return out;
  };

  it("sends a cached page and a cached catalogue read with the same bytes and headers as the app, each with its own request id", async () => {
    await insertCatalog(shop.db, { Wire: [] }, [
      { name: "Wire Tee", price: 1_500, category: "Wire" },
      { name: "Wire Cap", price: 900, category: "Wire" },
    ]);
    for (const path of ["/?listener=1", "/api/products?limit=3"]) {
      const first = await fetchRaw(path, { "accept-encoding": "br" });
      expect(first.status).toBe(200);
      const rendered = counter.renders;
      const cached = await fetchRaw(path, { "accept-encoding": "br" });
      expect(counter.renders).toBe(rendered);
      expect(decoded(cached)).toBe(decoded(first));
      expect(essentials(cached.headers)).toEqual(essentials(first.headers));
      // The page is over 1 KB: compressed; the short catalogue read is sent as it is.
      expect(cached.headers["content-encoding"]).toBe(path.startsWith("/api") ? undefined : "br");
      expect(cached.headers["x-request-id"]).toBeTruthy();
      expect(cached.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
      // A proxy's own request id is kept.
      expect((await fetchRaw(path, { "x-request-id": "edge-42" })).headers["x-request-id"]).toBe("edge-42");
      const notModified = await fetchRaw(path, { "if-none-match": String(cached.headers.etag) });
      expect(notModified.status).toBe(304);
      expect(notModified.body.byteLength).toBe(0);
      // The app in-process gives the same answer.
      const inProcess = await app.request(`http://shop.test${path}`, { headers: { "accept-encoding": "br" } });
      expect(essentials(Object.fromEntries(inProcess.headers))).toEqual(essentials(cached.headers));
    }
  });

  it("drops a cached answer at once when a write moves the data epoch", async () => {
    const path = "/api/products?limit=2";
    const before = (await fetchRaw(path)).body.toString();
    const first = JSON.parse(before).data[0];
    await shop.db.kysely.updateTable("products").set({ name: "Renamed over the wire" }).where("id", "=", first._id).execute();
    expect((await fetchRaw(path)).body.toString()).toBe(before);
    shop.services.dataEpoch.bump();
    expect(JSON.parse((await fetchRaw(path)).body.toString()).data[0].name).toBe("Renamed over the wire");
  });
});

describe("the render queue: past capacity, a quick refusal", () => {
  it("runs at most its concurrency, queues a bounded number, and refuses the rest at once", async () => {
    const queue = createRenderQueue({ concurrency: 2, maxQueue: 2, maxWaitMs: 5_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const jobs = Array.from({ length: 6 }, () => queue.run(() => gate.then(() => new Response(null, { status: 204 }))));
    const settled = await Promise.allSettled(jobs.slice(4));
    expect(settled.every((s) => s.status === "rejected" && s.reason instanceof Overloaded)).toBe(true);
    expect(queue.running).toBe(2);
    expect(queue.queued).toBe(2);
    release();
    expect((await Promise.all(jobs.slice(0, 4))).map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(queue.shed).toBe(2);
  });

  it("by default lets 8 renders run and 16 wait, so an accepted page waits a few renders, not the 600 ms a queue of 64 took in a spike", async () => {
    const queue = createRenderQueue();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Asked for across turns of the loop, as a spike's requests are (the turn rule is not what refuses here).
    const jobs: Promise<Response>[] = [];
    for (let i = 0; i < 26; i++) {
      const job = queue.run(() => gate.then(() => new Response(null, { status: 204 })));
      job.catch(() => {}); // a refusal is looked at below
      jobs.push(job);
      await new Promise((r) => setImmediate(r));
    }
    const settled = await Promise.allSettled(jobs.slice(24));
    expect(settled.every((s) => s.status === "rejected" && s.reason instanceof Overloaded)).toBe(true);
    expect([queue.running, queue.queued]).toEqual([8, 16]);
    release();
    expect((await Promise.all(jobs.slice(0, 24))).every((r) => r.status === 204)).toBe(true);
  });

  it("holds a streamed page's slot until its body has been read", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxQueue: 0, maxWaitMs: 50 });
    const streamed = await queue.run(async () => new Response("<html>a streamed page</html>"));
    // The response exists, its body is unread: the render still runs, so another is refused.
    await expect(queue.run(async () => new Response("next"))).rejects.toBeInstanceOf(Overloaded);
    expect(await streamed.text()).toBe("<html>a streamed page</html>");
    expect(await (await queue.run(async () => new Response("next"))).text()).toBe("next");
  });

  it("refuses a render asked for late in one long turn of the event loop (requests waiting unseen in their sockets)", async () => {
    const queue = createRenderQueue({ concurrency: 100, maxQueue: 100, maxWaitMs: 5_000, maxBusyMs: 40 });
    // A render in an earlier turn of the loop, then a new turn.
    await queue.run(async () => new Response(null, { status: 204 }));
    await new Promise((r) => setTimeout(r, 30));
    const early = queue.run(async () => new Response(null, { status: 204 }));
    // 60 ms of work without yielding, as a synchronous render does: whatever is asked for now waited that long.
    const until = performance.now() + 60;
    while (performance.now() < until);
    const late = queue.run(async () => new Response(null, { status: 204 }));
    expect((await early).status).toBe(204);
    await expect(late).rejects.toBeInstanceOf(Overloaded);
    // The next turn starts afresh.
    await new Promise((r) => setTimeout(r, 30));
    expect((await queue.run(async () => new Response(null, { status: 204 }))).status).toBe(204);
  });

  it("lets one page's render pass run per turn of the event loop, in the order asked (Node accepts one new connection per turn)", async () => {
    const queue = createRenderQueue();
    // Turns of the loop, counted at each check phase while the passes are given out.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const passedIn: Array<[number, number]> = [];
    // Four renders whose data arrived in the same turn (on PostgreSQL several do).
    await Promise.all([1, 2, 3, 4].map((n) => queue.pass().then(() => passedIn.push([n, turn]))));
    counting = false;
    expect(passedIn.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    expect(new Set(passedIn.map(([, t]) => t)).size).toBe(4);
    // A pass asked for when none waits is given in the same turn's check phase.
    const before = turn;
    await queue.pass();
    expect(turn - before).toBeLessThanOrEqual(1);
  });
  it("refuses a render that waited past its limit", async () => {
    const queue = createRenderQueue({ concurrency: 1, maxQueue: 10, maxWaitMs: 50 });
    let release!: () => void;
    const running = queue.run(() => new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 204 })))));
    await expect(queue.run(async () => new Response("late"))).rejects.toBeInstanceOf(Overloaded);
    release();
    await running;
  });

  it("answers a page with 503 and Retry-After when renders are full", async () => {
    const { build } = countingBuild();
    const hold = build.entry.module.default as (...args: unknown[]) => Promise<Response>;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    (build.entry.module as { default: unknown }).default = async (...args: unknown[]) => {
      await gate;
      return hold(...args);
    };
    const app = createApp({ services: shop.services, logger: createLogger("silent"), build, renderQueue: { concurrency: 1, maxQueue: 1, maxWaitMs: 5_000 } });
    const signedOut = (path: string) => app.request(`http://shop.test${path}`, { headers: { cookie: "shop.visitor=x", "accept-encoding": "gzip, br" } });
    const first = signedOut("/");
    const second = signedOut("/");
    const third = await signedOut("/");
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("2");
    // A few hundred bytes sent as they are: a spike sheds thousands a second, and compressing each
    // one took the CPU the renders needed.
    expect(third.headers.get("content-encoding")).toBeNull();
    expect(Number(third.headers.get("content-length"))).toBeLessThan(1024);
    expect(await third.text()).toContain("very busy");
    release();
    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(200);
    // The second waits for the first page to be sent whole, then renders.
    await firstAnswer.text();
    expect((await second).status).toBe(200);
  });
});

describe("the render queue over real HTTP: a refusal before Hono", () => {
  it("answers a page the renders have no room for from the listener, with its own request id, and lets the API through", async () => {
    const { build } = countingBuild();
    const entry = build.entry.module.default as (...args: unknown[]) => Promise<Response>;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    (build.entry.module as { default: unknown }).default = async (...args: unknown[]) => {
      await gate;
      return entry(...args);
    };
    const app = createApp({ services: shop.services, logger: createLogger("silent"), build, renderQueue: { concurrency: 1, maxQueue: 0 } });
    // Count what reaches Hono: a refused page must not.
    const honoFetch = app.fetch;
    const reachedHono: string[] = [];
    app.fetch = ((req: Request, ...rest: unknown[]) => {
      reachedHono.push(new URL(req.url).pathname);
      return (honoFetch as (...a: unknown[]) => Response | Promise<Response>)(req, ...rest);
    }) as typeof app.fetch;
    const server = http.createServer(shopListener(app));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as AddressInfo).port;
    const get = (path: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get(
            {
              host: "127.0.0.1",
              port,
              path,
              headers: { cookie: "shop.visitor=x", "accept-encoding": "gzip, br", "x-request-id": `probe-${path}` },
              agent: false,
            },
            (res) => {
              let body = "";
              res.on("data", (c: Buffer) => (body += c));
              res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
            },
          )
          .on("error", reject);
      });
    try {
      const first = get("/");
      await expect.poll(() => reachedHono.length).toBe(1);
      const refused = await get("/my-profile");
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("2");
      expect(refused.headers["x-request-id"]).toBe("probe-/my-profile");
      expect(refused.headers["content-encoding"]).toBeUndefined();
      expect(refused.body).toContain("very busy");
      expect(reachedHono).toEqual(["/"]);
      // The API and files are not pages: they go on to Hono whatever the renders are doing.
      expect((await get("/api/categories")).status).toBe(200);
      expect(reachedHono).toEqual(["/", "/api/categories"]);
      release();
      expect((await first).status).toBe(200);
      // Room again: the next page renders.
      expect((await get("/")).status).toBe(200);
    } finally {
      release();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL database", () => {
  it("a price saved on one is served by the other within a second", async () => {
    const { productIds } = await insertCatalog(shop.db, { Relay: [] }, [{ name: "Relay Tee", price: 2_000, category: "Relay" }]);
    const id = productIds.get("Relay Tee")!;
    const otherDb = openDatabase(shop.env.DATABASE_URL);
    const other = createServices(otherDb, shop.env);
    const otherApp = createApp({ services: other, logger: createLogger("silent") });
    const relays = [
      startEpochRelay({ url: shop.env.DATABASE_URL, epoch: shop.services.dataEpoch, logger: createLogger("silent") }),
      startEpochRelay({ url: shop.env.DATABASE_URL, epoch: other.dataEpoch, logger: createLogger("silent") }),
    ];
    try {
      await Promise.all(relays.map((r) => r.ready));
      const price = async () => ((await (await otherApp.request("http://shop.test/api/products/relay-tee")).json()) as { data: { price: number } }).data.price;
      const before = await price();
      // Cached on the other instance now: without the relay it would answer this price for seconds.
      expect(await price()).toBe(before);
      const product = (await shop.services.catalogAdmin.getProduct(id))!;
      await shop.services.catalogAdmin.updateProduct({ id: "relay-test", email: "relay@example.com", requestId: null }, id, {
        price: 25,
        version: product.version,
      });
      const saved = Date.now();
      let seen = await price();
      while (seen === before && Date.now() - saved < 1_000) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await price();
      }
      expect(seen).not.toBe(before);
      expect(Date.now() - saved).toBeLessThan(1_000);
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
      await otherDb.close();
    }
  });
});
