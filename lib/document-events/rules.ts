import type { DocumentType } from "@prisma/client";
import { assertNumberNotSpent } from "@/lib/documents/spent-number";
import { DomainError } from "@/lib/errors";

// The legal windows and limits of the document events, checked before
// anything is sent to the authority.

const HOUR_MS = 60 * 60 * 1000;

/**
 * Cancellation deadline after authorization: NF-e 24 hours (MOC 4.00 and
 * Ajuste SINIEF 07/05, cl. 12ª; the extemporaneous cancellation some states
 * accept afterwards is not supported), NFC-e 30 minutes (NT 2013.005 / MOC
 * NFC-e, the rule most states apply). NFS-e: none here (the municipality's
 * rules apply at the national API).
 */
export const CANCEL_DEADLINE_MS: Record<DocumentType, number | null> = {
  NFE: 24 * HOUR_MS,
  NFCE: 30 * 60 * 1000,
  NFSE: null,
};

/** api.md, Limits: correction letter within 30 days after authorization, at most 20 per document. */
export const CORRECTION_DEADLINE_MS = 30 * 24 * HOUR_MS;
export const MAX_CORRECTIONS = 20;

export function assertAuthorized(status: string, action: string): void {
  assertNumberNotSpent(status, action);
  if (status !== "AUTHORIZED") {
    throw new DomainError(422, "invalid_status", `Only AUTHORIZED documents can ${action}; this document is ${status}`);
  }
}

export function assertCancelDeadline(type: DocumentType, authorizedAt: Date | null, now: Date): void {
  const deadline = CANCEL_DEADLINE_MS[type];
  if (deadline === null || !authorizedAt) return;
  if (now.getTime() - authorizedAt.getTime() > deadline) {
    const window = type === "NFCE" ? "30 minutes" : "24 hours";
    throw new DomainError(
      422,
      "cancel_deadline_expired",
      `The ${type} can only be cancelled within ${window} after authorization (authorized at ${authorizedAt.toISOString()})`,
    );
  }
}

export function assertCorrectionAllowed(input: { type: DocumentType; authorizedAt: Date | null; authorizedCorrections: number; now: Date }): void {
  // api.md rule 2: NFE and NFCE only. The MOC does not foresee the CC-e for
  // model 65; we follow the spec and let the authority answer for NFC-e.
  if (input.type === "NFSE") {
    throw new DomainError(422, "correction_not_allowed", "Correction letters apply to NF-e and NFC-e only, not to NFS-e");
  }
  if (input.authorizedAt && input.now.getTime() - input.authorizedAt.getTime() > CORRECTION_DEADLINE_MS) {
    throw new DomainError(422, "correction_deadline_expired", "Correction letters can only be issued within 30 days after authorization");
  }
  if (input.authorizedCorrections >= MAX_CORRECTIONS) {
    throw new DomainError(422, "correction_limit_reached", `A document accepts at most ${MAX_CORRECTIONS} correction letters`);
  }
}
