import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { getDocument } from "@/lib/documents";
import { cancelDocument } from "@/lib/document-events";
import { eventAuthorityTarget } from "@/lib/document-events/event-authority";
import { leaveContingency } from "@/lib/contingency/leave-contingency";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";

// Issue 50 items 3 and 4: one company, one NF-e, no other traffic, SP down (outage rule:
// sends unanswered, status 108). The first unanswered send has the status service asked
// at once (shared cache): 108 enters NF-e contingency and the same step re-issues the
// NF-e through SVC-AN (tpEmis 6), authorized well within 60 s of that first send; the
// document reads PROCESSING the whole time, never DRAFT. With SP answering its status
// (107) the document waits PROCESSING with processingReason and nextAttemptAt.

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const tag = (xml: string | null, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml ?? "")?.[1];

/** Reads the document's status every 20 ms while `work` runs: every status an observer could have seen. */
async function watchStatuses(documentId: string, work: () => Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  let running = true;
  const watcher = (async () => {
    while (running) {
      const row = await db.fiscalDocument.findUnique({ where: { id: documentId }, select: { status: true } });
      if (row) seen.add(row.status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await watcher;
  }
  return seen;
}

describe("a lone NF-e during an outage of its authorizer", () => {
  it("is AUTHORIZED through SVC-AN within 60 s of its first unanswered send and never reads DRAFT", { timeout: 90_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    const remove = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    try {
      const draft = await createDraft(companyId);
      const startedAt = Date.now();
      await queueEmission({ companyId, documentId: draft.id });
      const seen = await watchStatuses(draft.id, () => drainDueRuns(functions, { companyIds: [companyId] }));
      const doc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect(doc.status).toBe("AUTHORIZED");
      expect(doc.contingencyMode).toBe("SVC_AN");
      expect(tag(doc.signedXml, "tpEmis")).toBe("6");
      expect(doc.authorizationDate!.getTime() - startedAt).toBeLessThan(60_000);
      expect([...seen]).not.toContain("DRAFT");
      expect(await findActiveContingency(companyId, 55)).toMatchObject({ mode: "SVC_AN", automatic: true, reason: expect.stringMatching(/^SEFAZ-SP indisponível: 108/) });
      // The unanswered attempt's number waits for its resolution when SP is back.
      expect(await db.replacedEmissionAttempt.count({ where: { companyId, documentId: draft.id, resolution: "PENDING" } })).toBe(1);

      // Item 6: while SVC-AN is active an NF-e it authorized is cancelled there (SP is still down);
      // a CC-e goes to SP only (the SVC does not receive it), and after the contingency everything does.
      expect(await eventAuthorityTarget(doc, "SP", "110111")).toMatchObject({ uf: "SP", contingency: "SVC-AN" });
      expect(await eventAuthorityTarget(doc, "SP", "110110")).not.toHaveProperty("contingency");
      await cancelDocument({ companyId, documentId: draft.id, body: { justification: "Pedido cancelado pelo cliente antes da saida" } });
      const cancelled = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect(cancelled.status).toBe("CANCELLED");
      await leaveContingency({ companyId, model: 55, reason: "107 - Serviço em Operação" });
      expect(await eventAuthorityTarget(doc, "SP", "110111")).not.toHaveProperty("contingency");
    } finally {
      remove();
    }
  });

  it("SP silent on every service (its status service unanswered too): the same step enters contingency and SVC-AN authorizes it within 60 s", { timeout: 90_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    // The first test's 108 may still be in the shared status cache: aged so this one asks SP again.
    await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
    const remove = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage" } });
    try {
      const draft = await createDraft(companyId);
      const startedAt = Date.now();
      await queueEmission({ companyId, documentId: draft.id });
      const seen = await watchStatuses(draft.id, () => drainDueRuns(functions, { companyIds: [companyId] }));
      const doc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect([doc.status, doc.contingencyMode, doc.accessKey!.charAt(34)]).toEqual(["AUTHORIZED", "SVC_AN", "6"]);
      expect(doc.authorizationDate!.getTime() - startedAt).toBeLessThan(60_000);
      expect([...seen]).not.toContain("DRAFT");
      expect(await findActiveContingency(companyId, 55)).toMatchObject({ automatic: true, reason: expect.stringMatching(/^SEFAZ-SP sem resposta: autorização e consulta de status sem resposta/) });
      // One send to SP, not the three within 120 s the failure streak would need.
      expect(await db.replacedEmissionAttempt.count({ where: { companyId, documentId: draft.id } })).toBe(1);
    } finally {
      remove();
      await leaveContingency({ companyId, model: 55, reason: "107 - Serviço em Operação" });
    }
  });

  it("with the authorizer answering its status (107), waits PROCESSING with processingReason and nextAttemptAt, not DRAFT", { timeout: 60_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    // The first test's 108 is still in the shared status cache: SP is back now.
    await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
    // Only the authorization goes unanswered; the status service answers 107.
    const remove = fixture.simulator.faults.add({ authorizer: "SP", service: "NFeAutorizacao4", action: { kind: "http_500" } });
    try {
      const draft = await createDraft(companyId);
      await queueEmission({ companyId, documentId: draft.id });
      const before = Date.now();
      await drainDueRuns(functions, { companyIds: [companyId] });
      const detail = await getDocument({ companyId, documentId: draft.id });
      expect(detail.status).toBe("PROCESSING");
      expect(detail.processingReason).toBeTruthy();
      expect(detail.nextAttemptAt).not.toBeNull();
      const next = new Date(detail.nextAttemptAt!).getTime();
      // The first backoff (30 s) from the failed send.
      expect(next - before).toBeGreaterThanOrEqual(29_000);
      expect(next - before).toBeLessThan(60_000);
      expect(await findActiveContingency(companyId, 55)).toBeNull();
      // The run's own sleep ends when nextAttemptAt says.
      const run = await db.backgroundRun.findFirstOrThrow({ where: { companyId, status: "QUEUED" } });
      expect(Math.abs(run.runAt.getTime() - next)).toBeLessThan(2_000);
    } finally {
      remove();
    }
  });
});
