import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { EMISSION_SEND_ATTEMPTS } from "./limits";
import { queueEmission } from "./queue-emission";
import { createDraft, createEmittingCompany } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// A SOAP Fault answered with HTTP 500 (issue 32, problem 3): the authority's
// words reach the attempt log (each send step's result) and, once attempts
// are exhausted, the reason the API shows on the document (PROCESSING while
// the key is consulted: a fault says nothing about the NF-e), instead of a
// bare "HTTP 500 from the authority".

const fixture = simulatorFixture();
const FAULT = "HTTP 500 from the authority, SOAP fault: Simulated internal server error (soap:Receiver)";

describe("a SOAP Fault's text through emission", () => {
  it("is kept in the failed attempt's result and in the document's processing reason", async () => {
    // Without automatic contingency: with it, the failures enter contingency and, SVC-AN failing alike, the NF-e
    // now ends in EPEC (issue 50 item 2); this test is about the fault's text on the retries.
    const company = await createEmittingCompany({ contingencyAutomatic: false });
    const draft = await createDraft(company.companyId);
    const remove = fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "http_500" } });
    try {
      const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
      await drainDueRuns(functions, { companyIds: [company.companyId] });
      const afterFirst = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
      expect(JSON.stringify(afterFirst.steps)).toContain(FAULT);

      for (let attempt = 2; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
        const run = await db.backgroundRun.update({ where: { id: runId }, data: { runAt: new Date() } });
        await drainDueRuns(functions, { companyIds: [run.companyId!] });
      }
      const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect(document.status).toBe("PROCESSING");
      expect(document.processingReason).toContain(FAULT);
    } finally {
      remove();
    }
  });
});
