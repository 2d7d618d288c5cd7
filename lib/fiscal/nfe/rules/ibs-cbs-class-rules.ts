import { IBS_CBS_CLASSES, IBS_CBS_CSTS, REGULAR_TAXATION_CLASSES } from "@/lib/tax/data/ibs-cbs-classifications";
import { BOTH, firstLine, type BusinessRule } from "./business-rule";
import { amount, child, str, type NfeView, type NfeViewItem, type XmlFields } from "./nfe-view";

// The classification of an IBS/CBS line (UB14) and its regular-taxation group
// (gTribRegular, UB68 to UB72d): NT 2025.002-RTC v1.31, rule tables of group UB;
// ids, cStat and xMotivo are the NT's. The classes, their CST and their use per
// model come from the official cClassTrib table (lib/tax/data/ibs-cbs-classifications.ts).

const CENTAVO = 0.01;

const classOf = (item: NfeViewItem) => str(item.ibsCbs?.cClassTrib);
const cstOf = (item: NfeViewItem) => str(item.ibsCbs?.CST);
/** Lines whose IBSCBS group informs a cClassTrib. */
const firstClassifiedLine = (nfe: NfeView, test: (cClassTrib: string, item: NfeViewItem) => string | false) =>
  firstLine(nfe, (item) => !!item.ibsCbs && classOf(item) !== "" && test(classOf(item), item));

export const classificationUnknownRule: BusinessRule = {
  id: "UB14-10", name: "ibs-cbs-class-unknown", cStat: "1023", models: BOTH,
  xMotivo: "Rejeição: Classificação Tributária do IBS/CBS informada inexistente [nItem:999]",
  check: (nfe) => firstClassifiedLine(nfe, (cClassTrib) => !IBS_CBS_CLASSES[cClassTrib] && `cClassTrib ${cClassTrib} fora da tabela`),
};

export const classificationCstRule: BusinessRule = {
  id: "UB14-20", name: "ibs-cbs-class-cst", cStat: "1024", models: BOTH,
  // The NT's text repeats "Rejeição:"; SEFAZ answers it once.
  xMotivo: "Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado [nItem:999]",
  check: (nfe) =>
    firstClassifiedLine(nfe, (cClassTrib, item) => {
      const row = IBS_CBS_CLASSES[cClassTrib];
      return !!row && row.cst !== cstOf(item) && `cClassTrib ${cClassTrib} é do CST ${row.cst}, informado CST ${cstOf(item)}`;
    }),
};

export const classificationModelRule: BusinessRule = {
  id: "UB14-25", name: "ibs-cbs-class-model", cStat: "1025", models: BOTH,
  xMotivo: "Rejeição: CST cClassTrib do IBS/CBS não permitido neste modelo de DFe [nItem:999]",
  check: (nfe) =>
    firstClassifiedLine(nfe, (cClassTrib) => {
      const row = IBS_CBS_CLASSES[cClassTrib];
      const allowed = nfe.model === "55" ? row?.nfe : row?.nfce;
      return !!row && !allowed && `cClassTrib ${cClassTrib} não permitido no modelo ${nfe.model}`;
    }),
};

const gTribRegularOf = (item: NfeViewItem) => child(child(item.ibsCbs, "gIBSCBS"), "gTribRegular");

export const regularTaxationMissingRule: BusinessRule = {
  id: "UB68-10", name: "ibs-cbs-regular-missing", cStat: "1065", models: BOTH,
  xMotivo: "Rejeição: Classificação Tributária do IBS e da CBS informada obriga informação da tributação regular [nItem:999]",
  check: (nfe) => firstClassifiedLine(nfe, (cClassTrib, item) => REGULAR_TAXATION_CLASSES.has(cClassTrib) && !gTribRegularOf(item) && `cClassTrib ${cClassTrib} sem gTribRegular`),
};

export const regularTaxationUndueRule: BusinessRule = {
  id: "UB68-11", name: "ibs-cbs-regular-undue", cStat: "1114", models: BOTH,
  xMotivo: "Rejeição: Classificação Tributária do IBS e da CBS informada não permite informação da tributação regular [nItem:999]",
  check: (nfe) => firstLine(nfe, (item) => !REGULAR_TAXATION_CLASSES.has(classOf(item)) && !!gTribRegularOf(item) && `cClassTrib ${classOf(item)} com gTribRegular`),
};

/** The first line with gTribRegular for which `test` finds a problem. */
const firstRegularLine = (nfe: NfeView, test: (group: XmlFields, item: NfeViewItem) => string | false) =>
  firstLine(nfe, (item) => {
    const group = gTribRegularOf(item);
    return !!group && test(group, item);
  });

export const regularCstUnknownRule: BusinessRule = {
  id: "UB69-10", name: "ibs-cbs-regular-cst-unknown", cStat: "1066", models: BOTH,
  xMotivo: "Rejeição: CST do IBS e da CBS informado no grupo de tributação regular inexistente [nItem:999]",
  check: (nfe) => firstRegularLine(nfe, (g) => !IBS_CBS_CSTS.has(str(g.CSTReg)) && `CSTReg ${str(g.CSTReg)} fora da tabela`),
};

export const regularClassUnknownRule: BusinessRule = {
  id: "UB70-10", name: "ibs-cbs-regular-class-unknown", cStat: "1067", models: BOTH,
  xMotivo: "Rejeição: Classificação Tributária do IBS e da CBS informada no grupo de tributação regular inexistente [nItem:999]",
  check: (nfe) => firstRegularLine(nfe, (g) => !IBS_CBS_CLASSES[str(g.cClassTribReg)] && `cClassTribReg ${str(g.cClassTribReg)} fora da tabela`),
};

/** UB72-10, UB72b-10, UB72d-10: vTribReg… = gIBSCBS/vBC × pAliqEfetReg… / 100, R$ 0.01 of tolerance. */
function regularAmountRule(text: Pick<BusinessRule, "id" | "name" | "cStat" | "xMotivo">, rate: string, value: string): BusinessRule {
  return {
    ...text, models: BOTH,
    check: (nfe) =>
      firstRegularLine(nfe, (g, item) => {
        const expected = amount(child(item.ibsCbs, "gIBSCBS")!.vBC).times(amount(g[rate])).dividedBy(100);
        return expected.minus(amount(g[value])).abs().greaterThan(CENTAVO) && `${value} ${str(g[value])}, calculado ${expected.toFixed(2)}`;
      }),
  };
}

export const regularStateAmountRule = regularAmountRule(
  { id: "UB72-10", name: "ibs-uf-regular-amount", cStat: "1040", xMotivo: "Rejeição: Valor do Tributo Regular da UF difere do calculado [nItem:999]" }, "pAliqEfetRegIBSUF", "vTribRegIBSUF");
export const regularMunicipalAmountRule = regularAmountRule(
  { id: "UB72b-10", name: "ibs-mun-regular-amount", cStat: "1051", xMotivo: "Rejeição: Valor do Tributo Regular do Município difere do calculado [nItem:999]" }, "pAliqEfetRegIBSMun", "vTribRegIBSMun");
export const regularCbsAmountRule = regularAmountRule(
  { id: "UB72d-10", name: "cbs-regular-amount", cStat: "1068", xMotivo: "Rejeição: Valor do Tributo Regular da CBS difere do calculado [nItem:999]" }, "pAliqEfetRegCBS", "vTribRegCBS");
