import { describe, expect, it } from "vitest";
import { evaluateReadiness, mdfeAdviceCheck } from "./readiness-rules";

const COMPANY = {
  cnpj: "11222333000181", legalName: "Transportes Teste", stateRegistration: "ISENTO", municipalRegistration: null, street: "Rua A", streetNumber: "1",
  neighborhood: "Centro", city: "São Paulo", municipalityCode: "3550308", state: "SP", zipCode: "01001000", cscId: null, cscToken: null,
  defaultNcm: null, defaultCfop: null, defaultIcmsOrigin: null, defaultIcmsCst: null, respTecCnpj: null, respTecContact: null, respTecEmail: null, respTecPhone: null,
};
const NOW = new Date("2026-12-07T12:00:00Z");

describe("MDF-e readiness advice (issue 55)", () => {
  it("informs a company that never issued an MDF-e, never blocking nor failing, and says what a manifest needs", () => {
    const none = mdfeAdviceCheck({ manifestsIssued: 0, registeredVehicles: 0 })!;
    expect(none).toMatchObject({ id: "mdfe", ok: true, blocking: false, detail: { key: "mdfeVehicleMissing" } });
    expect(none.code).toBeUndefined();
    for (const need of ["plate", "tara", "CPF", "RNTRC", "RENAVAM"]) expect(none.message).toContain(need);
    const withVehicle = mdfeAdviceCheck({ manifestsIssued: 0, registeredVehicles: 2 })!;
    expect(withVehicle).toMatchObject({ ok: true, blocking: false, detail: { key: "mdfeVehicleRegistered", values: { vehicles: "2" } } });
  });

  it("says nothing once the company issued one", () => {
    expect(mdfeAdviceCheck({ manifestsIssued: 1, registeredVehicles: 0 })).toBeNull();
  });

  it("goes with the NF-e checks only, and only when the caller read the MDF-e state (emission does not)", () => {
    const state = { manifestsIssued: 0, registeredVehicles: 0 };
    expect(evaluateReadiness(COMPANY, null, "NFE", NOW, state).map((c) => c.id)).toContain("mdfe");
    expect(evaluateReadiness(COMPANY, null, "NFCE", NOW, state).map((c) => c.id)).not.toContain("mdfe");
    expect(evaluateReadiness(COMPANY, null, "NFSE", NOW, state).map((c) => c.id)).not.toContain("mdfe");
    expect(evaluateReadiness(COMPANY, null, "NFE", NOW).map((c) => c.id)).not.toContain("mdfe");
  });
});
