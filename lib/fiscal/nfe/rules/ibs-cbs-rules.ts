import Decimal from "decimal.js";
import { CST_REQUIRING_GIBSCBS } from "@/lib/tax/compute-ibs-cbs";
import { statutoryIbsCbsRatesOn } from "@/lib/tax/data/reform-rates";
import { CST_REQUIRING_DEFERRAL, CST_REQUIRING_GRED, RATE_REDUCTIONS, REGULAR_TAXATION_CLASSES } from "@/lib/tax/data/ibs-cbs-classifications";
import { Dec } from "@/lib/tax/decimal";
import { BOTH, firstLine, type BusinessRule } from "./business-rule";
import { exact, minus, percentOf, plus, provenEqual, provenWithinCentavo, sumExact } from "./exact-decimal";
import { amount, child, has, str, type NfeView, type NfeViewItem, type XmlFields } from "./nfe-view";

// Group UB (IBSCBS of the line): NT 2025.002-RTC v1.31, rule table of group UB;
// ids, cStat and xMotivo are the NT's. Which CSTs need gIBSCBS and gRed: the
// official CST table (ind_gIBSCBS, ind_gRed; version 2026-06-22); the
// reduction of each class: the cClassTrib table (lib/tax/data/ibs-cbs-classifications.ts).

const CENTAVO = 0.01;

const gIBSCBS = (item: NfeViewItem) => child(item.ibsCbs, "gIBSCBS");
const cstOf = (item: NfeViewItem) => str(item.ibsCbs?.CST);

/** The first line carrying gIBSCBS for which `test` finds a problem. */
function firstIbsCbsLine(nfe: NfeView, test: (group: XmlFields, item: NfeViewItem) => string | false) {
  return firstLine(nfe, (item) => {
    const group = gIBSCBS(item);
    return !!group && test(group, item);
  });
}

/** Whether the document references (NFref) an NF-e or a paper note issued before 2027 (the key's or refNF's AAMM). */
function referencesBefore2027(nfe: NfeView): boolean {
  const refs = Array.isArray(nfe.ide.NFref) ? (nfe.ide.NFref as XmlFields[]) : [];
  return refs.some((ref) => {
    const key = str(ref.refNFe) || str(ref.refNFeSig);
    const aamm = key ? key.slice(2, 6) : str(child(ref, "refNF")?.AAMM);
    return aamm.length === 4 && aamm.slice(0, 2) < "27";
  });
}

/**
 * UB12-10: every line of a regular-regime issuer (CRT 3) carries the IBSCBS group. Dates of NT
 * 2025.002-RTC v1.52's schedule: homologation for dhEmi from 01/07/2026; production "Implementação
 * Futura" (v1.40's 03/08/2026 is struck out in v1.52). Exceptions: a return (finNFe 4) or a
 * complementary note (finNFe 2) referencing a note issued before 2027; fuels of the monophasic
 * table (not issued here). Text and dates as summarised from the NT by public notes (tax-reform.md).
 */
export const ibsCbsGroupMissingRule: BusinessRule = {
  id: "UB12-10", name: "ibs-cbs-group-missing", cStat: "1115", models: BOTH,
  xMotivo: "Rejeição: Grupo IBSCBS não informado [nItem:999]",
  schedule: { source: "NT 2025.002-RTC v1.52, cronograma, UB12-10", homologationFrom: "2026-07-01", productionFrom: null },
  check: (nfe) => {
    if (str(nfe.emit.CRT) !== "3") return null;
    if (["2", "4"].includes(str(nfe.ide.finNFe)) && referencesBefore2027(nfe)) return null;
    return firstLine(nfe, (item) => !item.ibsCbs && "sem IBSCBS");
  },
};

export const ibsCbsGroupUndueRule: BusinessRule = {
  id: "UB13-20", name: "ibs-cbs-group-undue", cStat: "1021", models: BOTH,
  xMotivo: "Rejeição: Grupo IBS/CBS informado indevidamente [nItem:999]",
  check: (nfe) => firstLine(nfe, (item) => !!item.ibsCbs && !CST_REQUIRING_GIBSCBS.has(cstOf(item)) && !!gIBSCBS(item) && `CST ${cstOf(item)} com gIBSCBS`),
};

export const ibsCbsGroupRequiredRule: BusinessRule = {
  id: "UB13-30", name: "ibs-cbs-group-required", cStat: "1022", models: BOTH,
  xMotivo: "Rejeição: Grupo IBS/CBS não informado [nItem:999]",
  // Exception: tpNFDebito 07 (perda em estoque).
  check: (nfe) =>
    str(nfe.ide.tpNFDebito) === "07" ? null : firstLine(nfe, (item) => !!item.ibsCbs && CST_REQUIRING_GIBSCBS.has(cstOf(item)) && !gIBSCBS(item) && `CST ${cstOf(item)} sem gIBSCBS`),
};

/** UB16-10 in decimal.js: what breaks it, in words, or false. */
function ibsCbsBaseViolation(group: XmlFields, item: NfeViewItem): string | false {
  const p = (name: string) => amount(item.prod[name]);
  const icms = (name: string) => amount(item.icms?.fields[name]);
  const gross = p("vProd").plus(p("vFrete")).plus(p("vSeg")).plus(p("vOutro")).plus(amount(item.ii?.vII)).minus(p("vDesc"));
  const deductions = [amount(item.pis?.vPIS), amount(item.cofins?.vCOFINS), icms("vICMS"), amount(item.icmsUfDest?.vICMSUFDest), icms("vFCP"),
    amount(item.icmsUfDest?.vFCPUFDest), icms("vICMSMono"), amount(item.issqn?.vISSQN)].reduce((acc, v) => acc.plus(v), new Dec(0));
  const stated = amount(group.vBC);
  return !stated.equals(gross) && !stated.equals(gross.minus(deductions)) && `vBC ${str(group.vBC)}, calculado ${gross.toFixed(2)} (ou ${gross.minus(deductions).toFixed(2)} com as deduções)`;
}

/**
 * UB16-10: vBC = vProd + vFrete + vSeg + vOutro + vII − vDesc − vPIS − vCOFINS
 * − vICMS − vICMSUFDest − vFCP − vFCPUFDest − vICMSMono − vISSQN (+ vIS). The NT
 * marks it "Implementação Futura, aguardando orientação normativa" and, in
 * 2026, the base without those deductions is what is issued (README, API
 * notes): both readings are accepted, as 610 accepts vNF with or without vICMSDeson.
 */
export const ibsCbsBaseRule: BusinessRule = {
  id: "UB16-10", name: "ibs-cbs-base", cStat: "1104", models: BOTH,
  // Removed by NT 2026.008 v1.00 (homologation 05/10/2026, production 03/11/2026): applied to documents issued before.
  schedule: { source: "NT 2026.008 v1.00: UB16-10 removed", productionUntil: "2026-11-02", homologationUntil: "2026-10-04" },
  xMotivo: "Rejeição: Valor da Base de cálculo do IBS e CBS difere do somatório dos valores que a compõem [nItem:999]",
  check: (nfe) =>
    firstIbsCbsLine(nfe, (group, item) => {
      // Proven in integers for any plain amounts (exact-decimal.ts); decimal.js decides, and words, the rest.
      const stated = exact(group.vBC);
      const gross = minus(sumExact([item.prod.vProd, item.prod.vFrete, item.prod.vSeg, item.prod.vOutro, item.ii?.vII]), exact(item.prod.vDesc));
      if (provenEqual(stated, gross)) return false;
      const deductions = sumExact([item.pis?.vPIS, item.cofins?.vCOFINS, item.icms?.fields.vICMS, item.icmsUfDest?.vICMSUFDest, item.icms?.fields.vFCP,
        item.icmsUfDest?.vFCPUFDest, item.icms?.fields.vICMSMono, item.issqn?.vISSQN]);
      return !provenEqual(stated, minus(gross, deductions)) && ibsCbsBaseViolation(group, item);
    }),
};

/** One share of gIBSCBS: the state IBS, the municipal IBS or the CBS, each with its rate, optional gRed and amount. */
type Share = {
  group: "gIBSUF" | "gIBSMun" | "gCBS";
  rate: "pIBSUF" | "pIBSMun" | "pCBS";
  amount: "vIBSUF" | "vIBSMun" | "vCBS";
  /** Column of the cClassTrib table: pRedIBS for both IBS shares, pRedCBS for the CBS. */
  reduction: "ibs" | "cbs";
  /** The law's rate on an issue date (YYYY-MM-DD of dhEmi, the issuer's calendar), or null where it fixes none. */
  statutoryRate: (issuedOn: string) => string | null;
};

const STATE: Share = { group: "gIBSUF", rate: "pIBSUF", amount: "vIBSUF", reduction: "ibs", statutoryRate: (day) => statutoryIbsCbsRatesOn(day).ibsState };
const MUNICIPAL: Share = { group: "gIBSMun", rate: "pIBSMun", amount: "vIBSMun", reduction: "ibs", statutoryRate: (day) => statutoryIbsCbsRatesOn(day).ibsMunicipal };
const CBS: Share = { group: "gCBS", rate: "pCBS", amount: "vCBS", reduction: "cbs", statutoryRate: (day) => statutoryIbsCbsRatesOn(day).cbs };

type RuleText = Pick<BusinessRule, "id" | "name" | "cStat" | "xMotivo">;

/** A rule over each line's share group, for lines that carry gIBSCBS. */
function shareRule(text: RuleText, share: Share, test: (g: XmlFields, item: NfeViewItem, nfe: NfeView) => string | false): BusinessRule {
  return {
    ...text, models: BOTH,
    check: (nfe) =>
      firstIbsCbsLine(nfe, (group, item) => {
        const g = child(group, share.group);
        return !!g && test(g, item, nfe);
      }),
  };
}

/** gCompraGov/pRedutor of a government purchase (B31), which also reduces the effective rate. */
const governmentReducer = (nfe: NfeView) => child(nfe.ide, "gCompraGov");

/** UB18-10, UB37-10, UB56-10: the rate fixed by LC 214/2025 for the issue date (lib/tax/data/reform-rates.ts); zero for a class with regular taxation. */
function statutoryRateRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item, nfe) => {
    // dhEmi carries the issuer's offset, so its first ten characters are the issuer's calendar date.
    const issuedOn = str(nfe.ide.dhEmi).slice(0, 10);
    const expected = REGULAR_TAXATION_CLASSES.has(str(item.ibsCbs?.cClassTrib)) ? "0" : share.statutoryRate(issuedOn);
    return expected !== null && !provenEqual(exact(g[share.rate]), exact(expected)) && !amount(g[share.rate]).equals(expected) && `${share.rate} ${str(g[share.rate])}, previsto ${expected} em ${issuedOn}`;
  });
}

/** UB22-10, UB40-20, UB59-20: gDif where the CST forbids it (ind_gDif 0). We never write gDif; a document that carries it wrongly is refused. */
function deferralUndueRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item) => !CST_REQUIRING_DEFERRAL.has(cstOf(item)) && !!child(g, "gDif") && `CST ${cstOf(item)} com gDif`);
}

/** UB22-20, UB40-10, UB59-10: no gDif where the CST requires it (510, 515). */
function deferralMissingRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item) => CST_REQUIRING_DEFERRAL.has(cstOf(item)) && !child(g, "gDif") && `CST ${cstOf(item)} sem gDif`);
}

/** UB23-10, UB42-10, UB61-10: vDif = vBC × rate (pAliqEfet with gRed) × pDif, R$ 0.01 of tolerance (the NT's observação 1 for the state and the CBS, applied to the municipality too). */
function deferralAmountRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item) => {
    const gDif = child(g, "gDif");
    if (!gDif) return false;
    const gRed = child(g, "gRed");
    const applied = gRed ? amount(gRed.pAliqEfet) : amount(g[share.rate]);
    const expected = amount(gIBSCBS(item)!.vBC).times(applied).dividedBy(100).times(amount(gDif.pDif)).dividedBy(100);
    return expected.minus(amount(gDif.vDif)).abs().greaterThan(CENTAVO) && `vDif ${str(gDif.vDif)}, calculado ${expected.toFixed(2)}`;
  });
}

/** UB26-10, UB45-10, UB64-10: gRed where the CST forbids it (except a government purchase with pRedAliq zero). */
function reductionUndueRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item, nfe) => {
    const gRed = child(g, "gRed");
    if (!gRed || CST_REQUIRING_GRED.has(cstOf(item))) return false;
    return !(governmentReducer(nfe) && amount(gRed.pRedAliq).isZero()) && `CST ${cstOf(item)} com gRed`;
  });
}

/** UB26-20, UB45-20, UB64-20: no gRed where the CST requires it or in a government purchase. */
function reductionMissingRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item, nfe) => (CST_REQUIRING_GRED.has(cstOf(item)) || !!governmentReducer(nfe)) && !child(g, "gRed") && `CST ${cstOf(item)} sem gRed`);
}

/** UB27-10, UB46-10, UB65-10: pRedAliq is the reduction of the class (the cClassTrib table); unknown classes are 1023's question. */
function reductionRateRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item) => {
    const gRed = child(g, "gRed");
    const row = RATE_REDUCTIONS[str(item.ibsCbs?.cClassTrib)];
    if (!gRed || !row || !CST_REQUIRING_GRED.has(cstOf(item))) return false;
    return !amount(gRed.pRedAliq).equals(row[share.reduction]) && `pRedAliq ${str(gRed.pRedAliq)}, previsto ${row[share.reduction]} para ${str(item.ibsCbs?.cClassTrib)}`;
  });
}

/** UB28-10, UB47-10, UB66-10: pAliqEfet = rate × (1 − pRedAliq / 100) [× (1 − pRedutor / 100)], to 4 places. */
function effectiveRateRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, _item, nfe) => {
    const gRed = child(g, "gRed");
    if (!gRed) return false;
    const reducer = governmentReducer(nfe);
    let expected = amount(g[share.rate]).times(new Dec(100).minus(amount(gRed.pRedAliq))).dividedBy(100);
    if (reducer) expected = expected.times(new Dec(100).minus(amount(reducer.pRedutor))).dividedBy(100);
    expected = expected.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    return !amount(gRed.pAliqEfet).equals(expected) && `pAliqEfet ${str(gRed.pAliqEfet)}, calculado ${expected.toFixed(4)}`;
  });
}

/** UB35-10, UB54-10, UB67-10: amount = vBC × rate (pAliqEfet with gRed) − vDif − vDevTrib, R$ 0.01 of tolerance. */
function shareAmountRule(text: RuleText, share: Share): BusinessRule {
  return shareRule(text, share, (g, item) => {
    const gRed = child(g, "gRed");
    const gDif = child(g, "gDif");
    const gDevTrib = child(g, "gDevTrib");
    // Proven in integers for any plain amounts (exact-decimal.ts); decimal.js decides, and words, the rest.
    const exactExpected = minus(minus(percentOf(exact(gIBSCBS(item)!.vBC), exact(gRed ? gRed.pAliqEfet : g[share.rate])), exact(gDif?.vDif)), exact(gDevTrib?.vDevTrib));
    if (provenWithinCentavo(exactExpected, exact(g[share.amount]))) return false;
    const applied = gRed ? amount(gRed.pAliqEfet) : amount(g[share.rate]);
    const expected = amount(gIBSCBS(item)!.vBC).times(applied).dividedBy(100).minus(amount(child(g, "gDif")?.vDif)).minus(amount(child(g, "gDevTrib")?.vDevTrib));
    return expected.minus(amount(g[share.amount])).abs().greaterThan(CENTAVO) && `${share.amount} ${str(g[share.amount])}, calculado ${expected.toFixed(2)}`;
  });
}

type ShareTexts = Record<"rate" | "deferralUndue" | "deferralMissing" | "deferralAmount" | "reductionUndue" | "reductionMissing" | "reductionRate" | "effectiveRate" | "amount", RuleText>;

/**
 * The rules of one share, in the NT's order: rate of the year, the two gDif
 * presence rules (state: undue first; municipality and CBS: missing first, as
 * the NT numbers them), vDif, gRed undue, gRed missing, pRedAliq, pAliqEfet, amount.
 */
function shareRules(share: Share, texts: ShareTexts, deferralMissingFirst: boolean): BusinessRule[] {
  const presence = [deferralUndueRule(texts.deferralUndue, share), deferralMissingRule(texts.deferralMissing, share)];
  return [
    statutoryRateRule(texts.rate, share),
    ...(deferralMissingFirst ? presence.reverse() : presence),
    deferralAmountRule(texts.deferralAmount, share),
    reductionUndueRule(texts.reductionUndue, share),
    reductionMissingRule(texts.reductionMissing, share),
    reductionRateRule(texts.reductionRate, share),
    effectiveRateRule(texts.effectiveRate, share),
    shareAmountRule(texts.amount, share),
  ];
}

/** UB18 to UB35: the state IBS (gIBSUF). */
export const ibsStateRules = shareRules(STATE, {
  rate: { id: "UB18-10", name: "ibs-uf-rate", cStat: "1026", xMotivo: "Rejeição: Alíquota do IBS da UF inválida [nItem:999]" },
  deferralUndue: { id: "UB22-10", name: "ibs-uf-deferral-undue", cStat: "1029", xMotivo: "Rejeição: CST do IBS/CBS informado não permite informação de diferimento Estadual [nItem:999]" },
  deferralMissing: { id: "UB22-20", name: "ibs-uf-deferral-missing", cStat: "1030", xMotivo: "Rejeição: CST do IBS/CBS informado obriga informação de diferimento Estadual [nItem:999]" },
  deferralAmount: { id: "UB23-10", name: "ibs-uf-deferral-amount", cStat: "1031", xMotivo: "Rejeição: Valor do Diferimento da UF difere do calculado [nItem:999]" },
  reductionUndue: { id: "UB26-10", name: "ibs-uf-reduction-undue", cStat: "1032", xMotivo: "Rejeição: CST do IBS/CBS informado não permite informação de redução de alíquota Estadual [nItem:999]" },
  reductionMissing: { id: "UB26-20", name: "ibs-uf-reduction-missing", cStat: "1033", xMotivo: "Rejeição: Não informado o grupo de redução de alíquota Estadual [nItem:999]" },
  reductionRate: { id: "UB27-10", name: "ibs-uf-reduction-rate", cStat: "1034", xMotivo: "Rejeição: Percentual de redução de alíquota da UF não é válido para este cClassTrib [nItem:999]" },
  effectiveRate: { id: "UB28-10", name: "ibs-uf-effective-rate", cStat: "1035", xMotivo: "Rejeição: Valor da Alíquota Efetiva do IBS da UF calculado incorretamente [nItem:999]" },
  amount: { id: "UB35-10", name: "ibs-uf-amount", cStat: "1041", xMotivo: "Rejeição: Valor do IBS da UF difere do calculado [nItem:999]" },
}, false);

/** UB37 to UB54: the municipal IBS (gIBSMun). */
export const ibsMunicipalRules = shareRules(MUNICIPAL, {
  rate: { id: "UB37-10", name: "ibs-mun-rate", cStat: "1036", xMotivo: "Rejeição: Alíquota do IBS do Município inválida [nItem:999]" },
  deferralMissing: { id: "UB40-10", name: "ibs-mun-deferral-missing", cStat: "1044", xMotivo: "Rejeição: CST do IBS/CBS informado obriga informação de diferimento Municipal [nItem:999]" },
  deferralUndue: { id: "UB40-20", name: "ibs-mun-deferral-undue", cStat: "1083", xMotivo: "Rejeição: CST do IBS/CBS informado não permite informação de diferimento Municipal [nItem:999]" },
  deferralAmount: { id: "UB42-10", name: "ibs-mun-deferral-amount", cStat: "1045", xMotivo: "Rejeição: Valor do Diferimento do Município difere do calculado [nItem:999]" },
  reductionUndue: { id: "UB45-10", name: "ibs-mun-reduction-undue", cStat: "1007", xMotivo: "Rejeição: CST do IBS/CBS informado não permite informação de redução de alíquota municipal [nItem:999]" },
  reductionMissing: { id: "UB45-20", name: "ibs-mun-reduction-missing", cStat: "1074", xMotivo: "Rejeição: Não informado o grupo de redução de alíquota Municipal [nItem:999]" },
  reductionRate: { id: "UB46-10", name: "ibs-mun-reduction-rate", cStat: "1046", xMotivo: "Rejeição: Percentual de redução de alíquota do Município não é válido para este cClassTrib [nItem:999]" },
  effectiveRate: { id: "UB47-10", name: "ibs-mun-effective-rate", cStat: "1047", xMotivo: "Rejeição: Valor da Alíquota Efetiva do IBS do Município calculado incorretamente [nItem:999]" },
  amount: { id: "UB54-10", name: "ibs-mun-amount", cStat: "1052", xMotivo: "Rejeição: Valor do IBS Municipal difere do calculado [nItem:999]" },
}, true);

export const ibsItemAmountRule: BusinessRule = {
  id: "UB54a-10", name: "ibs-item-amount", cStat: "1150", models: BOTH,
  xMotivo: "Rejeição: Valor do IBS do Item (vIBS) difere do calculado [nItem:999]",
  // vIBS = vIBSUF + vIBSMun − vCredPres when the presumed credit is deducted: lines with gCredPresOper are not checked (indDeduzCredPres is in a table we do not hold).
  check: (nfe) =>
    firstIbsCbsLine(nfe, (g, item) => {
      if (has(item.ibsCbs, "gCredPresOper")) return false;
      if (provenEqual(plus(exact(child(g, "gIBSUF")?.vIBSUF), exact(child(g, "gIBSMun")?.vIBSMun)), exact(g.vIBS))) return false;
      const expected = amount(child(g, "gIBSUF")?.vIBSUF).plus(amount(child(g, "gIBSMun")?.vIBSMun));
      return !expected.equals(amount(g.vIBS)) && `vIBS ${str(g.vIBS)}, calculado ${expected.toFixed(2)}`;
    }),
};

/** UB56 to UB67: the CBS (gCBS). */
export const cbsRules = shareRules(CBS, {
  rate: { id: "UB56-10", name: "cbs-rate", cStat: "1037", xMotivo: "Rejeição: Alíquota da CBS inválida [nItem:999]" },
  deferralMissing: { id: "UB59-10", name: "cbs-deferral-missing", cStat: "1061", xMotivo: "Rejeição: CST do IBS/CBS informado obriga informação de diferimento da CBS [nItem:999]" },
  deferralUndue: { id: "UB59-20", name: "cbs-deferral-undue", cStat: "1090", xMotivo: "Rejeição: CST do IBS/CBS informado não permite informação de diferimento da CBS [nItem:999]" },
  deferralAmount: { id: "UB61-10", name: "cbs-deferral-amount", cStat: "1062", xMotivo: "Rejeição: Valor do Diferimento da CBS difere do calculado [nItem:999]" },
  reductionUndue: { id: "UB64-10", name: "cbs-reduction-undue", cStat: "1028", xMotivo: "Rejeição: CST do IBS/CBS informado não permite informação de redução de alíquota da CBS [nItem:999]" },
  reductionMissing: { id: "UB64-20", name: "cbs-reduction-missing", cStat: "1079", xMotivo: "Rejeição: Não informado o grupo de redução de alíquota da CBS [nItem:999]" },
  reductionRate: { id: "UB65-10", name: "cbs-reduction-rate", cStat: "1063", xMotivo: "Rejeição: Percentual de redução de alíquota da CBS não é válido para este cClassTrib [nItem:999]" },
  effectiveRate: { id: "UB66-10", name: "cbs-effective-rate", cStat: "1064", xMotivo: "Rejeição: Valor da Alíquota Efetiva da CBS calculado incorretamente [nItem:999]" },
  amount: { id: "UB67-10", name: "cbs-amount", cStat: "1069", xMotivo: "Rejeição: Valor da CBS difere do calculado [nItem:999]" },
}, true);
