import type { TestShop } from "./test-shop";

/** The cookies of one simulated browser, as a real one keeps them (Max-Age=0 and past Expires delete). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Stores the Set-Cookie headers of a response. */
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.split("=").map((s) => s.trim());
        if (k?.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k?.toLowerCase() === "expires") return new Date(v ?? "").getTime() < Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  has(fragment: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(fragment));
  }
}

export interface BrowserOptions {
  /** The client's address (X-Forwarded-For), so rate limits of one test do not touch another's. */
  ip?: string;
  /** The page origin the browser sends (default: the shop's own). */
  origin?: string | null;
  /** Another app over the same services (e.g. one with a page build). */
  app?: { request: (url: string, init?: RequestInit) => Response | Promise<Response> };
}

/**
 * A simulated browser on the test shop: keeps cookies, sends the shop's Origin on every request
 * (as browsers do for POSTs) and follows redirects within the shop when asked.
 */
export function browser(shop: TestShop, options: BrowserOptions = {}) {
  const jar = new CookieJar();
  const ip = options.ip ?? uniqueIp();
  const origin = options.origin === undefined ? "http://shop.test" : options.origin;

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", ip);
    if (origin && !headers.has("origin")) headers.set("origin", origin);
    const cookie = jar.header();
    if (cookie) headers.set("cookie", cookie);
    const url = path.startsWith("http") ? path : `http://shop.test${path}`;
    const res = await (options.app ?? shop.app).request(url, { ...init, headers, redirect: "manual" });
    jar.store(res);
    return res;
  }

  return {
    jar,
    ip,
    request,
    get: (path: string) => request(path),
    post: (path: string, body?: unknown) =>
      request(path, { method: "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }),
    /** GETs a URL of the shop and follows its redirects while they stay on the shop; returns the last answer. */
    async follow(url: string, max = 5): Promise<Response> {
      let res = await request(url);
      for (let i = 0; i < max && res.status >= 300 && res.status < 400; i++) {
        const location = res.headers.get("location");
        if (!location) break;
        const next = new URL(location, "http://shop.test");
        if (next.host !== "shop.test" || next.pathname.startsWith("/api/") === false) return res;
        res = await request(next.toString());
      }
      return res;
    },
    /** The signed-in user according to better-auth (read from the database, not the cookie cache). */
    async session(): Promise<{ user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean; role?: string } } | null> {
      const res = await request("/api/auth/get-session?disableCookieCache=true");
      return res.status === 200 ? ((await res.json()) as never) : null;
    },
  };
}

export type TestBrowser = ReturnType<typeof browser>;

let ipCounter = 0;
/** A client address no other browser of this test file uses (so per-IP limits stay separate). */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Creates a confirmed account with a password directly (no mail round trip), optionally staff (with permissions) or an admin. */
export async function createAccount(
  shop: Pick<TestShop, "services">,
  input: { email: string; password: string; name?: string; role?: "customer" | "staff" | "admin"; permissions?: string[] },
) {
  const ctx = await shop.services.auth.auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email,
      name: input.name ?? input.email.split("@")[0]!,
      emailVerified: true,
      role: input.role ?? "customer",
      permissions: input.permissions?.join(",") ?? null,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(input.password) });
  return user;
}

/** A browser signed in with e-mail and password (fails the test when sign-in does not succeed). */
export async function signedIn(shop: TestShop, email: string, password: string, options: { rememberMe?: boolean } = {}) {
  const b = browser(shop, { ip: uniqueIp() });
  const res = await b.post("/api/auth/sign-in/email", { email, password, ...options });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  return b;
}
