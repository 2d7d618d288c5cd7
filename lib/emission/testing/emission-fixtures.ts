import { startSimulatorServer, type SimulatorServer } from "@/lib/authority/simulator";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { resetEnvCache } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { functions } from "@/inngest";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { queueEmission } from "../queue-emission";

// Test-only: a company ready to emit (fiscal settings + installed A1), drafts
// created through the real createDocument, and a simulator on a free port
// that getTaxAuthority talks to.

/** `contingencyAutomatic: false` for tests of the retry path itself (no automatic contingency on failures). */
export async function createEmittingCompany(options: { regime?: "NORMAL" | "SIMPLES_NACIONAL"; contingencyAutomatic?: boolean; alphanumeric?: boolean } = {}): Promise<TestCompany> {
  const company = await createTestCompany({ regime: options.regime ?? "NORMAL", alphanumeric: options.alphanumeric });
  await db.company.update({
    where: { id: company.companyId },
    data: { stateRegistration: "110042490114", street: "Avenida Paulista", streetNumber: "1000", neighborhood: "Bela Vista", city: "São Paulo", zipCode: "01310100", contingencyAutomatic: options.contingencyAutomatic ?? true },
  });
  const { pfx, password } = createTestCertificate({ cnpj: company.cnpj, legalName: `Test Company ${company.cnpj}` });
  await installCertificate({ companyId: company.companyId, pfx, password });
  return company;
}

export function draftBody(overrides: Record<string, unknown> = {}) {
  return {
    type: "NFE",
    client: {
      name: "Cliente Exemplo S/A",
      document: "06929383000163",
      street: "Rua das Flores",
      number: "10",
      neighborhood: "Centro",
      city: "Campinas",
      state: "SP",
      municipalityCode: "3509502",
      zipCode: "13010000",
    },
    items: [
      {
        code: "SKU-1",
        description: "Café torrado 500 g",
        quantity: 2,
        unitValue: 50,
        ncm: "21011110",
        cfop: "5102",
        icmsOrigin: "0",
        icmsSituation: "00",
        icmsRate: 18,
        pisSituation: "01",
        pisRate: 1.65,
        cofinsSituation: "01",
        cofinsRate: 7.6,
      },
    ],
    payments: [{ method: "PIX", value: 100 }],
    ...overrides,
  };
}

export async function createDraft(companyId: string, overrides: Record<string, unknown> = {}) {
  return createDocument({ companyId, body: draftBody(overrides) as never });
}

/** Starts a simulator and points the app's authority client at it. */
export async function startTestSimulator(): Promise<SimulatorServer> {
  const server = await startSimulatorServer({ port: 0 });
  process.env.SIMULATOR_URL = server.url;
  process.env.AUTHORITY_MODE = "simulator";
  resetEnvCache();
  return server;
}

/** Queues the draft's emission without running it: what the emission's steps are called with. */
export async function queuedEmission(companyId: string, documentId: string): Promise<{ documentId: string; companyId: string; runId: string }> {
  const { runId } = await queueEmission({ companyId, documentId });
  return { documentId, companyId, runId };
}

/** Queues the document's emission and runs the company's due runs to the end, as the local worker would; the run id. */
export async function emitAndDrain(companyId: string, documentId: string): Promise<string> {
  const { runId } = await queueEmission({ companyId, documentId });
  await drainDueRuns(functions, { companyIds: [companyId] });
  return runId;
}

/** Makes every parked run of the company due (as its backoff or sleep would, once passed) and runs them; the database clock is not moved. */
export async function runDueNow(companyId: string): Promise<void> {
  await db.backgroundRun.updateMany({ where: { companyId, status: "QUEUED" }, data: { runAt: new Date("2000-01-01T00:00:00Z") } });
  await drainDueRuns(functions, { companyIds: [companyId] });
}
