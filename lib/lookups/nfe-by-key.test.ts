import { describe, expect, it } from "vitest";
import { buildAccessKey } from "@/lib/fiscal/nfe/access-key";
import { NfeKeyParams } from "./schemas";
import { consultationTarget } from "./nfe-by-key";

// Where a key is consulted, read from the key alone (cUF, model, tpEmis), and the key's validation.

const key = (cUF: string, model: "55" | "65", tpEmis: string, issuerDocument = "12345678000195") =>
  buildAccessKey({ cUF, yearMonth: "2612", issuerDocument, model, series: 1, number: 123, tpEmis, cNF: "10293847" });

describe("consultationTarget", () => {
  it("asks the state's authorizer for a normal key, the SVC its tpEmis names for a contingency NF-e", () => {
    expect(consultationTarget(key("35", "55", "1"), "PRODUCTION")).toEqual({ uf: "SP", environment: "PRODUCTION", model: 55, contingency: undefined });
    expect(consultationTarget(key("42", "55", "1"), "HOMOLOGATION")).toMatchObject({ uf: "SC", model: 55, contingency: undefined });
    expect(consultationTarget(key("35", "55", "6"), "PRODUCTION")).toMatchObject({ uf: "SP", contingency: "SVC-AN" });
    expect(consultationTarget(key("41", "55", "7"), "PRODUCTION")).toMatchObject({ uf: "PR", contingency: "SVC-RS" });
    // An offline NFC-e (tpEmis 9) is consulted at its state's authorizer: NFC-e has no SVC.
    expect(consultationTarget(key("35", "65", "9"), "PRODUCTION")).toMatchObject({ uf: "SP", model: 65, contingency: undefined });
  });
});

describe("NfeKeyParams", () => {
  it("accepts numeric and alphanumeric-CNPJ keys with the right check digit, refuses a wrong digit or layout", () => {
    const numeric = key("35", "55", "1");
    const alphanumeric = key("35", "55", "1", "12ABC34501DE35");
    expect(NfeKeyParams.safeParse({ accessKey: numeric }).success).toBe(true);
    expect(NfeKeyParams.safeParse({ accessKey: alphanumeric.toLowerCase() }).data?.accessKey).toBe(alphanumeric);
    const wrong = numeric.slice(0, 43) + String((Number(numeric[43]) + 1) % 10);
    expect(NfeKeyParams.safeParse({ accessKey: wrong }).error?.issues[0]?.message).toMatch(/check digit/);
    expect(NfeKeyParams.safeParse({ accessKey: numeric.slice(1) }).error?.issues[0]?.message).toMatch(/44 characters/);
  });
});
