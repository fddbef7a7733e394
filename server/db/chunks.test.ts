import { describe, expect, it } from "vitest";
import { PARAMS_PER_STATEMENT, ROWS_PER_STATEMENT, chunked, inChunks, insertRows } from "./chunks";

describe("statement-sized parts", () => {
  it("cuts ids at the row cap and wide rows at the parameter cap, keeping every item once and in order", () => {
    const ids = Array.from({ length: 1_234 }, (_, i) => i);
    expect(chunked(ids).map((c) => c.length)).toEqual([ROWS_PER_STATEMENT, ROWS_PER_STATEMENT, 234]);
    expect(chunked(ids).flat()).toEqual(ids);
    const wide = chunked(ids, 40);
    expect(wide[0]).toHaveLength(PARAMS_PER_STATEMENT / 40);
    expect(wide.flat()).toEqual(ids);
    expect(chunked(ids, 1, 100)).toHaveLength(13);
    expect(chunked([])).toEqual([]);
    expect(chunked([1, 2], 1_000_000)).toEqual([[1], [2]]);
  });

  it("runs the parts one after another", async () => {
    const seen: number[] = [];
    await inChunks(
      Array.from({ length: 1_001 }, (_, i) => i),
      async (chunk) => {
        seen.push(chunk.length);
      },
    );
    expect(seen).toEqual([500, 500, 1]);
  });
});

describe("multi-row inserts", () => {
  it("count one parameter per column of a row", async () => {
    const rows = Array.from({ length: 900 }, (_, i) => ({
      a: i,
      b: i,
      c: i,
      d: i,
      e: i,
      f: i,
      g: i,
      h: i,
      i: i,
      j: i,
      k: i,
      l: i,
      m: i,
      n: i,
      o: i,
      p: i,
      q: i,
      r: i,
      s: i,
      t: i,
      u: i,
      v: i,
      w: i,
      x: i,
      y: i,
    }));
    const seen: number[] = [];
    await insertRows(rows, async (chunk) => {
      seen.push(chunk.length);
    });
    expect(seen).toEqual([400, 400, 100]);
  });
});
