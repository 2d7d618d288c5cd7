import { Dec } from "@/lib/tax/decimal";
import { interstateIcmsRate, isFcpRateOfState } from "@/lib/tax/data/icms-rates";
import { BOTH, NFE_ONLY, firstLine, type BusinessRule } from "./business-rule";
import { amount, has, str, type NfeView, type NfeViewItem } from "./nfe-view";

// Group N (ICMS of the line) and NA (ICMSUFDest, EC 87/2015, NT 2015.003):
// MOC 4.00 Anexo I. Amounts computed from a rate accept the centavo of
// rounding the MOC allows (note *4).

const CENTAVO = 0.01;
const IMPORTED_ORIGINS = new Set(["1", "2", "3", "8"]);
const ST_CSTS = new Set(["10", "30", "60", "70"]);
const ST_CSOSNS = new Set(["201", "202", "203", "500"]);

const isSimplesGroup = (item: NfeViewItem) => !!item.icms?.group.startsWith("ICMSSN");
const code = (item: NfeViewItem) => str(item.icms?.fields.CST ?? item.icms?.fields.CSOSN);

function carriesSt(item: NfeViewItem): boolean {
  if (!item.icms) return false;
  const c = code(item);
  return ST_CSTS.has(c) || ST_CSOSNS.has(c) || has(item.icms.fields, "vBCST");
}

/** Interstate sale to a final consumer who is not an ICMS contributor: the DIFAL goes to the destination state. */
export function isInterstateNonContributorSale(nfe: NfeView): boolean {
  return str(nfe.ide.idDest) === "2" && str(nfe.ide.indFinal) === "1" && str(nfe.dest?.indIEDest) === "9";
}

export const simplesWithCstRule: BusinessRule = {
  id: "N12-10", name: "crt-1-uses-csosn", cStat: "590", models: BOTH,
  xMotivo: "Rejeição: Informado CST para emissor do Simples Nacional (CRT=1)",
  // CRT 4 (MEI) uses the CSOSN table as CRT 1 does (NT 2024.001).
  check: (nfe) => (["1", "4"].includes(str(nfe.emit.CRT)) ? firstLine(nfe, (item) => !!item.icms && !isSimplesGroup(item) && `CST ${code(item)}`) : null),
};

export const regularWithCsosnRule: BusinessRule = {
  id: "N12a-10", name: "crt-2-3-uses-cst", cStat: "591", models: BOTH,
  xMotivo: "Rejeição: Informado CSOSN para emissor que não é do Simples Nacional (CRT diferente de 1)",
  check: (nfe) => (["2", "3"].includes(str(nfe.emit.CRT)) ? firstLine(nfe, (item) => isSimplesGroup(item) && `CSOSN ${code(item)}`) : null),
};

export const stWithoutCestRule: BusinessRule = {
  id: "I05c-10", name: "st-requires-cest", cStat: "806", models: BOTH,
  xMotivo: "Rejeição: Operação com ICMS-ST sem informação do CEST",
  check: (nfe) => firstLine(nfe, (item) => carriesSt(item) && !has(item.prod, "CEST") && `ICMS ${code(item)} sem CEST`),
};

export const stToNonContributorRule: BusinessRule = {
  id: "N12-90", name: "no-st-cst-interstate-non-contributor", cStat: "508", models: NFE_ONLY,
  xMotivo: "Rejeição: CST incompatível na operação com Não Contribuinte [nItem:999]",
  // EC 87/2015: an interstate sale to a non-contributor pays the DIFAL, never ST.
  check: (nfe) =>
    isInterstateNonContributorSale(nfe) ? firstLine(nfe, (item) => !isSimplesGroup(item) && ["10", "30", "70"].includes(code(item)) && `CST ${code(item)}`) : null,
};

export const simplesStToNonContributorRule: BusinessRule = {
  id: "N12a-50", name: "no-st-csosn-interstate-non-contributor", cStat: "600", models: NFE_ONLY,
  xMotivo: "Rejeição: CSOSN incompatível na operação com Não Contribuinte [nItem:999]",
  check: (nfe) =>
    isInterstateNonContributorSale(nfe) ? firstLine(nfe, (item) => isSimplesGroup(item) && ["201", "202", "203"].includes(code(item)) && `CSOSN ${code(item)}`) : null,
};

export const interstateRateCeilingRule: BusinessRule = {
  id: "N16-10", name: "interstate-rate-ceiling", cStat: "693", models: NFE_ONLY,
  xMotivo: "Rejeição: Alíquota de ICMS superior a definida para a operação interestadual [nItem:999]",
  check(nfe) {
    if (str(nfe.ide.idDest) !== "2" || !nfe.recipientUf) return null;
    return firstLine(nfe, (item) => {
      if (!item.icms || !has(item.icms.fields, "pICMS")) return false;
      const ceiling = interstateIcmsRate(nfe.issuerUf, nfe.recipientUf!, str(item.icms.fields.orig));
      return amount(item.icms.fields.pICMS).greaterThan(ceiling) && `pICMS ${str(item.icms.fields.pICMS)} > ${ceiling}`;
    });
  },
};

// FCP of the line (N17b, N23b, N27b): MOC 4.00 Anexo I as changed by NT 2016.002.
// The state's FCP percentages: lib/tax/data/icms-rates.ts (FCP_RATE_RANGES).

export const fcpZeroRateRule: BusinessRule = {
  id: "N17b-10", name: "fcp-rate-zero", cStat: "880", models: BOTH,
  xMotivo: "Rejeição: Percentual de FCP igual a zero [nItem:999]",
  // "Não informar os campos relativos a FCP para os produtos não sujeitos à sua incidência."
  check: (nfe) => firstLine(nfe, (item) => !!item.icms && has(item.icms.fields, "pFCP") && amount(item.icms.fields.pFCP).isZero() && "pFCP 0"),
};

export const fcpRateOfIssuerStateRule: BusinessRule = {
  id: "N17b-20", name: "fcp-rate-of-issuer-state", cStat: "874", models: BOTH,
  xMotivo: "Rejeição: Percentual de FCP inválido [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      const pFCP = item.icms?.fields.pFCP;
      return has(item.icms?.fields, "pFCP") && !amount(pFCP).isZero() && !isFcpRateOfState(nfe.issuerUf, str(pFCP)) && `pFCP ${str(pFCP)} em ${nfe.issuerUf}`;
    }),
};

export const fcpStRateOfRecipientStateRule: BusinessRule = {
  id: "N23b-20", name: "fcp-st-rate-of-recipient-state", cStat: "875", models: BOTH,
  xMotivo: "Rejeição: Percentual de FCPST inválido [nItem:999]",
  // pFCPST (N23b) and pFCPSTRet (N27b) against the recipient's state, or the delivery's
  // (Obs. 2). The MOC marks both "Implementação Futura": the strict reading applies them.
  check(nfe) {
    const states = [nfe.recipientUf, str(nfe.entrega?.UF)].filter((uf): uf is string => !!uf && uf !== "EX");
    if (states.length === 0) return null;
    return firstLine(nfe, (item) => {
      for (const field of ["pFCPST", "pFCPSTRet"]) {
        const value = item.icms?.fields[field];
        if (has(item.icms?.fields, field) && !amount(value).isZero() && !states.some((uf) => isFcpRateOfState(uf, str(value)))) return `${field} ${str(value)} em ${states.join("/")}`;
      }
      return false;
    });
  },
};

export const difalGroupMissingRule: BusinessRule = {
  id: "NA01-20", name: "icms-uf-dest-required", cStat: "694", models: NFE_ONLY,
  xMotivo: "Rejeição: Não informado o grupo de ICMS para a UF de destino [nItem:999]",
  check: (nfe) => (isInterstateNonContributorSale(nfe) ? firstLine(nfe, (item) => !item.icmsUfDest && "sem ICMSUFDest") : null),
};

export const difalGroupUndueRule: BusinessRule = {
  id: "NA01-30", name: "icms-uf-dest-undue", cStat: "695", models: BOTH,
  xMotivo: "Rejeição: Informado indevidamente o grupo de ICMS para a UF de destino [nItem:999]",
  check: (nfe) => (isInterstateNonContributorSale(nfe) && nfe.model === "55" ? null : firstLine(nfe, (item) => !!item.icmsUfDest && "ICMSUFDest informado")),
};

export const difalOriginRateRule: BusinessRule = {
  id: "NA09-10", name: "icms-inter-rate-by-origin", cStat: "697", models: NFE_ONLY,
  xMotivo: "Rejeição: Alíquota interestadual do ICMS com origem diferente do previsto [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      if (!item.icmsUfDest) return false;
      const imported = IMPORTED_ORIGINS.has(str(item.icms?.fields.orig));
      const four = amount(item.icmsUfDest.pICMSInter).equals(4);
      return imported !== four && `orig ${str(item.icms?.fields.orig)}, pICMSInter ${str(item.icmsUfDest.pICMSInter)}`;
    }),
};

export const difalStatesRateRule: BusinessRule = {
  id: "NA09-20", name: "icms-inter-rate-by-states", cStat: "698", models: NFE_ONLY,
  xMotivo: "Rejeição: Alíquota interestadual do ICMS incompatível com as UF envolvidas na operação [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      // The 4 % of imported goods is rule 697's question; this one checks 7 % against 12 %.
      if (!item.icmsUfDest || !nfe.recipientUf || amount(item.icmsUfDest.pICMSInter).equals(4)) return false;
      const expected = interstateIcmsRate(nfe.issuerUf, nfe.recipientUf, "0");
      return !amount(item.icmsUfDest.pICMSInter).equals(expected) && `pICMSInter ${str(item.icmsUfDest.pICMSInter)}, previsto ${expected}`;
    }),
};

export const difalPartitionRule: BusinessRule = {
  id: "NA11-10", name: "icms-inter-part-100", cStat: "699", models: NFE_ONLY,
  xMotivo: "Rejeição: Percentual do ICMS Interestadual para a UF de destino difere do previsto para o ano da Data de Emissão [nItem:999]",
  // EC 87/2015 art. 99 ADCT: 100 % to the destination from 2019 on.
  check: (nfe) =>
    firstLine(nfe, (item) => !!item.icmsUfDest && !amount(item.icmsUfDest.pICMSInterPart).equals(100) && `pICMSInterPart ${str(item.icmsUfDest.pICMSInterPart)}`),
};

export const difalFcpAmountRule: BusinessRule = {
  id: "NA13-10", name: "fcp-uf-dest-amount", cStat: "793", models: NFE_ONLY,
  xMotivo: "Rejeição: Valor do ICMS relativo ao Fundo de Combate à Pobreza na UF de destino difere do calculado [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      const g = item.icmsUfDest;
      if (!g) return false;
      const expected = amount(g.vBCFCPUFDest ?? g.vBCUFDest).times(amount(g.pFCPUFDest)).dividedBy(100);
      return expected.minus(amount(g.vFCPUFDest)).abs().greaterThan(CENTAVO) && `vFCPUFDest ${str(g.vFCPUFDest)}, calculado ${expected.toFixed(2)}`;
    }),
};

/** The line's value for the DIFAL: vProd + vFrete + vSeg + vOutro − vDesc + vIPI (a non-contributor's base includes the IPI). */
function difalLineValue(item: NfeViewItem) {
  const p = (name: string) => amount(item.prod[name]);
  const ipi = amount((item.ipi?.IPITrib as Record<string, unknown> | undefined)?.vIPI);
  return p("vProd").plus(p("vFrete")).plus(p("vSeg")).plus(p("vOutro")).minus(p("vDesc")).plus(ipi);
}

/**
 * vICMSUFDest on the "base dupla" (LC 190/2022 and the destination's law):
 * vBCUFDest must be (value − origin ICMS) / (1 − (pICMSUFDest + pFCPUFDest)),
 * and the amount vBCUFDest × pICMSUFDest − origin ICMS; null when vBCUFDest is
 * not that base.
 */
function doubleBaseDestinationAmount(item: NfeViewItem, g: Record<string, unknown>) {
  const value = difalLineValue(item);
  const originIcms = value.times(amount(g.pICMSInter)).dividedBy(100).toDecimalPlaces(2);
  const grossUp = new Dec(1).minus(amount(g.pICMSUFDest).plus(amount(g.pFCPUFDest)).dividedBy(100));
  if (grossUp.lessThanOrEqualTo(0) || value.minus(originIcms).dividedBy(grossUp).minus(amount(g.vBCUFDest)).abs().greaterThan(CENTAVO)) return null;
  return Dec.max(0, amount(g.vBCUFDest).times(amount(g.pICMSUFDest)).dividedBy(100).minus(originIcms)).times(amount(g.pICMSInterPart)).dividedBy(100);
}

export const difalDestinationAmountRule: BusinessRule = {
  id: "NA15-10", name: "icms-uf-dest-amount", cStat: "815", models: NFE_ONLY,
  xMotivo: "Rejeição: Valor do ICMS Interestadual para a UF de destino difere do calculado [nItem:999]",
  // Single base (vBCUFDest × (pICMSUFDest − pICMSInter)) or, for the states that adopt it, the base dupla: either is accepted.
  check: (nfe) =>
    firstLine(nfe, (item) => {
      const g = item.icmsUfDest;
      if (!g) return false;
      const stated = amount(g.vICMSUFDest);
      const difference = Dec.max(0, amount(g.pICMSUFDest).minus(amount(g.pICMSInter)));
      const single = amount(g.vBCUFDest).times(difference).dividedBy(100).times(amount(g.pICMSInterPart)).dividedBy(100);
      if (!single.minus(stated).abs().greaterThan(CENTAVO)) return false;
      const double = doubleBaseDestinationAmount(item, g);
      if (double && !double.minus(stated).abs().greaterThan(CENTAVO)) return false;
      return `vICMSUFDest ${str(g.vICMSUFDest)}, calculado ${single.toFixed(2)}${double ? ` (base dupla ${double.toFixed(2)})` : ""}`;
    }),
};

export const difalOriginAmountRule: BusinessRule = {
  id: "NA17-10", name: "icms-uf-remet-amount", cStat: "816", models: NFE_ONLY,
  xMotivo: "Rejeição: Valor do ICMS Interestadual para a UF do remetente difere do calculado [nItem:999]",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      const g = item.icmsUfDest;
      if (!g) return false;
      const difference = Dec.max(0, amount(g.pICMSUFDest).minus(amount(g.pICMSInter)));
      const share = new Dec(100).minus(amount(g.pICMSInterPart));
      const expected = amount(g.vBCUFDest).times(difference).dividedBy(100).times(share).dividedBy(100);
      return expected.minus(amount(g.vICMSUFRemet)).abs().greaterThan(CENTAVO) && `vICMSUFRemet ${str(g.vICMSUFRemet)}, calculado ${expected.toFixed(2)}`;
    }),
};
