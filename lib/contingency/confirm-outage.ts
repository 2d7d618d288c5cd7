import { isMisuse } from "@/lib/authority/misuse-pause";
import { checkServiceStatus } from "@/lib/authority/service-status";
import type { AuthorityEnvironment, ClientCertificate, StatusResult, TaxAuthority } from "@/lib/authority/types";
import { findActiveContingency } from "./active-contingency";
import { asJustification, authorizerLabel, type AutomaticContingencyModel } from "./contingency-mode";
import { enterContingency } from "./enter-contingency";
import { applyStatusAnswer } from "./status-answers";

/**
 * How old a shared status answer may be to settle whether a send that got no
 * answer met an outage: one answer per authorizer per 15 s at most, whatever
 * the number of companies (service-status.ts's cache), yet young enough that
 * an authorizer that fell a minute ago is not taken for up by its last 107.
 */
export const OUTAGE_CONFIRMATION_MAX_AGE_MS = 15_000;

export type OutageQuery = { companyId: string; uf: string; environment: AuthorityEnvironment; model: AutomaticContingencyModel; certificate: ClientCertificate };

export type OutageConfirmation = { inContingency: boolean; status: StatusResult | null };

/**
 * After a send to the company's own authorizer got no answer: asks the
 * authorizer's status service at once (through the shared status cache) rather
 * than waiting for more failed sends (issue 50 item 3: a company that issues a
 * few NF-e a day never reached 3 failures in 120 s). 108/109 enter contingency
 * for the model (applyStatusAnswer); no answer from the status service either
 * enters it too: neither of the authorizer's services answers. 107 changes
 * nothing (the send is retried normally), nor does a 656 pause (not an outage).
 * Entry is automatic, so only when the company's contingencyAutomatic is on.
 */
export async function confirmOutageByStatus(query: OutageQuery, authority?: TaxAuthority): Promise<OutageConfirmation> {
  const { companyId, uf, environment, model, certificate } = query;
  const active = await findActiveContingency(companyId, model);
  if (active) return { inContingency: true, status: null };
  let result: StatusResult;
  try {
    ({ result } = await checkServiceStatus({ uf, environment, model, certificate }, authority, { companyId, maxAgeMs: OUTAGE_CONFIRMATION_MAX_AGE_MS }));
  } catch (error) {
    result = { kind: "communication_failure", reason: (error as Error).message };
  }
  if (result.kind === "communication_failure" && !isMisuse(result) && !result.cStat) {
    const reason = asJustification(`${authorizerLabel(uf, model)} sem resposta: autorização e consulta de status sem resposta (${result.reason})`);
    await enterContingency({ companyId, model, automatic: true, reason });
  } else {
    await applyStatusAnswer(companyId, uf, model, result);
  }
  return { inContingency: (await findActiveContingency(companyId, model)) !== null, status: result };
}
