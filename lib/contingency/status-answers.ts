import { checkCompanyServiceStatus, type ServiceStatusCheck } from "@/lib/authority/service-status";
import type { StatusResult } from "@/lib/authority/types";
import { db, type DbClient } from "@/lib/db/client";
import { asJustification, authorizerLabel, type ContingencyModel } from "./contingency-mode";
import { enterContingency } from "./enter-contingency";
import { leaveContingency } from "./leave-contingency";

/** 108 "Serviço Paralisado Momentaneamente (curto prazo)", 109 "Serviço Paralisado sem Previsão" (MOC 7.0, Anexo I). */
export const STATUS_OUTAGE: ReadonlySet<string> = new Set(["108", "109"]);
/** 107 "Serviço em Operação". */
export const STATUS_RUNNING = "107";

export type StatusSwitch = "entered" | "left" | null;

/** "SEFAZ-SP indisponível: 108 - Serviço Paralisado Momentaneamente": the xJust of an automatic entry by the status. */
export function outageReason(uf: string, model: ContingencyModel, cStat: string, reason?: string): string {
  const detail = (reason ?? "").replace(new RegExp(`^${cStat}\\s*-?\\s*`), "").trim() || (cStat === "109" ? "Serviço Paralisado sem Previsão" : "Serviço Paralisado Momentaneamente");
  return asJustification(`${authorizerLabel(uf, model)} indisponível: ${cStat} - ${detail}`);
}

/**
 * What a status answer of the company's own authorizer (not its SVC) means for
 * its contingency: 108/109 enter it (when automatic entry is on), 107 ends an
 * automatic one. Anything else (no answer, 656, a placeholder) changes nothing.
 */
export async function applyStatusAnswer(companyId: string, uf: string, model: ContingencyModel, result: StatusResult, client: DbClient = db): Promise<StatusSwitch> {
  if (result.kind === "authorized" && result.cStat === STATUS_RUNNING) {
    const { left } = await leaveContingency({ companyId, model, onlyAutomatic: true, reason: `${STATUS_RUNNING} - ${result.reason || "Serviço em Operação"}` }, client);
    return left ? "left" : null;
  }
  const cStat = result.kind === "authorized" ? null : result.cStat;
  if (cStat && STATUS_OUTAGE.has(cStat)) {
    const { entered } = await enterContingency({ companyId, model, automatic: true, reason: outageReason(uf, model, cStat, result.reason) }, client);
    return entered ? "entered" : null;
  }
  return null;
}

/**
 * The company's status checks (service-status.ts, shared cache and 656 pauses
 * respected) with their consequence for its contingency applied: the dashboard's
 * status page and card, and the CLI, call this instead of checkCompanyServiceStatus.
 */
export async function checkCompanyStatusAndSwitch(companyId: string, client: DbClient = db, options: { maxAgeMs?: number } = {}): Promise<{ certificate: boolean; checks: ServiceStatusCheck[] }> {
  const status = await checkCompanyServiceStatus(companyId, client, options);
  for (const check of status.checks) {
    if (check.contingency !== null) continue;
    await applyStatusAnswer(companyId, check.uf, check.model, check.result, client);
  }
  return status;
}
