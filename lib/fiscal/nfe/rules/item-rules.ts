import { BOTH, NFCE_ONLY, firstLine, type BusinessRule } from "./business-rule";
import { exact, provenWithinCentavo, times } from "./exact-decimal";
import { amount } from "./nfe-view";

// Group I (product values) and the NFC-e's forbidden item groups (MOC 4.00 Anexo I).
// 629/630 accept the centavo of rounding the MOC allows (note *1).

const CENTAVO = 0.01;

export const commercialValueRule: BusinessRule = {
  id: "I11-10", name: "vprod-equals-qcom-times-vuncom", cStat: "629", models: BOTH,
  xMotivo: "Rejeição: Valor do Produto difere do produto Valor Unitário de Comercialização e Quantidade Comercial",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      // Proven in integers for any plain amounts (exact-decimal.ts); decimal.js decides, and words, the rest.
      if (provenWithinCentavo(times(exact(item.prod.qCom), exact(item.prod.vUnCom)), exact(item.prod.vProd))) return false;
      const expected = amount(item.prod.qCom).times(amount(item.prod.vUnCom));
      return expected.minus(amount(item.prod.vProd)).abs().greaterThan(CENTAVO) && `vProd ${String(item.prod.vProd)}, qCom × vUnCom ${expected.toFixed(2)}`;
    }),
};

export const taxableValueRule: BusinessRule = {
  id: "I14-10", name: "vprod-equals-qtrib-times-vuntrib", cStat: "630", models: BOTH,
  xMotivo: "Rejeição: Valor do Produto difere do produto Valor Unitário de Tributação e Quantidade Tributável",
  check: (nfe) =>
    firstLine(nfe, (item) => {
      // Proven in integers for any plain amounts (exact-decimal.ts); decimal.js decides, and words, the rest.
      if (provenWithinCentavo(times(exact(item.prod.qTrib), exact(item.prod.vUnTrib)), exact(item.prod.vProd))) return false;
      const expected = amount(item.prod.qTrib).times(amount(item.prod.vUnTrib));
      return expected.minus(amount(item.prod.vProd)).abs().greaterThan(CENTAVO) && `vProd ${String(item.prod.vProd)}, qTrib × vUnTrib ${expected.toFixed(2)}`;
    }),
};

export const nfceIpiRule: BusinessRule = {
  id: "O01-10", name: "nfce-without-ipi", cStat: "742", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com grupo do IPI",
  check: (nfe) => firstLine(nfe, (item) => !!item.ipi && "grupo IPI"),
};
