import { describe, expect, it } from "vitest";
import type { NfseTotals } from "@/lib/tax/tax-shapes";
import { nfseDisplayValues } from "./nfse-values";

const dps: NfseTotals = {
  serviceValue: "1750.00",
  issBase: "1750.00",
  issRate: "3.0000",
  issAmount: "52.50",
  issRetained: true,
  retentions: { iss: "52.50", pis: "0.00", cofins: "0.00", ir: "26.25", inss: "0.00", csll: "17.50" },
  retainedTotal: "96.25",
  netValue: "1653.75",
  authority: null,
};

describe("nfseDisplayValues", () => {
  it("before authorization shows the DPS values computed from the tax rules", () => {
    expect(nfseDisplayValues(dps)).toMatchObject({ source: "dps", issRate: "3.0000", issAmount: "52.50", retainedTotal: "96.25", netValue: "1653.75", dpsIss: null });
  });

  it("after authorization shows the NFS-e's values and keeps the DPS figures when the municipality applied another rate", () => {
    const values = nfseDisplayValues({ ...dps, authority: { vBC: "1750.00", pAliqAplic: "5.00", vISSQN: "87.50", vTotalRet: "131.25", vLiq: "1618.75" } });
    expect(values).toMatchObject({ source: "nfse", issBase: "1750.00", issRate: "5.00", issAmount: "87.50", retainedTotal: "131.25", netValue: "1618.75", dpsIss: { rate: "3.0000", amount: "52.50" } });
    expect(values.retentions).toEqual({ pis: "0.00", cofins: "0.00", ir: "26.25", inss: "0.00", csll: "17.50" });
  });

  it("the same ISS written with other decimals is not a difference", () => {
    expect(nfseDisplayValues({ ...dps, authority: { vBC: "1750.00", pAliqAplic: "3.00", vISSQN: "52.50", vTotalRet: "96.25", vLiq: "1653.75" } }).dpsIss).toBeNull();
  });

  it("an NFS-e without ISS (Simples, paid in the DAS) shows no ISS and no withheld total", () => {
    const values = nfseDisplayValues({ ...dps, issRetained: false, authority: { vBC: null, pAliqAplic: null, vISSQN: null, vTotalRet: null, vLiq: "1750.00" } });
    expect(values).toMatchObject({ issBase: null, issRate: null, issAmount: null, retainedTotal: "0.00", netValue: "1750.00" });
  });
});
