import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as homeLoader } from "../../app/routes/home";
import { type TestBrowser, createAccount, signedIn } from "../support/auth-browser";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;
let picture: string;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
  const png = await sharp({ create: { width: 960, height: 360, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  picture = await shop.services.images.storeImage(png, "banner");
});
afterAll(() => shop?.close());
afterEach(() => {
  vi.useRealTimers();
});

const send = (method: string, path: string, body?: unknown) =>
  admin.request(`/api/admin${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function create(body: Record<string, unknown>) {
  const res = await send("POST", "/banners", { image: picture, alt: "Three green bottles on a shelf", ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data as { id: string; title: string; state: string; version: number; sortOrder: number };
}

/** The titles the home page's carousel shows now, in order. */
async function carousel(): Promise<string[]> {
  const data = (await homeLoader({ request: new Request("http://shop.test/"), context: { services: shop.services } } as never)) as {
    banners: Array<{ title: string }>;
  };
  return data.banners.map((b) => b.title);
}

async function rowCount(table: "banners" | "audit_log"): Promise<number> {
  return Number(
    (
      await shop.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe("banners in the admin", () => {
  it("creates banners (201, audited) and lists every one with its state; the carousel shows the live ones in order", async () => {
    const res = await send("POST", "/banners", {
      title: "Spring",
      subtitle: "New colours",
      image: picture,
      alt: "Three green bottles",
      link: "/product-category/shoes",
    });
    expect(res.status).toBe(201);
    const spring = (await res.json()).data;
    expect(spring).toMatchObject({
      title: "Spring",
      subtitle: "New colours",
      image: picture,
      alt: "Three green bottles",
      link: "/product-category/shoes",
      active: true,
      state: "live",
      sortOrder: 0,
      startsAt: null,
      endsAt: null,
      version: 1,
    });
    const { entries } = await shop.services.audit.list({ entity: "banner", entityId: spring.id });
    expect(entries[0]).toMatchObject({
      action: "banner.create",
      actor: { email: "admin@example.com" },
      requestId: res.headers.get("x-request-id"),
      changes: { title: { before: null, after: "Spring" } },
    });

    await create({ title: "Later", startsAt: at(HOUR) });
    await create({ title: "Gone", startsAt: at(-2 * HOUR), endsAt: at(-HOUR) });
    await create({ title: "Off", active: false });
    await create({ title: "Summer", link: "https://brand.example.com/summer", endsAt: at(HOUR) });

    const list = (await (await admin.get("/api/admin/banners")).json()).data as Array<{ title: string; state: string; sortOrder: number }>;
    expect(list.map((b) => [b.title, b.state, b.sortOrder])).toEqual([
      ["Spring", "live", 0],
      ["Later", "scheduled", 1],
      ["Gone", "expired", 2],
      ["Off", "off", 3],
      ["Summer", "live", 4],
    ]);
    expect(await carousel()).toEqual(["Spring", "Summer"]);
    const pub = (await (await shop.request("/api/banners")).json()).data as Array<{ title: string; alt: string }>;
    expect(pub.map((b) => [b.title, b.alt])).toEqual([
      ["Spring", "Three green bottles"],
      ["Summer", "Three green bottles on a shelf"],
    ]);
  });

  it("refuses bad input with 400 naming each field, and stores nothing", async () => {
    const before = [await rowCount("banners"), await rowCount("audit_log")];
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ title: "", image: picture, alt: "A" }, ["title"]],
      [{ title: "No alt", image: picture }, ["alt"]],
      [{ title: "No picture", alt: "Nothing" }, ["image"]],
      [{ title: "Not uploaded", image: "/uploads/banners/never-uploaded.webp", alt: "Nothing" }, ["image"]],
      [{ title: "Script", image: picture, alt: "A", link: "javascript:alert(1)" }, ["link"]],
      [{ title: "Elsewhere", image: picture, alt: "A", link: "//evil.example.com/" }, ["link"]],
      [{ title: "Backwards", image: picture, alt: "A", startsAt: at(HOUR), endsAt: at(-HOUR) }, ["endsAt"]],
      [{ title: "Vague", image: picture, alt: "A", startsAt: "tomorrow" }, ["startsAt"]],
      [{ title: "x".repeat(500), image: "data:image/png;base64,AAAA", alt: "A", active: "yes", sortOrder: -3 }, ["active", "image", "sortOrder", "title"]],
    ];
    for (const [body, fields] of cases) {
      const res = await send("POST", "/banners", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys((await res.json()).error.fields).sort()).toEqual(fields);
    }
    expect([await rowCount("banners"), await rowCount("audit_log")]).toEqual(before);
  });

  it("moves a banner to a new position; the carousel follows", async () => {
    const list = (await (await admin.get("/api/admin/banners")).json()).data as Array<{ id: string; title: string }>;
    const summer = list.find((b) => b.title === "Summer")!;
    const res = await send("PATCH", `/banners/${summer.id}`, { sortOrder: 0 });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ sortOrder: 0, version: 2 });
    expect(await carousel()).toEqual(["Summer", "Spring"]);
    const after = (await (await admin.get("/api/admin/banners")).json()).data as Array<{ title: string; sortOrder: number }>;
    expect(after.map((b) => b.sortOrder)).toEqual([0, 1, 2, 3, 4]);
    const { entries } = await shop.services.audit.list({ entity: "banner", entityId: summer.id });
    expect(entries[0]).toMatchObject({ action: "banner.update", changes: { sortOrder: { before: 4, after: 0 } } });
  });

  it("changes fields, checks the window against what is stored, and answers 409 to a stale version and 404 to an unknown banner", async () => {
    const later = (await (await admin.get("/api/admin/banners")).json()).data.find((b: { title: string }) => b.title === "Later");
    const backwards = await send("PATCH", `/banners/${later.id}`, { endsAt: at(30 * 60_000) });
    expect(backwards.status).toBe(400);
    expect(Object.keys((await backwards.json()).error.fields)).toEqual(["endsAt"]);

    const res = await send("PATCH", `/banners/${later.id}`, { title: "Now", startsAt: null, version: later.version });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ title: "Now", startsAt: null, state: "live", version: later.version + 1 });
    expect(await carousel()).toContain("Now");

    const stale = await send("PATCH", `/banners/${later.id}`, { title: "Stale", version: later.version });
    expect(stale.status).toBe(409);
    expect((await send("PATCH", "/banners/no-such-id", { title: "X" })).status).toBe(404);
    expect(await carousel()).not.toContain("Stale");
  });

  it("shows a scheduled banner from its start and hides it at its end, without any write (the cache holds the window, not the answer)", async () => {
    // The window opens and closes within the read cache's 5 seconds: a cached answer would miss both.
    const start = Date.now() + 2_000;
    await create({ title: "Flash sale", startsAt: new Date(start).toISOString(), endsAt: new Date(start + 1_000).toISOString() });
    expect(await carousel()).not.toContain("Flash sale");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 100);
    expect(await carousel()).toContain("Flash sale");
    vi.setSystemTime(start + 1_100);
    expect(await carousel()).not.toContain("Flash sale");
  });

  it("deletes a banner (204), audited; it leaves the carousel", async () => {
    const before = (await (await admin.get("/api/admin/banners")).json()).data as Array<{ id: string; title: string }>;
    const spring = before.find((b) => b.title === "Spring")!;
    const res = await send("DELETE", `/banners/${spring.id}`);
    expect(res.status).toBe(204);
    expect(await carousel()).not.toContain("Spring");
    const after = (await (await admin.get("/api/admin/banners")).json()).data as Array<{ sortOrder: number }>;
    expect(after.map((b) => b.sortOrder)).toEqual(after.map((_, i) => i));
    const { entries } = await shop.services.audit.list({ entity: "banner", entityId: spring.id });
    expect(entries[0]).toMatchObject({ action: "banner.delete", changes: { title: { before: "Spring", after: null } } });
    expect((await send("DELETE", `/banners/${spring.id}`)).status).toBe(404);
  });

  it("reorders every banner at once for the screens (409 when the list is out of date)", async () => {
    const actor = { id: "screen", email: "admin@example.com", requestId: null };
    const list = await shop.services.banners.listAll();
    const reversed = list.map((b) => b.id).reverse();
    const result = await shop.services.banners.reorder(actor, { ids: reversed });
    expect(result.map((b) => b.id)).toEqual(reversed);
    await expect(shop.services.banners.reorder(actor, { ids: reversed.slice(1) })).rejects.toMatchObject({ code: "conflict" });
  });
});
