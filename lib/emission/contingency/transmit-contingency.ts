import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { STATUS_RUNNING } from "@/lib/contingency/status-answers";
import { askAuthorizerStatus } from "@/lib/contingency/watch-contingency";
import { warnContingencyDeadlines } from "./deadline-warnings";
import { resolveReplacedAttempts } from "./resolve-replaced-attempts";
import { transmitOfflineDocuments } from "./transmit-offline";

export type TransmissionRound =
  | { kind: "done"; transmitted: number; resolved: number }
  /** The contingency is still active, or the authority did not answer: another round later. */
  | { kind: "pending"; transmitted: number; resolved: number; reason: string };

/**
 * One round of the company's transmission for a model, once its authorizer
 * answers: the offline NFC-e in number order (transmit-offline.ts), then the
 * numbers of replaced attempts (resolve-replaced-attempts.ts). While an
 * automatic contingency is active nothing is sent (its watch run ends it on
 * 107). While a contingency entered by hand is active, the authorizer's status
 * is asked (shared cache): on 107 the documents go now and the contingency stays
 * on, since an operator who forgets it must not let every offline NFC-e pass its
 * deadline (issue 50 item 5; 704 per the state's deadline). Idempotent: a replay
 * sends only what is still pending.
 */
export async function transmitContingency(input: { companyId: string; model: 55 | 65; environment: "PRODUCTION" | "HOMOLOGATION" }): Promise<TransmissionRound> {
  // Whatever happens next, documents near their deadline are warned about (document.contingency_deadline).
  await warnContingencyDeadlines(input);
  const active = await findActiveContingency(input.companyId, input.model);
  if (active) {
    const waiting = { kind: "pending" as const, transmitted: 0, resolved: 0, reason: `contingency active since ${active.since.toISOString()}` };
    if (active.automatic) return waiting;
    const asked = await askAuthorizerStatus(input.companyId, input.model);
    if (asked?.result.kind !== "authorized" || asked.result.cStat !== STATUS_RUNNING) return waiting;
  }
  // Offline NFC-e (65) or NF-e issued in EPEC (55): both wait as CONTINGENCY for their authorizer.
  const offline = await transmitOfflineDocuments(input);
  if (offline.waiting) return { kind: "pending", transmitted: offline.transmitted, resolved: 0, reason: offline.reason ?? "more offline documents to transmit" };
  const attempts = await resolveReplacedAttempts(input);
  if (attempts.pending > 0) return { kind: "pending", transmitted: offline.transmitted, resolved: attempts.resolved, reason: attempts.reason ?? `${attempts.pending} replaced attempts wait for their substitute` };
  return { kind: "done", transmitted: offline.transmitted, resolved: attempts.resolved };
}
