import ipaddr from "ipaddr.js";
import { env } from "@/lib/config/env";
import { isIpOrCidr, splitAddressList } from "@/lib/config/ip-or-cidr";
import { isAllowedAddress } from "@/lib/webhooks/address-policy";

// The address a request came from, for limits keyed by client (sign-in).
// Issue 34 problem 4: the client's own X-Forwarded-For entries are never
// believed. The chain is read from the right: the socket's peer first (the
// server stamps it on every request, lib/api/raw-request-guard.ts); while the
// address at hand is a proxy the operator listed in TRUSTED_PROXIES, the entry
// that proxy appended (the next one to the left) is taken instead. The first
// address that is not a trusted proxy is the client. Without TRUSTED_PROXIES
// the socket's peer is the client and X-Forwarded-For is ignored.

/** Set by the server from the socket on every request; a client's own copy is overwritten. */
export const PEER_ADDRESS_HEADER = "x-fiscal-peer-address";

export type HeaderBag = Record<string, string | string[] | undefined> | Headers | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** TRUSTED_PROXIES as a list of addresses and CIDRs; throws naming the entry that is neither. */
export function parseTrustedProxies(text: string): string[] {
  const entries = splitAddressList(text);
  const invalid = entries.find((entry) => !isIpOrCidr(entry));
  if (invalid !== undefined) throw new Error(`TRUSTED_PROXIES: "${invalid}" is not an IP address or a CIDR`);
  return entries;
}

/**
 * The key an address is counted under: IPv4 (also IPv4-mapped IPv6) as is,
 * IPv6 by its /64, the smallest block one subscriber is given (so one host
 * cannot take a fresh counter per address). Anything else as opaque text.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/** The client address of a request under the given trusted proxies (a pure function of the headers). */
export function resolveClientAddress(headers: HeaderBag, trustedProxies: readonly string[]): string {
  const forwarded = (header(headers, "x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  const peer = header(headers, PEER_ADDRESS_HEADER)?.trim();
  // Without the stamp (a process started without the guard) the right-most entry is what Next
  // itself set from the socket when the client sent none; the client's first entry is never used.
  const chain = peer ? [...forwarded, peer] : forwarded;
  let address = chain.pop();
  while (address !== undefined && chain.length > 0 && isAllowedAddress(address, trustedProxies)) address = chain.pop();
  return address ? addressKey(address) : "unknown";
}

let trusted: { source: string; list: string[] } | undefined;

/** The client address under TRUSTED_PROXIES (parsed once per value). */
export function clientAddress(headers: HeaderBag): string {
  const source = env().TRUSTED_PROXIES;
  if (trusted?.source !== source) trusted = { source, list: parseTrustedProxies(source) };
  return resolveClientAddress(headers, trusted.list);
}
