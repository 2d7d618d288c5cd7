import { describe, expect, it } from "vitest";
import { addressKey, parseTrustedProxies, PEER_ADDRESS_HEADER, resolveClientAddress } from "./client-address";

// Issue 34 problem 4: the client's own X-Forwarded-For entries never choose its address.
const request = (peer: string | undefined, forwardedFor?: string) => ({
  ...(peer !== undefined && { [PEER_ADDRESS_HEADER]: peer }),
  ...(forwardedFor !== undefined && { "x-forwarded-for": forwardedFor }),
});

describe("client address", () => {
  it("without TRUSTED_PROXIES is the socket's peer, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress(request("203.0.113.7"), [])).toBe("203.0.113.7");
    expect(resolveClientAddress(request("203.0.113.7", "1.2.3.4"), [])).toBe("203.0.113.7");
    expect(resolveClientAddress(request("203.0.113.7", "1.2.3.4, 10.0.0.1"), [])).toBe("203.0.113.7");
  });

  it("behind a trusted proxy is the right-most entry that proxy added, not the client's first entry", () => {
    // The client forged "1.2.3.4"; the proxy (10.0.0.5) appended the address it saw (198.51.100.9).
    expect(resolveClientAddress(request("10.0.0.5", "1.2.3.4, 198.51.100.9"), ["10.0.0.5"])).toBe("198.51.100.9");
    expect(resolveClientAddress(request("10.0.0.5", "198.51.100.9"), ["10.0.0.0/8"])).toBe("198.51.100.9");
  });

  it("walks through a chain of trusted proxies (CIDRs) and stops at the first untrusted address", () => {
    const trusted = ["10.0.0.0/8", "192.168.1.1"];
    expect(resolveClientAddress(request("10.0.0.5", "1.2.3.4, 198.51.100.9, 192.168.1.1"), trusted)).toBe("198.51.100.9");
    // An untrusted hop in the middle is the client: what it claims to its left is not believed.
    expect(resolveClientAddress(request("10.0.0.5", "1.2.3.4, 203.0.113.50, 10.1.1.1"), trusted)).toBe("203.0.113.50");
  });

  it("a peer that is not a trusted proxy is the client even when it sends X-Forwarded-For", () => {
    expect(resolveClientAddress(request("203.0.113.7", "10.0.0.5"), ["10.0.0.0/8"])).toBe("203.0.113.7");
  });

  it("only trusted proxies: the left-most address they vouch for", () => {
    expect(resolveClientAddress(request("10.0.0.5", "10.0.0.6"), ["10.0.0.0/8"])).toBe("10.0.0.6");
  });

  it("without the server's stamp, the right-most entry (Next's own from the socket), never the first", () => {
    expect(resolveClientAddress(request(undefined, "1.2.3.4, 203.0.113.7"), [])).toBe("203.0.113.7");
    expect(resolveClientAddress(request(undefined), [])).toBe("unknown");
  });

  it("reads Headers objects and repeated header values", () => {
    const headers = new Headers({ [PEER_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "1.2.3.4, 198.51.100.9" });
    expect(resolveClientAddress(headers, ["10.0.0.5"])).toBe("198.51.100.9");
    expect(resolveClientAddress({ [PEER_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": ["1.2.3.4", "198.51.100.9"] }, ["10.0.0.5"])).toBe("198.51.100.9");
  });

  it("counts IPv4-mapped IPv6 as IPv4 and IPv6 by its /64", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb::9")).toBe(addressKey("2001:db8:1:2:aaaa::1"));
    expect(resolveClientAddress(request("::ffff:10.0.0.5", "2001:db8::77"), ["10.0.0.0/8"])).toBe("2001:db8::/64");
  });

  it("TRUSTED_PROXIES accepts addresses and CIDRs and names an entry that is neither", () => {
    expect(parseTrustedProxies(" 10.0.0.0/8, ::1 ,192.168.1.1,")).toEqual(["10.0.0.0/8", "::1", "192.168.1.1"]);
    expect(parseTrustedProxies("")).toEqual([]);
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.internal")).toThrow(/"proxy.internal"/);
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/TRUSTED_PROXIES/);
  });
});
