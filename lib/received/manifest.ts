import type { ReceivedDocument } from "@prisma/client";
import { getTaxAuthority } from "@/lib/authority";
import { extractElement } from "@/lib/authority/soap-response";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { buildProcEventoNFe } from "@/lib/fiscal/nfe/build-proc";
import { buildSignedManifestation, MANIFESTATION_EVENT, type ManifestationType } from "./build-manifestation";
import { fetchFullXml } from "./fetch-by-key";
import { recordReceivedDocumentEvent } from "@/lib/events/received-document-outcome";

// POST /v1/received-documents/{id}/manifestation: the recipient's
// manifestation registered at the Ambiente Nacional (NFeRecepcaoEvento4,
// cOrgao 91). Our order rules answer first (MOC 7.0 Anexo II / NT 2012.002):
// a conclusive manifestation (confirmação, desconhecimento, operação não
// realizada) is final, so nothing follows it; ciência comes once. What the
// authority refuses is 422 authority_rejected with its cStat; out of reach,
// 503. After the registration the full XML is fetched at once (consChNFe).

const CONCLUSIVE = new Set(["CONFIRMED", "UNKNOWN", "NOT_PERFORMED"]);

export function assertManifestationAllowed(document: Pick<ReceivedDocument, "manifestation" | "authorityStatus">, type: ManifestationType): void {
  if (CONCLUSIVE.has(document.manifestation)) {
    throw new DomainError(422, "manifestation_not_allowed", `The NF-e already has a conclusive manifestation (${document.manifestation}); it cannot be changed or repeated`);
  }
  if (type === "CIENCIA" && document.manifestation === "CIENCIA") throw new DomainError(422, "manifestation_not_allowed", "The ciência of this NF-e is already registered");
  if (type === "CIENCIA" && document.authorityStatus !== "AUTHORIZED") throw new DomainError(422, "manifestation_not_allowed", `A ciência needs an authorized NF-e; this one is ${document.authorityStatus}`);
  if (document.authorityStatus === "DENIED") throw new DomainError(422, "manifestation_not_allowed", "A denied NF-e takes no manifestation");
}

export async function manifestReceivedDocument(
  companyId: string,
  documentId: string,
  input: { type: ManifestationType; justification?: string | null },
  now = new Date(),
): Promise<ReceivedDocument> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { cnpj: true, state: true, environment: true } });
  if (!company) throw notFound("Company");
  const document = await db.receivedDocument.findFirst({ where: { id: documentId, companyId } });
  if (!document) throw notFound("Received document");
  assertManifestationAllowed(document, input.type);

  const credentials = await loadSigningCredentials(companyId);
  const signed = buildSignedManifestation(
    { accessKey: document.accessKey, environment: document.environment, authorCnpj: company.cnpj, uf: company.state, type: input.type, justification: input.justification, occurredAt: now },
    credentials,
  );
  const target = { uf: company.state, environment: document.environment, model: 55 as const };
  const result = await getTaxAuthority(document.environment).sendEvent(target, signed, credentials);
  if (result.kind === "refused") throw new DomainError(422, "authority_rejected", `${result.cStat} - ${result.reason}`);
  if (result.kind === "communication_failure") {
    throw new DomainError(503, "authority_unavailable", `The tax authority could not be reached: ${result.reason}; the manifestation may not be registered: try again later`, { "retry-after": "30" });
  }
  const event = MANIFESTATION_EVENT[input.type];
  const procEventoXml = buildProcEventoNFe(signed, extractElement(result.retEventoXml, "retEvento") ?? result.retEventoXml);
  const registeredAt = Number.isNaN(new Date(result.registeredAt).getTime()) ? now : new Date(result.registeredAt);
  const updated = await db.$transaction(async (tx) => {
    await tx.receivedDocumentEvent.upsert({
      where: { receivedDocumentId_eventType_sequence: { receivedDocumentId: document.id, eventType: event.tpEvento, sequence: 1 } },
      create: { receivedDocumentId: document.id, eventType: event.tpEvento, sequence: 1, protocol: result.protocol, registeredAt, xml: procEventoXml },
      update: {},
    });
    const changed = await tx.receivedDocument.update({
      where: { id: document.id },
      data: {
        manifestation: event.state,
        manifestationRegisteredAt: registeredAt,
        manifestationProtocol: result.protocol,
        manifestationJustification: input.type === "NAO_REALIZADA" ? (input.justification ?? null) : null,
      },
    });
    await recordReceivedDocumentEvent(tx, changed, "manifestation_registered");
    return changed;
  });
  if (updated.xml) return updated;
  // The full XML is distributed once the recipient manifested: fetch it by key now rather than at the next run.
  return (await fetchFullXml(companyId, updated.id).catch(() => null)) ?? updated;
}
