import { db, type DbClient } from "@/lib/db/client";
import type { ContingencyModel } from "./contingency-mode";
import { requestContingencyTransmission } from "./request-transmission";

export type LeaveContingencyInput = {
  companyId: string;
  model: ContingencyModel;
  /** Why it ended, kept in the history ("107 - Serviço em Operação", "Encerrada manualmente"). */
  reason: string;
  /** Only this contingency (the watch run's): a later one entered meanwhile stays. */
  contingencyId?: string;
  /** Only an automatic one (the status answered 107): a contingency entered by hand is left by hand. */
  onlyAutomatic?: boolean;
};

/** Ends the active contingency of the company's model; idempotent (false when none was active). */
export async function leaveContingency(input: LeaveContingencyInput, client: DbClient = db): Promise<{ left: boolean }> {
  const { companyId, model, contingencyId, onlyAutomatic } = input;
  const ended = await client.companyContingency.updateMany({
    where: { companyId, model, endedAt: null, ...(contingencyId ? { id: contingencyId } : {}), ...(onlyAutomatic ? { automatic: true } : {}) },
    data: { endedAt: new Date(), endedReason: input.reason.slice(0, 256) },
  });
  if (ended.count === 0) return { left: false };
  await client.authorizerFailureStreak.deleteMany({ where: { companyId, model } });
  // What was issued meanwhile goes out now instead of waiting for the parked run's next round (up to 10 min away).
  const company = await client.company.findFirst({ where: { id: companyId }, select: { environment: true } });
  if (company) await requestContingencyTransmission({ companyId, model, environment: company.environment, now: true });
  return { left: true };
}
