import { describe, expect, it } from "vitest";
import { REFORM_RATE_ROWS, reformRatesOn, statutoryIbsCbsRatesOn } from "./reform-rates";

describe("the reform's dated rates (LC 214/2025)", () => {
  it("rows are contiguous, ordered and each names its legal sources", () => {
    for (const [i, row] of REFORM_RATE_ROWS.entries()) {
      for (const source of [row.ibsStateSource, row.ibsMunicipalSource, row.cbsSource, row.selectiveTaxSource, row.pisCofinsSource, row.simplesSource]) {
        expect(source).toMatch(/LC 214\/2025|ADCT/);
      }
      const next = REFORM_RATE_ROWS[i + 1];
      if (next) {
        const dayAfter = new Date(`${row.to}T00:00:00Z`);
        dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
        expect(next.from).toBe(dayAfter.toISOString().slice(0, 10));
      }
    }
  });

  it("picks the row by the issuer's calendar date, both ends of each period inclusive", () => {
    expect(statutoryIbsCbsRatesOn("2026-01-01")).toEqual({ ibsState: "0.1", ibsMunicipal: "0", cbs: "0.9" });
    expect(statutoryIbsCbsRatesOn("2026-12-31")).toEqual({ ibsState: "0.1", ibsMunicipal: "0", cbs: "0.9" });
    // 2027: art. 344 fixes the IBS; the CBS is the Senate's reference rate less 0.1 point, not law yet.
    expect(statutoryIbsCbsRatesOn("2027-01-01")).toEqual({ ibsState: "0.05", ibsMunicipal: "0.05", cbs: null });
    expect(statutoryIbsCbsRatesOn("2028-12-31")).toEqual({ ibsState: "0.05", ibsMunicipal: "0.05", cbs: null });
    expect(reformRatesOn("2026-12-31")).toMatchObject({ pisCofins: true, selectiveTax: false, ratesApplyToSimples: false });
    expect(reformRatesOn("2027-01-01")).toMatchObject({ pisCofins: false, selectiveTax: true, ratesApplyToSimples: true });
  });

  it("has no row outside 2026–2028 (before the reform; from 2029 the transition of arts. 361 ff. is not written yet)", () => {
    expect(reformRatesOn("2025-12-31")).toBeNull();
    expect(statutoryIbsCbsRatesOn("2029-01-01")).toEqual({ ibsState: null, ibsMunicipal: null, cbs: null });
  });
});
