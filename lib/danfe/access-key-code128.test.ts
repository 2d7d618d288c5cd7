import bwipjs from "bwip-js/node";
import { describe, expect, it } from "vitest";
import { completeCnpj } from "@/lib/br";
import { buildAccessKey } from "@/lib/fiscal/nfe/access-key";
import { accessKeyBarcodeWidths, accessKeyCodewords } from "./access-key-code128";

// NT Conjunta 2025.001 (CNPJ Alfanumérico) v1.00, item 6: CODE-128C for
// digits, CODE-128A (switch with codeword 101, back with 99) where a letter
// occurs; the symbol itself (patterns, mod-103 check, stop) comes from BWIPP.

const modules = (widths: number[]) => widths.reduce((sum, width) => sum + width, 0);
/** BWIPP's own code set choice for plain text: the reference for numeric keys. */
const bwippAuto = (text: string) => (bwipjs.raw({ bcid: "code128", text }) as Array<{ sbs: number[] }>)[0]!.sbs;

describe("access key barcode codewords (NT Conjunta 2025.001, item 6)", () => {
  it("is the NT's own example: 5225AB83 → START C, 52, 25, CODE A, A, B, CODE C, 83, check 30", () => {
    expect(accessKeyCodewords("5225AB83")).toEqual([105, 52, 25, 101, 33, 34, 99, 83]);
    // The check character the NT computes (1987 mod 103 = 30), drawn before the stop pattern (2331112).
    const widths = accessKeyBarcodeWidths("5225AB83");
    expect(widths.slice(-13)).toEqual([2, 1, 2, 1, 2, 3, /* 30 = 212123 */ 2, 3, 3, 1, 1, 1, 2]);
  });

  it("puts the odd digit before a letter in set A (the NT's 123A example)", () => {
    expect(accessKeyCodewords("123A")).toEqual([105, 12, 101, 19, 33]);
  });

  it("goes back to C after the first digit of an odd group of four or more, at once for an even one", () => {
    expect(accessKeyCodewords("12AB12345")).toEqual([105, 12, 101, 33, 34, 17, 99, 23, 45]);
    expect(accessKeyCodewords("12AB1234")).toEqual([105, 12, 101, 33, 34, 99, 12, 34]);
    // Fewer than four digits stay in A, unless they end the data.
    expect(accessKeyCodewords("12A12B")).toEqual([105, 12, 101, 33, 17, 18, 34]);
    expect(accessKeyCodewords("12A123")).toEqual([105, 12, 101, 33, 17, 99, 23]);
  });

  it("keeps a numeric key in CODE-128C: start C and 22 pairs, 277 modules, the bars BWIPP draws for it", () => {
    for (const key of ["43180906929383000163550010000000261000103010", "35260112345678000190550010000001231234567897", "00000000000000000000000000000000000000000000"]) {
      expect(accessKeyCodewords(key)).toEqual([105, ...key.match(/\d\d/g)!.map(Number)]);
      expect(accessKeyBarcodeWidths(key)).toEqual(bwippAuto(key));
      expect(modules(accessKeyBarcodeWidths(key))).toBe(277);
    }
  });

  it("encodes an alphanumeric-CNPJ key with sets C and A only", () => {
    const key = buildAccessKey({ cUF: "35", yearMonth: "2612", issuerDocument: completeCnpj("12ABC34501DE"), model: "55", series: 1, number: 7, tpEmis: "1", cNF: "12345678" });
    expect(key).toMatch(/^3526121[2]ABC34501DE35/);
    const codewords = accessKeyCodewords(key);
    // 352612 12 | A: A B C | 3450 → C: 34 50 | 1 odd+D E → A ... then C for the 28-digit tail.
    expect(codewords.slice(0, 5)).toEqual([105, 35, 26, 12, 12]);
    expect(codewords).toContain(101);
    expect(codewords).not.toContain(100); // never CODE B
    expect(codewords.filter((c, i) => i > 0 && c === 101)).toHaveLength(2);
    expect(modules(accessKeyBarcodeWidths(key))).toBeGreaterThan(277);
  });

  it("refuses what is not an access key's alphabet", () => {
    expect(() => accessKeyCodewords("")).toThrow();
    expect(() => accessKeyCodewords("12ab")).toThrow();
    expect(() => accessKeyCodewords("A1234")).toThrow();
  });
});
