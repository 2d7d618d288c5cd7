import { describe, expect, it } from "vitest";
import { POST as emit } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { functions } from "@/inngest";
import { startLocalWorker } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { createDraft, createEmittingCompany } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

simulatorFixture();

describe("concurrent emissions in one series", () => {
  it("50 emissions at once get 50 distinct consecutive numbers, authorized in number order", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const drafts = [];
    for (let i = 0; i < 50; i++) drafts.push(await createDraft(company.companyId));

    // Two independent workers (as two app instances would be) with several slots each.
    const workers = [startLocalWorker(db, functions, { concurrency: 4, pollMs: 50, companyIds: [company.companyId] }), startLocalWorker(db, functions, { concurrency: 4, pollMs: 50, companyIds: [company.companyId] })];
    try {
      // A 503 (every pooled connection busy for 5 s: the machine is overloaded) is a documented answer of emit that
      // must leave the draft untouched; the caller retries it after Retry-After, as an integration would.
      const emitUntilAccepted = async (id: string): Promise<number> => {
        for (;;) {
          const answer = await call(emit, { method: "POST", path: `/v1/fiscal-documents/${id}/emit`, key: company.key, params: { id } });
          if (answer.status !== 503) return answer.status;
          expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id } })).status).toBe("DRAFT");
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      const statuses = await Promise.all(drafts.map((d) => emitUntilAccepted(d.id)));
      expect(statuses).toEqual(Array(50).fill(202));
      const deadline = Date.now() + 100_000;
      while ((await db.fiscalDocument.count({ where: { companyId: company.companyId, status: "AUTHORIZED" } })) < 50) {
        const stuck = await db.fiscalDocument.findFirst({ where: { companyId: company.companyId, status: "REJECTED" } });
        if (stuck) throw new Error(`rejected: ${stuck.rejectionReason}`);
        if (Date.now() > deadline) throw new Error("not all documents were authorized in time");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }

    const documents = await db.fiscalDocument.findMany({ where: { companyId: company.companyId }, include: { events: true } });
    const numbers = documents.map((d) => d.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(documents.map((d) => d.accessKey)).size).toBe(50);
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(50);
    // One run at a time per series: authorizations were recorded in number order.
    const byAuthorization = documents.map((d) => ({ number: d.number, at: d.events[0]!.createdAt.getTime() })).sort((a, b) => a.at - b.at || a.number - b.number);
    expect(byAuthorization.map((d) => d.number)).toEqual(numbers);
  });
});
