import { env } from "@/lib/config/env";
import { AbrasfSoapClient } from "./abrasf-client";
import type { AbrasfAuthority } from "./abrasf-types";
import { simulatorUrl, usesSimulator } from "./tax-authority";
import type { AuthorityEnvironment } from "./types";

// Which city system answers, by the rule SEFAZ and Sefin follow: PRODUCTION always the
// city's real service; HOMOLOGATION the built-in simulator (under /abrasf/{IBGE} of
// SIMULATOR_URL) unless AUTHORITY_MODE=sefaz sends it to the city's homologation URL.

const cache = new Map<string, AbrasfAuthority>();

export function getAbrasfAuthority(environment: AuthorityEnvironment): AbrasfAuthority {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  const baseUrl = usesSimulator(environment) ? simulatorUrl() : undefined;
  const key = `${baseUrl ?? "city"}|${timeoutMs}`;
  let authority = cache.get(key);
  if (!authority) {
    authority = new AbrasfSoapClient({ timeoutMs, baseUrl });
    cache.set(key, authority);
  }
  return authority;
}
