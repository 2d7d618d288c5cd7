import { describe, expect, it } from "vitest";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { enterContingencyManually } from "@/lib/contingency/contingency-state";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany, runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { functions } from "@/inngest";
import { db } from "@/test/factories";

// Issue 50 item 5: a contingency entered by hand ends only by hand, so an operator
// who forgets it would let every offline NFC-e pass its deadline (704). The
// transmission run asks the authorizer's status (shared cache) while a manual
// contingency is on and sends the offline NFC-e as soon as it answers 107, leaving
// the contingency on; while the authorizer is down (108) they wait.

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const nfceBody = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };

async function ageStatusCache(): Promise<void> {
  await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
}

describe("offline NFC-e under a contingency entered by hand", () => {
  it("wait while the authorizer is down and are transmitted when it answers 107, the contingency staying on", { timeout: 90_000 }, async () => {
    const { companyId, cnpj } = await createEmittingCompany({ contingencyAutomatic: false });
    await db.company.update({ where: { id: companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
    await enterContingencyManually(companyId, { model: "65", justification: "Link de internet da loja instavel" });
    // SP down (108): the NFC-e is issued offline; the transmission round asks the status, hears 108 and sends nothing.
    const outage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const draft = await createDraft(companyId, nfceBody);
    try {
      await ageStatusCache();
      await queueEmission({ companyId, documentId: draft.id });
      await drainDueRuns(functions, { companyIds: [companyId] });
      expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("CONTINGENCY");
      await ageStatusCache();
      await runDueNow(companyId);
      expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("CONTINGENCY");
      expect(await db.simulatorDocument.count({ where: { cnpj } })).toBe(0);
    } finally {
      outage();
    }

    // SP answers again: the next round transmits without anyone leaving the contingency.
    await ageStatusCache();
    await runDueNow(companyId);
    const doc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(doc.status).toBe("AUTHORIZED");
    expect(doc.contingencyMode).toBe("OFFLINE");
    expect(doc.accessKey!.charAt(34)).toBe("9");
    expect(await findActiveContingency(companyId, 65)).toMatchObject({ automatic: false, reason: "Link de internet da loja instavel" });
  });
});
