import { type AppLoadContext, type ServerBuild, redirect } from "react-router";
import { requireAdminScreen, requireUser } from "../../app/lib/auth.server";

/** What the fake pages of `pageBuild` render: the load context as the server gave it to React Router. */
export interface PageProbe {
  user: { email: string; role: string } | null;
  nonce: string;
  status: number;
}

const assetRoute = (id: string, path: string, parentId?: string) => ({
  id,
  path,
  parentId,
  module: `/${id}.js`,
  hasAction: id === "routes/profile" || id === "routes/login",
  hasLoader: id !== "root",
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: id === "root",
  imports: [],
});

/**
 * A tiny React Router server build for API tests of the page layer: `/` (public), `/my-profile`
 * (requireUser, with an action), `/login` (an action that sets a session cookie) and
 * `/admin-dashboard` (requireAdminScreen). Its document entry renders
 * the load context as JSON (`?nonce` asks for the CSP nonce), so tests see what pages would see.
 */
export function pageBuild(): ServerBuild {
  const routes = {
    root: { id: "root", path: "", module: { default: () => null, ErrorBoundary: () => null } },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: { default: () => null, loader: () => ({ ok: true }) } },
    "routes/profile": {
      id: "routes/profile",
      parentId: "root",
      path: "my-profile",
      module: {
        default: () => null,
        loader: ({ context, request }: { context: AppLoadContext; request: Request }) => ({ email: requireUser(context, request).email }),
        action: ({ context, request }: { context: AppLoadContext; request: Request }) => ({ saved: requireUser(context, request).email }),
      },
    },
    "routes/login": {
      id: "routes/login",
      parentId: "root",
      path: "login",
      module: {
        default: () => null,
        // Stands for a sign-in action that passes on better-auth's new session cookie.
        action: () => redirect("/", { headers: { "Set-Cookie": "shop.session_token=from-the-action; Path=/; HttpOnly; SameSite=Lax" } }),
      },
    },
    "routes/admin": {
      id: "routes/admin",
      parentId: "root",
      path: "admin-dashboard",
      module: {
        default: () => null,
        loader: ({ context, request }: { context: AppLoadContext; request: Request }) => ({ email: requireAdminScreen(context, request).email }),
      },
    },
  };
  return {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, _router: unknown, loadContext: AppLoadContext) => {
          const probe: PageProbe = {
            user: loadContext.user ? { email: loadContext.user.email, role: loadContext.user.role } : null,
            nonce: new URL(request.url).searchParams.has("nonce") ? loadContext.cspNonce() : "",
            status,
          };
          headers.set("Content-Type", "text/html; charset=utf-8");
          return new Response(`<!doctype html><html><body><script type="application/json" id="probe">${JSON.stringify(probe)}</script></body></html>`, {
            status,
            headers,
          });
        },
      },
    },
    routes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: assetRoute("root", ""),
        "routes/home": { ...assetRoute("routes/home", "", "root"), index: true },
        "routes/profile": assetRoute("routes/profile", "my-profile", "root"),
        "routes/login": assetRoute("routes/login", "login", "root"),
        "routes/admin": assetRoute("routes/admin", "admin-dashboard", "root"),
      },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "/nonexistent",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** Reads the probe a `pageBuild` page rendered. */
export async function readProbe(res: Response): Promise<PageProbe> {
  const html = await res.text();
  const json = /<script type="application\/json" id="probe">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`not a probe page (${res.status}): ${html.slice(0, 200)}`);
  return JSON.parse(json) as PageProbe;
}
