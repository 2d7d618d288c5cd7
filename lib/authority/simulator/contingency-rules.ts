import { STATES } from "@/lib/br";
import { contingencyFor } from "../endpoints";

// Which authorizer may take an NF-e issued in contingency (NT 2013.007; MOC 7.0
// Anexo I, B22): tpEmis 6 only at SVC-AN and 7 only at SVC-RS, each only for
// the states it is the contingency authorizer of; an NFC-e never at an SVC
// (offline is its contingency); an online authorizer refuses 6/7. `addressed`:
// the authorizers whose tables list the URL path called (SVC-RS shares SVRS's).

export type ContingencyRefusal = { cStat: string; xMotivo: string };

export function contingencyRefusal(input: { tpEmis: string; model: number; cUF: string }, addressed: ReadonlySet<string> | undefined): ContingencyRefusal | null {
  if (!addressed || (input.tpEmis !== "6" && input.tpEmis !== "7")) return null;
  const atSvc = addressed.has("SVCAN") || addressed.has("SVCRS");
  if (!atSvc) return { cStat: "570", xMotivo: "Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC" };
  if (input.model === 65) return { cStat: "783", xMotivo: "Rejeição: NFC-e não é autorizada pela SVC" };
  const expected = input.tpEmis === "6" ? "SVCAN" : "SVCRS";
  if (!addressed.has(expected)) return { cStat: "713", xMotivo: "Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada" };
  const uf = STATES.find((state) => state.cUF === input.cUF)?.uf;
  const svc = expected === "SVCAN" ? "SVC-AN" : "SVC-RS";
  if (!uf || contingencyFor(uf) !== svc) return { cStat: "114", xMotivo: `${svc} desabilitada pela SEFAZ de Origem` };
  return null;
}
