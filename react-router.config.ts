import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or benchmarks build side by side; server.mjs reads the same.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
