import { describe, expect, it } from "vitest";
import { startReceiver } from "#tests/support/webhook-receiver";
import { RefusedTarget, checkTarget, postTo } from "./webhooks.network";

describe("the request a webhook makes", () => {
  it("connects to the address that was checked, whatever the host name resolves to now", async () => {
    const receiver = await startReceiver(() => ({ status: 202, body: "x".repeat(10_000) }));
    try {
      const port = new URL(receiver.url).port;
      // A name that resolves nowhere: only the pinned address can take the request there.
      const target = { url: new URL(`http://hooks.invalid:${port}/in`), pinned: { address: "127.0.0.1", family: 4 as const } };
      const answer = await postTo(target, { "content-type": "application/json", "webhook-id": "msg_1" }, '{"a":1}', 5_000);
      expect(answer.status).toBe(202);
      expect(answer.body).toHaveLength(2_000);
      expect(receiver.received[0]).toMatchObject({ body: '{"a":1}' });
      expect(receiver.received[0]!.headers.host).toBe(`hooks.invalid:${port}`);
    } finally {
      await receiver.close();
    }
  });

  it("gives up after its time limit", async () => {
    const http = await import("node:http");
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      await expect(postTo({ url: new URL(`http://127.0.0.1:${port}/`), pinned: null }, {}, "{}", 200)).rejects.toThrow("No answer within 0.2 s.");
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("allows plain http and private addresses only when told", async () => {
    await expect(checkTarget("http://127.0.0.1:8080/in", { allowPrivate: true })).resolves.toMatchObject({ pinned: null });
    await expect(checkTarget("http://127.0.0.1:8080/in", { allowPrivate: false })).rejects.toBeInstanceOf(RefusedTarget);
    const checked = await checkTarget("https://hooks.example.com/in", {
      allowPrivate: false,
      resolve: async () => [{ address: "2606:4700:4700::1111", family: 6 }],
    });
    expect(checked.pinned).toEqual({ address: "2606:4700:4700::1111", family: 6 });
    await expect(
      checkTarget("https://nowhere.example/in", { allowPrivate: false, resolve: async () => Promise.reject(new Error("ENOTFOUND")) }),
    ).rejects.toThrow("could not be resolved");
  });
});
