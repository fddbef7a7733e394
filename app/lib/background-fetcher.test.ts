import fs from "node:fs";
import path from "node:path";
import { type DataStrategyResult, data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { FETCH_FIELD, keepPageOnFailedFetch } from "./background-fetcher";

type Results = Record<string, DataStrategyResult>;

/** Runs the middleware on `request` with a handler that answers `results`. */
async function run(request: Request, results: Results): Promise<Results> {
  const args = { request, params: {}, context: {} } as unknown as Parameters<typeof keepPageOnFailedFetch>[0];
  return (await keepPageOnFailedFetch(args, async () => results)) as Results;
}

function post(fields: Record<string, string>): Request {
  return new Request("http://shop.test/shopping-cart", { method: "POST", body: new URLSearchParams(fields) });
}

// React Router hands an action's error to the middleware wrapped in `data(error)`.
const dropped = (): Results => ({ "routes/shopping-cart": { type: "error", result: data(new TypeError("Failed to fetch")) } });

describe("keepPageOnFailedFetch", () => {
  it("turns a background post's network failure into a 503 failure value instead of an error", async () => {
    const out = await run(post({ intent: "remove", [FETCH_FIELD]: "1" }), dropped());
    const result = out["routes/shopping-cart"];
    expect(result.type).toBe("data");
    expect(result.result).toMatchObject({ data: { backgroundFailure: true, message: expect.stringContaining("could not be reached") }, init: { status: 503 } });
  });

  it("does the same for a server error and for a background load", async () => {
    const load = new Request(`http://shop.test/checkout?shipping=express&${FETCH_FIELD}=1`);
    const out = await run(load, { "routes/checkout": { type: "error", result: new Error("Unable to decode turbo-stream response") } });
    expect(out["routes/checkout"].result).toMatchObject({
      data: { backgroundFailure: true, message: expect.stringContaining("went wrong") },
      init: { status: 503 },
    });
  });

  it("leaves navigations, plain form posts and answers that worked alone", async () => {
    expect((await run(post({ intent: "remove" }), dropped()))["routes/shopping-cart"].type).toBe("error");
    expect((await run(new Request("http://shop.test/checkout"), dropped()))["routes/shopping-cart"].type).toBe("error");
    const ok: Results = { "routes/shopping-cart": { type: "data", result: { ok: true } } };
    expect(await run(post({ [FETCH_FIELD]: "1" }), ok)).toEqual(ok);
    // An action's redirect reaches the middleware as a thrown Response.
    const redirected: Results = { "routes/admin/order": { type: "error", result: redirect("/admin-dashboard/orders/1") } };
    expect((await run(post({ [FETCH_FIELD]: "1" }), redirected))["routes/admin/order"].type).toBe("error");
  });
});

// Every fetcher goes through useBackgroundFetcher, so no control can fail into an error page.
describe("fetchers", () => {
  const appDir = path.resolve(__dirname, "..");
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return sources(full);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
    });
  const usesFetcher = (text: string) => /\buseFetcher\s*[<(]/.test(text);

  it("are all made by useBackgroundFetcher", () => {
    const own = path.join(appDir, "lib", "background-fetcher.tsx");
    const offenders = sources(appDir).filter((f) => f !== own && usesFetcher(fs.readFileSync(f, "utf8")));
    expect(offenders.map((f) => path.relative(appDir, f))).toEqual([]);
  });

  it("are found by the check", () => {
    expect(usesFetcher("const f = useFetcher<Answer>({ key });")).toBe(true);
    expect(usesFetcher("const f = useBackgroundFetcher<Answer>('Failed', { key });")).toBe(false);
  });
});
