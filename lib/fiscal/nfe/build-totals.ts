import { el } from "@/lib/fiscal/xml/xml-text";
import { buildIbsCbs, buildIbsCbsTotals } from "./build-ibs-cbs";
import { isPositive, money } from "./format";
import type { NfeInput } from "./types";

const ICMS_TOT_FIELDS = [
  "vBC", "vICMS", "vICMSDeson", "vFCP", "vBCST", "vST", "vFCPST", "vFCPSTRet", "vProd", "vFrete", "vSeg",
  "vDesc", "vII", "vIPI", "vIPIDevol", "vPIS", "vCOFINS", "vOutro", "vNF",
] as const;

/** vFCPUFDest, vICMSUFDest, vICMSUFRemet: only when a line carries ICMSUFDest (otherwise rule 695/798-800 territory). */
function difalTotals(input: NfeInput): string {
  const t = input.totals.icmsTot;
  if (t.vICMSUFDest === undefined) return "";
  return el("vFCPUFDest", money(t.vFCPUFDest ?? "0.00")) + el("vICMSUFDest", money(t.vICMSUFDest)) + el("vICMSUFRemet", money(t.vICMSUFRemet ?? "0.00"));
}

/** total: ICMSTot (in the layout's order) and IBSCBSTot, both from the stored totals. */
export function buildTotal(input: NfeInput): string {
  const t = input.totals.icmsTot;
  const icmsTot = ICMS_TOT_FIELDS.map((name) => el(name, money(t[name], `ICMSTot/${name}`)) + (name === "vICMSDeson" ? difalTotals(input) : "")).join("");
  const vTotTrib = isPositive(input.totals.approximateTaxes) ? el("vTotTrib", money(input.totals.approximateTaxes)) : "";
  const anyLineWithIbsCbs = input.items.some((item) => buildIbsCbs(item.taxes.ibsCbs, input.issuer.crt) !== "");
  return `<total><ICMSTot>${icmsTot}${vTotTrib}</ICMSTot>${buildIbsCbsTotals(input.totals.ibsCbsTot, anyLineWithIbsCbs)}</total>`;
}
