import type { Decimal } from "decimal.js";
import { BOTH, NFE_ONLY, type BusinessRule } from "./business-rule";
import { exact, minus, plus, provenEqual, sumExact, sumOver } from "./exact-decimal";
import { amount, str, sumOf, type NfeView, type NfeViewItem } from "./nfe-view";

// Group W (ICMSTot): every total against the sum of its lines (MOC 4.00
// Anexo I). Strictest reading: sums match to the centavo (no tolerance).

function totalRule(spec: {
  id: string; name: string; cStat: string; xMotivo: string; field: string; models?: BusinessRule["models"];
  line: (item: NfeViewItem) => unknown;
}): BusinessRule {
  return {
    id: spec.id, name: spec.name, cStat: spec.cStat, xMotivo: spec.xMotivo, models: spec.models ?? BOTH,
    check(nfe) {
      // Proven in integers for any plain amounts (exact-decimal.ts); decimal.js decides, and words, the rest.
      if (provenEqual(sumOver(nfe.items, spec.line), exact(nfe.icmsTot[spec.field]))) return null;
      const expected = sumOf(nfe.items, spec.line);
      const stated = amount(nfe.icmsTot[spec.field]);
      return expected.equals(stated) ? null : { detail: `${spec.field} ${stated.toFixed(2)}, soma dos itens ${expected.toFixed(2)}` };
    },
  };
}

const icmsField = (name: string) => (item: NfeViewItem) => item.icms?.fields[name];

export const icmsBaseTotalRule = totalRule({ id: "W03-10", name: "total-vbc", cStat: "531", field: "vBC", line: icmsField("vBC"), xMotivo: "Rejeição: Total da BC ICMS difere do somatório dos itens" });
export const icmsTotalRule = totalRule({ id: "W04-10", name: "total-vicms", cStat: "532", field: "vICMS", line: icmsField("vICMS"), xMotivo: "Rejeição: Total do ICMS difere do somatório dos itens" });
export const icmsDesonTotalRule = totalRule({ id: "W04a-10", name: "total-vicmsdeson", cStat: "795", field: "vICMSDeson", line: icmsField("vICMSDeson"), xMotivo: "Rejeição: Total do ICMS desonerado difere do somatório dos itens" });
export const fcpDestTotalRule = totalRule({ id: "W04c-10", name: "total-vfcpufdest", cStat: "798", field: "vFCPUFDest", models: NFE_ONLY, line: (i) => i.icmsUfDest?.vFCPUFDest, xMotivo: "Rejeição: Valor total do ICMS relativo Fundo de Combate à Pobreza (FCP) da UF de destino difere do somatório do valor dos itens" });
export const icmsDestTotalRule = totalRule({ id: "W04e-10", name: "total-vicmsufdest", cStat: "799", field: "vICMSUFDest", models: NFE_ONLY, line: (i) => i.icmsUfDest?.vICMSUFDest, xMotivo: "Rejeição: Valor total do ICMS Interestadual da UF de destino difere do somatório dos itens" });
export const icmsRemetTotalRule = totalRule({ id: "W04g-10", name: "total-vicmsufremet", cStat: "800", field: "vICMSUFRemet", models: NFE_ONLY, line: (i) => i.icmsUfDest?.vICMSUFRemet, xMotivo: "Rejeição: Valor total do ICMS Interestadual da UF do remetente difere do somatório dos itens" });
export const fcpTotalRule = totalRule({ id: "W04h-10", name: "total-vfcp", cStat: "861", field: "vFCP", line: icmsField("vFCP"), xMotivo: "Rejeição: Total do FCP difere do somatório dos itens" });
export const stBaseTotalRule = totalRule({ id: "W05-10", name: "total-vbcst", cStat: "533", field: "vBCST", line: icmsField("vBCST"), xMotivo: "Rejeição: Total da BC ICMS-ST difere do somatório dos itens" });
export const stTotalRule = totalRule({ id: "W06-10", name: "total-vst", cStat: "534", field: "vST", line: icmsField("vICMSST"), xMotivo: "Rejeição: Total do ICMS-ST difere do somatório dos itens" });
export const productsTotalRule = totalRule({ id: "W07-10", name: "total-vprod", cStat: "564", field: "vProd", line: (i) => i.prod.vProd, xMotivo: "Rejeição: Total do Produto / Serviço difere do somatório dos itens" });
export const freightTotalRule = totalRule({ id: "W08-10", name: "total-vfrete", cStat: "535", field: "vFrete", line: (i) => i.prod.vFrete, xMotivo: "Rejeição: Total do Frete difere do somatório dos itens" });
export const insuranceTotalRule = totalRule({ id: "W09-10", name: "total-vseg", cStat: "536", field: "vSeg", line: (i) => i.prod.vSeg, xMotivo: "Rejeição: Total do Seguro difere do somatório dos itens" });
export const discountTotalRule = totalRule({ id: "W10-10", name: "total-vdesc", cStat: "537", field: "vDesc", line: (i) => i.prod.vDesc, xMotivo: "Rejeição: Total do Desconto difere do somatório dos itens" });
export const importTaxTotalRule = totalRule({ id: "W11-10", name: "total-vii", cStat: "601", field: "vII", line: (i) => i.ii?.vII, xMotivo: "Rejeição: Total do II difere do somatório dos itens" });
export const ipiTotalRule = totalRule({ id: "W12-10", name: "total-vipi", cStat: "538", field: "vIPI", line: (i) => (i.ipi?.IPITrib as Record<string, unknown> | undefined)?.vIPI, xMotivo: "Rejeição: Total do IPI difere do somatório dos itens" });
export const pisTotalRule = totalRule({ id: "W13-10", name: "total-vpis", cStat: "602", field: "vPIS", line: (i) => i.pis?.vPIS, xMotivo: "Rejeição: Total do PIS difere do somatório dos itens sujeitos ao ICMS" });
export const cofinsTotalRule = totalRule({ id: "W14-10", name: "total-vcofins", cStat: "603", field: "vCOFINS", line: (i) => i.cofins?.vCOFINS, xMotivo: "Rejeição: Total do COFINS difere do somatório dos itens sujeitos ao ICMS" });
export const otherTotalRule = totalRule({ id: "W15-10", name: "total-voutro", cStat: "604", field: "vOutro", line: (i) => i.prod.vOutro, xMotivo: "Rejeição: Total do vOutro difere do somatório dos itens" });

const VNF_ADDED = ["vProd", "vST", "vFCPST", "vFrete", "vSeg", "vOutro", "vII", "vIPI", "vIPIDevol"] as const;
const VNF_SUBTRACTED = ["vDesc", "vICMSDeson"] as const;

/** vNF as expectedVnf computes it, in integers; null where exact-decimal.ts cannot tell. */
function expectedVnfExact(nfe: NfeView) {
  return minus(sumExact(VNF_ADDED.map((name) => nfe.icmsTot[name])), sumExact(VNF_SUBTRACTED.map((name) => nfe.icmsTot[name])));
}

function expectedVnf(nfe: NfeView): Decimal {
  const t = (name: string) => amount(nfe.icmsTot[name]);
  // MOC W16-10; vICMSDeson is subtracted (exception 3 also accepts it not subtracted).
  return t("vProd").minus(t("vDesc")).minus(t("vICMSDeson")).plus(t("vST")).plus(t("vFCPST")).plus(t("vFrete")).plus(t("vSeg"))
    .plus(t("vOutro")).plus(t("vII")).plus(t("vIPI")).plus(t("vIPIDevol"));
}

export const documentTotalRule: BusinessRule = {
  id: "W16-10", name: "total-vnf", cStat: "610", models: BOTH,
  xMotivo: "Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF.",
  check(nfe) {
    // Imports (CFOP 3xxx) are exempt from this rule (exception 2).
    if (nfe.items.some((i) => str(i.prod.CFOP).startsWith("3"))) return null;
    const exactExpected = expectedVnfExact(nfe);
    const exactStated = exact(nfe.icmsTot.vNF);
    if (provenEqual(exactStated, exactExpected) || provenEqual(exactStated, plus(exactExpected, exact(nfe.icmsTot.vICMSDeson)))) return null;
    const expected = expectedVnf(nfe);
    const withDeson = expected.plus(amount(nfe.icmsTot.vICMSDeson));
    const stated = amount(nfe.icmsTot.vNF);
    return stated.equals(expected) || stated.equals(withDeson) ? null : { detail: `vNF ${stated.toFixed(2)}, calculado ${expected.toFixed(2)}` };
  },
};

export const approximateTaxesTotalRule: BusinessRule = {
  id: "W16a-10", name: "total-vtottrib", cStat: "685", models: BOTH,
  xMotivo: "Rejeição: Total do Valor Aproximado dos Tributos difere do somatório dos itens",
  check(nfe) {
    if (nfe.icmsTot.vTotTrib === undefined || provenEqual(sumOver(nfe.items, (i) => i.vTotTrib), exact(nfe.icmsTot.vTotTrib))) return null;
    const expected = sumOf(nfe.items, (i) => i.vTotTrib);
    return expected.equals(amount(nfe.icmsTot.vTotTrib)) ? null : { detail: `vTotTrib ${str(nfe.icmsTot.vTotTrib)}, soma ${expected.toFixed(2)}` };
  },
};
