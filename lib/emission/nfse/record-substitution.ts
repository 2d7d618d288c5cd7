import { db } from "@/lib/db/client";
import { recordDocumentOutcome } from "@/lib/events/record-outcome";

// The other half of an ABRASF 2.04 SubstituirNfse (issue 57): when the city answers the
// replacement (or the RPS lookup finds it), the NFS-e it replaced is CANCELLED here as the city
// cancelled it (whatever becomes of the replacement's own settlement, the city's fact stands):
// a CANCELLATION event (eventCode SubstituirNfse, the request sent, the replaced CompNfse the
// city answered with its NfseCancelamento and NfseSubstituicao; details name the replacement)
// and document.cancelled, as lib/document-events/nfse-cancellation-record.ts records a
// cancellation (written here: the emission layer does not import the events layer).
// Idempotent: a replaced document no longer AUTHORIZED is left as it is.

export const ABRASF_SUBSTITUTION_EVENT = "SubstituirNfse";

export async function recordAbrasfSubstitution(input: {
  companyId: string;
  replacementId: string;
  /** The city's number and CompNfse of the replacement. */
  replacement: { nfseNumber: string; compNfseXml: string };
  /** The replaced CompNfse the city answered; null when the replacement was found by the RPS lookup. */
  replacedCompNfseXml: string | null;
  now?: Date;
}): Promise<boolean> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const replacement = await tx.fiscalDocument.findFirst({
      where: { id: input.replacementId, companyId: input.companyId },
      select: { id: true, replacesDocumentId: true, substitutionReasonCode: true, signedXml: true },
    });
    if (!replacement?.replacesDocumentId) return false;
    // Row lock: a concurrent cancellation of the same NFS-e serializes here.
    await tx.$queryRaw`SELECT "id" FROM "FiscalDocument" WHERE "id" = ${replacement.replacesDocumentId} AND "companyId" = ${input.companyId} FOR UPDATE`;
    const replaced = await tx.fiscalDocument.findFirst({ where: { id: replacement.replacesDocumentId, companyId: input.companyId, status: "AUTHORIZED" }, select: { id: true } });
    if (!replaced) return false;
    const cancelledAt = /<DataHora>([^<]+)<\/DataHora>/.exec(input.replacedCompNfseXml ?? "")?.[1];
    const registeredAt = cancelledAt && !Number.isNaN(new Date(cancelledAt).getTime()) ? new Date(cancelledAt) : now;
    const justification = `Substituída pela NFS-e ${input.replacement.nfseNumber} (documento ${replacement.id})`;
    const recovered = input.replacedCompNfseXml === null;
    await tx.documentEvent.create({
      data: {
        documentId: replaced.id,
        companyId: input.companyId,
        kind: "CANCELLATION",
        eventCode: ABRASF_SUBSTITUTION_EVENT,
        sequence: 1,
        outcome: "AUTHORIZED",
        cStat: "100",
        reason: recovered ? "Substituição registrada por uma tentativa anterior" : "Substituição registrada",
        protocol: null,
        requestXml: replacement.signedXml ?? "",
        // Found by the RPS lookup (the answer was lost): the new NFS-e, which names the one it replaced (NfseSubstituida).
        responseXml: input.replacedCompNfseXml ?? input.replacement.compNfseXml,
        details: { justification, cMotivo: replacement.substitutionReasonCode ?? "1", recovered, replacementDocumentId: replacement.id, replacementNfseNumber: input.replacement.nfseNumber },
        occurredAt: registeredAt,
      },
    });
    const cancelled = await tx.fiscalDocument.update({
      where: { id: replaced.id },
      data: { status: "CANCELLED", cancellationReason: justification, cancellationDate: registeredAt, cancellationProtocol: null },
    });
    await recordDocumentOutcome(tx, "document.cancelled", cancelled);
    return true;
  });
}
