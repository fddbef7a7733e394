import net from "node:net";

/**
 * Which proxies in front of the shop we believe (TRUST_PROXY, parsed by server/lib/env.ts):
 * `{ hops: 0 }` believes nobody (the socket's address is the client), `{ hops: N }` says N proxies
 * each append the address they saw to X-Forwarded-For, `{ proxies }` lists the proxies' own
 * addresses or CIDR ranges.
 */
export type TrustProxy = { hops: number } | { proxies: string[] };

/**
 * Parses TRUST_PROXY: `false`, `true` (one proxy), a number of proxies, or a comma-separated list
 * of proxy addresses and CIDR ranges. Returns a sentence for a value it cannot read.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false") return { hops: 0 };
  if (v === "true") return { hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 32 ? { hops } : { error: "is more proxies than a request passes through (32 at most)" };
  }
  const proxies = v
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const bad = proxies.filter((p) => !addRange(new net.BlockList(), p));
  if (proxies.length === 0 || bad.length > 0) {
    return {
      error: `must be false, true, a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges (cannot read: ${bad.join(", ") || value})`,
    };
  }
  return { proxies };
}

/** Adds an address or CIDR range to a block list; false when it is neither. */
function addRange(list: net.BlockList, entry: string): boolean {
  const [address = "", bits, extra] = entry.split("/");
  const ip = normalizeIp(address);
  const family = net.isIP(ip);
  if (!family || extra !== undefined) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (bits === undefined) {
    list.addAddress(ip, type);
    return true;
  }
  const prefix = Number(bits);
  if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(ip, prefix, type);
  return true;
}

/** An IPv4 address seen through an IPv6 socket (`::ffff:10.0.0.1`) is the IPv4 address. */
function normalizeIp(ip: string): string {
  const trimmed = ip.trim().replace(/^\[(.*)\]$/, "$1");
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

const resolvers = new WeakMap<TrustProxy, (socketIp: string | undefined, forwardedFor: string | null | undefined) => string>();

/**
 * The client's address, counted from the right of X-Forwarded-For: every proxy appends the
 * address it saw, so only the right-most entries are written by proxies we trust; anything to
 * their left was written by the client and could name any address. With N proxies the client is
 * the N-th entry from the right; with a list, we walk left from the socket's peer past trusted
 * proxies and stop at the first address that is not one (the socket's peer must be trusted for
 * the header to count at all). A header shorter than expected gives its left-most entry.
 */
export function resolveClientIp(trust: TrustProxy, socketIp: string | undefined, forwardedFor: string | null | undefined): string {
  let resolve = resolvers.get(trust);
  if (!resolve) {
    resolve = compile(trust);
    resolvers.set(trust, resolve);
  }
  return resolve(socketIp, forwardedFor);
}

function compile(trust: TrustProxy) {
  let isTrusted: (ip: string, index: number) => boolean;
  if ("hops" in trust) {
    isTrusted = (_ip, index) => index < trust.hops;
  } else {
    const list = new net.BlockList();
    for (const p of trust.proxies) addRange(list, p);
    isTrusted = (ip) => {
      const family = net.isIP(ip);
      return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
    };
  }
  return (socketIp: string | undefined, forwardedFor: string | null | undefined): string => {
    // The chain of addresses from us outwards: the socket's peer, then the header right to left.
    const chain = [normalizeIp(socketIp ?? "unknown")];
    if (forwardedFor) {
      const hops = forwardedFor.split(",").map(normalizeIp).filter(Boolean);
      for (let i = hops.length - 1; i >= 0; i--) chain.push(hops[i]!);
    }
    for (let i = 0; i < chain.length - 1; i++) {
      if (!isTrusted(chain[i]!, i)) return chain[i]!;
    }
    return chain[chain.length - 1]!;
  };
}
