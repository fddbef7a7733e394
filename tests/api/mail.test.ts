import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../server/lib/env";
import { createMailer } from "../../server/modules/mail/mailer";
import { existingAccountMail, magicLinkMail, resetPasswordMail, verificationMail } from "../../server/modules/mail/templates";
import { browser } from "../support/auth-browser";
import { type TestSmtpServer, linksOf, startSmtpServer } from "../support/smtp";
import { type TestShop, createTestShop } from "../support/test-shop";

function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const mail = { to: "reader@example.com", subject: "Hello there", text: "Open https://shop.example/x?y=1 please", html: "<p>Open</p>" };

describe("createMailer", () => {
  let smtp: TestSmtpServer;
  let outbox: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outbox-"));
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it("in tests without SMTP_URL keeps mails in memory only", async () => {
    const { logger } = captureLogger();
    const mailer = createMailer(loadEnv({ NODE_ENV: "test", MAIL_OUTBOX_DIR: outbox }), logger);
    expect(mailer.transport).toBe("memory");
    await mailer.send(mail, { fromName: "Corner Store" });
    expect(mailer.outbox).toEqual([expect.objectContaining({ ...mail, from: '"Corner Store" <no-reply@localhost>' })]);
    expect(fs.readdirSync(outbox)).toEqual([]);
  });

  it("in development without SMTP_URL logs each mail and writes it to the outbox folder", async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer(loadEnv({ NODE_ENV: "development", MAIL_OUTBOX_DIR: outbox, PUBLIC_URL: "http://localhost:3000" }), logger);
    expect(mailer.transport).toBe("outbox");
    await mailer.send(mail);
    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT.*-hello-there\.html$/);
    expect(files[1]).toMatch(/-hello-there\.txt$/);
    expect(fs.readFileSync(path.join(outbox, files[1]!), "utf8")).toContain("To: reader@example.com\nFrom: no-reply@localhost\nSubject: Hello there");
    expect(fs.readFileSync(path.join(outbox, files[0]!), "utf8")).toContain("<p>Open</p>");
    const line = lines.find((l) => l.msg === "mail written to the outbox (no SMTP_URL)");
    expect(line).toMatchObject({ to: "reader@example.com", subject: "Hello there", link: "https://shop.example/x?y=1", file: expect.stringContaining(outbox) });
  });

  it("writes to the outbox folder again after someone removed it while the shop runs", async () => {
    const own = path.join(outbox, "removed-meanwhile");
    const mailer = createMailer(loadEnv({ NODE_ENV: "development", MAIL_OUTBOX_DIR: own, PUBLIC_URL: "http://localhost:3000" }), captureLogger().logger);
    await mailer.send(mail);
    fs.rmSync(own, { recursive: true, force: true });
    await mailer.send({ ...mail, subject: "Second" });
    expect(fs.readdirSync(own).filter((f) => f.endsWith("-second.txt"))).toHaveLength(1);
  });

  it("sends through SMTP when SMTP_URL is set, from MAIL_FROM", async () => {
    const { logger } = captureLogger();
    const mailer = createMailer(loadEnv({ NODE_ENV: "test", SMTP_URL: smtp.url, MAIL_FROM: "Shop <orders@shop.example>" }), logger);
    expect(mailer.transport).toBe("smtp");
    expect(await mailer.verify()).toBe(true);
    await mailer.send({ ...mail, to: "smtp-reader@example.com", subject: "Grüße aus dem Laden" });
    const received = await smtp.waitFor((m) => m.to.includes("smtp-reader@example.com"));
    expect(received).toMatchObject({ from: "orders@shop.example", subject: "Grüße aus dem Laden", html: "<p>Open</p>" });
    expect(received.text).toContain("https://shop.example/x?y=1");
    expect(mailer.outbox).toEqual([]);
    mailer.close();
  });

  it("rejects an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => loadEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
  });
});

describe("account mail templates", () => {
  const ctx = { to: "a@example.com", siteName: "Tom & Jerry's <Shop>", name: "Jerry <script>", url: 'https://shop.example/api/auth/verify?token=a&b="c"' };

  it("escape names and links in the HTML and keep the link in the text", () => {
    for (const m of [
      verificationMail(ctx),
      magicLinkMail({ ...ctx, minutes: 10 }),
      resetPasswordMail(ctx),
      existingAccountMail({ ...ctx, resetUrl: "https://shop.example/forgot-password" }),
    ]) {
      expect(m.to).toBe("a@example.com");
      expect(m.subject).toContain("Tom & Jerry's <Shop>");
      expect(m.html).not.toContain("<script>");
      expect(m.html).not.toContain("<Shop>");
      expect(m.html).toContain("Tom &#38; Jerry&#39;s &#60;Shop&#62;");
      expect(m.html).toContain('href="https://shop.example/api/auth/verify?token=a&#38;b=&#34;c&#34;"');
      expect(m.text).toContain(ctx.url);
      expect(m.text).toContain("Hello Jerry,");
    }
    expect(existingAccountMail({ ...ctx, resetUrl: "https://shop.example/forgot-password" }).text).toContain("https://shop.example/forgot-password");
  });

  it("greet without a name when there is none", () => {
    expect(magicLinkMail({ ...ctx, name: null, minutes: 5 }).text.startsWith("Hello,\n")).toBe(true);
  });
});

describe("the shop's mails use the site name from the settings", () => {
  let shop: TestShop;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await createTestShop({ SMTP_URL: smtp.url });
    await shop.services.content.saveSettings({ siteName: "Corner Store" });
  });
  afterAll(async () => {
    await shop.services.auth.idle();
    await shop.close();
    await smtp.close();
  });

  it("names the shop in the subject, the sender and the body", async () => {
    await browser(shop).post("/api/auth/sign-in/magic-link", { email: "neighbour@example.com" });
    const received = await smtp.waitFor((m) => m.to.includes("neighbour@example.com"));
    expect(received.subject).toBe("Your sign-in link for Corner Store");
    expect(received.raw).toMatch(/^From: "?Corner Store"? <no-reply@shop\.test>/m);
    expect(received.html).toContain("Corner Store");
    expect(linksOf(received)[0]).toMatch(/^http:\/\/shop\.test\/api\/auth\/magic-link\/verify\?token=/);
  });
});
