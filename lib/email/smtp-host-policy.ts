import dns from "node:dns/promises";
import { env } from "@/lib/config/env";
import { hostLiteralAddress, isAllowedHostName, refusedAddressReason } from "@/lib/webhooks/address-policy";

// A company's own SMTP host is typed by a tenant's user, so, like a webhook URL (issue 12, SSRF),
// it may only be a public address unless the operator names it in SMTP_ALLOWED_HOSTS (host names,
// IPs or CIDRs). The connection goes to the address checked here (not to a second lookup that
// could answer otherwise), with the host name kept for TLS. SMTP_URL is the operator's own and
// is not checked.

export type CheckedSmtpHost = { ok: true; address: string; servername: string | undefined } | { ok: false; reason: string };

export function smtpAllowedHosts(): string[] {
  return env()
    .SMTP_ALLOWED_HOSTS.split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

export async function checkCompanySmtpHost(host: string): Promise<CheckedSmtpHost> {
  const allowlist = smtpAllowedHosts();
  const literal = hostLiteralAddress(host);
  if (literal) {
    const refused = refusedAddressReason(literal, allowlist);
    return refused ? { ok: false, reason: `Servidor SMTP recusado: ${refused}` } : { ok: true, address: literal, servername: undefined };
  }
  let addresses: string[];
  try {
    addresses = (await dns.lookup(host, { all: true })).map((entry) => entry.address);
  } catch (error) {
    return { ok: false, reason: `Servidor SMTP ${host} não encontrado: ${(error as Error).message}` };
  }
  if (addresses.length === 0) return { ok: false, reason: `Servidor SMTP ${host} não encontrado` };
  const byName = isAllowedHostName(host, allowlist);
  for (const address of addresses) {
    const refused = byName ? null : refusedAddressReason(address, allowlist);
    if (refused) return { ok: false, reason: `Servidor SMTP recusado: ${host} resolve para ${refused}` };
  }
  return { ok: true, address: addresses[0]!, servername: host };
}
