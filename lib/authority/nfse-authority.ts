import { env } from "@/lib/config/env";
import type { NfseAuthority } from "./nfse-types";
import { SefinNacionalClient } from "./sefin-client";
import { simulatorUrl, usesSimulator } from "./tax-authority";
import type { AuthorityEnvironment } from "./types";

// Which Sefin Nacional answers, by the same rule as SEFAZ: PRODUCTION always
// the real service; HOMOLOGATION the built-in simulator (under /SefinNacional
// of SIMULATOR_URL) unless AUTHORITY_MODE=sefaz sends it to produção restrita.

const cache = new Map<string, NfseAuthority>();

export function getNfseAuthority(environment: AuthorityEnvironment): NfseAuthority {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  const baseUrl = usesSimulator(environment) ? `${simulatorUrl()}/SefinNacional` : undefined;
  const key = `${baseUrl ?? "sefin"}|${timeoutMs}`;
  let authority = cache.get(key);
  if (!authority) {
    authority = new SefinNacionalClient({ timeoutMs, baseUrl });
    cache.set(key, authority);
  }
  return authority;
}
