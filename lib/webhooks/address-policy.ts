import ipaddr from "ipaddr.js";

// Which addresses a webhook may connect to (issue 12, SSRF): public unicast
// only, unless the operator's allowlist (WEBHOOK_ALLOWED_HOSTS) names the host
// name, the address or a CIDR holding it. ipaddr.js names the ranges; its
// process() unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1 is loopback).

const IPV6_EMBEDDING_V4 = new Set(["ipv4Mapped", "rfc6052", "6to4", "teredo", "rfc6145"]);

/**
 * Whether an IPv6 address is in ::/96, "IPv4-compatible" (RFC 4291 2.5.5.1,
 * deprecated), other than :: and ::1. No receiver has one and stacks differ on
 * what they reach, so the whole block is refused (issue 34 problem 12:
 * [::127.0.0.1] passed as "unicast"). Read in WHATWG's canonical form:
 * ipaddr.js takes "::a.b.c.d" for ::ffff:a.b.c.d.
 */
function isIpv4Compatible(address: string): boolean {
  if (!address.includes(":")) return false;
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return false;
  }
  const bytes = ipaddr.IPv6.parse(canonical).toByteArray();
  return bytes.slice(0, 12).every((byte) => byte === 0) && canonical !== "::" && canonical !== "::1";
}

// RFC 8215 local-use NAT64 prefix: the embedded IPv4 sits elsewhere than the
// last 32 bits for a /48, and a translator of this prefix is always internal.
const NAT64_LOCAL_USE = ipaddr.parseCIDR("64:ff9b:1::/48");

/** The range name of a non-public address, or null when it is public unicast. */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  if (isIpv4Compatible(address)) return "ipv4Compatible";
  const raw = ipaddr.parse(address);
  if (raw.kind() === "ipv6" && raw.match(NAT64_LOCAL_USE)) return "nat64LocalUse";
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === "unicast") return null;
  // NAT64 / 6to4 / Teredo forms carry an IPv4 address: judge the embedded one too.
  if (parsed.kind() === "ipv6" && IPV6_EMBEDDING_V4.has(range)) {
    const embedded = embeddedIpv4(parsed as ipaddr.IPv6, range);
    if (embedded && embedded.range() === "unicast") return range === "6to4" || range === "teredo" ? range : null;
  }
  return range;
}

function embeddedIpv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  if (range === "teredo") return new ipaddr.IPv4(bytes.slice(12, 16).map((b) => b ^ 0xff));
  return new ipaddr.IPv4(bytes.slice(12, 16));
}

/** Whether `address` is named by an allowlist entry (an IP or a CIDR; host names are matched by isAllowedHostName). */
export function isAllowedAddress(address: string, allowlist: readonly string[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return allowlist.some((entry) => {
    try {
      if (entry.includes("/")) {
        const [network, bits] = ipaddr.parseCIDR(entry);
        const candidate = network.kind() === parsed.kind() ? parsed : parsed.kind() === "ipv4" ? (parsed as ipaddr.IPv4).toIPv4MappedAddress() : null;
        return candidate !== null && candidate.kind() === network.kind() && candidate.match([network, bits] as [ipaddr.IPv4 | ipaddr.IPv6, number]);
      }
      if (ipaddr.isValid(entry)) return ipaddr.process(entry).toString() === parsed.toString();
    } catch {
      return false;
    }
    return false;
  });
}

export function isAllowedHostName(hostname: string, allowlist: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return allowlist.includes(host);
}

/**
 * The IP a URL host literally is, in any notation WHATWG URL accepts
 * (decimal 2130706433, hex 0x7f.1, octal, short forms, [::1]): URL parsing
 * normalizes IPv4 literals to dotted form, so the normalized host is checked.
 */
export function hostLiteralAddress(hostname: string): string | null {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(host) && (host.includes(":") || /^\d+\.\d+\.\d+\.\d+$/.test(host)) ? host : null;
}

/** Refusal reason for an address the sender would connect to, or null when it may. */
export function refusedAddressReason(address: string, allowlist: readonly string[]): string | null {
  if (isAllowedAddress(address, allowlist)) return null;
  const range = nonPublicRange(address);
  return range ? `refused address ${address} (${range})` : null;
}
