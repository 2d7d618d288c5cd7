import { describe, expect, it } from "vitest";
import { textStems, wordStem } from "./word-stem";

describe("wordStem", () => {
  it("gives singular and plural the same stem, without accents", () => {
    const pairs: [string, string][] = [["pão", "pães"], ["limão", "limões"], ["mão", "mãos"], ["animal", "animais"], ["papel", "papéis"], ["bolo", "bolos"], ["parafuso", "parafusos"], ["item", "itens"], ["motor", "motores"], ["luz", "luzes"]];
    for (const [singular, plural] of pairs) expect(wordStem(plural), plural).toBe(wordStem(singular));
    expect(wordStem("Pão")).toBe("pao");
  });

  it("leaves short words and double s alone, and splits words on hyphens and punctuation", () => {
    expect(wordStem("gás")).toBe("gas");
    expect(wordStem("vidro")).toBe("vidro");
    expect(textStems("Bananas-da-terra (Bananas-pão*)")).toEqual(["banana", "da", "terra", "banana", "pao"]);
  });
});
