import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { dec } from "@/lib/tax/decimal";
import { buildDuplicates } from "./build-duplicates";
import { describeRecipient, type ClientSnapshot } from "./client-snapshot";

describe("installments", () => {
  it("numbers omitted installments by position and keeps given numbers", () => {
    const rows = buildDuplicates([{ dueDate: "2026-12-01", value: 50 }, { dueDate: "2027-01-01", value: 50.01, number: "B" }], dec("100.01"));
    expect(rows.map((r) => [r.number, r.dueDate.toISOString().slice(0, 10), r.value.toFixed(2)])).toEqual([["001", "2026-12-01", "50.00"], ["B", "2027-01-01", "50.01"]]);
  });

  it("names the shortfall or the excess to the centavo", () => {
    const attempt = (values: number[]) => {
      try {
        buildDuplicates(values.map((value) => ({ dueDate: "2026-12-01", value })), dec("100.00"));
        return null;
      } catch (error) {
        return error as DomainError;
      }
    };
    expect(attempt([33.33, 33.33, 33.33])).toMatchObject({ status: 400, code: "invalid_duplicates", message: expect.stringContaining("shortfall of 0.01") });
    expect(attempt([60, 40.1])).toMatchObject({ code: "invalid_duplicates", message: expect.stringContaining("excess of 0.10") });
    expect(attempt([33.33, 33.33, 33.34])).toBeNull();
  });
});

describe("recipient as tax rules see it", () => {
  const base: ClientSnapshot = {
    id: "c", name: "X", fantasyName: null, document: "", documentType: "OTHER", type: "INDIVIDUAL", stateRegistration: null, icmsTaxpayer: null,
    email: null, phone: null, zipCode: null, street: null, number: null, complement: null, neighborhood: null, city: null, state: "SP", municipalityCode: null, countryCode: null,
  };

  it("derives destination and client type", () => {
    expect(describeRecipient(base, "SP")).toMatchObject({ destination: "INTERNAL", clientType: "NAO_CONTRIBUINTE", contributor: false });
    expect(describeRecipient({ ...base, state: "RJ", type: "COMPANY", stateRegistration: "123" }, "SP")).toMatchObject({ destination: "INTERSTATE", clientType: "CONTRIBUINTE" });
    expect(describeRecipient({ ...base, type: "COMPANY", stateRegistration: "ISENTO" }, "SP").clientType).toBe("NAO_CONTRIBUINTE");
    expect(describeRecipient({ ...base, icmsTaxpayer: "CONTRIBUINTE" }, "SP").clientType).toBe("CONTRIBUINTE");
    expect(describeRecipient({ ...base, type: "FOREIGN", state: "EX" }, "SP")).toMatchObject({ destination: "FOREIGN", clientType: "ESTRANGEIRO", state: "EX" });
    expect(describeRecipient({ ...base, state: null }, "MG")).toMatchObject({ destination: "INTERNAL", state: "MG" });
  });
});
