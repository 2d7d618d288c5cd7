import { loadTable } from "./load-tables";

/**
 * Why a CEST cannot go with an NCM, or null when it can. Convênio ICMS 142/18
 * (Anexos II–XXVI) defines each CEST for the NCM/SH positions of its row; a
 * CEST whose row lists positions none of which starts the NCM describes
 * another good (bread with an auto-parts CEST). A CEST the table does not list,
 * or a row without positions, is not judged here.
 */
export function cestNcmMismatch(cest: string, ncm: string): string | null {
  const entry = loadTable("cest").find((e) => e.code === cest);
  const prefixes = entry?.filters?.ncmPrefixes;
  if (!entry || !Array.isArray(prefixes) || prefixes.length === 0) return null;
  const digits = ncm.replace(/\D/g, "");
  if (prefixes.some((prefix) => digits.startsWith(prefix))) return null;
  return `CEST ${cest} (${entry.description.slice(0, 80)}) is defined for NCM ${prefixes.join(", ")}, not for NCM ${digits} (Convênio ICMS 142/18): choose a CEST of this NCM or remove it`;
}
