import dns from "node:dns/promises";
import { DomainError, validationError } from "@/lib/errors";
import { hostLiteralAddress, isAllowedHostName, refusedAddressReason } from "./address-policy";
import { allowedHostEntries } from "./config";
import { urlRefusal } from "./http-sender";

// Save-time check of an endpoint URL (the sender checks again on every
// connection): a malformed or non-https URL is 400 validation_error; a host
// that is, or resolves to, a non-public address is 422 invalid_webhook_url.
// A name that does not resolve is left to the verification ping (422 webhook_unreachable).

export async function assertAcceptableWebhookUrl(raw: string, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError("url: must be an absolute URL");
  }
  const allowlist = allowedHostEntries();
  const refusal = urlRefusal(url, allowlist);
  if (refusal?.startsWith("only https") || refusal?.includes("credentials")) throw validationError(`url: ${refusal}`);
  if (refusal) throw invalidUrl(refusal);
  if (url.hash) throw validationError("url: must not carry a #fragment");
  const host = url.hostname;
  if (hostLiteralAddress(host) || isAllowedHostName(host, allowlist)) return url.toString();
  if (!host.includes(".")) throw invalidUrl(`${host} is not a public host name`);
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return url.toString();
  }
  for (const address of addresses) {
    const reason = refusedAddressReason(address, allowlist);
    if (reason) throw invalidUrl(`${host}: ${reason}`);
  }
  return url.toString();
}

function invalidUrl(reason: string): DomainError {
  return new DomainError(422, "invalid_webhook_url", `The webhook URL must reach a public host: ${reason}`);
}

async function resolveAll(host: string): Promise<string[]> {
  return (await dns.lookup(host, { all: true })).map((entry) => entry.address);
}
