import http from "node:http";
import type { AddressInfo } from "node:net";
import { shopListener } from "../../server/app";
import type { TestShop } from "./test-shop";

export interface Listening {
  port: number;
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<Listening> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    );
  });
}

/** Serves the test shop over real HTTP on 127.0.0.1, as server.mjs does (the socket address is real). */
export function serveShop(shop: TestShop): Promise<Listening> {
  return listen(http.createServer(shopListener(shop.app)));
}

/**
 * A reverse proxy in front of `targetPort` that does what nginx's
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` does: the client's header, if
 * any, followed by the address of the socket the request came from.
 */
export function startReverseProxy(targetPort: number): Promise<Listening> {
  const server = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress ?? "";
    const prior = req.headers["x-forwarded-for"];
    const headers = { ...req.headers, "x-forwarded-for": prior ? `${prior}, ${seen}` : seen };
    const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return listen(server);
}

export interface RoundRobinProxy extends Listening {
  /** How many requests each target answered, in the order of `targetPorts`. */
  answered: number[];
}

/** Errors of a connection that never reached the target: no request was sent, so any may go to the next. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * A load balancer in front of several instances: each request goes to the next target in turn
 * (round robin), with X-Forwarded-For as in `startReverseProxy`, and the answer says which port
 * served it (`x-upstream-port`, as nginx's `$upstream_addr`). A target that refuses the connection
 * is skipped for the next one, whatever the method (nothing was sent); a connection lost after the
 * request was sent is tried again elsewhere only for GET and HEAD, as nginx's `proxy_next_upstream
 * error` does: a POST then gets a 502, and its client repeats it with its idempotency key.
 */
export function startRoundRobinProxy(targetPorts: number[]): Promise<RoundRobinProxy> {
  const answered = targetPorts.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress ?? "";
    const prior = req.headers["x-forwarded-for"];
    const headers = { ...req.headers, "x-forwarded-for": prior ? `${prior}, ${seen}` : seen };
    const idempotent = req.method === "GET" || req.method === "HEAD";
    // The body is read whole first, so a request can be sent again to another target.
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const first = next++ % targetPorts.length;
      const attempt = (tries: number) => {
        const at = (first + tries) % targetPorts.length;
        const port = targetPorts[at]!;
        // A connection of its own per request: a killed target cannot leave a dead pooled socket behind.
        const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
          answered[at]! += 1;
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream-port": String(port) });
          answer.pipe(res);
          answer.on("error", () => res.destroy());
        });
        upstream.on("error", (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return void res.destroy();
          const again = NOT_CONNECTED.has(err.code ?? "") || idempotent;
          if (again && tries + 1 < targetPorts.length) return attempt(tries + 1);
          res.writeHead(502);
          res.end();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  return listen(server).then((listening) => ({ ...listening, answered }));
}

/**
 * One HTTP request from a real client bound to `from` (any 127.x.y.z address is this machine on
 * Linux), so the proxy sees distinct clients by their socket address.
 */
export function requestFrom(
  from: string,
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; json: () => unknown }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = { ...(body ? { "content-type": "application/json" } : {}), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: init.method ?? (body ? "POST" : "GET"), headers, localAddress: from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
