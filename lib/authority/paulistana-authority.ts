import { env } from "@/lib/config/env";
import { PaulistanaSoapClient } from "./paulistana-client";
import type { PaulistanaAuthority } from "./paulistana-types";
import { simulatorUrl, usesSimulator } from "./tax-authority";
import type { AuthorityEnvironment } from "./types";

// Which LoteNFe answers: PRODUCTION always the city's service; HOMOLOGATION the built-in
// simulator (SIMULATOR_URL + /paulistana/ws/lotenfe.asmx). The city has no test
// environment, so AUTHORITY_MODE=sefaz in HOMOLOGATION answers a communication failure.

const cache = new Map<string, PaulistanaAuthority>();

export function getPaulistanaAuthority(environment: AuthorityEnvironment): PaulistanaAuthority {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  const baseUrl = usesSimulator(environment) ? simulatorUrl() : undefined;
  const key = `${baseUrl ?? "city"}|${timeoutMs}`;
  let authority = cache.get(key);
  if (!authority) {
    authority = new PaulistanaSoapClient({ timeoutMs, baseUrl });
    cache.set(key, authority);
  }
  return authority;
}
