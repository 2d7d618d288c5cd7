import { afterAll, beforeAll, beforeEach } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import type { TestCompany } from "@/test/factories";
import { createEmittingCompany, startTestSimulator } from "./emission-fixtures";

export type SimulatorCompany = { simulator: SimulatorServer; company: TestCompany };

/**
 * Registers a test file's hooks: one authority simulator and one company
 * ready to emit for the whole file, with injected faults cleared before each
 * test. Read the fields inside tests (they are set in beforeAll).
 */
export function simulatorCompanyFixture(options: { authorityTimeoutMs?: number } = {}): SimulatorCompany {
  const fixture = {} as SimulatorCompany;
  beforeAll(async () => {
    // Short timeouts keep injected delays (lost answers) fast.
    process.env.AUTHORITY_TIMEOUT_MS = String(options.authorityTimeoutMs ?? 1500);
    fixture.simulator = await startTestSimulator();
    fixture.company = await createEmittingCompany();
  });
  afterAll(async () => {
    await fixture.simulator?.close();
  });
  beforeEach(() => fixture.simulator.faults.clear());
  return fixture;
}
