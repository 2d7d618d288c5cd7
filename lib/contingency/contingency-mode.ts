import type { ContingencyMode } from "@prisma/client";
import { authorizerFor, contingencyFor } from "@/lib/authority/endpoints";
import { findActiveContingency } from "./active-contingency";

// Emission in contingency (docs/api-notes/contingency.md): an NFC-e has no SVC, its
// contingency is offline issuance (tpEmis 9, NT 2013.005); an NF-e goes to the
// SEFAZ Virtual de Contingência that serves its state (SVC-AN tpEmis 6, SVC-RS
// tpEmis 7; NT 2013.007 table in lib/authority/endpoints.ts).

export type DocumentContingency = { contingencyMode: ContingencyMode; contingencySince: Date; contingencyReason: string };

/** The mode a document of this type and state is issued in under an active contingency. */
export function contingencyModeFor(type: string, state: string): ContingencyMode {
  if (type === "NFCE") return "OFFLINE";
  return contingencyFor(state) === "SVC-AN" ? "SVC_AN" : "SVC_RS";
}

/** The contingency fields to issue the document with, when its company's contingency for the model is active; null otherwise. */
export async function activeContingencyFor(document: { companyId: string; type: string; company: { state: string } }): Promise<DocumentContingency | null> {
  if (document.type !== "NFCE" && document.type !== "NFE") return null;
  return documentContingencyOf(document, await findActiveContingency(document.companyId, document.type === "NFCE" ? 65 : 55));
}

/** The contingency fields of a document issued under the company's active contingency `active` (read by the caller), or null without one. */
export function documentContingencyOf(document: { type: string; company: { state: string } }, active: { since: Date; reason: string } | null): DocumentContingency | null {
  if (!active || (document.type !== "NFCE" && document.type !== "NFE")) return null;
  return { contingencyMode: contingencyModeFor(document.type, document.company.state), contingencySince: active.since, contingencyReason: justificationOf(active.reason) };
}

/** xJust takes 15 to 256 characters (TJust): a shorter reason is prefixed so the XML stays valid. */
export function justificationOf(reason: string): string {
  const trimmed = reason.trim().replace(/\s+/g, " ");
  return trimmed.length >= 15 ? trimmed.slice(0, 256) : `SEFAZ autorizadora indisponivel: ${trimmed}`.trim().slice(0, 256);
}

/** The SVC an NF-e issued in this mode is sent to (undefined: the state's own authorizer). */
export function svcOf(mode: ContingencyMode | null | undefined): "SVC-AN" | "SVC-RS" | undefined {
  return mode === "SVC_AN" ? "SVC-AN" : mode === "SVC_RS" ? "SVC-RS" : undefined;
}

export type ContingencyModel = 55 | 65;
export const CONTINGENCY_MODELS: readonly ContingencyModel[] = [55, 65];

/**
 * How a model is issued while its authorizer is down: an NFC-e offline (tpEmis 9,
 * NT 2013.005: there is no SVC for model 65), an NF-e through the SEFAZ Virtual de
 * Contingência the state is assigned to (tpEmis 6 SVC-AN, 7 SVC-RS; NT 2013.007).
 */
export function contingencyModeForModel(uf: string, model: ContingencyModel): ContingencyMode {
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
