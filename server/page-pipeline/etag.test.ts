import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { answerTags, tagMatches, tagOf } from "./etag";

describe("tagMatches", () => {
  const tag = tagOf("hello");

  it("matches the tag itself, in a list, and *", () => {
    expect(tagMatches(tag, tag)).toBe(true);
    expect(tagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(tagMatches(` * `, tag)).toBe(true);
  });

  it("compares weakly: a compressed answer's W/ tag revalidates the bytes' tag, and the other way round", () => {
    expect(tagMatches(`W/${tag}`, tag)).toBe(true);
    expect(tagMatches(tag, `W/${tag}`)).toBe(true);
  });

  it("does not match another tag, a tag inside another, or no header", () => {
    expect(tagMatches(tagOf("hello!"), tag)).toBe(false);
    expect(tagMatches(`"x${tag.slice(1)}`, tag)).toBe(false);
    expect(tagMatches(undefined, tag)).toBe(false);
    expect(tagMatches("", tag)).toBe(false);
  });
});

describe("answerTags", () => {
  const app = new Hono();
  app.use("*", answerTags());
  app.get("/cart", (c) => c.json({ items: [] }, 200, { "cache-control": "private, no-cache", vary: "Cookie" }));
  app.get("/tagged", (c) => c.json({ cached: true }, 200, { etag: '"kept"' }));
  app.get("/missing", (c) => c.json({ error: "no" }, 404));
  app.get("/mine", (c) => c.json({ items: [] }, 200, { "cache-control": "private, no-store" }));
  app.post("/cart", (c) => c.json({ ok: true }, 201));

  it("tags a GET answer with its bytes' tag and sends the same bytes", async () => {
    const res = await app.request("/cart");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toBe('{"items":[]}');
    expect(res.headers.get("etag")).toBe(tagOf(body));
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers 304 without a body when the browser holds the bytes, keeping the caching headers", async () => {
    const tag = (await app.request("/cart")).headers.get("etag")!;
    for (const held of [tag, `W/${tag}`, `"old", ${tag}`]) {
      const res = await app.request("/cart", { headers: { "if-none-match": held } });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(tag);
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      expect(res.headers.get("vary")).toBe("Cookie");
      expect(res.headers.get("content-type")).toBeNull();
    }
    expect((await app.request("/cart", { headers: { "if-none-match": '"old"' } })).status).toBe(200);
  });

  it("keeps a tag the answer carries and revalidates against it", async () => {
    expect((await app.request("/tagged")).headers.get("etag")).toBe('"kept"');
    expect((await app.request("/tagged", { headers: { "if-none-match": '"kept"' } })).status).toBe(304);
  });

  it("sends a no-store answer as it is, untagged, since no browser keeps it to revalidate", async () => {
    const res = await app.request("/mine", { headers: { "if-none-match": "*" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(await res.text()).toBe('{"items":[]}');
  });

  it("leaves writes and errors untagged", async () => {
    expect((await app.request("/cart", { method: "POST" })).headers.get("etag")).toBeNull();
    const missing = await app.request("/missing", { headers: { "if-none-match": "*" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
  });
});
