import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, type UserConfig, defineConfig } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes .br and .gz beside every text asset of the client build, so the server never compresses them per request. */
function precompressAssets(): Plugin {
  return {
    name: "shop:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(js|css|svg|json)$/.test(file))
          .map(async (file) => {
            const full = path.join(dir, file);
            const source = await fs.promises.readFile(full);
            if (source.length < 1024) return;
            const [br, gzipped] = await Promise.all([brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz(source, { level: 9 })]);
            await Promise.all([fs.promises.writeFile(`${full}.br`, br), fs.promises.writeFile(`${full}.gz`, gzipped)]);
          }),
      );
    },
  };
}

// The SSR build's entry is our Hono app (server/entry.ts), which imports React Router's
// server build as a virtual module, so `build/server/index.js` is the whole server.
// Modules every storefront page loads: kept in one chunk instead of a dozen small ones, which
// costs less to download and compresses better (the home page's JavaScript budget is 130 KB).
// The phone menu's drawer is not among them: it loads when the page is idle; nor the offer of
// the browser's language, nor the currency switcher: each loads only where it is shown.
const STOREFRONT_SHELL =
  /\/app\/(lib\/(seo|shop|money|nonce|use-auth|toast|image-base)\.tsx?|components\/(layout\/(?!mobile-menu-drawer\.|language-suggestion\.|currency-switcher\.)[^/]+|price|icons|product-card|responsive-image)\.tsx?)$|\/common\/images\/image-sizes\.ts$/;

/**
 * React Router 7.18 starts a Vite server of its own for its child compiler with the deprecated
 * `envFile: false`, and Vite warns about it on every start and build. That server runs our plugins,
 * so this one hands it the option's replacement, `envDir: false` (the same behaviour: no .env
 * files). The config loader's own Vite server runs no plugins; scripts/start.mjs drops its warning.
 */
function envDirInsteadOfEnvFile(): Plugin {
  return {
    name: "shop:env-dir-instead-of-env-file",
    config(config) {
      // Gone from Vite 8's types, still read (and warned about) by Vite.
      const legacy = config as UserConfig & { envFile?: boolean };
      if (legacy.envFile !== false) return;
      delete legacy.envFile;
      config.envDir = false;
    },
  };
}

/**
 * React Router 7.18's package exports name only its development build (remix-run/react-router#14102),
 * so a production bundle ran the development router: its dev-only checks cost about a quarter of a
 * page render's CPU on the server and weigh on the client's JavaScript. Production builds resolve
 * the package's own production build instead; the dev server keeps the development one.
 */
const reactRouterProduction = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterProduction, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, "dom-export.mjs") },
];

export default defineConfig(({ command }) => ({
  // With future.v8_viteEnvironmentApi each build is a Vite environment (react-router.config.ts).
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "storefront-shell", test: STOREFRONT_SHELL }] } } } } },
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" }, target: "node20" } },
  },
  plugins: [envDirInsteadOfEnvFile(), tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true, alias: command === "build" ? productionRouter : [] },
  server: { hmr: process.env.NODE_ENV === "test" ? false : undefined },
}));
