import type { Company, FiscalDocument } from "@prisma/client";
import { randomInt } from "node:crypto";
import { getTaxAuthority, type AuthorityModel } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { DomainError } from "@/lib/errors";
import { signXml, validateXml, type XmlSchema } from "@/lib/fiscal/nfe";
import { buildEventXml, envEventoXml, procEventoXml, type EventDetail } from "./event-xml";
import { stateDateTime } from "./local-time";

// One event sent to the authority, synchronously: build, sign, validate
// against the event's own schema, NFeRecepcaoEvento4. Every caller gets the
// same three outcomes the TaxAuthority classifies.

const SCHEMA_BY_EVENT: Record<EventDetail["tpEvento"], XmlSchema> = {
  "110110": "nfe/envCCe_v1.00.xsd",
  "110111": "nfe/envEventoCancNFe_v1.00.xsd",
  "110130": "nfe/envEventoEntregaNFe_v1.00.xsd",
  "110131": "nfe/envEventoCancEntregaNFe_v1.00.xsd",
};

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
  const { company, document, detail } = input;
  if (!document.accessKey) throw new DomainError(422, "invalid_status", "The document has no access key");
  const credentials = await loadSigningCredentials(document.companyId);
  const unsigned = buildEventXml({
    accessKey: document.accessKey,
    authorDocument: company.cnpj,
    environment: document.environment,
    sequence: input.sequence,
    eventAt: stateDateTime(input.now ?? new Date(), company.state),
    detail,
  });
  const signed = signXml(unsigned, credentials, { tag: "infEvento" });
  validateXml(envEventoXml(signed, String(randomInt(1, 999_999_999))), SCHEMA_BY_EVENT[detail.tpEvento]);

  const model: AuthorityModel = document.type === "NFCE" ? 65 : 55;
  const authority = getTaxAuthority(document.environment);
  const result = await authority.sendEvent({ uf: company.state, environment: document.environment, model }, signed, credentials);
  switch (result.kind) {
    case "authorized":
      return {
        kind: "registered",
        cStat: result.cStat,
        reason: result.reason,
        protocol: result.protocol,
        registeredAt: parseAuthorityDate(result.registeredAt),
        requestXml: signed,
        procEventoXml: procEventoXml(signed, result.retEventoXml),
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
