import { CST_REQUIRING_GIBSCBS } from "@/lib/tax/compute-ibs-cbs";
import type { IbsCbsTaxes, IbsCbsTotals } from "@/lib/tax/tax-shapes";
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


export function buildIbsCbs(taxes: IbsCbsTaxes, crt: "1" | "2" | "3" | "4" = "3"): string {
  const cst = taxes.cst ?? DEFAULT_IBS_CBS_CLASSIFICATION.cst;
  const cClassTrib = taxes.cClassTrib ?? DEFAULT_IBS_CBS_CLASSIFICATION.cClassTrib;
  const a = taxes.amounts;
  if (!a && CST_REQUIRING_GIBSCBS.has(cst) && (crt === "1" || crt === "4")) return "";
  // Lines without amounts (e.g. immunity, CST 410) carry only CST and cClassTrib: never zeros.
  const gIBSCBS = a
    ? "<gIBSCBS>" +
      el("vBC", money(a.base)) +
      `<gIBSUF>${el("pIBSUF", percent(a.ibsStateRate))}${el("vIBSUF", money(a.ibsStateAmount))}</gIBSUF>` +
      `<gIBSMun>${el("pIBSMun", percent(a.ibsMunicipalRate))}${el("vIBSMun", money(a.ibsMunicipalAmount))}</gIBSMun>` +
      el("vIBS", money(a.ibsAmount)) +
      `<gCBS>${el("pCBS", percent(a.cbsRate))}${el("vCBS", money(a.cbsAmount))}</gCBS>` +
      "</gIBSCBS>"
    : "";
  return `<IBSCBS>${el("CST", cst)}${el("cClassTrib", cClassTrib)}${gIBSCBS}</IBSCBS>`;
}

/**
 * IBSCBSTot, the sums of the lines' gIBSCBS. Left out when no line carries
 * amounts (stored totals null): SEFAZ refuses a total with no line behind it
 * (cStat 1118, "Total de IBS e CBS informado indevidamente").
 */
export function buildIbsCbsTotals(totals: IbsCbsTotals | null): string {
  if (!totals) return "";
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
