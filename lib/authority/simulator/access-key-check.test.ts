import { describe, expect, it } from "vitest";
import { accessKeyCheckDigit, checkAccessKey, type AccessKeyFields } from "./access-key-check";

// The simulator's own key check (MOC 4.00 item 5.4; NT Conjunta 2025.001 item 5
// for keys whose CNPJ has letters): a key the builder writes for an
// alphanumeric issuer passes, a wrong digit or an excluded letter gives 253.

function keyOf(cnpj: string): { key: string; fields: AccessKeyFields } {
  const fields = { cUF: "35", yearMonth: "2612", cnpj, model: "55", series: "1", number: "42", tpEmis: "1", cNF: "12345678", cDV: "" };
  const first43 = `352612${cnpj}55001000000042112345678`;
  const cDV = accessKeyCheckDigit(first43);
  return { key: first43 + cDV, fields: { ...fields, cDV } };
}

describe("checkAccessKey", () => {
  it("accepts the key of an alphanumeric CNPJ (ASCII − 48 check digit) and of a numeric one", () => {
    for (const cnpj of ["12ABC34501DE35", "06929383000163"]) {
      const { key, fields } = keyOf(cnpj);
      expect(checkAccessKey(key, fields)).toBeNull();
    }
  });

  it("refuses a wrong check digit and a CNPJ letter the NT excludes with 253", () => {
    const { key, fields } = keyOf("12ABC34501DE35");
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    expect(checkAccessKey(wrong, { ...fields, cDV: wrong[43]! })?.cStat).toBe("253");
    // Valid mod 11 for an "I" in the root, still refused.
    const excluded = keyOf("12IBC34501DE00");
    expect(checkAccessKey(excluded.key, excluded.fields)?.cStat).toBe("253");
  });

  it("keeps the digits-only rule for the rest of the key", () => {
    const { key, fields } = keyOf("12ABC34501DE35");
    expect(checkAccessKey(`${key.slice(0, 30)}A${key.slice(31)}`, fields)?.cStat).toBe("253");
  });
});
