import { getTaxAuthority, authorizerFor, type AuthorityTarget, type ConsultationResult } from "@/lib/authority";
import { assertNotMisusePaused, isMisuse, recordMisusePause } from "@/lib/authority/misuse-pause";
import { STATES } from "@/lib/br";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { DomainError, notFound, unprocessable } from "@/lib/errors";
import { parseAccessKey } from "@/lib/fiscal/nfe/access-key";
import { hitRateLimit } from "@/lib/rate-limit";
import type { NfeLookupResponse } from "./schemas";

// GET /v1/lookups/nfe/{accessKey} (issue 56 item 2): any NF-e/NFC-e's situation at
// the authority (NFeConsultaProtocolo4), issued by the company or not. The key's
// check digit is verified before anything is sent (alphanumeric CNPJ keys included,
// NT 2025.001 item 5); the authorizer comes from the key: its cUF and model pick the
// state's authorizer, tpEmis 6/7 the SVC-AN/SVC-RS that authorized it (NT 2013.007).
// Limits (our choice, docs/api-notes/lookups.md): 10 consultations of one key an hour
// and 60 a minute per company, and the company's 656 pause (misuse-pause.ts) applies.

const UF_BY_CODE = new Map(STATES.map((s) => [s.cUF, s.uf]));
export const KEY_LOOKUPS_PER_HOUR = 10;
export const NFE_LOOKUPS_PER_MINUTE = 60;

/** Where a key is consulted: its state's authorizer, or the SVC its tpEmis names. */
export function consultationTarget(accessKey: string, environment: "PRODUCTION" | "HOMOLOGATION"): AuthorityTarget {
  const parsed = parseAccessKey(accessKey);
  if (!parsed) throw new DomainError(400, "validation_error", "params.accessKey: check digit (cDV) or model does not match: not a valid NF-e/NFC-e access key");
  const uf = UF_BY_CODE.get(parsed.cUF);
  if (!uf) throw new DomainError(400, "validation_error", `params.accessKey: cUF ${parsed.cUF} is no state's IBGE code`);
  const model = Number(parsed.model) as 55 | 65;
  const contingency = model === 55 && parsed.tpEmis === "6" ? ("SVC-AN" as const) : model === 55 && parsed.tpEmis === "7" ? ("SVC-RS" as const) : undefined;
  return { uf, environment, model, contingency };
}

export async function lookupNfe(input: { companyId: string; accessKey: string }): Promise<NfeLookupResponse> {
  const company = await db.company.findFirst({ where: { id: input.companyId }, select: { environment: true } });
  if (!company) throw notFound("Company");
  const target = consultationTarget(input.accessKey, company.environment);
  const authorizer = target.contingency ?? authorizerFor(target.uf, target.model);
  await assertNotMisusePaused(input.companyId, target);
  for (const rule of [
    { key: `nfe-lookup:${input.companyId}`, limit: NFE_LOOKUPS_PER_MINUTE, windowSeconds: 60 },
    { key: `nfe-lookup:${input.companyId}:${input.accessKey}`, limit: KEY_LOOKUPS_PER_HOUR, windowSeconds: 3600 },
  ]) {
    const hit = await hitRateLimit(rule);
    if (!hit.allowed) {
      throw new DomainError(429, "rate_limited", `At most ${rule.limit} access-key lookups per ${rule.windowSeconds === 60 ? "minute per company" : "hour for one key"}; try again in ${hit.retryAfterSeconds} s`, { "Retry-After": String(hit.retryAfterSeconds) });
    }
  }
  const credentials = await loadSigningCredentials(input.companyId);
  const consulted = await getTaxAuthority(company.environment).consult(target, input.accessKey, credentials);
  if (isMisuse(consulted)) await recordMisusePause(input.companyId, target);
  const own = await db.fiscalDocument.findFirst({ where: { companyId: input.companyId, accessKey: input.accessKey }, select: { id: true } });
  return toResponse(input.accessKey, target, authorizer, company.environment, consulted, own?.id ?? null);
}

function toResponse(accessKey: string, target: AuthorityTarget, authorizer: string, environment: NfeLookupResponse["environment"], consulted: ConsultationResult, documentId: string | null): NfeLookupResponse {
  const base = { accessKey, model: String(target.model) as "55" | "65", state: target.uf, environment, documentId };
  const asked = target.contingency ?? authorizer;
  switch (consulted.kind) {
    case "authorized": {
      const cancelled = consulted.events.some((e) => e.tpEvento === "110111" || e.tpEvento === "110112") || ["101", "151", "155"].includes(topCStat(consulted.responseXml));
      return {
        ...base,
        status: cancelled ? "CANCELLED" : "AUTHORIZED",
        authority: { cStat: topCStat(consulted.responseXml) || consulted.cStat, reason: topReason(consulted.responseXml) || consulted.reason, authorizer: asked },
        protocol: consulted.protocol,
        authorizedAt: consulted.authorizedAt,
        events: consulted.events.map((e) => ({ eventCode: e.tpEvento, sequence: e.sequence, cStat: e.cStat, protocol: e.protocol, registeredAt: e.registeredAt })),
      };
    }
    case "denied":
      return { ...base, status: "DENIED", authority: { cStat: consulted.cStat, reason: consulted.reason, authorizer: asked }, protocol: consulted.protocol, authorizedAt: null, events: [] };
    case "not_found":
      return { ...base, status: "NOT_FOUND", authority: { cStat: consulted.cStat, reason: consulted.reason, authorizer: asked }, protocol: null, authorizedAt: null, events: [] };
    case "refused":
      throw unprocessable("authority_rejected", `${consulted.cStat} - ${consulted.reason}`);
    case "communication_failure":
      throw new DomainError(503, "authority_unavailable", `The authorizer ${asked} could not be consulted (${consulted.reason}); try again later`, { "Retry-After": "60" });
  }
}

/** retConsSitNFe's own cStat (101 for a cancelled NF-e, where protNFe still says 100). */
function topCStat(responseXml: string): string {
  return /<(?:[\w.-]+:)?retConsSitNFe\b[^>]*>[\s\S]*?<(?:[\w.-]+:)?cStat>(\d+)</.exec(responseXml)?.[1] ?? "";
}

function topReason(responseXml: string): string {
  return /<(?:[\w.-]+:)?retConsSitNFe\b[^>]*>[\s\S]*?<(?:[\w.-]+:)?xMotivo>([^<]*)</.exec(responseXml)?.[1] ?? "";
}
