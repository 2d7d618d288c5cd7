import { describe, expect, it } from "vitest";
import { contingencyModeFor } from "./contingency-mode";
import { acceptsOfflineNfce, automaticContingency, contingencyOptions, epecAllowed, transmissionDeadlineMs } from "./state-contingency-table";

const UFS = ["AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"];
const TODAY = new Date("2026-12-07T15:00:00-03:00");

describe("per-state contingency table (issue 50 item 1)", () => {
  it("every state has a row per model, each with a source, and NF-e's order is its SVC then EPEC at the Ambiente Nacional", () => {
    for (const uf of UFS) {
      const nfe = contingencyOptions(uf, 55, TODAY);
      expect(nfe.map((o) => o.mode), uf).toEqual([["AM", "BA", "GO", "MA", "MS", "MT", "PE", "PR"].includes(uf) ? "SVC_RS" : "SVC_AN", "EPEC"]);
      expect(nfe.map((o) => o.tpEmis), uf).toEqual([["AM", "BA", "GO", "MA", "MS", "MT", "PE", "PR"].includes(uf) ? 7 : 6, 4]);
      const nfce = contingencyOptions(uf, 65, TODAY);
      expect(nfce.map((o) => o.mode), uf).toEqual(uf === "SP" ? ["EPEC", "OFFLINE"] : ["OFFLINE"]);
      for (const option of [...nfe, ...nfce]) expect(option.source.length, `${uf} ${option.mode}`).toBeGreaterThan(10);
    }
  });

  it("SP's NFC-e: EPEC only before Portaria SRE 40/2024 (no offline); EPEC first and offline second after it", () => {
    const before = new Date("2024-07-09T12:00:00-03:00");
    const after = new Date("2024-07-10T00:00:00-03:00");
    expect(contingencyOptions("SP", 65, before).map((o) => [o.mode, o.tpEmis])).toEqual([["EPEC", 4]]);
    expect(contingencyOptions("SP", 65, after).map((o) => [o.mode, o.tpEmis])).toEqual([["EPEC", 4], ["OFFLINE", 9]]);
    expect([acceptsOfflineNfce("SP", before), acceptsOfflineNfce("SP", after), acceptsOfflineNfce("RS", before)]).toEqual([false, true, true]);
    // EPEC NFC-e is issued here (SEFAZ-SP's EPEC service): the switch picks it on both sides of the date.
    expect(automaticContingency("SP", 65, before)?.mode).toBe("EPEC");
    expect(contingencyModeFor("NFCE", "SP", before)).toBe("EPEC");
    expect(contingencyModeFor("NFCE", "SP", after)).toBe("EPEC");
    expect(epecAllowed("SP", 65, after)).toBe(true);
    expect(epecAllowed("RS", 65, after)).toBe(false);
  });

  it("the switch uses the table: the first option issued here; deadlines per mode", () => {
    expect(automaticContingency("RS", 65, TODAY)?.mode).toBe("OFFLINE");
    expect(automaticContingency("PR", 55, TODAY)?.mode).toBe("SVC_RS");
    expect(contingencyModeFor("NFE", "SP", TODAY)).toBe("SVC_AN");
    expect(transmissionDeadlineMs("RS", 65, "OFFLINE", TODAY)).toBe(24 * 3_600_000);
    expect(transmissionDeadlineMs("SP", 55, "EPEC", TODAY)).toBe(168 * 3_600_000);
    expect(transmissionDeadlineMs("SP", 55, "SVC_AN", TODAY)).toBeNull();
  });
});
