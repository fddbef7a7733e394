import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import Provider from "oidc-provider";

/** The one person who can sign in at the test provider. */
export interface OidcTestAccount {
  /** The subject (`sub`) the provider reports. */
  id: string;
  /** What the login form asks for. */
  login: string;
  password: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export const DEFAULT_OIDC_ACCOUNT: OidcTestAccount = {
  id: "oidc-user-1",
  login: "grace",
  password: "punch-cards-1952",
  email: "grace.hopper@idp.example",
  name: "Grace Hopper",
  emailVerified: true,
};

export interface OidcProviderOptions {
  /** Port on 127.0.0.1 (0 picks a free one). */
  port?: number;
  clientId: string;
  clientSecret: string;
  /** The shop's callback, e.g. http://127.0.0.1:4173/api/auth/callback/oidc. */
  redirectUri: string;
  account?: OidcTestAccount;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on 127.0.0.1 for tests: one static
 * confidential client (client_secret_post, authorization code with PKCE), one user account, and
 * plain HTML interaction pages: a login form (`login`, `password`, POST /interaction/:uid/login)
 * and a consent form (POST /interaction/:uid/confirm). Point OIDC_ISSUER at `issuer`.
 */
export async function startOidcProvider(
  options: OidcProviderOptions,
): Promise<{ issuer: string; port: number; account: OidcTestAccount; close: () => Promise<void> }> {
  const account = options.account ?? DEFAULT_OIDC_ACCOUNT;
  let provider: Provider | undefined;
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      if (sub !== account.id) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.emailVerified ?? true, name: account.name };
        },
      };
    },
  });
  provider.proxy = false;
  const callback = provider.callback();

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", issuer);
    const match = /^\/interaction\/([^/]+)(?:\/(login|confirm))?$/.exec(url.pathname);
    if (!match) return void callback(req, res);
    const [, , action] = match;
    const details = await provider!.interactionDetails(req, res);
    const send = (status: number, html: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(html);
    };
    const loginForm = (error?: string) =>
      page(
        "Sign in to the test identity provider",
        `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}<form method="post" action="/interaction/${details.uid}/login">
<label>Login <input name="login" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>`,
      );
    if (req.method === "GET" && !action) {
      if (details.prompt.name === "login") return send(200, loginForm());
      return send(
        200,
        page(
          "Allow access",
          `<p>The shop asks for your name and e-mail address.</p><form method="post" action="/interaction/${details.uid}/confirm"><button type="submit">Allow</button></form>`,
        ),
      );
    }
    if (req.method === "POST" && action === "login") {
      const form = await readForm(req);
      if (form.get("login") !== account.login || form.get("password") !== account.password) return send(401, loginForm("Wrong login or password."));
      await provider!.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === "POST" && action === "confirm") {
      await readForm(req);
      const { prompt, params, session, grantId } = details;
      const grant = grantId ? await provider!.Grant.find(grantId) : new provider!.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
      const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
      const saved = await grant!.save();
      await provider!.interactionFinished(req, res, { consent: { grantId: saved } }, { mergeWithLastSubmission: true });
      return;
    }
    send(405, page("Not allowed", "<p>This interaction step does not exist.</p>"));
  }

  return {
    issuer,
    port,
    account,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
