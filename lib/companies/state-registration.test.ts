import { describe, expect, it } from "vitest";
import { sampleStateRegistration, stateRegistrationProblem } from "./state-registration";
import { IE_FORMS } from "./state-registration-forms";
import { weightsFromRight } from "./state-registration-check-digits";

// Known-valid IEs: the worked examples of the Sintegra roteiros ("Conferência de
// Inscrições Estaduais"), except where marked as computed by hand below.
const VALID: Record<string, string[]> = {
  AC: ["01.004.823/001-12"],
  AL: ["240000048"],
  AM: ["04.293.368-4"],
  AP: ["030123459"],
  BA: ["123456-63", "612345-57", "1234567-48", "1623456-51"],
  CE: ["06000001-5"],
  DF: ["07.300.001.001-09"],
  ES: ["99999999-0"],
  GO: ["10.987.654-7"],
  MA: ["12000038-5"],
  MG: ["062.307.904/0081"],
  // By hand: 2·9+8·8+3·7+1·6+1·5+5·4+9·3+4·2 = 169, 169 mod 11 = 4, 11 − 4 = 7.
  MS: ["28.311.594-7"],
  MT: ["0013000001-9"],
  PA: ["15-999999-5"],
  PB: ["06000001-5"],
  PE: ["0321418-40", "18.1.001.0000004-9"],
  PI: ["01234567-9"],
  PR: ["123.45678-50"],
  RJ: ["99.999.99-3"],
  RN: ["20.040.040-1", "20.0.040.040-0"],
  RO: ["0000000062521-3", "101.62521-3"],
  RR: ["24006628-1"],
  RS: ["224/3658792"],
  SC: ["251.040.852"],
  SE: ["27123456-3"],
  SP: ["110.042.490.114"],
  // The 9-digit form by hand: 2·9+9·8+0·7+2·6+2·5+7·4+8·3+3·2 = 170, mod 11 = 5, 11 − 5 = 6.
  TO: ["29.01.022783-6", "29.022.783-6"],
};

/** The IE's digits with its last digit changed. */
function lastDigitChanged(ie: string): string {
  const digits = ie.replace(/\D/g, "");
  return digits.slice(0, -1) + String((Number(digits.at(-1)) + 1) % 10);
}

describe("stateRegistrationProblem: check digits", () => {
  it("covers the 27 UFs", () => {
    expect(Object.keys(IE_FORMS).sort()).toEqual(Object.keys(VALID).sort());
    expect(Object.keys(VALID)).toHaveLength(27);
  });

  for (const [uf, examples] of Object.entries(VALID)) {
    it(`accepts the known-valid IEs of ${uf} and refuses them with the last digit changed`, () => {
      for (const ie of examples) {
        expect(stateRegistrationProblem(ie, uf), ie).toBeNull();
        expect(stateRegistrationProblem(lastDigitChanged(ie), uf), ie).toBe(`check digit does not match for an IE of ${uf}`);
      }
    });
  }

  it("checks the first of two check digits too (SP digit 9, MG D1, BA, PR, PE)", () => {
    expect(stateRegistrationProblem("110042480114", "SP")).toBe("check digit does not match for an IE of SP");
    expect(stateRegistrationProblem("0623079040071", "MG")).toBe("check digit does not match for an IE of MG");
    expect(stateRegistrationProblem("12345673", "BA")).toBe("check digit does not match for an IE of BA");
    expect(stateRegistrationProblem("1234567840", "PR")).toBe("check digit does not match for an IE of PR");
    expect(stateRegistrationProblem("032141830", "PE")).toBe("check digit does not match for an IE of PE");
  });

  it("refuses swapped digits, the usual typing mistake", () => {
    expect(stateRegistrationProblem("101042490114", "SP")).toBe("check digit does not match for an IE of SP");
    expect(stateRegistrationProblem("2234658792", "RS")).toBe("check digit does not match for an IE of RS");
  });

  it("applies the range rules of AP (p, d) and GO (remainder 1)", () => {
    // AP 03017001…03019022: p = 9; 9 + 0·9+3·8+0·7+1·6+7·5+0·4+0·3+1·2 = 76, mod 11 = 10, 11 − 10 = 1.
    expect(stateRegistrationProblem("030170011", "AP")).toBeNull();
    // GO 10103105: 1·9+0+1·7+0+3·5+1·4+0+5·2 = 45, mod 11 = 1: 0 (SEFAZ-GO) and 1 (Sintegra table) both pass.
    expect(stateRegistrationProblem("101031050", "GO")).toBeNull();
    expect(stateRegistrationProblem("101031051", "GO")).toBeNull();
    expect(stateRegistrationProblem("101031052", "GO")).toBe("check digit does not match for an IE of GO");
  });

  it("accepts MT with 9, 10 or 11 digits (leading zeros do not change the sum)", () => {
    expect(stateRegistrationProblem("130000019", "MT")).toBeNull();
    expect(stateRegistrationProblem("0130000019", "MT")).toBeNull();
  });
});

describe("stateRegistrationProblem: layout", () => {
  it("accepts ISENTO in any case", () => {
    expect(stateRegistrationProblem("isento", "MG")).toBeNull();
  });

  it("names the lengths of the UF", () => {
    expect(stateRegistrationProblem("12345", "SP")).toBe("an IE of SP has 12 digits (got 5)");
    expect(stateRegistrationProblem("1234567", "RO")).toBe("an IE of RO has 9 or 14 digits (got 7)");
  });

  it("refuses SP's rural producer form clearly, letters, all zeros, an unknown state and TO's type code", () => {
    expect(stateRegistrationProblem("P-01100424.3/002", "SP")).toBe('the rural producer IE of SP ("P" + 12 digits) is not supported');
    expect(stateRegistrationProblem("ABC", "SP")).toBe('must contain only digits, or be "ISENTO"');
    expect(stateRegistrationProblem("000000000", "SC")).toBe("cannot be all zeros");
    expect(stateRegistrationProblem("123456789", "XX")).toBe("unknown state XX");
    expect(stateRegistrationProblem("29050227836", "TO")).toBe("an IE of TO with 11 digits has 01, 02, 03 or 99 as its 3rd and 4th digits");
  });
});

describe("sampleStateRegistration", () => {
  it("keeps the SP sample of earlier releases (known valid IE 110.042.490.114)", () => {
    expect(sampleStateRegistration("SP", "11004249")).toBe("110042490114");
  });

  it("builds a valid IE of every UF from any seed (the demo company passes its CNPJ)", () => {
    for (const uf of Object.keys(IE_FORMS)) {
      for (const seed of [undefined, "11222333000181", "98765432", "03017500"]) {
        const sample = sampleStateRegistration(uf, seed);
        expect(stateRegistrationProblem(sample, uf), `${uf} ${sample}`).toBeNull();
      }
    }
  });
});

describe("weightsFromRight", () => {
  it("gives the usual series, restarting after the maximum", () => {
    expect(weightsFromRight(8)).toEqual([9, 8, 7, 6, 5, 4, 3, 2]);
    expect(weightsFromRight(11)).toEqual([4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(weightsFromRight(8, 7)).toEqual([3, 2, 7, 6, 5, 4, 3, 2]);
    expect(weightsFromRight(11, 10)).toEqual([3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});
