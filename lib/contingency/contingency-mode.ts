import type { ContingencyMode } from "@prisma/client";
import { authorizerFor } from "@/lib/authority/endpoints";
import { findActiveContingency } from "./active-contingency";
import { automaticContingency, epecAllowed } from "./state-contingency-table";

// Emission in contingency (docs/api-notes/contingency.md): the mode comes from the
// per-state table (state-contingency-table.ts), by state, model and the date the
// contingency started: an NFC-e offline (tpEmis 9, NT 2013.005; SP since Portaria
// SRE 40/2024), an NF-e through the SEFAZ Virtual de Contingência that serves its
// state (SVC-AN tpEmis 6, SVC-RS tpEmis 7; NT 2013.007).

export type DocumentContingency = { contingencyMode: ContingencyMode; contingencySince: Date; contingencyReason: string };

/** The mode a document of this type and state is issued in under a contingency that started at `since`; null when the state's law allows none this platform issues. */
export function contingencyModeFor(type: string, state: string, since: Date = new Date()): ContingencyMode | null {
  if (type !== "NFCE" && type !== "NFE") return null;
  return contingencyModeForModel(state, type === "NFCE" ? 65 : 55, since);
}

/** The contingency fields to issue the document with, when its company's contingency for the model is active; null otherwise. */
export async function activeContingencyFor(document: { companyId: string; type: string; company: { state: string } }): Promise<DocumentContingency | null> {
  if (document.type !== "NFCE" && document.type !== "NFE") return null;
  return documentContingencyOf(document, await findActiveContingency(document.companyId, document.type === "NFCE" ? 65 : 55));
}

/** The contingency fields of a document issued under the company's active contingency `active` (read by the caller), or null without one. */
export function documentContingencyOf(document: { type: string; company: { state: string } }, active: { since: Date; reason: string; svcUnavailableAt?: Date | null } | null): DocumentContingency | null {
  if (!active || (document.type !== "NFCE" && document.type !== "NFE")) return null;
  // The SVC refused (114) or did not answer an earlier NF-e of this contingency: EPEC at once, where allowed.
  const epec = document.type === "NFE" && !!active.svcUnavailableAt && epecAllowed(document.company.state, 55, active.since);
  const mode = epec ? "EPEC" : contingencyModeFor(document.type, document.company.state, active.since);
  return mode ? { contingencyMode: mode, contingencySince: active.since, contingencyReason: justificationOf(active.reason) } : null;
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

/** 55 NF-e, 65 NFC-e, 58 MDF-e (offline tpEmis 2, entered by hand only: docs/api-notes/mdfe.md). */
export type ContingencyModel = 55 | 58 | 65;
export const CONTINGENCY_MODELS: readonly ContingencyModel[] = [55, 58, 65];
/** The models the platform enters and leaves by itself (status answers, failures); the MDF-e's contingency is the issuer's decision alone. */
export type AutomaticContingencyModel = 55 | 65;

/**
 * How a model is issued while its authorizer is down, per the state's table on that date
 * (state-contingency-table.ts): the first contingency its law allows that this platform
 * issues; null when none (the documents then wait for the authorizer).
 */
export function contingencyModeForModel(uf: string, model: ContingencyModel, at: Date = new Date()): ContingencyMode | null {
  const option = automaticContingency(uf, model, at);
  // An NF-e's first option is its SVC; EPEC is reached only when the SVC answers 114 (issue-epec.ts).
  return option ? option.mode : null;
}

/** The authorizer as people name it: "SEFAZ-SP" for a state's own, "SVRS" / "SVAN" for the virtual ones. */
export function authorizerLabel(uf: string, model: ContingencyModel): string {
  // The SVRS authorizes the MDF-e of every state (MOC MDF-e 3.00a).
  if (model === 58) return "SVRS";
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
