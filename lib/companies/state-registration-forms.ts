// The IE layouts of each state with their check-digit rules, as published by
// Sintegra ("Conferência de Inscrições Estaduais", one roteiro per state).
// Leading digits (MS 28, AL 24, GO 10/11/20–29, MT 13/14…) are not checked:
// states open new ranges (MT went to 14 in 2023) and refusing a real IE would
// block emission; the check digits catch the typing mistakes.
import {
  checkDigit, mod10, mod11, mod11LessTen, mod11TimesTen, setDigit, weightedSum, weightsFromRight, withDigitAt, type DigitRule,
} from "./state-registration-check-digits";

/** One layout of a state's IE: its length and how its check digits follow from its other digits. */
export interface IeForm {
  length: number;
  /** The IE with its check digits recomputed from its other digits. */
  withCheckDigits(ie: string): string;
  /** What is wrong with digits no check digit covers (TO's type code), if anything. */
  shapeProblem?(ie: string): string | null;
  /** Check digits the SEFAZ also issued besides the computed ones (GO). */
  alsoValid?(ie: string): boolean;
}

/** One check digit at the end, from all the digits before it (weights 2…max from the right). */
const lastDigit = (length: number, rule: DigitRule = mod11, max = 9): IeForm => ({
  length,
  withCheckDigits: (ie) => withDigitAt(ie, length - 1, rule, max),
});

/** Two check digits at the end, the second one counting the first (usual mod 11). */
const lastTwoDigits = (length: number, max = 9): IeForm => ({
  length,
  withCheckDigits: (ie) => withDigitAt(withDigitAt(ie, length - 2, mod11, max), length - 1, mod11, max),
});

// SP (12 digits): digit 9 from the first 8 with weights 1,3,4,5,6,7,8,10 and digit
// 12 from the first 11 with 3,2,10…2; each is the units digit of the remainder by 11.
const SP_FIRST_WEIGHTS = [1, 3, 4, 5, 6, 7, 8, 10];
const spDigit: DigitRule = (sum) => (sum % 11) % 10;
const sp: IeForm = {
  length: 12,
  withCheckDigits: (ie) => withDigitAt(setDigit(ie, 8, spDigit(weightedSum(ie.slice(0, 8), SP_FIRST_WEIGHTS))), 11, spDigit, 10),
};

// MG (AAA BBBBBB CC D1 D2): D1 — a 0 inserted after the municipality code, weights
// 1,2,1,2… from the left, the digits of the products added, distance to the next
// ten; D2 — usual mod 11 over the 12 digits before it with weights 2…11.
function mgFirstDigit(ie: string): number {
  const padded = `${ie.slice(0, 3)}0${ie.slice(3, 11)}`;
  let sum = 0;
  for (let i = 0; i < padded.length; i++) {
    const product = Number(padded[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return mod10(sum);
}
const mg: IeForm = { length: 13, withCheckDigits: (ie) => withDigitAt(setDigit(ie, 11, mgFirstDigit(ie)), 12, mod11, 11) };

// BA (8 or 9 digits, two check digits at the end): modulo 10, or 11 when the
// test digit (1st of 8 digits, 2nd of 9) is 6, 7 or 9. The last digit is
// computed first, from the body; the one before it from the body and the last.
function ba(length: 8 | 9): IeForm {
  return {
    length,
    withCheckDigits: (ie) => {
      const rule = "679".includes(ie.charAt(length === 8 ? 0 : 1)) ? mod11 : mod10;
      const body = ie.slice(0, length - 2);
      const last = checkDigit(body, rule);
      return `${body}${checkDigit(body + last, rule)}${last}`;
    },
  };
}

// AP (9 digits): the sum starts at p, and a result of 11 becomes d, by the range
// of the first 8 digits: up to 03017000 p=5 d=0; up to 03019022 p=9 d=1; then 0, 0.
const ap: IeForm = {
  length: 9,
  withCheckDigits: (ie) => {
    const base = Number(ie.slice(0, 8));
    const [p, d] = base <= 3017000 ? [5, 0] : base <= 3019022 ? [9, 1] : [0, 0];
    const digit = 11 - ((p + weightedSum(ie.slice(0, 8), weightsFromRight(8))) % 11);
    return setDigit(ie, 8, digit === 10 ? 0 : digit === 11 ? d : digit);
  },
};

// GO (9 digits): usual mod 11. Sintegra's general table gives 1 instead of 0 for
// remainder 1 when the first 8 digits are 10103105…10119997; SEFAZ-GO's own roteiro
// gives 0, so both are accepted there.
const go: IeForm = {
  ...lastDigit(9),
  alsoValid: (ie) => {
    const base = Number(ie.slice(0, 8));
    return base >= 10103105 && base <= 10119997 && weightedSum(ie.slice(0, 8), weightsFromRight(8)) % 11 === 1 && ie[8] === "1";
  },
};

// PE before e-Fisco (14 digits, CACEPE): weights 5,4,3,2,1,9…2; 11 − remainder, less 10 above 9.
const PE_CACEPE_WEIGHTS = [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2];
const peCacepe: IeForm = {
  length: 14,
  withCheckDigits: (ie) => setDigit(ie, 13, mod11LessTen(weightedSum(ie.slice(0, 13), PE_CACEPE_WEIGHTS))),
};

// RO before 08/2000 (9 digits): municipality (3) + company (5) + digit over the company's 5 digits only.
const roOld: IeForm = { length: 9, withCheckDigits: (ie) => setDigit(ie, 8, checkDigit(ie.slice(3, 8), mod11LessTen)) };

// RR (9 digits): weights 1…8 from the left, remainder by 9.
const rr: IeForm = {
  length: 9,
  withCheckDigits: (ie) => setDigit(ie, 8, weightedSum(ie.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]) % 9),
};

// TO with 11 digits: the 3rd and 4th digits are a type code (01, 02, 03, 99)
// left out of the usual mod 11 over the other 8 digits.
const TO_TYPE_CODES = ["01", "02", "03", "99"];
const toOld: IeForm = {
  length: 11,
  withCheckDigits: (ie) => setDigit(ie, 10, checkDigit(ie.slice(0, 2) + ie.slice(4, 10))),
  shapeProblem: (ie) =>
    TO_TYPE_CODES.includes(ie.slice(2, 4)) ? null : "an IE of TO with 11 digits has 01, 02, 03 or 99 as its 3rd and 4th digits",
};

/** The forms of each UF; the first is the current one (used for samples). */
export const IE_FORMS: Record<string, IeForm[]> = {
  AC: [lastTwoDigits(13)],
  AL: [lastDigit(9, mod11TimesTen)],
  AM: [lastDigit(9)], // Sintegra: 11 − sum when the sum is below 11, the same digit for any sum of 2 or more
  AP: [ap],
  BA: [ba(9), ba(8)],
  CE: [lastDigit(9)],
  DF: [lastTwoDigits(13)],
  ES: [lastDigit(9)],
  GO: [go],
  MA: [lastDigit(9)],
  MG: [mg],
  MS: [lastDigit(9)],
  MT: [lastDigit(9), lastDigit(10), lastDigit(11)], // Sintegra pads to 11 digits with zeros: the same sum
  PA: [lastDigit(9)],
  PB: [lastDigit(9)],
  PE: [lastTwoDigits(9), peCacepe],
  PI: [lastDigit(9)],
  PR: [lastTwoDigits(10, 7)],
  RJ: [lastDigit(8, mod11, 7)],
  RN: [lastDigit(9, mod11TimesTen), lastDigit(10, mod11TimesTen, 10)],
  RO: [lastDigit(14, mod11LessTen), roOld],
  RR: [rr],
  RS: [lastDigit(10)],
  SC: [lastDigit(9)],
  SE: [lastDigit(9)],
  SP: [sp],
  TO: [lastDigit(9), toOld],
};
