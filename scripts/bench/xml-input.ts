import type { NfeInput, NfeItem } from "@/lib/fiscal/nfe";
import { ibsCbs, ibsCbsTot, icmsTot, simpleNfe } from "@/lib/fiscal/nfe/test-support/golden-inputs";

// The benchmark document: a 10-item NF-e (CST 00 at 18 %, PIS/COFINS, IBS/CBS
// 2026 rates), each line 3 × 33.33 = 99.99.
export const BENCH_ITEMS = 10;

export function benchNfe(number: number): NfeInput {
  const base = simpleNfe();
  const line = (i: number): NfeItem => ({
    code: `SKU-${i}`, gtin: null, description: `Produto de teste número ${i}`, ncm: "21069090", cfop: "5102", unit: "UN",
    quantity: "3", unitValue: "33.33", grossValue: "99.99",
    taxes: {
      icms: { table: "CST", origin: "0", cst: "00", modBc: "3", baseReduction: null, base: "99.99", rate: "18.0000", amount: "18.00", benefitCode: null, st: null, simplesCredit: null },
      ipi: null,
      pis: { cst: "01", base: "99.99", rate: "1.6500", amount: "1.65" },
      cofins: { cst: "01", base: "99.99", rate: "7.6000", amount: "7.60" },
      ibsCbs: ibsCbs("99.99", "0.10", "0.90"),
    },
  });
  return {
    ...base,
    number,
    cNF: null,
    items: Array.from({ length: BENCH_ITEMS }, (_, i) => line(i + 1)),
    totals: {
      icmsTot: icmsTot({ vBC: "999.90", vICMS: "180.00", vProd: "999.90", vPIS: "16.50", vCOFINS: "76.00", vNF: "999.90" }),
      ibsCbsTot: ibsCbsTot("999.90", "1.00", "9.00"),
    },
    payments: [{ tPag: "01", value: "999.90" }],
  };
}
