import fs from "node:fs";

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set; else Debian's old headless shell
 * (package chromium-headless-shell) when installed, the same engine without the full browser's
 * windowing and compositing, which the tests never look at; else Debian's chromium.
 */
export function chromiumPath(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  for (const candidate of ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]) if (fs.existsSync(candidate)) return candidate;
  return "/usr/bin/chromium";
}
