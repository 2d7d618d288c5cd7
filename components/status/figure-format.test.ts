import { describe, expect, it } from "vitest";
import { figureFormat } from "./figure-format";

// The status page read in English showed "2.425 ms" (pt-BR grouping): each language its own.
describe("the status page's figures", () => {
  const at = "2026-12-07T20:05:09.000Z";

  it("formats milliseconds, rates, counts and times in English as English", () => {
    const en = figureFormat("en", "America/Sao_Paulo");
    expect(en.ms(2425)).toBe("2,425 ms");
    expect(en.ms(12.25)).toBe("12.3 ms");
    expect(en.percent(0.0012)).toBe("0.12%");
    expect(en.count(1234567)).toBe("1,234,567");
    expect(en.dateTime(at)).toBe("12/7/26, 5:05:09 PM");
    expect(en.ms(null)).toBe("—");
  });

  it("and in Portuguese as Portuguese", () => {
    const pt = figureFormat("pt-BR", "America/Sao_Paulo");
    expect(pt.ms(2425)).toBe("2.425 ms");
    expect(pt.ms(12.25)).toBe("12,3 ms");
    expect(pt.percent(0.0012)).toBe("0,12%");
    expect(pt.count(1234567)).toBe("1.234.567");
    expect(pt.dateTime(at)).toBe("07/12/2026, 17:05:09");
    expect(pt.shortDateTime(at)).toBe("07/12/2026, 17:05");
    expect(pt.percent(null)).toBe("—");
  });
});
