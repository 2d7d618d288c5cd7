import { loadSigningCredentials } from "@/lib/certificates";
import { env } from "@/lib/config/env";
import { checkServiceStatus } from "@/lib/authority/service-status";
import type { ClientCertificate, StatusResult } from "@/lib/authority/types";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { findActiveContingency } from "./active-contingency";
import type { AutomaticContingencyModel } from "./contingency-mode";
import { queueWatch } from "./enter-contingency";
import { applyStatusAnswer } from "./status-answers";

export type WatchTarget = { companyId: string; model: AutomaticContingencyModel; contingencyId: string };
export type WatchCheck = { done: boolean; cStat: string | null };

/**
 * One look of the watch run: while the automatic contingency it watches is
 * active, asks the authorizer's status service (through the shared cache, at
 * most one call per CONTINGENCY_STATUS_CHECK_SECONDS per authorizer, and never
 * during a 656 pause) and leaves the contingency on 107. Done when it ended,
 * by this look or otherwise (by hand, or replaced by a manual one).
 */
export async function checkContingencyReturn(target: WatchTarget): Promise<WatchCheck> {
  const { companyId, model, contingencyId } = target;
  const active = await findActiveContingency(companyId, model);
  if (!active || active.id !== contingencyId || !active.automatic) return { done: true, cStat: null };
  const asked = await askAuthorizerStatus(companyId, model);
  if (!asked) return { done: true, cStat: null };
  const change = await applyStatusAnswer(companyId, asked.state, model, asked.result);
  const cStat = asked.result.cStat ?? null;
  if (change === "left") return { done: true, cStat };
  // Still active, unless ended meanwhile by another path.
  const still = await findActiveContingency(companyId, model);
  return { done: !still || still.id !== contingencyId, cStat };
}

/**
 * The company's own authorizer's status for the model, through the shared cache (at most one
 * call per CONTINGENCY_STATUS_CHECK_SECONDS per authorizer, none during a 656 pause); null when
 * the company is gone. No answer is a communication_failure result, never a throw.
 */
export async function askAuthorizerStatus(companyId: string, model: AutomaticContingencyModel): Promise<{ state: string; result: StatusResult } | null> {
  const company = await db.company.findFirst({ where: { id: companyId }, select: { state: true, environment: true } });
  if (!company) return null;
  let certificate: ClientCertificate | undefined;
  try {
    certificate = await loadSigningCredentials(companyId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const maxAgeMs = env().CONTINGENCY_STATUS_CHECK_SECONDS * 1000;
  let result: StatusResult;
  try {
    ({ result } = await checkServiceStatus({ uf: company.state, environment: company.environment, model, certificate }, undefined, { companyId, maxAgeMs }));
  } catch (error) {
    result = { kind: "communication_failure", reason: (error as Error).message };
  }
  return { state: company.state, result };
}

/** A long outage: the watch goes on in a fresh run (its step memo stays small). */
export async function continueWatch(target: WatchTarget): Promise<void> {
  const active = await findActiveContingency(target.companyId, target.model);
  if (active && active.id === target.contingencyId) await queueWatch(db, target);
}
