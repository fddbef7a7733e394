// What `npm start` shows of the production build's output (scripts/start.mjs).

// React Router 7.18's config loader starts a Vite server of its own with the deprecated
// `envFile: false`, and Vite warns about it twice per build. Nothing of ours runs in that server (no
// plugins, React Router's own logger; vite.config.ts mends the other server it starts), so this one
// exact line is left out. docs/decisions/0017-react-router-v8-flags.md
export const ENV_FILE_WARNING = "The `envFile` option is deprecated, please use `envDir: false` instead.";

/** Whether a line of `react-router build`'s output is shown (colours ignored): all but React Router's envFile warning. */
export function keepBuildLine(line) {
  return line.replace(/\u001b\[[0-9;]*m/g, "").trim() !== ENV_FILE_WARNING;
}
