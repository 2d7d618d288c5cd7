import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany, draftBody, runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { checkCompanyStatusAndSwitch } from "@/lib/contingency/status-answers";

// Switching and emission together (issue 33, done-when: 50 NFC-e): the simulator's SP
// authorizer goes down (outage rule, status 108); the company is on automatic
// contingency (the default). An NFC-e whose online attempt gets no answer enters
// contingency at once and is issued offline under the next number (SP's first
// contingency is EPEC, which an unidentified consumer's NFC-e cannot have); the rest are
// issued offline directly; an NF-e goes through SVC-AN. When SP is back, the watch
// run leaves on 107, the offline NFC-e are transmitted and the unanswered
// attempt's number is inutilized: every number of the series is explained.

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const nfceBody = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };
const tag = (xml: string | null, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml ?? "")?.[1];

async function ageStatusCache(): Promise<void> {
  await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
}

describe("an outage of SP with automatic contingency", () => {
  it("NFC-e go offline at once and NF-e through SVC-AN; after SP answers 107 again every NFC-e is AUTHORIZED and every number explained", { timeout: 180_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    await db.company.update({ where: { id: companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
    const remove = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const nfce: string[] = [];
    try {
      // The first NFC-e's online attempt gets no answer: contingency starts at once (no retries at a checkout).
      const first = await createDraft(companyId, nfceBody);
      await queueEmission({ companyId, documentId: first.id });
      await drainDueRuns(functions, { companyIds: [companyId] });
      // SP's NFC-e contingency is EPEC first (per-state table); these NFC-e have no identified consumer, so no EPEC: offline.
      expect(await findActiveContingency(companyId, 65)).toMatchObject({ mode: "EPEC", automatic: true });
      nfce.push(first.id);
      for (let i = 0; i < 49; i++) {
        const draft = await createDraft(companyId, nfceBody);
        await queueEmission({ companyId, documentId: draft.id });
        nfce.push(draft.id);
      }
      await drainDueRuns(functions, { companyIds: [companyId] });
      const offline = await db.fiscalDocument.findMany({ where: { id: { in: nfce } } });
      for (const doc of offline) {
        expect(doc.status).toBe("CONTINGENCY");
        expect(doc.contingencyMode).toBe("OFFLINE");
        expect(tag(doc.signedXml, "tpEmis")).toBe("9");
        expect(doc.accessKey!.charAt(34)).toBe("9");
      }
      // The unanswered attempt's number is kept for resolution; the re-issue took the next one.
      const replaced = await db.replacedEmissionAttempt.findMany({ where: { companyId } });
      expect(replaced).toHaveLength(1);
      expect(replaced[0]!.resolution).toBe("PENDING");

      // The status service says 108: NF-e contingency too, through SVC-AN (SP's contingency authorizer).
      await checkCompanyStatusAndSwitch(companyId, db, { maxAgeMs: 0 });
      expect(await findActiveContingency(companyId, 55)).toMatchObject({ mode: "SVC_AN" });
      const nfe = await createDraft(companyId, draftBody());
      await queueEmission({ companyId, documentId: nfe.id });
      await drainDueRuns(functions, { companyIds: [companyId] });
      const viaSvc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfe.id } });
      expect(viaSvc.status).toBe("AUTHORIZED");
      expect(viaSvc.contingencyMode).toBe("SVC_AN");
      expect(tag(viaSvc.signedXml, "tpEmis")).toBe("6");
      expect(viaSvc.accessKey!.charAt(34)).toBe("6");
    } finally {
      remove();
    }

    // SP is back: the watch run sees 107, leaves, and the transmission follows.
    for (let round = 0; round < 10; round++) {
      await ageStatusCache();
      await runDueNow(companyId);
      const pending = await db.fiscalDocument.count({ where: { id: { in: nfce }, status: { not: "AUTHORIZED" } } });
      const unresolved = await db.replacedEmissionAttempt.count({ where: { companyId, resolution: "PENDING" } });
      if (pending === 0 && unresolved === 0) break;
    }
    expect(await findActiveContingency(companyId, 65)).toBeNull();
    expect(await findActiveContingency(companyId, 55)).toBeNull();
    const settled = await db.fiscalDocument.findMany({ where: { id: { in: nfce } }, orderBy: { number: "asc" } });
    expect(settled.map((d) => d.status)).toEqual(Array(50).fill("AUTHORIZED"));

    // Every number of the NFC-e series: an authorized document or the inutilized unanswered attempt.
    const [attempt] = await db.replacedEmissionAttempt.findMany({ where: { companyId } });
    expect(attempt!.resolution).toBe("INUTILIZED");
    const numbers = [...settled.map((d) => d.number), attempt!.number].sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 51 }, (_, i) => numbers[0]! + i));
  });
});
