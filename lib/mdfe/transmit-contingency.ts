import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { loadSigningCredentials } from "@/lib/certificates/signing-credentials";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { TransmissionRound } from "@/lib/emission/contingency/transmit-contingency";
import { getMdfeAuthority } from "./authority/get-mdfe-authority";
import { warnManifestContingencyDeadlines } from "./contingency-deadline";
import { clientCertificate, emitTransportManifest, MDFE_MODEL } from "./issue-manifest";

// The MDF-e issued in contingência off-line (tpEmis 2) go to the SVRS through the same
// transmission run as the offline NFC-e (lib/contingency request-transmission, inngest
// transmit-contingency, one run per company + model + environment), with the NFC-e's rule for a
// contingency entered by hand: while it lasts, the SVRS's status service is asked and the
// manifests go as soon as it answers 107 (the contingency stays on: the issuer leaves it). Each
// manifest is sent as POST …/emit sends it: its key consulted first, then the same signed XML.
// MOC MDF-e 3.00a / Ajuste SINIEF 21/10: transmitted within 168 hours of the issue.

export const MDFE_CONTINGENCY_DEADLINE_HOURS = 168;

async function svrsRunning(companyId: string, environment: "PRODUCTION" | "HOMOLOGATION"): Promise<boolean> {
  const company = await db.company.findFirstOrThrow({ where: { id: companyId }, select: { state: true } });
  let credentials;
  try {
    credentials = await loadSigningCredentials(companyId);
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
  const status = await getMdfeAuthority(environment).status({ environment, uf: company.state }, clientCertificate(credentials));
  return status.kind === "authorized" && status.cStat === "107";
}

/** One round: the company's CONTINGENCY manifests of the environment, in number order. Idempotent. */
export async function transmitContingencyManifests(input: { companyId: string; environment: "PRODUCTION" | "HOMOLOGATION" }, now = new Date()): Promise<TransmissionRound> {
  // Whatever happens next, manifests near their 168 h are warned about (transport_manifest.contingency_deadline).
  await warnManifestContingencyDeadlines(input, now);
  const active = await findActiveContingency(input.companyId, MDFE_MODEL);
  if (active && !(await svrsRunning(input.companyId, input.environment))) {
    return { kind: "pending", transmitted: 0, resolved: 0, reason: `MDF-e contingency active since ${active.since.toISOString()}` };
  }
  const waiting = await db.transportManifest.findMany({ where: { companyId: input.companyId, environment: input.environment, status: "CONTINGENCY" }, orderBy: [{ series: "asc" }, { number: "asc" }], select: { id: true } });
  let transmitted = 0;
  for (const manifest of waiting) {
    try {
      await emitTransportManifest({ companyId: input.companyId, manifestId: manifest.id });
      transmitted++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // 503: the SVRS did not answer; the rest waits for the next round. Other refusals (a status
      // changed meanwhile) leave nothing to send for this one.
      if (error.status === 503) return { kind: "pending", transmitted, resolved: 0, reason: error.message };
    }
  }
  return { kind: "done", transmitted, resolved: 0 };
}
