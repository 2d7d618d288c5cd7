import type { Environment } from "@prisma/client";
import { registryServiceOf } from "@/lib/authority";
import { DomainError, unprocessable } from "@/lib/errors";
import { registryAnswer } from "./taxpayer-lookup";

// The verdict on an NF-e recipient who is an ICMS contributor (indIEDest 1), from its state's
// registry (CadConsultaCadastro4, the cached answer the lookup route also uses): an IE the
// registry shows not enabled (cSit 0), or a recipient it does not hold with that IE, would be
// denied (uso denegado 301/302: the number spent for good), so it is refused with 422
// recipient_registration_inactive naming the situation, or (company setting
// recipientRegistrationBlocks false) reported as a warning. When the registry cannot tell (a state
// without the service, an outage, 656, the per-company limit) nothing is refused: the authority
// decides, as before the check existed. Callers: the emit endpoint (lib/emission/recipient-registration.ts)
// and create with emit true (lib/documents/recipient-registration-at-create.ts).

export type RegistrationCheck =
  | { kind: "passed"; stateRegistration: string; state: string }
  | { kind: "skipped"; reason: string }
  | { kind: "warning"; message: string };

export type RegistrationQuestion = {
  companyId: string;
  environment: Environment;
  /** recipientRegistrationBlocks: refuse (true) or warn (false). */
  blocks: boolean;
  /** The recipient's CNPJ or CPF, any punctuation. */
  party: string;
  state: string;
  stateRegistration: string | null;
};

const normalizeIe = (value: string) => value.replace(/\D/g, "").replace(/^0+/, "");

export async function recipientRegistrationVerdict(question: RegistrationQuestion): Promise<RegistrationCheck> {
  const party = question.party.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const { state } = question;
  if (party.length !== 14 && party.length !== 11) return { kind: "skipped", reason: "the recipient has no CNPJ or CPF" };
  if (!registryServiceOf(state)) return { kind: "skipped", reason: `state ${state} offers no taxpayer registry lookup` };
  let answer;
  try {
    answer = await registryAnswer({ companyId: question.companyId, document: party, state, environment: question.environment });
  } catch (error) {
    if (error instanceof DomainError) return { kind: "skipped", reason: `the registry could not be consulted: ${error.message}` };
    throw error;
  }
  const ie = normalizeIe(question.stateRegistration ?? "");
  const who = `Recipient ${party} (IE ${question.stateRegistration || "none"}, ${state})`;
  let problem: string;
  if (answer.entries.length === 0) {
    problem = `${who} is not registered as an ICMS contributor in the state's registry (${answer.cStat} - ${answer.reason})`;
  } else {
    const match = answer.entries.find((e) => normalizeIe(e.stateRegistration) === ie);
    if (!match) {
      problem = `${who}: the state's registry holds no such IE for this recipient (its registrations: ${answer.entries.map((e) => `${e.stateRegistration} ${e.situation}`).join(", ")})`;
    } else if (match.situation === "INACTIVE") {
      problem = `${who} is INACTIVE (não habilitado) in the state's registry${match.situationDate ? ` since ${match.situationDate}` : ""}`;
    } else {
      return { kind: "passed", stateRegistration: match.stateRegistration, state };
    }
  }
  const consulted = `registry consulted ${answer.consultedAt.toISOString()}${answer.cached ? ", cached" : ""}`;
  if (question.blocks) {
    throw unprocessable(
      "recipient_registration_inactive",
      `${problem}; the NF-e would be denied (uso denegado) and its number lost, so it was not sent (${consulted}). Correct the client's IE or contributor status, or set recipientRegistrationBlocks false to emit with a warning.`,
    );
  }
  return { kind: "warning", message: `${problem} (${consulted}); the NF-e may be denied (uso denegado)` };
}
