import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLES_DIR } from "./test-support/xmlsec";
import { accessKeyCheckDigit, buildAccessKey, isAcceptableCnf, isValidAccessKey, parseAccessKey, randomCnf } from "./access-key";

function exampleKeys(): string[] {
  const keys = new Set<string>();
  for (const dir of ["nfe", "nfce", "events"]) {
    for (const file of fs.readdirSync(path.join(EXAMPLES_DIR, dir))) {
      const xml = fs.readFileSync(path.join(EXAMPLES_DIR, dir, file), "utf8");
      for (const m of xml.matchAll(/(?:Id="NFe|<chNFe>)([0-9A-Z]{44})/g)) keys.add(m[1] as string);
    }
  }
  return [...keys];
}

describe("access key", () => {
  // Two nfephp fixtures (retEnviNFe and the BA NFC-e) carry hand-edited keys
  // whose last digit no longer matches; SEFAZ would refuse them (cStat 253).
  const EDITED_FIXTURE_KEYS: Record<string, string> = {
    "43211105730928000145650010000002401717268120": "9",
    "29181033657677000156650010001654399001654399": "8",
  };

  it("finds the check digit of every key in the shared examples", () => {
    const keys = exampleKeys().filter((key) => !(key in EDITED_FIXTURE_KEYS));
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const [key, digit] of Object.entries(EDITED_FIXTURE_KEYS)) {
      expect(isValidAccessKey(key)).toBe(false);
      expect(accessKeyCheckDigit(key.slice(0, 43))).toBe(digit);
    }
    for (const key of keys) {
      expect(accessKeyCheckDigit(key.slice(0, 43)), key).toBe(key.slice(43));
      expect(isValidAccessKey(key)).toBe(true);
    }
  });

  it("rebuilds the RS example key from its ide fields", () => {
    // examples/nfe/nfe-55-signed-hom.xml: cUF 43, dhEmi 2018-09, serie 1, nNF 26, tpEmis 1, cNF 00001030, cDV 1.
    const key = buildAccessKey({
      cUF: "43", yearMonth: "1809", issuerDocument: "06929383000163", model: "55",
      series: 1, number: 26, tpEmis: "1", cNF: "00001030",
    });
    expect(key).toBe("43180906929383000163550010000000261000010301");
    expect(parseAccessKey(key)).toMatchObject({ cUF: "43", series: 1, number: 26, cNF: "00001030", cDV: "1", model: "55" });
  });

  it("handles the remainder 0/1 → 0 rule and alphanumeric CNPJs (NT 2026.004, ASCII − 48)", () => {
    // 53181011028793000173550010000066701204276800 (CC-e example) ends in 0.
    expect(accessKeyCheckDigit("5318101102879300017355001000006670120427680")).toBe("0");
    const key = buildAccessKey({
      cUF: "35", yearMonth: "2601", issuerDocument: "12ABC34501DE35", model: "55",
      series: 1, number: 123, tpEmis: "1", cNF: "87654321",
    });
    expect(key).toBe("35260112ABC34501DE35550010000001231876543219");
    expect(isValidAccessKey(key)).toBe(true);
  });

  it("rejects wrong digits, layouts and models", () => {
    expect(isValidAccessKey("43180906929383000163550010000000261000010302")).toBe(false);
    expect(isValidAccessKey("4318090692938300016355001000000026100001030")).toBe(false);
    expect(isValidAccessKey("4318090692938300016357001000000026100001030" + accessKeyCheckDigit("4318090692938300016357001000000026100001030"))).toBe(false);
  });

  it("draws cNF at random, never equal to nNF nor a predictable sequence", () => {
    expect(isAcceptableCnf("00000026", 26)).toBe(false);
    expect(isAcceptableCnf("12345678", 1)).toBe(false);
    expect(isAcceptableCnf("11111111", 1)).toBe(false);
    expect(isAcceptableCnf("00001030", 26)).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const cNF = randomCnf(5);
      expect(cNF).toMatch(/^[0-9]{8}$/);
      expect(Number(cNF)).not.toBe(5);
      seen.add(cNF);
    }
    expect(seen.size).toBeGreaterThan(190);
  });
});
