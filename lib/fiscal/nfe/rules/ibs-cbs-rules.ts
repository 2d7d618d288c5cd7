import { CST_REQUIRING_GIBSCBS } from "@/lib/tax/compute-ibs-cbs";
import { BOTH, firstLine, type BusinessRule } from "./business-rule";
import { amount, child, str, sumOf, type XmlFields } from "./nfe-view";

// Group UB (IBSCBS of the line) and W (IBSCBSTot): NT 2025.002 (tax reform).
// Which CSTs need the gIBSCBS group: the official CST table (ind_gIBSCBS,
// shared/fiscal/data/tables/ibscbs/cst-ibscbs.csv, version 2026-06-22).

export const ibsCbsGroupUndueRule: BusinessRule = {
  id: "UB13-20", name: "ibs-cbs-group-undue", cStat: "1021", models: BOTH,
  xMotivo: "Rejeição: Grupo de informações do IBS/CBS informado indevidamente para o CST informado [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => !!item.ibsCbs && !CST_REQUIRING_GIBSCBS.has(str(item.ibsCbs.CST)) && !!child(item.ibsCbs, "gIBSCBS") && `CST ${str(item.ibsCbs.CST)} com gIBSCBS`),
};

export const ibsCbsGroupRequiredRule: BusinessRule = {
  id: "UB13-30", name: "ibs-cbs-group-required", cStat: "1022", models: BOTH,
  xMotivo: "Rejeição: Grupo de informações do IBS/CBS não informado para o CST informado [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => !!item.ibsCbs && CST_REQUIRING_GIBSCBS.has(str(item.ibsCbs.CST)) && !child(item.ibsCbs, "gIBSCBS") && `CST ${str(item.ibsCbs.CST)} sem gIBSCBS`),
};

export const ibsCbsTotalUndueRule: BusinessRule = {
  id: "W34-10", name: "ibs-cbs-total-undue", cStat: "1118", models: BOTH,
  xMotivo: "Rejeição: Informado o grupo de total do IBS/CBS sem informação do IBS/CBS nos itens",
  check: (nfe) => (nfe.ibsCbsTot && !nfe.items.some((i) => child(i.ibsCbs, "gIBSCBS")) ? { detail: "IBSCBSTot sem gIBSCBS nos itens" } : null),
};

function ibsCbsTotalRule(spec: { id: string; name: string; cStat: string; xMotivo: string; total: (tot: XmlFields) => unknown; line: (g: XmlFields | null) => unknown }): BusinessRule {
  return {
    id: spec.id, name: spec.name, cStat: spec.cStat, xMotivo: spec.xMotivo, models: BOTH,
    check(nfe) {
      // Without any gIBSCBS the total itself is the problem (1118).
      if (!nfe.ibsCbsTot || !nfe.items.some((i) => child(i.ibsCbs, "gIBSCBS"))) return null;
      const expected = sumOf(nfe.items, (i) => spec.line(child(i.ibsCbs, "gIBSCBS")));
      const stated = amount(spec.total(nfe.ibsCbsTot));
      return expected.equals(stated) ? null : { detail: `total ${stated.toFixed(2)}, soma dos itens ${expected.toFixed(2)}` };
    },
  };
}

export const ibsTotalRule = ibsCbsTotalRule({
  id: "W47-10", name: "ibs-total", cStat: "1085", xMotivo: "Rejeição: Valor total do IBS difere do somatório dos itens",
  total: (tot) => child(tot, "gIBS")?.vIBS, line: (g) => g?.vIBS,
});

export const cbsTotalRule = ibsCbsTotalRule({
  id: "W56-10", name: "cbs-total", cStat: "1091", xMotivo: "Rejeição: Valor total da CBS difere do somatório dos itens",
  total: (tot) => child(tot, "gCBS")?.vCBS, line: (g) => child(g, "gCBS")?.vCBS,
});
