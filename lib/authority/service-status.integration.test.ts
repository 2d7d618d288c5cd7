import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { createTestCompany, db } from "@/test/factories";
import { SoapTaxAuthority } from "./soap-tax-authority";
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
      const check = await checkServiceStatus({ uf: "SP", environment: "HOMOLOGATION", model: 55 }, undefined, { maxAgeMs: 0 });
      expect(check.result).toMatchObject({ kind: "communication_failure", cStat: "108" });
    } finally {
      remove();
    }
  });

  it("shares an authorizer's answer for STATUS_CACHE_MS: a second visit makes no call", async () => {
    const { companyId } = await createTestCompany({ state: "PE", municipalityCode: "2611606" });
    const first = await checkCompanyServiceStatus(companyId);
    expect(first.checks.map((c) => [c.result.kind, c.fromCache])).toEqual([["authorized", false], ["authorized", false], ["authorized", false]]);
    // Any call now would be answered 108: the second visit reads the shared answers instead.
    const remove = simulator.faults.add({ service: "NFeStatusServico4", action: { kind: "unavailable" } });
    try {
      const second = await checkCompanyServiceStatus(companyId);
      expect(second.checks.map((c) => [c.result.kind, c.fromCache])).toEqual([["authorized", true], ["authorized", true], ["authorized", true]]);
      expect(second.checks[0]?.result).toMatchObject({ cStat: "107" });
      const other = await createTestCompany({ state: "PE", municipalityCode: "2611606" });
      expect((await checkCompanyServiceStatus(other.companyId)).checks.every((c) => c.fromCache)).toBe(true);
    } finally {
      remove();
    }
  });

  it("a visit during another's first call waits for its answer instead of showing a placeholder failure", async () => {
    const remove = simulator.faults.add({ service: "NFeStatusServico4", action: { kind: "delay", ms: 600 } });
    try {
      const query = { uf: "MG", environment: "HOMOLOGATION", model: 55 } as const;
      const first = checkServiceStatus(query);
      await new Promise((resolve) => setTimeout(resolve, 150)); // the first caller has claimed the refresh
      const second = await checkServiceStatus(query);
      expect(second.fromCache).toBe(true);
      expect(second.result).toMatchObject({ kind: "authorized", cStat: "107" });
      expect(second.url).toBe((await first).url);
    } finally {
      remove();
    }
  });

  it("the simulator answers 656 beyond its status calls an hour, and the caller's company is paused for the hour", async () => {
    const strict = await startSimulatorServer({ port: 0, statusCallsPerHour: 2 });
    const { companyId } = await createTestCompany({ state: "SP" });
    const authority = new SoapTaxAuthority({ timeoutMs: 5000, baseUrl: strict.url });
    try {
      const query = { uf: "SP", environment: "HOMOLOGATION", model: 65 } as const;
      for (let call = 1; call <= 2; call++) expect((await checkServiceStatus(query, authority, { maxAgeMs: 0, companyId })).result).toMatchObject({ cStat: "107" });
      const refused = await checkServiceStatus(query, authority, { maxAgeMs: 0, companyId });
      expect(refused.result).toMatchObject({ kind: "communication_failure", cStat: "656" });
      const pause = await db.authorityPause.findUniqueOrThrow({ where: { companyId_authorizer: { companyId, authorizer: "SP:65:HOMOLOGATION" } } });
      expect(pause.until.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect(pause.reason).toMatch(/^656 - SEFAZ bloqueou consultas por consumo indevido até \d{2}:\d{2}/);
      // Paused: no call is made (the meter would still refuse it), the pause's reason is the answer.
      strict.statusMeter.reset();
      const paused = await checkServiceStatus(query, authority, { maxAgeMs: 0, companyId });
      expect(paused.result).toMatchObject({ kind: "communication_failure", cStat: "656", reason: pause.reason });
      expect(paused.latencyMs).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it("another company's id is not found", async () => {
    await expect(checkCompanyServiceStatus("c_does_not_exist")).rejects.toMatchObject({ status: 404 });
  });
});
