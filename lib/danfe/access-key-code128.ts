import bwipjs from "bwip-js/node";

// The access key's barcode on every auxiliary document (DANFE, DACCE): CODE-128
// as NT Conjunta 2025.001 (CNPJ Alfanumérico) v1.00, item 6, "Padrão do Código
// de Barras dos Documentos Auxiliares", prescribes it: start C, pairs of digits
// in code set C and, where a character is not a digit (the letters of an
// alphanumeric CNPJ), a switch to code set A (codeword 101 "CODE A") and back
// to C (codeword 99 "CODE C") under the NT's "Orientações para o uso dos
// caracteres START, CODE e SHIFT". A numeric key gives start C and 22 pairs:
// the CODE-128C of MOC Anexo II, unchanged.
//
// This file only chooses the codewords (the NT's rule); BWIPP (bwip-js) turns
// them into bars and adds the mod-103 check character and the stop pattern.

const START_C = 105;
const CODE_A = 101; // in set C: latch to set A
const CODE_C = 99; // in set A: latch to set C

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";

/** Length of the run of digits starting at `from`. */
function digitRun(text: string, from: number): number {
  let end = from;
  while (isDigit(text[end])) end++;
  return end - from;
}

/** Value of a character in code set A (ISO/IEC 15417, table 1): ASCII 32-95 are 0-63. */
function setAValue(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code < 32 || code > 95) throw new Error(`CODE-128A has no character "${ch}"`);
  return code - 32;
}

/**
 * The CODE-128 codewords (start included; check character and stop left to
 * the encoder) of an access key: [0-9A-Z], starting with at least two digits.
 */
export function accessKeyCodewords(key: string): number[] {
  if (!/^[0-9]{2}[0-9A-Z]*$/.test(key)) throw new Error("An access key barcode needs [0-9A-Z] characters starting with two digits");
  const codewords = [START_C];
  let set: "A" | "C" = "C";
  let i = 0;
  while (i < key.length) {
    const run = digitRun(key, i);
    if (set === "C") {
      if (run >= 2) {
        codewords.push(Number(key.slice(i, i + 2)));
        i += 2;
        continue;
      }
      // A letter, or the odd last digit before one (or before the end): set A from here.
      codewords.push(CODE_A);
      set = "A";
      continue;
    }
    // In set A, a group of 4 or more digits goes back to C: at once when even,
    // after its first digit (kept in A) when odd. The NT's example (5225AB83)
    // also returns to C for the last two digits of the data, where C is as short.
    if (run >= 4 || (run >= 2 && i + run === key.length)) {
      if (run % 2 === 1) codewords.push(setAValue(key[i++]!));
      codewords.push(CODE_C);
      set = "C";
      continue;
    }
    codewords.push(setAValue(key[i++]!));
  }
  return codewords;
}

/**
 * Bar and space widths in modules (starting with a bar) of the access key's
 * barcode: the codewords above, BWIPP's check character and stop.
 */
export function accessKeyBarcodeWidths(key: string): number[] {
  const text = accessKeyCodewords(key)
    .map((codeword) => `^${String(codeword).padStart(3, "0")}`)
    .join("");
  // BWIPP's "raw" option: the text is ^NNN codewords, used as they are (its typings omit it; the string form of the options passes it).
  const [symbol] = bwipjs.raw("code128", text, "raw") as Array<{ sbs: number[] }>;
  return symbol!.sbs;
}
