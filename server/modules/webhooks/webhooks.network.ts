import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";

// Where a webhook may go, and the one request that takes it there. An endpoint's address is
// checked when it is saved and again before every try, after DNS resolution: an address inside
// the shop's own network (loopback, private, link-local, unique-local…) would let whoever may edit
// endpoints reach services that trust the shop's machine. The request then connects to the very
// address that was checked, so a DNS answer that changes between the check and the connection
// (DNS rebinding) cannot move it inside.

/** Where webhooks may be sent. */
export interface NetworkPolicy {
  /** Plain http and any address, private and loopback included (development and tests, whose receivers listen on 127.0.0.1). */
  allowPrivate: boolean;
  /** Resolves a host name to its addresses (the system's resolver unless a test gives one). */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

/** An address a webhook must not go to, or one that cannot be resolved: the message says which, for the admin. */
export class RefusedTarget extends Error {}

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed by some)
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(prefix, bits, "ipv6");

/** The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [hi, lo] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether `address` (an IP literal) is on the public internet: not loopback, private, link-local, unique-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  // IPv4-compatible (::a.b.c.d, deprecated) and anything else under ::/96 is no public address.
  if (/^::(?:[0-9a-f]{0,4}:)?\d+\.\d+\.\d+\.\d+$/i.test(address)) return false;
  return !blocked.check(address, "ipv6");
}

/** The address to connect to, checked: pinned for the request (none under a policy that allows private addresses). */
export interface CheckedTarget {
  url: URL;
  pinned: { address: string; family: 4 | 6 } | null;
}

const systemResolve = (host: string) => dns.lookup(host, { all: true, verbatim: true });

/**
 * Checks an endpoint's address under the policy: https (unless private addresses are allowed),
 * and every address its host resolves to public. Throws RefusedTarget with the reason.
 */
export async function checkTarget(raw: string, policy: NetworkPolicy): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget("The address is not a full URL.");
  }
  if (url.protocol !== "https:" && !(policy.allowPrivate && url.protocol === "http:")) throw new RefusedTarget("The address must start with https://.");
  if (url.username || url.password) throw new RefusedTarget("The address must not carry a user name or password.");
  if (policy.allowPrivate) return { url, pinned: null };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new RefusedTarget(`The host name ${host} could not be resolved.`);
    }
  }
  if (addresses.length === 0) throw new RefusedTarget(`The host name ${host} could not be resolved.`);
  const inside = addresses.find((a) => !isPublicAddress(a.address));
  if (inside) throw new RefusedTarget(`The address leads to ${inside.address}, inside a private network: webhooks go to public addresses only.`);
  const first = addresses[0];
  return { url, pinned: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}

/** A lookup that answers the checked address whatever the host name: the connection goes where the check looked. */
function pinnedLookup(pinned: { address: string; family: 4 | 6 }): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

/** What a receiver answered: its status and the start of its body. */
export interface PostResult {
  status: number;
  body: string;
}

/** How much of an answer's body is kept (the rest is not read). */
export const RESPONSE_EXCERPT = 2_000;

/**
 * POSTs `body` to the checked target, connected to its checked address, within `timeoutMs` for
 * the whole exchange; redirects are not followed (a 3xx is the receiver's answer). Network
 * errors and the timeout reject.
 */
export function postTo(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
        ...(target.pinned ? { lookup: pinnedLookup(target.pinned) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT) });
        res.on("data", (chunk: Buffer) => {
          if (size >= RESPONSE_EXCERPT * 4) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT * 4) {
            done();
            res.destroy();
          }
        });
        res.on("end", done);
        res.on("error", (err) => (size >= RESPONSE_EXCERPT * 4 ? undefined : reject(err)));
      },
    );
    req.on("error", (err) => reject(err.name === "AbortError" ? new Error(`No answer within ${timeoutMs / 1000} s.`) : err));
    req.end(body);
  });
}
