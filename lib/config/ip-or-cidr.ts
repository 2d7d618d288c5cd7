import ipaddr from "ipaddr.js";

/** Whether a configured entry is an IP address (v4 or v6) or a CIDR block. */
export function isIpOrCidr(entry: string): boolean {
  return entry.includes("/") ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry);
}

/** A comma-separated list of addresses and CIDRs, empty entries dropped. */
export function splitAddressList(text: string): string[] {
  return text.split(",").map((entry) => entry.trim()).filter(Boolean);
}
