import type { ReceivedDocument } from "@prisma/client";
import { getTaxAuthority } from "@/lib/authority";
import { withAuthorityCall } from "@/lib/authority-calls";
import { extractElement } from "@/lib/authority/soap-response";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { buildProcEventoNFe } from "@/lib/fiscal/nfe/build-proc";
import { buildSignedManifestation, MANIFESTATION_EVENT, type ManifestationType } from "./build-manifestation";
import { fetchFullXml } from "./fetch-by-key";
import { consultManifestations, manifestationClaim, reconcileDocumentManifestations, recordConsulted, recordManifestationIntent, resolveManifestationIntent } from "./manifestation-intents";
import { recordRegisteredManifestation } from "./record-manifestation";

// POST /v1/received-documents/{id}/manifestation: the recipient's
// manifestation registered at the Ambiente Nacional (NFeRecepcaoEvento4,
// cOrgao 91). Our order rules answer first (MOC 7.0 Anexo II / NT 2012.002):
// a conclusive manifestation (confirmação, desconhecimento, operação não
// realizada) is final, so nothing follows it; ciência comes once. What the
// authority refuses is 422 authority_rejected with its cStat; out of reach,
// 503. After the registration the full XML is fetched at once (consChNFe).
//
// As our document events do (lib/document-events): one call per document at a
// time (the authority-call claim, nothing held while the AN answers), the
// intent committed before the call, an earlier call's PENDING intent finished
// first by consulting the key, and a 573 (duplicate: the AN already holds this
// event, e.g. from a call whose answer was lost) answered by consulting the key
// and recording the registered event with its protocol.

const CONCLUSIVE = new Set(["CONFIRMED", "UNKNOWN", "NOT_PERFORMED"]);
const DUPLICATE_EVENT = "573";

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
  const exists = await db.receivedDocument.findFirst({ where: { id: documentId, companyId }, select: { id: true, documentType: true } });
  if (!exists) throw notFound("Received document");
  // The recipient's manifestation (NT 2012.002) is an NF-e event; an NFS-e's taker confirms or rejects it
  // with the ADN's own events (Anexo II, 203202/203206), which we do not send yet.
  if (exists.documentType === "NFSE") throw new DomainError(422, "manifestation_not_allowed", "The recipient's manifestation applies to NF-e only; this received document is an NFS-e");
  const event = MANIFESTATION_EVENT[input.type];

  const recorded = await withAuthorityCall(manifestationClaim(companyId, documentId), async () => {
    const credentials = await loadSigningCredentials(companyId);
    const before = await db.receivedDocument.findFirstOrThrow({ where: { id: documentId, companyId } });
    // An earlier call of this document left without its answer: what the AN holds is recorded first.
    const recovered = await reconcileDocumentManifestations(before, company, credentials);
    const document = await db.receivedDocument.findFirstOrThrow({ where: { id: documentId, companyId } });
    // The retry of a manifestation the AN registered on the earlier call: answered with it, not sent again.
    if (recovered.includes(event.tpEvento)) return document;
    assertManifestationAllowed(document, input.type);

    const signed = buildSignedManifestation(
      { accessKey: document.accessKey, environment: document.environment, authorCnpj: company.cnpj, uf: company.state, type: input.type, justification: input.justification, occurredAt: now },
      credentials,
    );
    const intent = await recordManifestationIntent({ companyId, receivedDocumentId: document.id, eventType: event.tpEvento, requestXml: signed, justification: input.justification });
    const target = { uf: company.state, environment: document.environment, model: 55 as const };
    const result = await getTaxAuthority(document.environment).sendEvent(target, signed, credentials);
    if (result.kind === "communication_failure") {
      // The intent stays PENDING: the next attempt or the distribution run consults the key.
      throw new DomainError(503, "authority_unavailable", `The tax authority could not be reached: ${result.reason}; the manifestation may not be registered: try again later`, { "retry-after": "30" });
    }
    if (result.kind === "refused" && result.cStat === DUPLICATE_EVENT) {
      const consulted = await consultManifestations(document, company, credentials);
      if (consulted.kind === "consulted") {
        await recordConsulted(document, consulted.events, [intent]);
        if (consulted.events.some((held) => held.tpEvento === event.tpEvento)) return db.receivedDocument.findFirstOrThrow({ where: { id: documentId, companyId } });
      }
    }
    if (result.kind === "refused") {
      await db.$transaction((tx) => resolveManifestationIntent(tx, intent.id, { status: "NOT_REGISTERED", note: `${result.cStat} - ${result.reason}` }));
      throw new DomainError(422, "authority_rejected", `${result.cStat} - ${result.reason}`);
    }
    const procEventoXml = buildProcEventoNFe(signed, extractElement(result.retEventoXml, "retEvento") ?? result.retEventoXml);
    const registeredAt = Number.isNaN(new Date(result.registeredAt).getTime()) ? now : new Date(result.registeredAt);
    return db.$transaction(async (tx) => {
      await resolveManifestationIntent(tx, intent.id, { status: "RECORDED", protocol: result.protocol });
      const stored = await recordRegisteredManifestation(tx, document, { type: input.type, sequence: 1, protocol: result.protocol, registeredAt, procEventoXml, justification: input.justification });
      return stored.document;
    });
  });
  if (recorded.xml) return recorded;
  // The full XML is distributed once the recipient manifested: fetch it by key now rather than at the next run.
  return (await fetchFullXml(companyId, recorded.id).catch(() => null)) ?? recorded;
}
