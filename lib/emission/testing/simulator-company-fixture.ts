import { afterAll, beforeAll, beforeEach } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import type { TestCompany } from "@/test/factories";
import { createEmittingCompany, startTestSimulator } from "./emission-fixtures";

export type SimulatorFixture = { simulator: SimulatorServer };
export type SimulatorCompany = SimulatorFixture & { company: TestCompany };

/**
 * Registers a test file's hooks: one authority simulator for the whole file,
 * closed after it. `authorityTimeoutMs` shortens the client's timeout so
 * injected delays (lost answers) are quick to provoke. Read the field inside
 * tests (it is set in beforeAll).
 */
export function simulatorFixture(options: { authorityTimeoutMs?: number } = {}): SimulatorFixture {
  const fixture = {} as SimulatorFixture;
  beforeAll(async () => {
    if (options.authorityTimeoutMs !== undefined) process.env.AUTHORITY_TIMEOUT_MS = String(options.authorityTimeoutMs);
    fixture.simulator = await startTestSimulator();
  });
  afterAll(async () => {
    await fixture.simulator?.close();
  });
  return fixture;
}

/**
 * The simulator (authority timeout 1.5 s unless given) and one company ready
 * to emit for the whole file, with injected faults cleared before each test.
 */
export function simulatorCompanyFixture(options: { authorityTimeoutMs?: number } = {}): SimulatorCompany {
  const fixture = simulatorFixture({ authorityTimeoutMs: options.authorityTimeoutMs ?? 1500 }) as SimulatorCompany;
  beforeAll(async () => {
    fixture.company = await createEmittingCompany();
  });
  beforeEach(() => fixture.simulator.faults.clear());
  return fixture;
}
