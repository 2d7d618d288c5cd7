import type { ContingencyMode } from "@prisma/client";
import { authorizerFor, contingencyFor } from "@/lib/authority/endpoints";

export type ContingencyModel = 55 | 65;
export const CONTINGENCY_MODELS: readonly ContingencyModel[] = [55, 65];

/**
 * How a model is issued while its authorizer is down: an NFC-e offline (tpEmis 9,
 * NT 2013.005: there is no SVC for model 65), an NF-e through the SEFAZ Virtual de
 * Contingência the state is assigned to (tpEmis 6 SVC-AN, 7 SVC-RS; NT 2013.007).
 */
export function contingencyModeFor(uf: string, model: ContingencyModel): ContingencyMode {
  if (model === 65) return "OFFLINE";
  return contingencyFor(uf) === "SVC-AN" ? "SVC_AN" : "SVC_RS";
}

/** The authorizer as people name it: "SEFAZ-SP" for a state's own, "SVRS" / "SVAN" for the virtual ones. */
export function authorizerLabel(uf: string, model: ContingencyModel): string {
  let authorizer: string;
  try {
    authorizer = authorizerFor(uf, model);
  } catch {
    return `SEFAZ-${uf}`;
  }
  return /^[A-Z]{2}$/.test(authorizer) ? `SEFAZ-${authorizer}` : authorizer;
}

/** xJust is 15 to 256 characters (NF-e layout, B29); automatic reasons are cut to fit. */
export function asJustification(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= 256 ? clean : `${clean.slice(0, 255)}…`;
}
