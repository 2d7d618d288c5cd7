import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { EMISSION_SEND_ATTEMPTS } from "./limits";
import { createDraft, createEmittingCompany, emitAndDrain, runDueNow } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Issue 34 item 1: a document is REJECTED only on a refusal that names it;
// answers that say nothing about it (a receipt another node does not know,
// an authority slower than our timeout) are settled by consulting the key.

const fixture = simulatorFixture({ authorityTimeoutMs: 1000 });

const load = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: true } });


describe("outcome unknown at the authority", () => {
  it("a load-balanced pair whose second node lacks the receipt (106 to the poll) ends AUTHORIZED through the consultation", async () => {
    const company = await createEmittingCompany({ contingencyAutomatic: false });
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "async" }, times: 1 });
    const otherNode = fixture.simulator.faults.add({ service: "NFeRetAutorizacao4", action: { kind: "receipt_not_found" } });
    try {
      await emitAndDrain(company.companyId, draft.id);
    } finally {
      otherNode();
    }
    const document = await load(draft.id);
    const simulated = await db.simulatorDocument.findFirstOrThrow({ where: { cnpj: company.cnpj } });
    expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(document.protocolNumber).toBe(simulated.protocol);
    expect(document.emissionAttempts).toBe(1);
    expect(document.events.map((e) => [e.kind, (e.details as { via?: string }).via])).toEqual([["AUTHORIZATION", "consult"]]);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.authorized"]);
  });

  it("an authority answering every call after the timeout through all sends: PROCESSING while unknown, AUTHORIZED once the consultation is read", async () => {
    const company = await createEmittingCompany({ contingencyAutomatic: false });
    const draft = await createDraft(company.companyId);
    // Every service, every call: the work is done, the answer arrives after the client gave up.
    const slow = fixture.simulator.faults.add({ action: { kind: "delay", ms: 1500 } });
    try {
      const runId = await emitAndDrain(company.companyId, draft.id);
      for (let attempt = 2; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
        expect((await load(draft.id)).status, `before attempt ${attempt}`).toBe("PROCESSING");
        await runDueNow(company.companyId);
      }
      const unknown = await load(draft.id);
      expect(unknown.status).toBe("PROCESSING");
      expect(unknown.emissionAttempts).toBe(EMISSION_SEND_ATTEMPTS);
      expect(unknown.processingReason).toMatch(/^Outcome unknown after 5 attempts \(.*No answer within 1000 ms.*\); the access key is consulted/);
      expect(await db.domainEvent.count({ where: { documentId: draft.id } })).toBe(0);
      const run = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
      expect(run.status).toBe("QUEUED");
      expect(run.runAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

      // Still slow at the first consultation: still PROCESSING, with that consultation's reason.
      await runDueNow(company.companyId);
      const still = await load(draft.id);
      expect(still.status).toBe("PROCESSING");
      expect(still.processingReason).toMatch(/consultation 1 of the access key: consultation failed: No answer within 1000 ms/);
    } finally {
      slow();
    }
    await runDueNow(company.companyId);
    const document = await load(draft.id);
    const simulated = await db.simulatorDocument.findFirstOrThrow({ where: { cnpj: company.cnpj } });
    expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(document.protocolNumber).toBe(simulated.protocol);
    expect(document.processingReason).toBeNull();
    expect(document.events.map((e) => [e.kind, (e.details as { via?: string }).via])).toEqual([["AUTHORIZATION", "consult"]]);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.authorized"]);
  });

  it("after the sends, a consultation that finds no such key ends REJECTED communication_failure", async () => {
    const company = await createEmittingCompany({ contingencyAutomatic: false });
    const draft = await createDraft(company.companyId);
    // Lost before processing: nothing reaches the authority's records.
    const lost = fixture.simulator.faults.add({ cnpj: company.cnpj, service: "NFeAutorizacao4", action: { kind: "http_500" } });
    const slowConsults = fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", action: { kind: "delay", ms: 1500 } });
    try {
      await emitAndDrain(company.companyId, draft.id);
      for (let attempt = 2; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) await runDueNow(company.companyId);
      expect((await load(draft.id)).status).toBe("PROCESSING");
    } finally {
      lost();
      slowConsults();
    }
    await runDueNow(company.companyId);
    const document = await load(draft.id);
    expect(document.status).toBe("REJECTED");
    expect(document.rejectionReason).toMatch(/^communication_failure - No answer from the tax authority after 5 attempts, and it holds no such access key/);
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(0);
  });
});
