import { db } from "@/lib/db/client";
import { recordNfseCancellation } from "./nfse-cancellation-record";

// The other half of an ABRASF 2.04 SubstituirNfse (issue 57): when the city answers the
// replacement (or the RPS lookup finds it), the NFS-e it replaced is CANCELLED here as the city
// cancelled it (whatever becomes of the replacement's own settlement, the city's fact stands), with a
// CANCELLATION event (eventCode SubstituirNfse, the request sent and the replaced CompNfse the
// city answered, with its NfseCancelamento and NfseSubstituicao) and document.cancelled, as a
// cancellation. Idempotent: a replaced document no longer AUTHORIZED is left as it is.

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
    const replaced = await tx.fiscalDocument.findFirst({ where: { id: replacement.replacesDocumentId, companyId: input.companyId, status: "AUTHORIZED" }, select: { id: true, companyId: true } });
    if (!replaced) return false;
    const cancelledAt = /<DataHora>([^<]+)<\/DataHora>/.exec(input.replacedCompNfseXml ?? "")?.[1];
    const registeredAt = cancelledAt && !Number.isNaN(new Date(cancelledAt).getTime()) ? new Date(cancelledAt) : now;
    const justification = `Substituída pela NFS-e ${input.replacement.nfseNumber} (documento ${replacement.id})`;
    const reasonCode = replacement.substitutionReasonCode ?? "1";
    await recordNfseCancellation(
      tx,
      replaced,
      {
        kind: "registered",
        // Found by the RPS lookup (the answer was lost): the new NFS-e, which names the one it replaced (NfseSubstituida).
        eventXml: input.replacedCompNfseXml ?? input.replacement.compNfseXml,
        requestXml: replacement.signedXml ?? "",
        registeredAt,
        protocol: null,
        reasonCode,
        justification,
        recovered: input.replacedCompNfseXml === null,
      },
      { justification, reasonCode, now },
      ABRASF_SUBSTITUTION_EVENT,
      { replacementDocumentId: replacement.id, replacementNfseNumber: input.replacement.nfseNumber },
    );
    return true;
  });
}
