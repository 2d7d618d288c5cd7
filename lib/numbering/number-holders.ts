import type { DocumentStatus, Prisma } from "@prisma/client";

// Which numbered NF-e/NFC-e still hold their number (issue 34, item 3): a
// number may be declared unused (inutilization) only when it can never be
// used. It cannot while its document is authorized or cancelled, being
// emitted (PROCESSING), waiting for its automatic re-send (a numbered DRAFT:
// back from a communication failure) or REJECTED without proof that the
// authority does not hold it: "communication_failure" or "internal_error"
// after a send, unless the run's last consultation found no such key
// (absentAtAuthority on the REJECTION event). Such a document is re-emitted
// instead: the re-emission consults its key first and takes a protocol the
// authority holds.

const UNCERTAIN_REJECTIONS = ["communication_failure", "internal_error"];

export type NumberHolder = { status: DocumentStatus; rejectionCode: string | null; emissionAttempts: number; events: { details: Prisma.JsonValue }[] };

/** The select that numberHold needs (the last REJECTION event's details). */
export const NUMBER_HOLDER_SELECT = {
  status: true,
  rejectionCode: true,
  emissionAttempts: true,
  events: { where: { kind: "REJECTION" }, orderBy: { occurredAt: "desc" }, take: 1, select: { details: true } },
} satisfies Prisma.FiscalDocumentSelect;

/** Why the document still holds its number, or null when the number is finally unused. */
export function numberHold(document: NumberHolder): string | null {
  switch (document.status) {
    case "AUTHORIZED":
    case "CANCELLED":
      return "issued";
    case "DENIED":
      return "denied (uso denegado): the authority registered the number";
    case "INUTILIZED":
      // Already voided: the authorized range that closed it is checked apart (cStat 256).
      return null;
    case "PROCESSING":
      return "being emitted";
    case "DRAFT":
      return "waiting for its automatic re-send";
    case "REJECTED": {
      if (!UNCERTAIN_REJECTIONS.includes(document.rejectionCode ?? "") || document.emissionAttempts === 0) return null;
      const details = document.events[0]?.details as { absentAtAuthority?: boolean } | null | undefined;
      return details?.absentAtAuthority ? null : "may be authorized at the authority: emit it again (the key is consulted first)";
    }
    default:
      return "in use";
  }
}
