import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveConfig } from "vite";
import { keepBuildLine } from "./build-output.mjs";

/** What Vite and React Router print while they set up one environment of `react-router build`. */
async function setUpOutput(ssr: boolean): Promise<string[]> {
  const lines: string[] = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(...args.map(String).join(" ").split("\n")));
  }
  await resolveConfig({ root: process.cwd(), mode: "production", logLevel: "warn", build: { ssr } }, "build");
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("the output of npm start's build", () => {
  it("has no React Router future-flag warning: every flag React Router 7 warns about is on", async () => {
    const printed = [...(await setUpOutput(false)), ...(await setUpOutput(true))];
    expect(printed.filter((line) => /Future Flag Warning|future\.v8_/.test(line))).toEqual([]);
  }, 60_000);

  it("shows no Vite deprecation warning: React Router's child compiler gets envDir, its config loader's warning is left out", async () => {
    for (const ssr of [false, true]) {
      const printed = await setUpOutput(ssr);
      // Once per environment, from the config loader's own Vite server (no plugins of ours run there);
      // a second one came from the child compiler, before vite.config.ts gave it `envDir: false`.
      expect(printed.filter((line) => line.includes("`envFile` option is deprecated"))).toHaveLength(1);
      expect(printed.filter(keepBuildLine).filter((line) => /deprecat/i.test(line))).toEqual([]);
    }
  }, 60_000);

  it("passes every other line on, coloured or not", () => {
    expect(keepBuildLine("vite v8.3.8 building client environment for production...")).toBe(true);
    expect(keepBuildLine("\u001b[33mThe `envFile` option is deprecated, please use `envDir: false` instead.\u001b[39m")).toBe(false);
  });
});
