import { env } from "@/lib/config/env";
import { recordAuthorityCall } from "./call-samples";
import { SoapTaxAuthority } from "./soap-tax-authority";
import type { AuthorityEnvironment, TaxAuthority } from "./types";

// Which authority answers: PRODUCTION always talks to SEFAZ (a production
// document must never be "authorized" by a stand-in); HOMOLOGATION talks to
// the built-in simulator unless AUTHORITY_MODE=sefaz configures the real
// homologation endpoints. The simulator is the same SOAP client pointed at
// SIMULATOR_URL (default http://127.0.0.1:SIMULATOR_PORT) with the tables' paths.

const cache = new Map<string, TaxAuthority>();

/** Where homologation calls go when the simulator is in use. */
export function simulatorUrl(): string {
  const config = env();
  return config.SIMULATOR_URL ?? `http://127.0.0.1:${config.SIMULATOR_PORT}`;
}

export function usesSimulator(environment: AuthorityEnvironment): boolean {
  return environment === "HOMOLOGATION" && env().AUTHORITY_MODE === "simulator";
}

export function getTaxAuthority(environment: AuthorityEnvironment): TaxAuthority {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  const baseUrl = usesSimulator(environment) ? simulatorUrl() : undefined;
  const key = `${baseUrl ?? "sefaz"}|${timeoutMs}`;
  let authority = cache.get(key);
  if (!authority) {
    authority = new SoapTaxAuthority({ timeoutMs, baseUrl, onExchange: recordAuthorityCall });
    cache.set(key, authority);
  }
  return authority;
}
