import type { AddressInfo } from "node:net";
import http from "node:http";
import net from "node:net";
import { serve } from "@hono/node-server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, createAccount, signedIn } from "../support/auth-browser";
import { type ShoppingCatalog, browserWithCart, checkoutBody, insertShoppingCatalog, orderRowCounts } from "../support/shop-fixture";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let catalog: ShoppingCatalog;
let port: number;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  shop = await createTestShop({ CONTACT_RATE_LIMIT: "1000" });
  catalog = await insertShoppingCatalog(shop.db);
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await shop.close();
});

const countMessages = () => shop.services.messages.countMessages();
const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const message = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question about my order, please." };

interface RawAnswer {
  /** Each HTTP answer read from the connection, in order: status line and lower-cased headers. */
  answers: Array<{ status: number; headers: Record<string, string> }>;
  /** How the connection ended: "end" (closed cleanly by the server), "reset" or "open". */
  ended: "end" | "reset" | "open";
}

/**
 * Writes raw bytes on one keep-alive TCP connection (as a browser or curl would) and reads what
 * comes back until the server closes it or `waitMs` passes.
 */
function rawConnection(chunks: Array<string | Buffer>, waitMs = 800): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    let ended: RawAnswer["ended"] = "open";
    const finish = () => {
      const answers = [...data.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/g)].map((m) => ({
        status: Number(m[1]),
        headers: Object.fromEntries(
          m[2]!
            .split("\r\n")
            .filter(Boolean)
            .map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        ),
      }));
      resolve({ answers, ended });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, waitMs);
    socket.on("data", (d) => (data += d.toString("latin1")));
    socket.on("error", () => (ended = "reset"));
    socket.on("close", () => {
      if (ended === "open") ended = "end";
      clearTimeout(timer);
      finish();
    });
    for (const chunk of chunks) socket.write(chunk);
  });
}

const rawPost = (path: string, body: string, headers = "") =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;
const rawGet = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe("body limits", () => {
  it("refuses a contact message far over its limit with 413 in our error shape and stores nothing", async () => {
    const before = await countMessages();
    const res = await shop.request("/api/contact", json({ ...message, message: "x".repeat(200_000) }));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error.code).toBe("too_large");
    expect(body.error.message).toMatch(/too large: 16 KB at most/);
    expect(await countMessages()).toBe(before);
  });

  it("answers a declared 200 MB body at once, without waiting for (or reading) it", async () => {
    const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n{"name":"`;
    const started = Date.now();
    const { answers, ended } = await rawConnection([head], 3000);
    expect(answers[0]?.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(2500); // it did not sit waiting for 200 MB
    expect(answers[0]?.headers.connection).toBe("close");
    expect(ended).toBe("end");
  });

  it("stops reading a chunked body (no Content-Length) once it passes the limit", async () => {
    const chunk = "x".repeat(64 * 1024);
    const head = `POST /api/cart/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const { answers } = await rawConnection([head, `${chunk.length.toString(16)}\r\n${chunk}\r\n`], 2000);
    expect(answers[0]?.status).toBe(413);
    expect(answers[0]?.headers.connection).toBe("close");
  });

  it("never promises keep-alive on a refusal and then drops the connection: a 413 says close, a 400 keeps serving", async () => {
    const tooBig = rawPost("/api/contact", JSON.stringify({ ...message, message: "y".repeat(100_000) }));
    const refused = await rawConnection([tooBig + rawGet("/api/settings")]);
    expect(refused.answers.map((a) => a.status)).toEqual([413]);
    expect(refused.answers[0]!.headers.connection).toBe("close");
    expect(refused.ended).toBe("end");

    // A refusal that read the whole body keeps the connection: the next request is answered.
    const bad = rawPost("/api/contact", JSON.stringify({ ...message, name: "\u0000" }));
    const kept = await rawConnection([bad + rawGet("/api/settings")]);
    expect(kept.answers.map((a) => a.status)).toEqual([400, 200]);
    expect(kept.answers[0]!.headers.connection ?? "keep-alive").not.toBe("close");
  });

  it("gives every route its own limit: 8 KB for the cart, 16 KB for an order, 64 KB for sign-in", async () => {
    const padding = (n: number) => "p".repeat(n);
    expect((await shop.request("/api/cart/items", json({ productId: catalog.mug, pad: padding(9 * 1024) }))).status).toBe(413);
    expect((await shop.request("/api/cart/items", json({ productId: catalog.mug, pad: padding(6 * 1024) }))).status).not.toBe(413);
    expect((await shop.request("/api/orders", json({ ...checkoutBody(), pad: padding(17 * 1024) }))).status).toBe(413);
    const signIn = await shop.request("/api/auth/sign-in/email", json({ email: "nobody@example.com", password: padding(65 * 1024) }));
    expect(signIn.status).toBe(413);
  });

  describe("profile picture uploads", () => {
    const picture = (width: number) =>
      sharp({ create: { width, height: width, channels: 3, background: "#c80" } })
        .png()
        .toBuffer();

    it("refuses a 6 MB upload with 413 and keeps the current picture", async () => {
      await createAccount(shop, { email: "big-upload@example.com", password: "big-upload-pw" });
      const b = await signedIn(shop, "big-upload@example.com", "big-upload-pw");
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "image/png" }), "huge.png");
      const res = await b.request("/api/account/avatar", { method: "POST", body: form });
      expect(res.status).toBe(413);
      expect((await res.json()).error.message).toMatch(/5 MB at most/);
      expect((await b.session())?.user.image).toBeNull();
    });

    it("still stores a picture under the limit (streamed to disk first)", async () => {
      await createAccount(shop, { email: "small-upload@example.com", password: "small-upload-pw" });
      const b = await signedIn(shop, "small-upload@example.com", "small-upload-pw");
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(await picture(300))], { type: "image/png" }), "me.png");
      const res = await b.request("/api/account/avatar", { method: "POST", body: form });
      expect(res.status).toBe(200);
      expect((await b.session())?.user.image).toMatch(/^\/uploads\/avatars\//);
    });

    it("refuses an upload's text field with a NUL byte, naming the field", async () => {
      await createAccount(shop, { email: "nul-upload@example.com", password: "nul-upload-pw" });
      const b = await signedIn(shop, "nul-upload@example.com", "nul-upload-pw");
      const form = new FormData();
      form.set("caption", "a\u0000b");
      form.set("image", new Blob([new Uint8Array(await picture(100))], { type: "image/png" }), "me.png");
      const res = await b.request("/api/account/avatar", { method: "POST", body: form });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty("caption");
      expect((await b.session())?.user.image).toBeNull();
    });
  });
});

describe("bodies read from node:http (the production server's way)", () => {
  /** One request over a real socket; `chunked` sends the body in two chunks without Content-Length, as a streaming client does. */
  function send(path: string, body: string, headers: Record<string, string>, chunked = false): Promise<{ status: number; text: string; cookies: string[] }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path, method: "POST", headers: chunked ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) } },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (d: string) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, text, cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!) }));
        },
      );
      req.on("error", reject);
      if (chunked) {
        const middle = Math.floor(body.length / 2);
        req.write(body.slice(0, middle));
        setTimeout(() => req.end(body.slice(middle)), 20);
      } else req.end(body);
    });
  }
  const origin = "http://shop.test";

  it.each([false, true])("puts the product in the cart the JSON names (chunked: %s), and the cart holds it", async (chunked) => {
    const added = await send(
      "/api/cart/items",
      JSON.stringify({ productId: catalog.mug, quantity: 2 }),
      { "content-type": "application/json", origin },
      chunked,
    );
    expect(added.status).toBe(201);
    expect(JSON.parse(added.text).data.lines).toEqual([expect.objectContaining({ productId: catalog.mug, quantity: 2 })]);
    const cart = await fetch(`http://127.0.0.1:${port}/api/cart`, { headers: { cookie: added.cookies.join("; ") } });
    expect((await cart.json()).data.lines).toEqual([expect.objectContaining({ productId: catalog.mug, quantity: 2 })]);
  });

  it("refuses a NUL in a form sent in chunks by the field's name, and stores nothing", async () => {
    const before = await countMessages();
    const refused = await send("/contact-us", "name=%00&email=a%40b.co&message=hello", { "content-type": "application/x-www-form-urlencoded", origin }, true);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/“name”.*NUL/);
    expect(await countMessages()).toBe(before);
  });

  it("gives better-auth the sign-up it was sent, in chunks: the account has the name and address sent", async () => {
    const account = { name: "Grace Real", email: "grace.real@example.com", password: "a-long-password-1" };
    const signedUp = await send("/api/auth/sign-up/email", JSON.stringify(account), { "content-type": "application/json", origin }, true);
    expect(signedUp.status, signedUp.text).toBe(200);
    expect(JSON.parse(signedUp.text).user).toMatchObject({ name: account.name, email: account.email });
  });
});

describe("the text rule at the edge", () => {
  it("refuses a NUL byte in a path parameter, a query value and a JSON field with a 400 (no 500 on PostgreSQL)", async () => {
    const path = await shop.request("/api/products/%00");
    expect(path.status).toBe(400);
    expect((await path.json()).error.code).toBe("invalid_input");
    const query = await shop.request("/api/products?category=%00");
    expect(query.status).toBe(400);
    expect((await query.json()).error.fields).toEqual({ category: expect.stringMatching(/NUL/) });
    const orderId = await shop.request("/api/orders/abc%00def");
    expect(orderId.status).toBe(400);
  });

  it("names the nested field that holds the NUL, and stores no order", async () => {
    const b = await browserWithCart(shop, [{ productId: catalog.mug }]);
    const before = await orderRowCounts(shop.db);
    const res = await b.post("/api/orders", checkoutBody({ contact: { name: "\u0000", email: "grace@example.com", phone: "+1 555 0100" } }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.fields).toEqual({ "contact.name": expect.stringMatching(/NUL/) });
    expect(body.error.message).toMatch(/contact\.name/);
    expect(await orderRowCounts(shop.db)).toEqual(before);
  });

  it("refuses NUL in the cart's productId, a better-auth body, and a page form", async () => {
    const cart = await shop.request("/api/cart/items", json({ productId: `${catalog.mug}\u0000` }));
    expect(cart.status).toBe(400);
    const reset = await shop.request("/api/auth/reset-password", json({ token: "abc\u0000", newPassword: "new-password-1" }));
    expect(reset.status).toBe(400);
    const page = await shop.request("/contact-us", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://shop.test" },
      body: "name=%00&email=a%40b.co&message=hello",
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/“name”.*NUL/);
  });

  it("refuses other control characters, and line breaks in single-line fields, but keeps them in a message", async () => {
    const before = await countMessages();
    const bell = await shop.request("/api/contact", json({ ...message, name: "Ada\u0007" }));
    expect(bell.status).toBe(400);
    expect((await bell.json()).error.fields.name).toMatch(/control character/);
    const broken = await shop.request("/api/contact", json({ ...message, name: "Ada\nLovelace" }));
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.fields.name).toMatch(/single line/);
    const c1 = await shop.request("/api/contact", json({ ...message, subject: "Hi\u0085" }));
    expect(c1.status).toBe(400);
    expect(await countMessages()).toBe(before);

    const multiline = await shop.request("/api/contact", json({ ...message, message: "First line\n\tSecond line\r\nThird" }));
    expect(multiline.status).toBe(201);
    expect(await countMessages()).toBe(before + 1);
  });

  it("refuses invalid UTF-8 and lone surrogates in a body, and broken percent-encoding in a URL", async () => {
    const invalidUtf8 = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","email":"a@b.co","message":"hello hello"}')]);
    const res = await shop.request("/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: invalidUtf8 });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/UTF-8/);
    const surrogate = await shop.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"\\ud800","email":"a@b.co","message":"hello hello"}',
    });
    expect(surrogate.status).toBe(400);
    expect((await shop.request("/api/products/%E0%A4%A")).status).toBe(400);
    expect((await shop.request("/api/products?q=%E0%A4%A")).status).toBe(400);
  });

  it("counts a name that is blank after trimming as missing", async () => {
    const res = await shop.request("/api/contact", json({ ...message, name: "   " }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty("name");
  });
});

describe("deeply nested bodies", () => {
  it("answers 8 KB of [[[…]]] with a 400 that says so, on the shop's JSON endpoints and better-auth's", async () => {
    const deep = `${"[".repeat(4000)}${"]".repeat(4000)}`;
    const messages = await countMessages();
    for (const path of ["/api/cart/items", "/api/contact", "/api/analytics/events", "/api/auth/sign-in/email", "/api/auth/sign-up/email"]) {
      const res = await browser(shop).request(path, { method: "POST", headers: { "content-type": "application/json" }, body: deep });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message, path).toBe(
        "The request body nests arrays and objects deeper than 32 levels.",
      );
    }
    expect(await countMessages()).toBe(messages);
  });
});

describe("a malformed visitor cookie", () => {
  for (const value of ["%", "%E0%A4%A"]) {
    it(`is no cookie (${value}): the cart, wishlist and orders answer as for a new visitor`, async () => {
      const headers = { cookie: `shop.visitor=${value}`, origin: "http://shop.test", "content-type": "application/json" };
      expect((await shop.request("/api/cart", { headers })).status).toBe(200);
      expect((await shop.request("/api/wishlist", { headers })).status).toBe(200);
      expect((await shop.request("/api/orders", { headers })).status).toBe(200);
      const added = await shop.request("/api/cart/items", { method: "POST", headers, body: JSON.stringify({ productId: catalog.mug }) });
      expect(added.status).toBe(201);
      expect(added.headers.get("set-cookie")).toMatch(/^shop\.visitor=[\w-]+\./);
      const placed = await shop.request("/api/orders", { method: "POST", headers, body: JSON.stringify(checkoutBody()) });
      expect(placed.status).toBe(400); // an empty cart (this browser has none), not a 500
    });
  }
});

describe("the contact form's limit", () => {
  it("survives a restart: a second shop on the same database keeps counting", async () => {
    const { createServices } = await import("../../server/wiring/services");
    const { createApp } = await import("../../server/app");
    const { createLogger } = await import("../../server/lib/logger");
    const limited = { ...shop.env, CONTACT_RATE_LIMIT: 2 };
    const first = createApp({ services: createServices(shop.db, limited), logger: createLogger("silent") });
    const send = (app: typeof first) =>
      app.request("http://shop.test/api/contact", { ...json(message), headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" } });
    expect((await send(first)).status).toBe(201);
    expect((await send(first)).status).toBe(201);
    const restarted = createApp({ services: createServices(shop.db, limited), logger: createLogger("silent") });
    expect((await send(restarted)).status).toBe(429);
  });
});

it("keeps a normal anonymous journey working behind the guard", async () => {
  const b = browser(shop);
  expect((await b.post("/api/cart/items", { productId: catalog.mug, quantity: 1 })).status).toBe(201);
  expect((await b.post("/api/orders", checkoutBody())).status).toBe(201);
});
