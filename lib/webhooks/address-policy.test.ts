import { describe, expect, it } from "vitest";
import { hostLiteralAddress, isAllowedAddress, nonPublicRange, refusedAddressReason } from "./address-policy";
import { urlRefusal } from "./http-sender";

// The classifier for every range is tested here without connecting anywhere.
describe("webhook address policy", () => {
  it.each([
    ["127.0.0.1", "loopback"], ["127.255.0.9", "loopback"], ["::1", "loopback"],
    ["10.1.2.3", "private"], ["172.16.0.1", "private"], ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"], ["fe80::1", "linkLocal"], ["fd00:ec2::254", "uniqueLocal"],
    ["100.64.0.1", "carrierGradeNat"], ["224.0.0.1", "multicast"], ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"], ["::", "unspecified"], ["255.255.255.255", "broadcast"],
    ["::ffff:127.0.0.1", "loopback"], ["::ffff:10.0.0.1", "private"], ["::ffff:169.254.169.254", "linkLocal"],
    ["64:ff9b::7f00:1", "rfc6052"], ["2002:7f00:1::1", "6to4"], ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
  ])("refuses %s (%s)", (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
    expect(refusedAddressReason(address, [])).toContain(address);
  });

  // IPv4-compatible IPv6 (::/96) in every notation, whatever IPv4 it carries (issue 34 problem 12).
  it.each(["::127.0.0.1", "::7f00:1", "0:0:0:0:0:0:7f00:1", "0000:0000:0000:0000:0000:0000:127.0.0.1", "::8.8.8.8", "::a9fe:a9fe", "::0.0.0.2"])(
    "refuses the IPv4-compatible address %s",
    (address) => {
      expect(nonPublicRange(address)).toBe("ipv4Compatible");
      expect(refusedAddressReason(address, [])).toContain("ipv4Compatible");
    },
  );

  it.each(["64:ff9b:1:7f00:1:0:808:808", "64:ff9b:1::808:808"])("refuses the local-use NAT64 address %s (RFC 8215), whatever it embeds", (address) => {
    expect(nonPublicRange(address)).toBe("nat64LocalUse");
  });

  it("refuses IPv4-compatible literals in URLs, as WHATWG URL writes them", () => {
    for (const url of ["https://[::127.0.0.1]/hook", "https://[0:0:0:0:0:0:127.0.0.1]/", "https://[::7f00:1]:8443/", "https://[::169.254.169.254]/"]) {
      expect(urlRefusal(new URL(url), [])).toMatch(/ipv4Compatible/);
    }
  });

  it.each(["8.8.8.8", "200.160.2.3", "2001:4860:4860::8888", "64:ff9b::808:808"])("accepts the public address %s", (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it("the allowlist exempts listed addresses and CIDRs only", () => {
    expect(isAllowedAddress("127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(isAllowedAddress("127.0.0.2", ["127.0.0.1"])).toBe(false);
    expect(isAllowedAddress("127.0.0.2", ["127.0.0.0/8"])).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.2", ["127.0.0.0/8"])).toBe(true);
    expect(isAllowedAddress("10.0.0.1", ["127.0.0.0/8", "localhost"])).toBe(false);
    expect(refusedAddressReason("10.0.0.1", ["10.0.0.0/8"])).toBeNull();
  });

  it("reads IP literals in every notation WHATWG URL accepts", () => {
    for (const url of ["https://2130706433/", "https://0x7f.1/", "https://017700000001/", "https://127.1/", "https://0x7f000001/"]) {
      expect(hostLiteralAddress(new URL(url).hostname)).toBe("127.0.0.1");
    }
    expect(hostLiteralAddress(new URL("https://[::ffff:127.0.0.1]/").hostname)).toBe("::ffff:7f00:1");
    expect(hostLiteralAddress("example.com")).toBeNull();
  });

  it("urlRefusal: https only (http for allowlisted hosts), no credentials, no non-public literal", () => {
    expect(urlRefusal(new URL("http://example.com/"), [])).toMatch(/https/);
    expect(urlRefusal(new URL("ftp://example.com/"), [])).toMatch(/https/);
    expect(urlRefusal(new URL("https://user:pw@example.com/"), [])).toMatch(/credentials/);
    expect(urlRefusal(new URL("https://example.com/hooks"), [])).toBeNull();
    expect(urlRefusal(new URL("https://169.254.169.254/latest/meta-data"), [])).toMatch(/linkLocal/);
    expect(urlRefusal(new URL("https://[fd00:ec2::254]/"), [])).toMatch(/uniqueLocal/);
    expect(urlRefusal(new URL("https://0x7f.1/"), [])).toMatch(/loopback/);
    expect(urlRefusal(new URL("http://127.0.0.1:9/"), ["127.0.0.1"])).toBeNull();
    expect(urlRefusal(new URL("http://localhost:9/"), ["localhost"])).toBeNull();
    expect(urlRefusal(new URL("http://127.0.0.1:9/"), ["localhost"])).toMatch(/https/);
  });
});
