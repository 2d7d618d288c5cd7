import type { Client } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { refreshClientSnapshot, snapshotClient } from "./client-snapshot";

// A client record as stored (IE digits only, as the NF-e carries them).
const client: Client = {
  id: "client-1", companyId: "company-1", name: "Cliente Exemplo S/A", fantasyName: null, document: "06929383000163", documentType: "CNPJ", type: "COMPANY",
  stateRegistration: "110042490114", icmsTaxpayer: "CONTRIBUINTE", email: "a@example.com", phone: null, zipCode: "13010000", street: "Rua das Flores",
  number: "10", complement: null, neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", countryCode: "1058",
  isActive: true, createdAt: new Date(), updatedAt: new Date(),
};
const stored = snapshotClient(client);
const refresh = (changes: Partial<Client>, documentType = "NFE") => refreshClientSnapshot(stored, { ...client, ...changes }, "SP", documentType);

describe("the recipient snapshot re-taken at emission", () => {
  it("takes name, trade name, document of the same type, address lines, e-mail, phone and another IE of a contributor silently", () => {
    const changes = {
      name: "Novo Nome Ltda", fantasyName: "Novo", document: "11222333000181", street: "Rua Nova", number: "20", complement: "Sala 2", neighborhood: "Cambuí",
      zipCode: "13025000", email: "b@example.com", phone: "1932000000", stateRegistration: "244866830",
    };
    expect(refresh(changes)).toEqual({ kind: "refreshed", snapshot: { ...stored, ...changes } });
  });

  it("names each change of the classification the taxes were resolved with", () => {
    const interstate = refresh({ state: "RJ", city: "Rio de Janeiro", municipalityCode: "3304557" });
    expect(interstate).toEqual({ kind: "classification_changed", changes: ["destination INTERNAL → INTERSTATE", "state SP → RJ"] });
    expect(refresh({ icmsTaxpayer: "NAO_CONTRIBUINTE" })).toMatchObject({ changes: ["clientType CONTRIBUINTE → NAO_CONTRIBUINTE", "contributor true → false"] });
    expect(refresh({ document: "52998224725", documentType: "CPF", type: "INDIVIDUAL" })).toMatchObject({ changes: ["type COMPANY → INDIVIDUAL", "documentType CNPJ → CPF"] });
    expect(refresh({ type: "FOREIGN", documentType: "FOREIGN", state: "EX" })).toMatchObject({ kind: "classification_changed" });
  });

  it("takes another city of the same state on an NF-e or NFC-e, and refuses it on an NFS-e (service location)", () => {
    const saoPaulo = { municipalityCode: "3550308", city: "São Paulo" };
    expect(refresh(saoPaulo, "NFE")).toEqual({ kind: "refreshed", snapshot: { ...stored, ...saoPaulo } });
    expect(refresh(saoPaulo, "NFCE")).toMatchObject({ kind: "refreshed" });
    expect(refresh(saoPaulo, "NFSE")).toEqual({ kind: "classification_changed", changes: ["municipalityCode 3509502 → 3550308"] });
  });

  it("compares a stored snapshot of an older shape by the fields it has", () => {
    expect(refreshClientSnapshot({ name: "Cliente" }, { ...client, icmsTaxpayer: null, stateRegistration: null, type: "INDIVIDUAL" }, "SP", "NFE")).toMatchObject({ kind: "classification_changed" });
    const { municipalityCode: _m, ...withoutMunicipality } = stored;
    expect(refreshClientSnapshot(withoutMunicipality, client, "SP", "NFSE")).toMatchObject({ changes: ["municipalityCode none → 3509502"] });
  });
});
