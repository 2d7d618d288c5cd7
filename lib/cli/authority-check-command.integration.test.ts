import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { createDemoCompany } from "@/lib/companies";
import { startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { authorityCheckCommand } from "./authority-check-command";

// `npm run cli -- authority check` in HOMOLOGATION talks to the built-in simulator.

let simulator: SimulatorServer;

beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  delete process.env.SIMULATOR_URL;
  resetEnvCache();
  await simulator.close();
  process.exitCode = 0;
});

describe("authority check against the simulator", () => {
  it("checks a state's authorizer, SVC, AN and Sefin and reads the status in plain words", async () => {
    const report = await authorityCheckCommand({ uf: "ba", model: "55" });
    expect(report).toContain("State BA, model 55, HOMOLOGATION");
    expect(report).toContain(`OK   Authorizer BA (NF-e of BA) — ${simulator.url}/`);
    expect(report).toContain("OK   SVC-RS (contingency of BA, SVCRS)");
    expect(report).toContain('answer: cStat 107 "Serviço em Operação": the service is running');
    expect(report).toContain("TLS: not checked (plain HTTP to the built-in simulator on loopback)");
    expect(report).toContain("OK   Ambiente Nacional (events: delivery receipts)");
    expect(report).toContain("OK   Sefin Nacional (NFS-e)");
    expect(report).toContain("All 4 checks passed.");
  });

  it("checks a company with its A1, both models, and refuses bad options", async () => {
    const { company } = await createDemoCompany({});
    const items = await authorityCheckCommand({ company: company.id, json: true });
    expect(Array.isArray(items) && items.map((item) => [item.target, item.ok])).toEqual([
      ["Authorizer SP (NF-e of SP)", true],
      ["Authorizer SP (NFC-e of SP)", true],
      ["SVC-AN (contingency of SP, SVCAN)", true],
      ["Ambiente Nacional (events: delivery receipts)", true],
      ["Sefin Nacional (NFS-e)", true],
    ]);
    await expect(authorityCheckCommand({ uf: "SP", model: "57" })).rejects.toThrow("--model must be 55 (NF-e) or 65 (NFC-e)");
    await expect(authorityCheckCommand({})).rejects.toThrow("--company or --uf is required");
  });
});
