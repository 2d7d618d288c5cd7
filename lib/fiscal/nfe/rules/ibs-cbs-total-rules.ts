import { BOTH, type BusinessRule } from "./business-rule";
import { exact, provenEqual, sumOver } from "./exact-decimal";
import { amount, child, sumOf, type XmlFields } from "./nfe-view";

// Group W03 (IBSCBSTot): NT 2025.002-RTC v1.31, rules W34-10 to W59g-10; ids,
// cStat and xMotivo are the NT's. Each total is the sum of its lines' field.

export const ibsCbsTotalUndueRule: BusinessRule = {
  id: "W34-10", name: "ibs-cbs-total-undue", cStat: "1118", models: BOTH,
  xMotivo: "Rejeição: Total de IBS e CBS informado indevidamente",
  check: (nfe) => (nfe.ibsCbsTot && !nfe.items.some((i) => i.ibsCbs) ? { detail: "IBSCBSTot sem IBSCBS nos itens" } : null),
};

export const ibsCbsTotalMissingRule: BusinessRule = {
  id: "W34-20", name: "ibs-cbs-total-missing", cStat: "1119", models: BOTH,
  xMotivo: "Rejeição: Total de IBS e CBS não informado",
  check: (nfe) => (!nfe.ibsCbsTot && nfe.items.some((i) => i.ibsCbs) ? { detail: "itens com IBSCBS sem IBSCBSTot" } : null),
};

type Path = readonly string[];
const at = (fields: XmlFields | null, path: Path): unknown => {
  let node: XmlFields | null = fields;
  for (let i = 0; i < path.length - 1 && node; i++) node = child(node, path[i]!);
  return node?.[path[path.length - 1]!];
};

/** A total of IBSCBSTot (its path) against the sum of a field of the lines (its path from IBSCBS). */
function sumRule(spec: Pick<BusinessRule, "id" | "name" | "cStat" | "xMotivo"> & { total: Path; line: Path }): BusinessRule {
  return {
    id: spec.id, name: spec.name, cStat: spec.cStat, xMotivo: spec.xMotivo, models: BOTH,
    check(nfe) {
      if (!nfe.ibsCbsTot) return null;
      // Proven in integers for any plain amounts (exact-decimal.ts); decimal.js decides, and words, the rest.
      if (provenEqual(sumOver(nfe.items, (i) => at(i.ibsCbs, spec.line)), exact(at(nfe.ibsCbsTot, spec.total)))) return null;
      const expected = sumOf(nfe.items, (i) => at(i.ibsCbs, spec.line));
      const stated = amount(at(nfe.ibsCbsTot, spec.total));
      return expected.equals(stated) ? null : { detail: `${spec.total.join("/")} ${stated.toFixed(2)}, soma dos itens ${expected.toFixed(2)}` };
    },
  };
}

export const ibsCbsBaseTotalRule = sumRule({ id: "W35-10", name: "ibs-cbs-base-total", cStat: "1076", xMotivo: "Rejeição: Total da BC do IBS e da CBS difere da soma dos itens", total: ["vBCIBSCBS"], line: ["gIBSCBS", "vBC"] });
export const ibsStateDeferralTotalRule = sumRule({ id: "W38-10", name: "ibs-uf-deferral-total", cStat: "1077", xMotivo: "Rejeição: Total de Diferimento do IBS UF difere da soma dos itens", total: ["gIBS", "gIBSUF", "vDif"], line: ["gIBSCBS", "gIBSUF", "gDif", "vDif"] });
export const ibsStateReturnedTotalRule = sumRule({ id: "W39-10", name: "ibs-uf-returned-total", cStat: "1078", xMotivo: "Rejeição: Total Devolvido do IBS UF difere da soma dos itens", total: ["gIBS", "gIBSUF", "vDevTrib"], line: ["gIBSCBS", "gIBSUF", "gDevTrib", "vDevTrib"] });
export const ibsStateTotalRule = sumRule({ id: "W41-10", name: "ibs-uf-total", cStat: "1080", xMotivo: "Rejeição: Total de IBS UF difere da soma dos itens", total: ["gIBS", "gIBSUF", "vIBSUF"], line: ["gIBSCBS", "gIBSUF", "vIBSUF"] });
export const ibsMunicipalDeferralTotalRule = sumRule({ id: "W43-10", name: "ibs-mun-deferral-total", cStat: "1081", xMotivo: "Rejeição: Total de Diferimento do IBS Municipal difere da soma dos itens", total: ["gIBS", "gIBSMun", "vDif"], line: ["gIBSCBS", "gIBSMun", "gDif", "vDif"] });
export const ibsMunicipalReturnedTotalRule = sumRule({ id: "W44-10", name: "ibs-mun-returned-total", cStat: "1082", xMotivo: "Rejeição: Total Devolvido do IBS Municipal difere da soma dos itens", total: ["gIBS", "gIBSMun", "vDevTrib"], line: ["gIBSCBS", "gIBSMun", "gDevTrib", "vDevTrib"] });
export const ibsMunicipalTotalRule = sumRule({ id: "W46-10", name: "ibs-mun-total", cStat: "1084", xMotivo: "Rejeição: Total de IBS Municipal difere da soma dos itens", total: ["gIBS", "gIBSMun", "vIBSMun"], line: ["gIBSCBS", "gIBSMun", "vIBSMun"] });
export const ibsTotalRule = sumRule({ id: "W47-10", name: "ibs-total", cStat: "1085", xMotivo: "Rejeição: Total do IBS difere da soma do vIBS dos itens", total: ["gIBS", "vIBS"], line: ["gIBSCBS", "vIBS"] });
export const ibsPresumedCreditTotalRule = sumRule({ id: "W48-10", name: "ibs-presumed-credit-total", cStat: "1086", xMotivo: "Rejeição: Total de Crédito Presumido do IBS UF difere da soma dos itens", total: ["gIBS", "vCredPres"], line: ["gCredPresOper", "gIBSCredPres", "vCredPres"] });
export const cbsDeferralTotalRule = sumRule({ id: "W53-10", name: "cbs-deferral-total", cStat: "1088", xMotivo: "Rejeição: Total de Diferimento da CBS difere da soma dos itens", total: ["gCBS", "vDif"], line: ["gIBSCBS", "gCBS", "gDif", "vDif"] });
export const cbsReturnedTotalRule = sumRule({ id: "W54-10", name: "cbs-returned-total", cStat: "1089", xMotivo: "Rejeição: Total Devolvido da CBS difere da soma dos itens", total: ["gCBS", "vDevTrib"], line: ["gIBSCBS", "gCBS", "gDevTrib", "vDevTrib"] });
export const cbsTotalRule = sumRule({ id: "W56-10", name: "cbs-total", cStat: "1091", xMotivo: "Rejeição: Total de CBS difere da soma dos itens", total: ["gCBS", "vCBS"], line: ["gIBSCBS", "gCBS", "vCBS"] });
export const cbsPresumedCreditTotalRule = sumRule({ id: "W56a-10", name: "cbs-presumed-credit-total", cStat: "1087", xMotivo: "Rejeição: Total de Crédito Presumido da CBS difere da soma dos itens", total: ["gCBS", "vCredPres"], line: ["gCredPresOper", "gCBSCredPres", "vCredPres"] });
// Monophasic IBS/CBS (gMono) and credit reversal (gEstornoCred): we never write them, but a total stated without its lines is refused.
export const ibsMonoTotalRule = sumRule({ id: "W58-10", name: "ibs-mono-total", cStat: "1092", xMotivo: "Rejeição: Total do IBS monofásico difere da soma dos itens", total: ["gMono", "vIBSMono"], line: ["gIBSCBSMono", "gMonoPadrao", "vIBSMono"] });
export const cbsMonoTotalRule = sumRule({ id: "W59-10", name: "cbs-mono-total", cStat: "1093", xMotivo: "Rejeição: Total da CBS monofásica difere da soma dos itens", total: ["gMono", "vCBSMono"], line: ["gIBSCBSMono", "gMonoPadrao", "vCBSMono"] });
export const ibsMonoWithheldTotalRule = sumRule({ id: "W59a-10", name: "ibs-mono-withheld-total", cStat: "1120", xMotivo: "Rejeição: Total do IBS monofásico sujeito a retenção difere da soma dos itens", total: ["gMono", "vIBSMonoReten"], line: ["gIBSCBSMono", "gMonoReten", "vIBSMonoReten"] });
export const cbsMonoWithheldTotalRule = sumRule({ id: "W59b-10", name: "cbs-mono-withheld-total", cStat: "1121", xMotivo: "Rejeição: Total da CBS monofásica sujeita a retenção difere da soma dos itens", total: ["gMono", "vCBSMonoReten"], line: ["gIBSCBSMono", "gMonoReten", "vCBSMonoReten"] });
export const ibsMonoPreviouslyWithheldTotalRule = sumRule({ id: "W59c-10", name: "ibs-mono-previously-withheld-total", cStat: "1122", xMotivo: "Rejeição: Total do IBS monofásico retido anteriormente difere da soma dos itens", total: ["gMono", "vIBSMonoRet"], line: ["gIBSCBSMono", "gMonoRet", "vIBSMonoRet"] });
export const cbsMonoPreviouslyWithheldTotalRule = sumRule({ id: "W59d-10", name: "cbs-mono-previously-withheld-total", cStat: "1123", xMotivo: "Rejeição: Total da CBS monofásica retida anteriormente difere da soma dos itens", total: ["gMono", "vCBSMonoRet"], line: ["gIBSCBSMono", "gMonoRet", "vCBSMonoRet"] });
export const ibsReversalTotalRule = sumRule({ id: "W59f-10", name: "ibs-credit-reversal-total", cStat: "1176", xMotivo: "Rejeição: Total do IBS estornado difere da soma dos itens", total: ["gEstornoCred", "vIBSEstCred"], line: ["gEstornoCred", "vIBSEstCred"] });
export const cbsReversalTotalRule = sumRule({ id: "W59g-10", name: "cbs-credit-reversal-total", cStat: "1177", xMotivo: "Rejeição: Total da CBS estornada difere da soma dos itens", total: ["gEstornoCred", "vCBSEstCred"], line: ["gEstornoCred", "vCBSEstCred"] });
