import { getPool } from "@/lib/db/client";
import type { EmissionRun } from "@/lib/emission/outcomes";
import { settleContingency, type Settled } from "@/lib/emission/settle-emission";
import type { SendSource } from "@/lib/emission/send-for-authorization";
import { requestContingencyTransmission } from "@/lib/contingency/request-transmission";

/**
 * The NFC-e was built with tpEmis 9, dhCont and xJust, signed and stored with its
 * offline QR-Code: it becomes CONTINGENCY (document.contingency) and the company's
 * transmission run is asked for, which sends it once the authorizer answers.
 */
export async function issueOffline(run: EmissionRun, source: SendSource): Promise<Settled> {
  const settled = await settleContingency(getPool(), run, {
    ...source,
    contingencyMode: source.contingencyMode ?? "OFFLINE",
    contingencySince: source.contingencySince ?? null,
    contingencyReason: source.contingencyReason ?? null,
  });
  // Asked for even when a replay finds the document already settled (a crash between the two):
  // a queued run is not duplicated, and no offline NFC-e is left without one.
  await requestContingencyTransmission({ companyId: run.companyId, model: 65, environment: source.environment });
  return settled;
}
