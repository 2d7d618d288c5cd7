import { afterEach, describe, expect, it, vi } from "vitest";
import { functions } from "@/inngest";
import { enterContingencyManually } from "@/lib/contingency/contingency-state";
import { contingencyDeadlinesAtRisk } from "@/lib/emission/contingency/deadline-warnings";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany, runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";

// Issue 50 item 5: an offline NFC-e must reach its authorizer within the state's
// deadline (24 h from dhEmi; 704 after). The transmission run's rounds warn at 75 %
// of it, once per document, with document.contingency_deadline (a DomainEvent the
// webhook fan-out delivers to endpoints subscribed to DOCUMENT_CONTINGENCY_DEADLINE).

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const nfceBody = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };
const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe("the transmission deadline of an offline NFC-e", () => {
  it("is warned at 75 % (18 h of 24 h) once, by webhook document.contingency_deadline, while SP stays down", { timeout: 90_000 }, async () => {
    const { companyId } = await createEmittingCompany({ contingencyAutomatic: false });
    await db.company.update({ where: { id: companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
    await db.webhookEndpoint.create({ data: { companyId, url: "https://erp.example.com/hooks", secret: "s".repeat(32), events: ["DOCUMENT_CONTINGENCY_DEADLINE"] } });
    await enterContingencyManually(companyId, { model: "65", justification: "Link de internet da loja instavel" });
    const outage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    try {
      const draft = await createDraft(companyId, nfceBody);
      await queueEmission({ companyId, documentId: draft.id });
      await drainDueRuns(functions, { companyIds: [companyId] });
      const issued = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect(issued.status).toBe("CONTINGENCY");
      const start = issued.issueDateTime.getTime();
      const warnings = () => db.domainEvent.findMany({ where: { documentId: draft.id, type: "document.contingency_deadline" } });

      vi.useFakeTimers({ toFake: ["Date"] });
      // 17 h after dhEmi: not yet.
      vi.setSystemTime(start + 17 * HOUR);
      await runDueNow(companyId);
      expect(await warnings()).toHaveLength(0);
      expect((await contingencyDeadlinesAtRisk(companyId)).total).toBe(0);
      // 18 h 5 min: warned once, with the deadline; a further round warns no more.
      vi.setSystemTime(start + 18 * HOUR + 5 * 60_000);
      await runDueNow(companyId);
      vi.setSystemTime(start + 19 * HOUR);
      await runDueNow(companyId);
      const [warning, ...more] = await warnings();
      expect(more).toHaveLength(0);
      expect(warning!.data).toMatchObject({ documentId: draft.id, status: "CONTINGENCY", contingency: { mode: "OFFLINE" }, deadlineAt: new Date(start + 24 * HOUR).toISOString(), overdue: false });
      const delivered = await db.webhookDelivery.findMany({ where: { documentId: draft.id } });
      expect(delivered.map((d) => d.eventType)).toEqual(["document.contingency_deadline"]);
      expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("CONTINGENCY");
      // The dashboard's banner names it with its deadline.
      expect(await contingencyDeadlinesAtRisk(companyId)).toEqual({ total: 1, documents: [{ id: draft.id, type: "NFCE", series: issued.series, number: issued.number, deadlineAt: new Date(start + 24 * HOUR) }] });
    } finally {
      outage();
    }
  });
});
