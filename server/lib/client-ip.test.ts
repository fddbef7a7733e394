import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { parseTrustProxy, resolveClientIp, type TrustProxy } from "./client-ip";

const trust = (value: string) => parseTrustProxy(value) as TrustProxy;

describe("TRUST_PROXY", () => {
  it("reads false, true (one proxy), a number and a list of addresses and ranges", () => {
    expect(parseTrustProxy("false")).toEqual({ hops: 0 });
    expect(parseTrustProxy("true")).toEqual({ hops: 1 });
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8")).toEqual({ proxies: ["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"] });
    expect(loadEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
  });

  it("refuses to start with a value it cannot read, and says which part", () => {
    expect(() => loadEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: must be false, true, a number of proxies.*cannot read: yes/);
    expect(() => loadEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/cannot read: 10\.0\.0\.0\/33/);
    expect(() => loadEnv({ TRUST_PROXY: "127.0.0.1, proxy.local" })).toThrow(/cannot read: proxy\.local/);
    expect(() => loadEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });
});

describe("the client's address", () => {
  it("without a trusted proxy is the socket's, whatever the header says", () => {
    expect(resolveClientIp(trust("false"), "198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(resolveClientIp(trust("false"), "::ffff:198.51.100.7", undefined)).toBe("198.51.100.7");
  });

  it("behind one proxy is the entry it appended (right-most), never one the client wrote", () => {
    for (const value of ["true", "1"]) {
      expect(resolveClientIp(trust(value), "127.0.0.1", "203.0.113.9, 127.0.0.1, 198.51.100.7")).toBe("198.51.100.7");
      expect(resolveClientIp(trust(value), "127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
      // No header: the request did not come through the proxy, the socket is all we know.
      expect(resolveClientIp(trust(value), "198.51.100.8", undefined)).toBe("198.51.100.8");
    }
  });

  it("behind N proxies is the N-th entry from the right", () => {
    expect(resolveClientIp(trust("2"), "10.0.0.2", "203.0.113.9, 198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
    expect(resolveClientIp(trust("2"), "10.0.0.2", "198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
  });

  it("with a list walks left past trusted proxies and stops at the first other address", () => {
    const proxies = trust("127.0.0.1, 10.0.0.0/8");
    expect(resolveClientIp(proxies, "10.1.2.3", "203.0.113.9, 198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
    expect(resolveClientIp(proxies, "::ffff:127.0.0.1", "203.0.113.9, 127.0.0.1, 198.51.100.7")).toBe("198.51.100.7");
    // A peer that is not a trusted proxy is the client: its header is not believed.
    expect(resolveClientIp(proxies, "198.51.100.8", "203.0.113.9")).toBe("198.51.100.8");
    // Only trusted proxies in the header: the left-most is as far as we can see.
    expect(resolveClientIp(proxies, "10.0.0.2", "10.0.0.1")).toBe("10.0.0.1");
  });
});
