import { registryServiceOf } from "@/lib/authority";
import { db } from "@/lib/db/client";
import { ClientSnapshot, describeRecipient } from "@/lib/documents/client-snapshot";
import { DomainError, unprocessable } from "@/lib/errors";
import { registryAnswer } from "@/lib/lookups/taxpayer-lookup";

// Before an NF-e to an ICMS contributor (indIEDest 1) is numbered and sent, the recipient's
// registration is looked up in its state's registry (CadConsultaCadastro4, cached as the
// lookup endpoint caches it): an IE the registry shows not enabled (cSit 0), or a recipient
// the registry does not hold with that IE, would be denied (uso denegado 301/302, the
// number spent for good; MOC 4.0 rules 301/302), so the emission stops with 422
// recipient_registration_inactive naming the situation. The company setting
// recipientRegistrationBlocks false makes it a warning on the emit answer instead. When the
// registry cannot tell (a state without the service, an outage, 656, our per-company limit)
// the emission goes on: the authority decides, as before this check existed.

export type RegistrationCheck =
  | { kind: "passed"; stateRegistration: string; state: string }
  | { kind: "skipped"; reason: string }
  | { kind: "warning"; message: string };

const normalizeIe = (value: string) => value.replace(/\D/g, "").replace(/^0+/, "");

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
  const party = snapshot.data.document.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (party.length !== 14 && party.length !== 11) return { kind: "skipped", reason: "the recipient has no CNPJ or CPF" };
  if (!registryServiceOf(recipient.state)) return { kind: "skipped", reason: `state ${recipient.state} offers no taxpayer registry lookup` };

  let answer;
  try {
    answer = await registryAnswer({ companyId, document: party, state: recipient.state, environment: document.environment });
  } catch (error) {
    if (error instanceof DomainError) return { kind: "skipped", reason: `the registry could not be consulted: ${error.message}` };
    throw error;
  }
  const ie = normalizeIe(snapshot.data.stateRegistration ?? "");
  const who = `Recipient ${party} (IE ${snapshot.data.stateRegistration || "none"}, ${recipient.state})`;
  let problem: string | null = null;
  if (answer.entries.length === 0) {
    problem = `${who} is not registered as an ICMS contributor in the state's registry (${answer.cStat} - ${answer.reason})`;
  } else {
    const match = answer.entries.find((e) => normalizeIe(e.stateRegistration) === ie);
    if (!match) {
      problem = `${who}: the state's registry holds no such IE for this recipient (its registrations: ${answer.entries.map((e) => `${e.stateRegistration} ${e.situation}`).join(", ")})`;
    } else if (match.situation === "INACTIVE") {
      problem = `${who} is INACTIVE (não habilitado) in the state's registry${match.situationDate ? ` since ${match.situationDate}` : ""}`;
    } else {
      return { kind: "passed", stateRegistration: match.stateRegistration, state: recipient.state };
    }
  }
  const consulted = `registry consulted ${answer.consultedAt.toISOString()}${answer.cached ? ", cached" : ""}`;
  if (document.company.recipientRegistrationBlocks) {
    throw unprocessable(
      "recipient_registration_inactive",
      `${problem}; the NF-e would be denied (uso denegado) and its number lost, so it was not sent (${consulted}). Correct the client's IE or contributor status, or set recipientRegistrationBlocks false to emit with a warning.`,
    );
  }
  return { kind: "warning", message: `${problem} (${consulted}); the NF-e may be denied (uso denegado)` };
}
