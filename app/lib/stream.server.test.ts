import { describe, expect, it } from "vitest";
import { resolveQuickly } from "./stream.server";

const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe("resolveQuickly", () => {
  it("gives values that arrive within the budget and promises for the rest", async () => {
    const slow = later(200, "slow");
    const started = Date.now();
    const [fast, rest] = await resolveQuickly([later(1, "fast"), slow], 30);
    expect(Date.now() - started).toBeLessThan(150);
    expect(fast).toBe("fast");
    expect(rest).toBe(slow);
  });

  it("keeps a rejected promise as a promise", async () => {
    const failing = Promise.reject(new Error("boom"));
    const [value] = await resolveQuickly([failing], 30);
    expect(value).toBe(failing);
    await expect(value).rejects.toThrow("boom");
  });

  it("does not wait for the budget when everything is ready", async () => {
    const started = Date.now();
    await resolveQuickly([Promise.resolve(1), Promise.resolve(2)], 1000);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
