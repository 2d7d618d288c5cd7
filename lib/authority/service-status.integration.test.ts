import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { createTestCompany } from "@/test/factories";
import { checkCompanyServiceStatus, checkServiceStatus } from "./service-status";
import { startSimulatorServer, type SimulatorServer } from "./simulator/server";

let simulator: SimulatorServer;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  process.env.AUTHORITY_MODE = "simulator";
  process.env.SIMULATOR_URL = simulator.url;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.SIMULATOR_URL;
  resetEnvCache();
  await simulator.close();
});

describe("service status per state", () => {
  it("checks NF-e, NFC-e and the contingency authorizer of a homologation company through the simulator", async () => {
    const { companyId } = await createTestCompany({ state: "BA", municipalityCode: "2927408" });
    const { checks } = await checkCompanyServiceStatus(companyId);
    expect(checks.map((c) => [c.model, c.contingency, c.authorizer, c.via, c.result.kind])).toEqual([
      [55, null, "BA", "simulator", "authorized"],
      [65, null, "SVRS", "simulator", "authorized"],
      [55, "SVC-RS", "SVCRS", "simulator", "authorized"],
    ]);
    expect(checks[0]?.url).toBe(`${simulator.url}/webservices/NFeStatusServico4/NFeStatusServico4.asmx`);
    expect(checks[0]?.result).toMatchObject({ cStat: "107" });
  });

  it("reports 108 from a paralysed authorizer as unavailable", async () => {
    const remove = simulator.faults.add({ service: "NFeStatusServico4", action: { kind: "unavailable" } });
    try {
      const check = await checkServiceStatus({ uf: "SP", environment: "HOMOLOGATION", model: 55 });
      expect(check.result).toMatchObject({ kind: "communication_failure", cStat: "108" });
    } finally {
      remove();
    }
  });

  it("another company's id is not found", async () => {
    await expect(checkCompanyServiceStatus("c_does_not_exist")).rejects.toMatchObject({ status: 404 });
  });
});
