import type { Company, FiscalDocument } from "@prisma/client";
import { getTaxAuthority, type AuthorityModel } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { DomainError } from "@/lib/errors";
import { buildProcEventoNFe, buildSignedEvent, extractElement, type NfeEventInput } from "@/lib/fiscal/nfe";

// One event sent to the authority, synchronously: build, sign and validate
// against the event's own schema (lib/fiscal/nfe), then NFeRecepcaoEvento4.
// Every caller gets the TaxAuthority's three outcomes the same way.

/** verAplic of the delivery-receipt events (TVerAplic, 1-20 characters). */
export const APPLICATION_VERSION = "fiscal-issuer-1.0";

export type EventDetail =
  | { tpEvento: "110111"; protocol: string; reason: string }
  | { tpEvento: "110110"; correction: string }
  | { tpEvento: "110130"; applicationVersion: string; deliveredAt: Date; receiverDocument: string; receiverName: string; proofHash: string; proofHashAt: Date }
  | { tpEvento: "110131"; applicationVersion: string; receiptProtocol: string };

export type EventSent =
  | { kind: "registered"; cStat: string; reason: string; protocol: string; registeredAt: Date; requestXml: string; procEventoXml: string }
  | { kind: "refused"; cStat: string; reason: string; requestXml: string; responseXml: string | null };

export type EventDocument = Pick<FiscalDocument, "accessKey" | "environment" | "type" | "companyId">;

export async function sendDocumentEvent(input: {
  company: Pick<Company, "cnpj" | "state">;
  document: EventDocument;
  sequence: number;
  detail: EventDetail;
  now?: Date;
}): Promise<EventSent> {
  const { company, document } = input;
  if (!document.accessKey) throw new DomainError(422, "invalid_status", "The document has no access key");
  const credentials = await loadSigningCredentials(document.companyId);
  const event = {
    accessKey: document.accessKey,
    environment: document.environment,
    authorCnpj: company.cnpj,
    occurredAt: input.now ?? new Date(),
    sequence: input.sequence,
    ...input.detail,
  } as NfeEventInput;
  const signed = buildSignedEvent(event, credentials).xml;

  const model: AuthorityModel = document.type === "NFCE" ? 65 : 55;
  const result = await getTaxAuthority(document.environment).sendEvent({ uf: company.state, environment: document.environment, model }, signed, credentials);
  switch (result.kind) {
    case "authorized":
      return {
        kind: "registered",
        cStat: result.cStat,
        reason: result.reason,
        protocol: result.protocol,
        registeredAt: parseAuthorityDate(result.registeredAt),
        requestXml: signed,
        procEventoXml: buildProcEventoNFe(signed, extractElement(result.retEventoXml, "retEvento") ?? result.retEventoXml),
      };
    case "refused":
      return { kind: "refused", cStat: result.cStat, reason: result.reason, requestXml: signed, responseXml: result.responseXml ?? null };
    case "communication_failure":
      throw new DomainError(503, "authority_unavailable", `The tax authority could not be reached: ${result.reason}. The outcome is unknown; try again later`, {
        "retry-after": "30",
      });
  }
}

function parseAuthorityDate(value: string): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}

export const authorityRejected = (refused: { cStat: string; reason: string }) =>
  new DomainError(422, "authority_rejected", `${refused.cStat} - ${refused.reason}`);
