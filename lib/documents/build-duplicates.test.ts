import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { dec } from "@/lib/tax/decimal";
import { buildDuplicates } from "./build-duplicates";
import { describeRecipient, type ClientSnapshot } from "./client-snapshot";

describe("installments", () => {
  const nfe = { type: "NFE" as const, issueDate: "2026-11-20" };
  const attempt = (run: () => unknown) => {
    try {
      run();
      return null;
    } catch (error) {
      return error as DomainError;
    }
  };

  it("sorts installments by due date and numbers them 001, 002, ... in that order (MOC 850/852)", () => {
    const rows = buildDuplicates([{ dueDate: "2027-01-01", value: 50.01 }, { dueDate: "2026-12-01", value: 50 }], dec("100.01"), nfe);
    expect(rows.map((r) => [r.number, r.dueDate.toISOString().slice(0, 10), r.value.toFixed(2)])).toEqual([["001", "2026-12-01", "50.00"], ["002", "2027-01-01", "50.01"]]);
    // Numbers sent must already be that sequence.
    expect(buildDuplicates([{ dueDate: "2026-12-01", value: 50, number: "001" }, { dueDate: "2027-01-01", value: 50, number: "002" }], dec("100"), nfe).map((r) => r.number)).toEqual(["001", "002"]);
    expect(attempt(() => buildDuplicates([{ dueDate: "2026-12-01", value: 50, number: "B" }, { dueDate: "2027-01-01", value: 50, number: "A" }], dec("100"), nfe))).toMatchObject({
      status: 400, code: "invalid_duplicates", message: expect.stringContaining("001, 002, ... in due-date order"),
    });
  });

  it("refuses an installment due on the issue date (853) or before it (900), and installments on an NFC-e (760)", () => {
    expect(attempt(() => buildDuplicates([{ dueDate: "2026-11-20", value: 100 }], dec("100"), nfe))).toMatchObject({ code: "invalid_duplicates", message: expect.stringContaining("cash payment") });
    expect(attempt(() => buildDuplicates([{ dueDate: "2026-11-19", value: 100 }], dec("100"), nfe))).toMatchObject({ code: "invalid_duplicates", message: expect.stringContaining("before the issue date 2026-11-20") });
    expect(attempt(() => buildDuplicates([{ dueDate: "2026-12-19", value: 100 }], dec("100"), { ...nfe, type: "NFCE" }))).toMatchObject({ code: "invalid_duplicates", message: expect.stringContaining("NFCE has no installments") });
  });

  it("names the shortfall or the excess to the centavo", () => {
    const sums = (values: number[]) => attempt(() => buildDuplicates(values.map((value) => ({ dueDate: "2026-12-01", value })), dec("100.00"), nfe));
    expect(sums([33.33, 33.33, 33.33])).toMatchObject({ status: 400, code: "invalid_duplicates", message: expect.stringContaining("shortfall of 0.01") });
    expect(sums([60, 40.1])).toMatchObject({ code: "invalid_duplicates", message: expect.stringContaining("excess of 0.10") });
    expect(sums([33.33, 33.33, 33.34])).toBeNull();
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
