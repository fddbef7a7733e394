import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestBrowser, createAccount, signedIn, uniqueIp } from "../support/auth-browser";
import { createLogger } from "../../server/lib/logger";
import { createMessagesService } from "../../server/modules/content/messages";
import { type TestShop, createTestShop } from "../support/test-shop";

let shop: TestShop;
let admin: TestBrowser;

beforeAll(async () => {
  shop = await createTestShop();
  await createAccount(shop, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  admin = await signedIn(shop, "admin@example.com", "admin-password-1");
});
afterAll(() => shop?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const send = (method: string, path: string, body?: unknown) =>
  admin.request(`/api/admin${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

/** Sends the contact form as a visitor (each from its own address, so the form's limit per IP never bites). */
async function postContact(shopUnderTest: TestShop, body: { name: string; email: string; subject?: string; message: string }) {
  const res = await shopUnderTest.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data._id as string;
}

async function setContactEmail(s: TestShop, contactEmail: string) {
  await s.services.content.saveSettings({ ...(await s.services.content.getSettings()), contactEmail });
}

async function clearMessages() {
  await shop.db.kysely.deleteFrom("contact_message_replies").execute();
  await shop.db.kysely.deleteFrom("contact_messages").execute();
}

type ListBody = {
  data: Array<{ id: string; name: string; status: string; preview: string; replyCount: number }>;
  meta: { total: number; page: number; pageSize: number; counts: Record<string, number> };
};
const list = async (query = ""): Promise<ListBody> => {
  const res = await send("GET", `/contact-messages${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

describe("contact messages in the admin", () => {
  it("files messages by status with a count per status, searches name, e-mail and subject, and audits every move", async () => {
    await clearMessages();
    const ada = await postContact(shop, {
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Where is my parcel?",
      message: "I ordered a week ago and nothing came.",
    });
    const bob = await postContact(shop, {
      name: "Bob Stone",
      email: "bob@stone.example",
      subject: "Refund",
      message: "The shoes were too small, please refund.",
    });
    const bot = await postContact(shop, { name: "Cheap Watches", email: "bot@spam.example", message: "Buy cheap watches now at our site!!!" });
    const cy = await postContact(shop, { name: "Cy Young", email: "cy@example.com", subject: "Opening hours", message: "Are you open on Sundays, please?" });

    // All new: the sidebar counts them, the list shows them newest first.
    expect(await shop.services.messages.countNew()).toBe(4);
    let all = await list();
    expect(all.data.map((m) => m.id)).toEqual([cy, bot, bob, ada]);
    expect(all.meta).toMatchObject({ total: 4, page: 1, pageSize: 50, counts: { new: 4, read: 0, archived: 0, spam: 0 } });

    // Opening one marks it read; the operator files the others.
    const opened = await send("GET", `/contact-messages/${ada}`);
    expect(opened.status).toBe(200);
    expect((await opened.json()).data).toMatchObject({
      id: ada,
      status: "read",
      message: "I ordered a week ago and nothing came.",
      readAt: expect.any(String),
      replies: [],
    });
    const spam = await send("PATCH", `/contact-messages/${bot}`, { status: "spam" });
    expect(spam.status).toBe(200);
    expect((await spam.json()).data).toMatchObject({ id: bot, status: "spam" });
    expect((await send("PATCH", `/contact-messages/${bob}`, { status: "archived" })).status).toBe(200);

    all = await list();
    expect(all.meta.counts).toEqual({ new: 1, read: 1, archived: 1, spam: 1 });
    expect(await shop.services.messages.countNew()).toBe(1);
    expect((await list("?status=new")).data.map((m) => m.id)).toEqual([cy]);
    expect((await list("?status=spam")).data.map((m) => m.id)).toEqual([bot]);
    expect((await list("?status=archived")).meta.total).toBe(1);

    // Marked unread again: new once more, and counted.
    expect((await (await send("PATCH", `/contact-messages/${ada}`, { status: "new" })).json()).data.status).toBe("new");
    expect(await shop.services.messages.countNew()).toBe(2);

    // Search: any case, in the name, the e-mail or the subject; the counts follow the search.
    expect((await list("?q=LOVELACE")).data.map((m) => m.id)).toEqual([ada]);
    expect((await list("?q=stone.example")).data.map((m) => m.id)).toEqual([bob]);
    const hours = await list("?q=opening%20hours");
    expect(hours.data.map((m) => m.id)).toEqual([cy]);
    expect(hours.meta.counts).toEqual({ new: 1, read: 0, archived: 0, spam: 0 });
    expect((await list("?q=100%25")).meta.total).toBe(0);
    expect((await list("?status=archived&q=ada")).data).toEqual([]);

    // Pages.
    const page2 = await list("?pageSize=3&page=2");
    expect(page2.data.map((m) => m.id)).toEqual([ada]);
    expect(page2.meta).toMatchObject({ total: 4, page: 2, pageSize: 3 });

    const { entries } = await shop.services.audit.list({ entity: "contact_message", entityId: ada });
    expect(entries.map((e) => [e.action, e.changes?.status])).toEqual([
      ["contact_message.status", { before: "read", after: "new" }],
      ["contact_message.status", { before: "new", after: "read" }],
    ]);
    expect(entries[0]!.actor.email).toBe("admin@example.com");
  });

  it("keeps each reply with its message (who, when) and mails it to the sender, answering to the shop's address", async () => {
    await setContactEmail(shop, "hello@shop.test");
    const id = await postContact(shop, {
      name: "Dora Reed",
      email: "dora@example.com",
      subject: "Gift wrapping",
      message: "Can you wrap the scarf as a gift?\nIt is for my mother.",
    });
    await shop.services.messages.idle();
    const before = shop.services.mailer.outbox.length;

    const res = await send("POST", `/contact-messages/${id}/reply`, { text: "Yes, we can.\n\nIt is free of charge." });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.mailed).toBe(true);
    expect(body.data).toMatchObject({ id, status: "read", replyCount: 1 });
    expect(body.data.replies).toEqual([
      {
        id: expect.any(String),
        text: "Yes, we can.\n\nIt is free of charge.",
        author: { id: expect.any(String), email: "admin@example.com" },
        createdAt: expect.any(String),
        mailedAt: expect.any(String),
      },
    ]);

    // Stored as a job, delivered by the worker moments later.
    await shop.services.mailer.idle();
    const mails = shop.services.mailer.outbox.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "dora@example.com", replyTo: "hello@shop.test", subject: "Re: Gift wrapping" });
    // The reply as written (its own greeting, if any: none is added), paragraphs kept, the message quoted.
    expect(mails[0]!.text).toMatch(/^Yes, we can\.\n\nIt is free of charge\.\n/);
    expect(mails[0]!.text).toContain("> Can you wrap the scarf as a gift?");

    // A second reply is kept after the first; the list counts them.
    await send("POST", `/contact-messages/${id}/reply`, { text: "Also: we ship it tomorrow." });
    const read = (await (await send("GET", `/contact-messages/${id}`)).json()).data;
    expect(read.replies.map((r: { text: string }) => r.text)).toEqual(["Yes, we can.\n\nIt is free of charge.", "Also: we ship it tomorrow."]);
    expect((await list("?q=dora")).data[0]!.replyCount).toBe(2);
    const { entries } = await shop.services.audit.list({ entity: "contact_message", entityId: id });
    expect(entries.filter((e) => e.action === "contact_message.reply")).toHaveLength(2);
  });

  it("keeps a reply whose mail could not be sent and says so", async () => {
    const id = await postContact(shop, { name: "Eve Hart", email: "eve@example.com", message: "Do you deliver to Iceland?" });
    vi.spyOn(shop.services.mailer, "send").mockRejectedValue(new Error("SMTP down"));
    const res = await send("POST", `/contact-messages/${id}/reply`, { text: "We do, within a week." });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.mailed).toBe(false);
    expect(body.data.replies).toEqual([expect.objectContaining({ text: "We do, within a week.", mailedAt: null })]);
  });

  it("mails a new message to the shop's contact address, else to ADMIN_EMAIL, else to nobody; a failing mail never fails the form", async () => {
    await setContactEmail(shop, "hello@shop.test");
    const before = shop.services.mailer.outbox.length;
    const id = await postContact(shop, {
      name: "Finn Gray",
      email: "finn@example.com",
      subject: "Bulk order",
      message: "Could I order 40 mugs for our office?",
    });
    await shop.services.messages.idle();
    // Stored as a job, delivered by the worker moments later.
    await shop.services.mailer.idle();
    const mails = shop.services.mailer.outbox.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "hello@shop.test", replyTo: "finn@example.com", subject: "New message from Finn Gray: Bulk order" });
    expect(mails[0]!.text).toContain("Could I order 40 mugs for our office?");
    expect(mails[0]!.text).toContain(`http://shop.test/admin-dashboard/contact-messages/${id}`);

    // The mail fails: the visitor's message is still taken.
    vi.spyOn(shop.services.mailer, "send").mockRejectedValue(new Error("SMTP down"));
    const kept = await postContact(shop, { name: "Gil Amar", email: "gil@example.com", message: "Is the blue kettle back in stock?" });
    await shop.services.messages.idle();
    expect(await shop.services.messages.getMessage(kept)).toMatchObject({ status: "new", name: "Gil Amar" });
    vi.restoreAllMocks();
    const deps = {
      rateLimits: shop.services.rateLimits,
      contactLimitPer10Min: 100,
      mailer: shop.services.mailer,
      settings: () => shop.services.content.getSettings(),
      publicUrl: "http://shop.test",
      logger: createLogger("silent"),
    };

    // No contact address in the settings: ADMIN_EMAIL (as services.ts wires it from the env), else nobody.
    await setContactEmail(shop, "");
    for (const adminEmail of ["owner@shop.test", undefined]) {
      const messages = createMessagesService(shop.db, { ...deps, adminEmail });
      const sent = shop.services.mailer.outbox.length;
      await messages.createMessage({ name: "Hana Li", email: "hana@example.com", subject: "", message: "Hello, is the shop open today?" }, uniqueIp());
      await messages.idle();
      expect(shop.services.mailer.outbox.slice(sent).map((m) => m.to)).toEqual(adminEmail ? [adminEmail] : []);
    }
  });

  it("deletes a message with its replies, audited", async () => {
    const id = await postContact(shop, { name: "Jo March", email: "jo@example.com", subject: "Old question", message: "Never mind, I found it." });
    await send("POST", `/contact-messages/${id}/reply`, { text: "Glad to hear it." });
    const res = await send("DELETE", `/contact-messages/${id}`);
    expect(res.status).toBe(204);
    expect((await send("GET", `/contact-messages/${id}`)).status).toBe(404);
    expect(await shop.db.kysely.selectFrom("contact_message_replies").select("id").where("message_id", "=", id).execute()).toEqual([]);
    const { entries } = await shop.services.audit.list({ entity: "contact_message", entityId: id });
    expect(entries[0]).toMatchObject({
      action: "contact_message.delete",
      changes: { email: { before: "jo@example.com", after: null }, subject: { before: "Old question", after: null } },
    });
  });

  it("answers bad input with 400 and unknown ids with 404, changing nothing", async () => {
    const id = await postContact(shop, { name: "Kai Moss", email: "kai@example.com", message: "A question about sizes, please." });
    const badStatus = await send("PATCH", `/contact-messages/${id}`, { status: "deleted" });
    expect(badStatus.status).toBe(400);
    expect((await badStatus.json()).error.fields).toHaveProperty("status");
    const emptyReply = await send("POST", `/contact-messages/${id}/reply`, { text: "   " });
    expect(emptyReply.status).toBe(400);
    expect((await emptyReply.json()).error.fields).toHaveProperty("text");
    expect((await send("POST", `/contact-messages/${id}/reply`, { text: "é".repeat(5001) })).status).toBe(400);
    const notJson = await admin.request(`/api/admin/contact-messages/${id}/reply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    expect((await send("GET", "/contact-messages?status=unread")).status).toBe(400);
    expect((await send("GET", "/contact-messages?pageSize=1000")).status).toBe(400);
    expect(await shop.services.messages.getMessage(id)).toMatchObject({ status: "new", replies: [] });

    for (const [method, path, body] of [
      ["GET", "/contact-messages/nope", undefined],
      ["PATCH", "/contact-messages/nope", { status: "read" }],
      ["DELETE", "/contact-messages/nope", undefined],
      ["POST", "/contact-messages/nope/reply", { text: "Hello there" }],
    ] as const) {
      const res = await send(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });
});
