import { db } from "@/lib/db/client";
import { DomainError, notFound, unprocessable } from "@/lib/errors";
import type { EmitDocumentResponse } from "@/lib/emission/schemas";
import { queueEmission } from "@/lib/emission/queue-emission";
import type { SubstituteDocumentInput } from "./substitution-contract";
import { substitutionSupport } from "./substitution-support";

// Links a replacement to an AUTHORIZED NFS-e of an ABRASF 2.04 city and queues its emission, in
// one transaction with both rows locked (two requests for the same NFS-e serialize; the unique
// replacesDocumentId holds one replacement per NFS-e). The run builds SubstituirNfseEnvio
// (lib/emission/nfse/substitution-message.ts) and, when the city issues it, cancels the
// replaced one here (lib/document-events/record-abrasf-substitution.ts).

/** POST /v1/fiscal-documents/{id}/substitute. */
export async function substituteDocument(input: { companyId: string; documentId: string; body: SubstituteDocumentInput }): Promise<EmitDocumentResponse> {
  const { companyId, documentId, body } = input;
  if (body.replacementId === documentId) throw unprocessable("invalid_status", "replacementId: an NFS-e cannot replace itself");
  const { runId } = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT "id" FROM "FiscalDocument" WHERE "id" IN (${documentId}, ${body.replacementId}) AND "companyId" = ${companyId} ORDER BY "id" FOR UPDATE`;
    const original = await tx.fiscalDocument.findFirst({ where: { id: documentId, companyId }, select: { id: true, type: true, status: true, issueDateTime: true, company: { select: { municipalityCode: true } } } });
    if (!original) throw notFound("Fiscal document");
    const replacement = await tx.fiscalDocument.findFirst({ where: { id: body.replacementId, companyId }, select: { id: true, type: true, status: true, replacesDocumentId: true } });
    if (!replacement || locked.length < 2) throw unprocessable("invalid_status", `replacementId: no document ${body.replacementId} in this company`);
    if (original.type !== "NFSE" || original.status !== "AUTHORIZED") throw unprocessable("invalid_status", `Only an AUTHORIZED NFSE can be replaced; this document is a ${original.type} ${original.status}`);
    if (replacement.type !== "NFSE" || !["DRAFT", "REJECTED"].includes(replacement.status)) {
      throw unprocessable("invalid_status", `replacementId: the replacement must be a DRAFT or REJECTED NFSE; it is a ${replacement.type} ${replacement.status}`);
    }
    const support = substitutionSupport(original.company.municipalityCode ?? "", original.issueDateTime);
    if (!support.supported) throw new DomainError(422, "nfse_provider_unsupported", support.message);
    const holder = await tx.fiscalDocument.findFirst({ where: { companyId, replacesDocumentId: original.id, id: { not: replacement.id } }, select: { id: true, status: true } });
    if (holder && !["DRAFT", "REJECTED"].includes(holder.status)) {
      throw unprocessable("invalid_status", `This NFS-e already has a replacement ${holder.status === "AUTHORIZED" ? "authorized" : "in progress"}: document ${holder.id}`);
    }
    // A replacement that never reached the city gives way to the new one.
    if (holder) await tx.fiscalDocument.update({ where: { id: holder.id }, data: { replacesDocumentId: null, substitutionReasonCode: null } });
    await tx.fiscalDocument.update({ where: { id: replacement.id }, data: { replacesDocumentId: original.id, substitutionReasonCode: body.nfseReasonCode } });
    return queueEmission({ companyId, documentId: replacement.id, checkPrerequisites: true }, tx);
  });
  return {
    documentId: body.replacementId,
    status: "PROCESSING",
    runId,
    message: `Substitution queued: the replacement is sent as SubstituirNfse; follow its status or document.authorized (and document.cancelled for ${documentId})`,
  };
}
