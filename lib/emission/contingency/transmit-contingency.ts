import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { resolveReplacedAttempts } from "./resolve-replaced-attempts";
import { transmitOfflineDocuments } from "./transmit-offline";

export type TransmissionRound =
  | { kind: "done"; transmitted: number; resolved: number }
  /** The contingency is still active, or the authority did not answer: another round later. */
  | { kind: "pending"; transmitted: number; resolved: number; reason: string };

/**
 * One round of the company's transmission for a model, once its contingency has
 * ended: the offline NFC-e in number order (transmit-offline.ts), then the
 * numbers of replaced attempts (resolve-replaced-attempts.ts). While the
 * contingency is active nothing is sent (the authorizer is down, or the company
 * said so). Idempotent: a replay sends only what is still pending.
 */
export async function transmitContingency(input: { companyId: string; model: 55 | 65; environment: "PRODUCTION" | "HOMOLOGATION" }): Promise<TransmissionRound> {
  const active = await findActiveContingency(input.companyId, input.model);
  if (active) return { kind: "pending", transmitted: 0, resolved: 0, reason: `contingency active since ${active.since.toISOString()}` };
  const offline = input.model === 65 ? await transmitOfflineDocuments(input) : { transmitted: 0, waiting: false };
  if (offline.waiting) return { kind: "pending", transmitted: offline.transmitted, resolved: 0, reason: offline.reason ?? "more offline documents to transmit" };
  const attempts = await resolveReplacedAttempts(input);
  if (attempts.pending > 0) return { kind: "pending", transmitted: offline.transmitted, resolved: attempts.resolved, reason: attempts.reason ?? `${attempts.pending} replaced attempts wait for their substitute` };
  return { kind: "done", transmitted: offline.transmitted, resolved: attempts.resolved };
}
