import type { DifalTaxes } from "@/lib/tax/tax-shapes";
import { el } from "@/lib/fiscal/xml/xml-text";
import { money, percent } from "./format";

/**
 * ICMSUFDest (EC 87/2015, NT 2015.003): the DIFAL of an interstate sale to a
 * non-contributor final consumer. pICMSInter is one of the schema's values
 * "4.00", "7.00", "12.00"; the FCP fields are left out when the destination
 * applies no FCP (a zero pFCPUFDest is cStat 880).
 */
export function buildIcmsUfDest(difal: DifalTaxes | null | undefined, nItem: number): string {
  if (!difal) return "";
  const withFcp = difal.fcpRate !== null && difal.fcpAmount !== null;
  return (
    "<ICMSUFDest>" +
    el("vBCUFDest", money(difal.base, `item ${nItem} vBCUFDest`)) +
    (withFcp ? el("vBCFCPUFDest", money(difal.fcpBase ?? difal.base)) + el("pFCPUFDest", percent(difal.fcpRate!)) : "") +
    el("pICMSUFDest", percent(difal.destinationRate)) +
    el("pICMSInter", Number(difal.interstateRate).toFixed(2)) +
    el("pICMSInterPart", percent(difal.partitionRate)) +
    (withFcp ? el("vFCPUFDest", money(difal.fcpAmount!)) : "") +
    el("vICMSUFDest", money(difal.destinationAmount)) +
    el("vICMSUFRemet", money(difal.originAmount)) +
    "</ICMSUFDest>"
  );
}
