import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("order and mail limits in the environment", () => {
  it("default to limits a real shop can live with", () => {
    const env = loadEnv({});
    expect(env.ORDER_LIMIT_PER_IP).toEqual({ max: 10, window: 600 });
    expect(env.ORDER_LIMIT_PER_SHOPPER).toEqual({ max: 10, window: 3600 });
    expect(env.ORDER_LIMIT_PER_CONTACT).toEqual({ max: 5, window: 3600 });
    expect(env.MAIL_LIMIT_PER_RECIPIENT).toEqual({ max: 10, window: 3600 });
  });

  it('read "count/window" with seconds, minutes or hours up to a day; blank is the default', () => {
    expect(loadEnv({ ORDER_LIMIT_PER_IP: "30/90s" }).ORDER_LIMIT_PER_IP).toEqual({ max: 30, window: 90 });
    expect(loadEnv({ ORDER_LIMIT_PER_IP: " 100 / 24h " }).ORDER_LIMIT_PER_IP).toEqual({ max: 100, window: 86400 });
    expect(loadEnv({ ORDER_LIMIT_PER_IP: "" }).ORDER_LIMIT_PER_IP).toEqual({ max: 10, window: 600 });
  });

  it("refuse a limit it cannot read, naming the variable", () => {
    for (const bad of ["10", "10/25h", "0/1h", "ten/1h", "10/1d"]) {
      expect(() => loadEnv({ ORDER_LIMIT_PER_CONTACT: bad }), bad).toThrow(/ORDER_LIMIT_PER_CONTACT: must be "count\/window"/);
    }
  });
});

describe("the README's table of settings", () => {
  it("lists every variable the shop reads, and .env.example sets each", async () => {
    const { ENV_NAMES } = await import("./env");
    const fs = await import("node:fs");
    const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
    const example = fs.readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    expect(ENV_NAMES.length).toBeGreaterThan(30);
    expect(ENV_NAMES.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
    expect(ENV_NAMES.filter((name) => !new RegExp(`^${name}=`, "m").test(example))).toEqual([]);
  });
});
