import { CST_REQUIRING_GIBSCBS } from "../build-ibs-cbs";
import { BOTH, firstLine, type BusinessRule } from "./business-rule";
import { child, str, sumOf, amount } from "./nfe-view";

// Group UB (IBSCBS of the line) and W (IBSCBSTot): NT 2025.002 (tax reform).
// Which CSTs need the gIBSCBS group: the official CST table (ind_gIBSCBS,
// shared/fiscal/data/tables/ibscbs/cst-ibscbs.csv, version 2026-06-22).

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

export const ibsCbsBaseTotalRule: BusinessRule = {
  id: "W35-10", name: "ibs-cbs-total-base", cStat: "1104", models: BOTH,
  xMotivo: "Rejeição: Valor da Base de Cálculo do IBS/CBS difere do somatório dos itens",
  check(nfe) {
    if (!nfe.ibsCbsTot || !nfe.items.some((i) => child(i.ibsCbs, "gIBSCBS"))) return null;
    const expected = sumOf(nfe.items, (i) => child(i.ibsCbs, "gIBSCBS")?.vBC);
    const stated = amount(nfe.ibsCbsTot.vBCIBSCBS);
    return expected.equals(stated) ? null : { detail: `vBCIBSCBS ${stated.toFixed(2)}, soma ${expected.toFixed(2)}` };
  },
};
