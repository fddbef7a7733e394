import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or benchmarks build side by side; server.mjs reads the same.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router 8's behaviour now (docs/decisions/0017-react-router-v8-flags.md): the load
  // context is a RouterContextProvider (server/page-pipeline/render-page.ts), route modules split their client exports,
  // the build uses Vite's environments (vite.config.ts), loaders get the raw request (`url` is the
  // page's own address) and data requests keep trailing slashes (`/_.data` for the root).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
