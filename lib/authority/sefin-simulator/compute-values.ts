import type Decimal from "decimal.js";
import { dec, money, percentOf, roundMoney, sum, ZERO } from "@/lib/tax/decimal";
import type { ReceivedDps } from "./read-dps";

// What Sefin computes on success (NFS-e valores: vBC, pAliqAplic, vISSQN,
// vTotalRet, vLiq). The simulator's municipal parameters: every municipality
// is "ATIVO" in the national system and applies SIMULATOR_MUNICIPAL_ISS_RATE to
// every service, so a não optante sends no pAliq (E0617) and gets this rate.
// An ME/EPP paying ISS inside the Simples (regApTribSN 1) without withholding,
// and an MEI, have no ISS on the NFS-e (it is paid in the DAS).

export const SIMULATOR_MUNICIPAL_ISS_RATE = "5.00";

export type NfseValues = { vBC: string | null; pAliqAplic: string | null; vISSQN: string | null; vTotalRet: string | null; vLiq: string; issRetained: boolean };

/** vDR, or vCalcDR = (vServ - vDescIncond) × pDR (Anexo I, vBC); zero without vDedRed. */
export function deductionValue(dps: ReceivedDps): Decimal {
  if (dps.vDR !== null) return dec(dps.vDR);
  if (dps.pDR !== null) return roundMoney(percentOf(dec(dps.vServ).minus(dec(dps.vDescIncond ?? "0")), dec(dps.pDR)));
  return ZERO;
}

export function computeNfseValues(dps: ReceivedDps): NfseValues {
  const vServ = dec(dps.vServ);
  const base = vServ.minus(dec(dps.vDescIncond ?? "0")).minus(deductionValue(dps));
  const issInsideSimples = (dps.prest.opSimpNac === "3" && dps.prest.regApTribSN === "1" && dps.tpRetISSQN === "1") || dps.prest.opSimpNac === "2";
  const taxable = dps.tribISSQN === "1" && !issInsideSimples;
  const rate = taxable ? dec(dps.pAliq ?? SIMULATOR_MUNICIPAL_ISS_RATE) : null;
  const vISSQN = rate ? percentOf(base, rate) : null;
  const issRetained = dps.tpRetISSQN !== "1";
  const r = dps.retentions;
  const federal = [r.vRetCP, r.vRetIRRF, r.vRetCSLL, ...(r.pisCofinsRetained ? [r.vPis, r.vCofins] : [])].map((v) => dec(v ?? "0"));
  const totalRet = sum([issRetained && vISSQN ? vISSQN : ZERO, ...federal]);
  const vLiq = vServ.minus(dec(dps.vDescIncond ?? "0")).minus(dec(dps.vDescCond ?? "0")).minus(totalRet);
  return {
    vBC: rate ? money(base) : null,
    pAliqAplic: rate ? rate.toFixed(2) : null,
    vISSQN: vISSQN ? money(vISSQN) : null,
    vTotalRet: totalRet.isZero() ? null : money(totalRet),
    vLiq: money(vLiq),
    issRetained,
  };
}
