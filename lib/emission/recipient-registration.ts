import { db } from "@/lib/db/client";
import { ClientSnapshot, describeRecipient } from "@/lib/documents/client-snapshot";
import { recipientRegistrationVerdict, type RegistrationCheck } from "@/lib/lookups/recipient-verdict";

// Before an NF-e to an ICMS contributor (indIEDest 1) is numbered and sent by the emit endpoint,
// its recipient (the document's snapshot) is checked in its state's registry
// (lib/lookups/recipient-verdict.ts): 422 recipient_registration_inactive, or a warning on the
// emit answer when the company's recipientRegistrationBlocks is false.

export type { RegistrationCheck };

export async function checkRecipientRegistration(companyId: string, documentId: string): Promise<RegistrationCheck> {
  const document = await db.fiscalDocument.findFirst({
    where: { id: documentId, companyId },
    select: { type: true, status: true, clientSnapshot: true, environment: true, company: { select: { state: true, recipientRegistrationBlocks: true } } },
  });
  // Missing, not emittable or not an NF-e: queueEmission answers (404, invalid_status), or no check applies.
  if (!document || document.type !== "NFE" || !["DRAFT", "REJECTED"].includes(document.status)) return { kind: "skipped", reason: "not an emittable NF-e" };
  const snapshot = ClientSnapshot.safeParse(document.clientSnapshot);
  if (!snapshot.success) return { kind: "skipped", reason: "no recipient" };
  const recipient = describeRecipient(snapshot.data, document.company.state);
  if (!recipient.contributor || !recipient.state || recipient.state === "EX") return { kind: "skipped", reason: "the recipient is no ICMS contributor (indIEDest 2 or 9)" };
  return recipientRegistrationVerdict({
    companyId,
    environment: document.environment,
    blocks: document.company.recipientRegistrationBlocks,
    party: snapshot.data.document,
    state: recipient.state,
    stateRegistration: snapshot.data.stateRegistration,
  });
}
