import { describe, expect, it } from "vitest";
import { NfseNumbers } from "./nfse-numbers";

describe("NfseNumbers", () => {
  it("numbers from the seed, hands a returned number out first, and ignores one it never gave", () => {
    const numbers = new NfseNumbers();
    expect(numbers.knows(2, "A")).toBe(false);
    expect(() => numbers.take(2, "A")).toThrow();
    numbers.seed(2, "A", 5);
    expect(numbers.knows(2, "A")).toBe(true);
    expect([numbers.take(2, "A"), numbers.take(2, "A"), numbers.take(2, "A")]).toEqual([5, 6, 7]);
    numbers.giveBack(2, "A", 7);
    numbers.giveBack(2, "A", 5);
    numbers.giveBack(2, "A", 5);
    numbers.giveBack(2, "A", 8);
    expect([numbers.take(2, "A"), numbers.take(2, "A"), numbers.take(2, "A")]).toEqual([5, 7, 8]);
    expect(numbers.knows(1, "A")).toBe(false);
  });

  it("a second seed (two first DPS read at once) never lowers the counter nor drops returned numbers", () => {
    const numbers = new NfseNumbers();
    numbers.seed(2, "A", 1);
    numbers.take(2, "A");
    numbers.take(2, "A");
    numbers.giveBack(2, "A", 1);
    numbers.seed(2, "A", 1);
    expect([numbers.take(2, "A"), numbers.take(2, "A")]).toEqual([1, 3]);
  });

  it("skipTo moves past numbers another process took and forgets returned numbers below them", () => {
    const numbers = new NfseNumbers();
    numbers.seed(2, "A", 1);
    for (let i = 0; i < 4; i++) numbers.take(2, "A");
    numbers.giveBack(2, "A", 2);
    numbers.giveBack(2, "A", 4);
    numbers.skipTo(2, "A", 4);
    expect([numbers.take(2, "A"), numbers.take(2, "A")]).toEqual([4, 5]);
    numbers.skipTo(2, "A", 9);
    expect(numbers.take(2, "A")).toBe(9);
  });
});
