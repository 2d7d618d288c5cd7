import type { ContingencyMode } from "@prisma/client";
import type { AuthorityTarget } from "@/lib/authority";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { svcOf } from "@/lib/contingency/contingency-mode";

// Which authority receives an event (or a consultation) of an NF-e authorized in
// contingency (issue 50 item 6). The SEFAZ Virtual de Contingência only serves what
// it authorized, and only while the home SEFAZ keeps it active: "CONSULTA CHAVE: … somente
// para as NF-e autorizadas pela própria SVC. CANCELAMENTO: … somente para as NF-e
// autorizadas pela própria SVC. CC-e: NÃO será disponibilizada nesse novo ambiente, … poderá
// ser transmitida para a SEFAZ/CE após a sincronização entre os ambientes. INUTILIZAÇÃO: …
// NÃO será disponibilizado pela SVC" (SEFAZ-CE, "Modalidades de contingência", after NT
// 2013.007 and MOC 7.0's SVC section). Once the SVC is deactivated the SVC's documents are
// synchronized to the home authorizer, which then receives every event. We know the SVC is
// active for the state by the company's active NF-e contingency (an SVC is activated by the
// home SEFAZ only while it is down). Offline NFC-e (tpEmis 9) and documents issued normally:
// always the home authorizer.

/** Cancelamento (110111): the one event an SVC receives. */
const SVC_EVENTS: ReadonlySet<string> = new Set(["110111"]);

type EventSubject = { companyId: string; type: string; environment: "PRODUCTION" | "HOMOLOGATION"; contingencyMode?: ContingencyMode | null };

/** The authority for this event (tpEvento) of the document, or for its consultation (tpEvento null). */
export async function eventAuthorityTarget(document: EventSubject, state: string, tpEvento: string | null): Promise<AuthorityTarget> {
  const model = document.type === "NFCE" ? 65 : 55;
  const home: AuthorityTarget = { uf: state, environment: document.environment, model };
  const svc = svcOf(document.contingencyMode);
  if (!svc || model !== 55 || (tpEvento !== null && !SVC_EVENTS.has(tpEvento))) return home;
  const active = await findActiveContingency(document.companyId, 55);
  return active ? { ...home, contingency: svc } : home;
}
