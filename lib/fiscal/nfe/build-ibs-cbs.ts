import { CST_REQUIRING_GIBSCBS } from "@/lib/tax/compute-ibs-cbs";
import type { IbsCbsRateReduction, IbsCbsTaxes, IbsCbsTotals } from "@/lib/tax/tax-shapes";
import { el } from "@/lib/fiscal/xml/xml-text";
import { money, percent } from "./format";

// IBS/CBS of the tax reform (NT 2025.002, PL_010 schemas: TTribNFe and
// TIBSCBSMonoTot). The element order below is the schema's, which is what
// other libraries get wrong (cStat 225). A CST whose table row requires
// gIBSCBS (ind_gIBSCBS 1: 000, 200, 510 …) is never written without it
// (cStat 1022): a Simples Nacional issuer (CRT 1/4) whose line has no amounts
// leaves the whole IBSCBS group out, as NT 2025.002 allows it in 2026.

/** CST 000 / cClassTrib 000001: full taxation, used when the stored line has no classification. */
export const DEFAULT_IBS_CBS_CLASSIFICATION = { cst: "000", cClassTrib: "000001" } as const;


/** gRed (TRed): written after the rate, before the amount, for a CST whose row requires it (ind_gRed 1: 011, 200, 515). */
function gRed(reduction: IbsCbsRateReduction | null | undefined): string {
  return reduction ? `<gRed>${el("pRedAliq", percent(reduction.reductionRate))}${el("pAliqEfet", percent(reduction.effectiveRate))}</gRed>` : "";
}

export function buildIbsCbs(taxes: IbsCbsTaxes, crt: "1" | "2" | "3" | "4" = "3"): string {
  const cst = taxes.cst ?? DEFAULT_IBS_CBS_CLASSIFICATION.cst;
  const cClassTrib = taxes.cClassTrib ?? DEFAULT_IBS_CBS_CLASSIFICATION.cClassTrib;
  const a = taxes.amounts;
  if (!a && CST_REQUIRING_GIBSCBS.has(cst) && (crt === "1" || crt === "4")) return "";
  // Lines without amounts (e.g. immunity, CST 410) carry only CST and cClassTrib: never zeros.
  const gIBSCBS = a
    ? "<gIBSCBS>" +
      el("vBC", money(a.base)) +
      `<gIBSUF>${el("pIBSUF", percent(a.ibsStateRate))}${gRed(a.reduction?.ibsState)}${el("vIBSUF", money(a.ibsStateAmount))}</gIBSUF>` +
      `<gIBSMun>${el("pIBSMun", percent(a.ibsMunicipalRate))}${gRed(a.reduction?.ibsMunicipal)}${el("vIBSMun", money(a.ibsMunicipalAmount))}</gIBSMun>` +
      el("vIBS", money(a.ibsAmount)) +
      `<gCBS>${el("pCBS", percent(a.cbsRate))}${gRed(a.reduction?.cbs)}${el("vCBS", money(a.cbsAmount))}</gCBS>` +
      "</gIBSCBS>"
    : "";
  return `<IBSCBS>${el("CST", cst)}${el("cClassTrib", cClassTrib)}${gIBSCBS}</IBSCBS>`;
}

const ZERO_TOTALS: IbsCbsTotals = {
  vBCIBSCBS: "0.00",
  gIBS: {
    gIBSUF: { vDif: "0.00", vDevTrib: "0.00", vIBSUF: "0.00" },
    gIBSMun: { vDif: "0.00", vDevTrib: "0.00", vIBSMun: "0.00" },
    vIBS: "0.00", vCredPres: "0.00", vCredPresCondSus: "0.00",
  },
  gCBS: { vDif: "0.00", vDevTrib: "0.00", vCBS: "0.00", vCredPres: "0.00", vCredPresCondSus: "0.00" },
};

/**
 * IBSCBSTot, the sums of the lines' gIBSCBS. NT 2025.002 W34-10/W34-20: it is
 * written exactly when a line carries an IBSCBS group (cStat 1118 without one,
 * 1119 when missing), with zeros when no line has amounts (CST 410 lines only).
 */
export function buildIbsCbsTotals(stored: IbsCbsTotals | null, anyLineWithIbsCbs: boolean): string {
  if (!anyLineWithIbsCbs) return "";
  const totals = stored ?? ZERO_TOTALS;
  const { gIBS, gCBS } = totals;
  return (
    "<IBSCBSTot>" +
    el("vBCIBSCBS", money(totals.vBCIBSCBS)) +
    "<gIBS>" +
    `<gIBSUF>${el("vDif", money(gIBS.gIBSUF.vDif))}${el("vDevTrib", money(gIBS.gIBSUF.vDevTrib))}${el("vIBSUF", money(gIBS.gIBSUF.vIBSUF))}</gIBSUF>` +
    `<gIBSMun>${el("vDif", money(gIBS.gIBSMun.vDif))}${el("vDevTrib", money(gIBS.gIBSMun.vDevTrib))}${el("vIBSMun", money(gIBS.gIBSMun.vIBSMun))}</gIBSMun>` +
    el("vIBS", money(gIBS.vIBS)) +
    el("vCredPres", money(gIBS.vCredPres)) +
    el("vCredPresCondSus", money(gIBS.vCredPresCondSus)) +
    "</gIBS>" +
    "<gCBS>" +
    el("vDif", money(gCBS.vDif)) +
    el("vDevTrib", money(gCBS.vDevTrib)) +
    el("vCBS", money(gCBS.vCBS)) +
    el("vCredPres", money(gCBS.vCredPres)) +
    el("vCredPresCondSus", money(gCBS.vCredPresCondSus)) +
    "</gCBS>" +
    "</IBSCBSTot>"
  );
}
