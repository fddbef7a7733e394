import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a receiver got: its headers (lower-case names) and body as sent. */
export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
}

/** What the receiver answers to its `n`th request (from 0): a status and a body. */
export type Responder = (n: number, hook: ReceivedHook) => { status: number; body?: string };

/**
 * A real HTTP server on 127.0.0.1 (a free port) that receives webhooks as an integrator's would,
 * keeping each request; it answers 200 unless told otherwise.
 */
export async function startReceiver(respond: Responder = () => ({ status: 200, body: "ok" })) {
  const received: ReceivedHook[] = [];
  let responder = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
      const hook = { headers, body: Buffer.concat(chunks).toString("utf8") };
      const answer = responder(received.length, hook);
      received.push(hook);
      res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Changes what it answers from now on. */
    answer(next: Responder) {
      responder = next;
    },
    /** Waits until it has received `count` requests (fails after `ms`). */
    async waitFor(count: number, ms = 10_000): Promise<ReceivedHook[]> {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${received.length} of ${count} webhooks in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
