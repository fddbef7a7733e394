import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR build's entry is our Hono app (server/entry.ts), which imports React Router's
// server build as a virtual module, so `build/server/index.js` is the whole server.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/entry.ts" }, target: "node20" } : {},
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { hmr: process.env.NODE_ENV === "test" ? false : undefined },
}));
