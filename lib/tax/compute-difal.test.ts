import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { computeDifal, difalParameters } from "./compute-difal";
import { FCP_RATE_RANGES, INTERNAL_ICMS_RATES, internalIcmsRate, interstateIcmsRate, isFcpRateOfState, usesDifalDoubleBase } from "./data/icms-rates";
import { dec } from "./decimal";

// The code's rates against the vendored source tables (copies of
// shared/fiscal/data/tables/icms, kept beside the code that encodes them).
const DATA = path.join(__dirname, "data");
const matrix = JSON.parse(readFileSync(path.join(DATA, "icms-interestadual.json"), "utf8")).matriz_nacional as Record<string, Record<string, number | null>>;
const internalRows = readFileSync(path.join(DATA, "icms-aliquotas-internas-uf.csv"), "utf8").trim().split("\n").slice(1).map((line) => line.split(","));

describe("ICMS rate table", () => {
  it("the interstate rate of national goods equals the source matrix for all 702 pairs, and imported origins take 4 %", () => {
    const ufs = Object.keys(matrix);
    expect(ufs).toHaveLength(27);
    let pairs = 0;
    for (const from of ufs) {
      for (const to of ufs) {
        if (from === to) continue;
        pairs++;
        expect(interstateIcmsRate(from, to, "0"), `${from} → ${to}`).toBe(String(matrix[from]![to]));
        for (const origin of ["1", "2", "3", "8"]) expect(interstateIcmsRate(from, to, origin)).toBe("4");
        for (const origin of ["4", "5", "6", "7"]) expect(interstateIcmsRate(from, to, origin)).toBe(String(matrix[from]![to]));
      }
    }
    expect(pairs).toBe(702);
  });

  it("the current internal rate of every state is the source table's modal rate, older rows until their change", () => {
    expect(internalRows).toHaveLength(27);
    for (const [uf, modal, , since] of internalRows) {
      expect(internalIcmsRate(uf!, "2026-11-23"), uf).toBe(modal);
      if (since) expect(internalIcmsRate(uf!, since)).toBe(modal);
    }
    expect(internalIcmsRate("MA", "2025-02-22")).toBe("22");
    expect(internalIcmsRate("PI", "2025-03-31")).toBe("21");
    expect(new Set(INTERNAL_ICMS_RATES.map((r) => r.uf)).size).toBe(27);
    expect(internalIcmsRate("XX", "2026-01-01")).toBeNull();
  });
});

describe("FCP percentages by state (rules 874, 875)", () => {
  it("are the fcp_percentual column of the source table: a range, a single value, or no FCP", () => {
    for (const [uf, , , , fcp] of internalRows) {
      const [low, high = low] = fcp!.split("-");
      if (fcp === "0") expect(FCP_RATE_RANGES[uf!], uf).toBeUndefined();
      else expect(FCP_RATE_RANGES[uf!], uf).toEqual([low, high]);
    }
    expect([isFcpRateOfState("SP", "2"), isFcpRateOfState("SP", "3"), isFcpRateOfState("RJ", "4"), isFcpRateOfState("SC", "2")]).toEqual([true, false, true, false]);
  });
});

describe("DIFAL", () => {
  it("single base, 100 % to the destination, FCP only where it is general", () => {
    const pe = difalParameters({ fromUf: "SP", toUf: "PE", origin: "0", issuedOn: "2026-11-23" })!;
    expect(pe.doubleBase).toBe(false);
    expect(computeDifal(dec("1234.56"), pe)).toEqual({
      base: "1234.56", fcpBase: null, fcpRate: null, destinationRate: "20.5000", interstateRate: "7.0000", partitionRate: "100.0000",
      // 1234.56 × 13.5 % = 166.6656 → 166.67
      fcpAmount: null, destinationAmount: "166.67", originAmount: "0.00",
    });
    const rj = difalParameters({ fromUf: "MG", toUf: "RJ", origin: "1", issuedOn: "2026-11-23" })!;
    // Imported: 4 %; RJ 20 % + FECP 2 %.
    expect(computeDifal(dec("100"), rj)).toMatchObject({ interstateRate: "4.0000", destinationAmount: "16.00", fcpRate: "2.0000", fcpAmount: "2.00" });
    // A destination rate below the interstate rate owes nothing (never negative).
    expect(computeDifal(dec("100"), { destinationRate: dec("4"), interstateRate: dec("12"), fcpRate: null }).destinationAmount).toBe("0.00");
  });

  it("base dupla where the destination's law asks for it (BA since 31/12/2021): (value − origin ICMS) / (1 − internal rate)", () => {
    expect(usesDifalDoubleBase("BA", "2021-12-30")).toBe(false);
    expect(usesDifalDoubleBase("BA", "2021-12-31")).toBe(true);
    expect(usesDifalDoubleBase("PE", "2026-11-23")).toBe(false);
    const ba = difalParameters({ fromUf: "SP", toUf: "BA", origin: "0", issuedOn: "2026-11-23" })!;
    // 2000 × 7 % = 140.00; (2000 − 140) / 0.795 = 2339.6226 → 2339.62; × 20.5 % = 479.62; − 140.00 = 339.62.
    expect(computeDifal(dec("2000.00"), ba)).toMatchObject({ base: "2339.62", destinationRate: "20.5000", interstateRate: "7.0000", destinationAmount: "339.62", originAmount: "0.00", fcpBase: null });
    // With a general FCP the gross-up includes it: 100 × 12 % = 12.00; (100 − 12) / (1 − 0.22) = 112.82; ICMS 20 % = 22.56 − 12.00 = 10.56; FCP 2 % = 2.26.
    const withFcp = { destinationRate: dec("20"), interstateRate: dec("12"), fcpRate: dec("2"), doubleBase: true };
    expect(computeDifal(dec("100"), withFcp)).toMatchObject({ base: "112.82", fcpBase: "112.82", destinationAmount: "10.56", fcpAmount: "2.26" });
  });
});
