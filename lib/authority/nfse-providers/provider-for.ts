import { OWN_SYSTEM_CITIES } from "./paulistana";
import { ABRASF_CITIES } from "./table";
import type { AbrasfProvider, NfseProvider, PaulistanaProvider } from "./types";

// Which system authorizes a company's NFS-e: the row of its municipality (IBGE
// code) that applies on the document's date, or the Sefin Nacional.

const NATIONAL_SOURCES = ["LC 214/2025, art. 62", "shared/fiscal/nfse/NOTES.md §1 (Sefin Nacional API)"];

function applies(row: AbrasfProvider | PaulistanaProvider, day: string): boolean {
  return row.validFrom <= day && (!row.validUntil || day < row.validUntil);
}

/** `date`: the document's issue date (YYYY-MM-DD or a Date); the row in force that day. */
export function nfseProviderFor(municipalityCode: string, date: string | Date = new Date()): NfseProvider {
  const day = typeof date === "string" ? date.slice(0, 10) : date.toISOString().slice(0, 10);
  const row = [...ABRASF_CITIES, ...OWN_SYSTEM_CITIES].find((city) => city.municipalityCode === municipalityCode && applies(city, day));
  return row ?? { standard: "NACIONAL", version: "1.01", municipalityCode, sources: NATIONAL_SOURCES };
}

export function isAbrasf(provider: NfseProvider): provider is AbrasfProvider {
  return provider.standard === "ABRASF";
}

export function isPaulistana(provider: NfseProvider): provider is PaulistanaProvider {
  return provider.standard === "PAULISTANA";
}
