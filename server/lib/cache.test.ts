import { describe, expect, it, vi } from "vitest";
import { createCache, createEpoch } from "./cache";

describe("the in-process cache's reads of several keys", () => {
  it("loads only the keys it does not hold, in one call, and keeps what came back", async () => {
    const cache = createCache<string>(5_000);
    const load = vi.fn(async (missing: string[]) => new Map(missing.filter((k) => k !== "gone").map((k) => [k, `card ${k}`])));
    expect([...(await cache.getMany(["a", "b"], load))]).toEqual([
      ["a", "card a"],
      ["b", "card b"],
    ]);
    expect(load).toHaveBeenLastCalledWith(["a", "b"]);
    // "a" is held; "gone" (left out by the load: a product no longer shown) is asked for again.
    const second = await cache.getMany(["c", "a", "gone"], load);
    expect(load).toHaveBeenLastCalledWith(["c", "gone"]);
    expect(second.get("a")).toBe("card a");
    expect(second.has("gone")).toBe(false);
    await cache.getMany(["gone"], load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.getMany(["a", "b", "c"], load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("reads every key again after a write moves the epoch, and keeps nothing read while one was made", async () => {
    const epoch = createEpoch();
    const cache = createCache<number>(5_000, epoch);
    let price = 10;
    const load = vi.fn(async (missing: string[]) => new Map(missing.map((k) => [k, price])));
    await cache.getMany(["p"], load);
    price = 12;
    epoch.bump();
    expect((await cache.getMany(["p"], load)).get("p")).toBe(12);

    // A write lands while a read is on its way: its answer is used once, not kept.
    const racing = async (missing: string[]) => {
      const read = new Map(missing.map((k) => [k, price] as [string, number]));
      price = 15;
      epoch.bump();
      return read;
    };
    cache.clear();
    expect((await cache.getMany(["p"], racing)).get("p")).toBe(12);
    expect((await cache.getMany(["p"], load)).get("p")).toBe(15);
  });

  it("reads a key again once its time is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = createCache<string>(5_000);
      const load = vi.fn(async (missing: string[]) => new Map(missing.map((k) => [k, k])));
      await cache.getMany(["a"], load);
      vi.setSystemTime(Date.now() + 4_000);
      await cache.getMany(["a"], load);
      expect(load).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 2_000);
      await cache.getMany(["a"], load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
