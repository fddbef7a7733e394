// The browser tests' web server: first a real SMTP server that keeps the shop's mails (readable
// over a tiny HTTP mailbox), a local OpenID Connect provider and a local fake of the Stripe API
// (which posts signed webhook events back to the shop), then the production shop with SMTP_URL,
// OIDC_* and STRIPE_* pointing at them. One process, so both are up before the shop starts (the
// shop checks the OIDC provider at start-up) and go away with it.
//   Run by playwright.config.ts: `npx tsx tests/e2e/support/e2e-shop.ts`.
import http from "node:http";
import { startOidcProvider } from "../../support/oidc-provider";
import { startFakeStripe } from "../../support/fake-stripe";
import { startSmtpServer } from "../../support/smtp";
import { MAILBOX_PORT, OIDC_CLIENT, OIDC_PORT, STRIPE_PORT } from "./ports";

const publicUrl = process.env.PUBLIC_URL;
if (!publicUrl) throw new Error("PUBLIC_URL must be set (playwright.config.ts does)");

const smtp = await startSmtpServer();
const oidc = await startOidcProvider({
  port: OIDC_PORT,
  clientId: OIDC_CLIENT.id,
  clientSecret: OIDC_CLIENT.secret,
  redirectUri: `${publicUrl}/api/auth/callback/oidc`,
});
const stripe = await startFakeStripe({ port: STRIPE_PORT, webhookUrl: `${publicUrl}/api/payments/stripe/webhook` });

// GET /messages?to=address → the mails received for that address, oldest first.
const mailbox = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://mailbox");
  if (req.method !== "GET" || url.pathname !== "/messages") {
    res.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails = (to ? smtp.to(to) : smtp.messages).map(({ from, to: rcpt, subject, text, html }) => ({ from, to: rcpt, subject, text, html }));
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(mails));
});
await new Promise<void>((resolve, reject) => {
  mailbox.once("error", reject);
  mailbox.listen(MAILBOX_PORT, "127.0.0.1", () => resolve());
});

Object.assign(process.env, {
  SMTP_URL: smtp.url,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_NAME: OIDC_CLIENT.name,
  ...stripe.env,
});

// The usual browser-test server (fresh data directory, production build).
await import(new URL("../../../scripts/e2e-server.mjs", import.meta.url).href);
