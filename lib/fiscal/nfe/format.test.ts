import { describe, expect, it } from "vitest";
import { escapeXml, fiscalText } from "@/lib/fiscal/xml/xml-text";
import { stateInfo } from "@/lib/br";
import { isoDate, isPositive, localDateTime, money, percent, quantity, sameMinuteMemo, unitValue, weight, type MinuteMemo } from "./format";

describe("decimal formatting for the layout's types", () => {
  it("pads to the type's places and strips leading zeros", () => {
    expect(money("0")).toBe("0.00");
    expect(money("007.5")).toBe("7.50");
    expect(money("1234.5")).toBe("1234.50");
    expect(money(12)).toBe("12.00");
    expect(percent("18")).toBe("18.0000");
    expect(percent("0.65")).toBe("0.6500");
    expect(quantity("0.75")).toBe("0.7500");
    expect(unitValue("16.9")).toBe("16.9000000000");
    expect(weight("12.5")).toBe("12.500");
  });

  it("rounds half up when the value has more places, accepts Decimal-like objects and exponents", () => {
    expect(money("10.005")).toBe("10.01");
    expect(money("10.0049")).toBe("10.00");
    expect(quantity("1.00005")).toBe("1.0001");
    expect(money({ toString: () => "3.1" })).toBe("3.10");
    expect(unitValue("1e-7")).toBe("0.0000001000");
  });

  it("refuses negative and non-numeric values with a 422 naming the field", () => {
    expect(() => money("-1.00", "vProd")).toThrow(/vProd: '-1.00' must be a non-negative/);
    expect(() => money("abc", "vNF")).toThrow(/vNF: 'abc' is not a decimal number/);
  });

  it("tells positive optional amounts (TDec_1302Opc refuses zero)", () => {
    expect(isPositive("0.00")).toBe(false);
    expect(isPositive("0.01")).toBe(true);
    expect(isPositive(null)).toBe(false);
    expect(isPositive("")).toBe(false);
  });
});

describe("dates", () => {
  it("prints the issuer state's offset", () => {
    expect(localDateTime("2026-03-10T17:05:09Z", "SP")).toBe("2026-03-10T14:05:09-03:00");
    expect(localDateTime("2026-03-10T17:05:09Z", "AM")).toBe("2026-03-10T13:05:09-04:00");
    expect(localDateTime("2026-03-10T17:05:09Z", "AC")).toBe("2026-03-10T12:05:09-05:00");
    expect(localDateTime("2026-03-10T17:05:09Z", "PE")).toBe("2026-03-10T14:05:09-03:00");
    // Crossing midnight changes the local date.
    expect(localDateTime("2026-01-01T01:30:00Z", "RJ")).toBe("2025-12-31T22:30:00-03:00");
    expect(isoDate(new Date("2026-04-09T00:00:00Z"))).toBe("2026-04-09");
    expect(isoDate("2026-04-09")).toBe("2026-04-09");
  });

  it("reuses an offset only within its UTC minute: the change at a DST transition shows on the next minute", () => {
    // São Paulo's last DST began 2018-11-04 00:00 local (-03:00), i.e. 03:00 UTC, and clocks went to -02:00.
    expect(localDateTime("2018-11-04T02:59:00Z", "SP")).toBe("2018-11-03T23:59:00-03:00");
    expect(localDateTime("2018-11-04T02:59:59Z", "SP")).toBe("2018-11-03T23:59:59-03:00");
    expect(localDateTime("2018-11-04T03:00:00Z", "SP")).toBe("2018-11-04T01:00:00-02:00");
    expect(localDateTime("2018-11-04T03:00:30Z", "SP")).toBe("2018-11-04T01:00:30-02:00");
    // One zone's memo never answers for another's.
    expect(localDateTime("2018-11-04T03:00:40Z", "AM")).toBe("2018-11-03T23:00:40-04:00");
    expect(localDateTime("2018-11-04T03:00:50Z", "SP")).toBe("2018-11-04T01:00:50-02:00");
  });

  it("answers every minute of a day as Intl does", () => {
    const intl = (date: Date, timeZone: string) => {
      const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(date).find((p) => p.type === "timeZoneName")!.value;
      return name === "GMT" ? "+00:00" : name.slice(3);
    };
    const memo: MinuteMemo = new Map();
    for (let t = Date.UTC(2018, 10, 3, 12); t < Date.UTC(2018, 10, 4, 12); t += 37_000) {
      const date = new Date(t);
      expect(sameMinuteMemo(memo, "America/Sao_Paulo", date, () => intl(date, "America/Sao_Paulo"))).toBe(intl(date, "America/Sao_Paulo"));
    }
  });

  it("gives the offset of the instant across a daylight-saving change (the offset is kept per UTC minute)", () => {
    // São Paulo left daylight saving at 2019-02-17 00:00 local (-02:00 to -03:00), 02:00 UTC.
    expect(localDateTime("2019-02-17T01:59:59.999Z", "SP")).toBe("2019-02-16T23:59:59-02:00");
    expect(localDateTime("2019-02-17T02:00:00Z", "SP")).toBe("2019-02-16T23:00:00-03:00");
    expect(localDateTime("2019-02-17T01:45:00Z", "SP")).toBe("2019-02-16T23:45:00-02:00");
    expect(localDateTime("2019-02-17T02:14:59Z", "SP")).toBe("2019-02-16T23:14:59-03:00");
  });

  it("agrees with Intl's offset at any instant, in every state's zone", () => {
    const states = ["SP", "AM", "AC", "PE", "MS", "MT", "RJ", "RO", "RR", "BA", "RS", "TO"];
    const start = Date.parse("2000-01-01T00:00:00Z");
    const span = Date.parse("2031-01-01T00:00:00Z") - start;
    let seed = 37;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let at = start;
    for (let i = 0; i < 3_000; i++) {
      const uf = states[i % states.length]!;
      // Runs of nearby instants, so a kept offset is both reused and replaced.
      at = i % 4 === 0 ? start + Math.floor(random() * span) : at + Math.floor(random() * 20 * 60_000);
      const name = new Intl.DateTimeFormat("en-US", { timeZone: stateInfo(uf).timezone, timeZoneName: "longOffset" }).formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")!.value;
      expect(localDateTime(new Date(at), uf).slice(19)).toBe(name === "GMT" ? "+00:00" : name.slice(3));
    }
  });
});

describe("text", () => {
  it("keeps Latin-1 accents, folds typographic characters and collapses spaces", () => {
    expect(fiscalText("  Pão   de queijo\tmineiro \n")).toBe("Pão de queijo mineiro");
    expect(fiscalText("“Café” – ‘extra’ … 10€")).toBe('"Café" - \'extra\' ... 10EUR');
    expect(fiscalText("Škoda Łódź ✓ caixa")).toBe("Skoda ódz caixa"); // Ł has no decomposition: dropped
    expect(fiscalText("abcdef", 4)).toBe("abcd");
    expect(fiscalText("ab  cd ", 4)).toBe("ab c");
  });

  it("escapes text as Canonical XML does", () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f'`);
  });
});
