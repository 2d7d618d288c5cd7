import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { findActiveContingency } from "@/lib/contingency/active-contingency";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany, runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";

// Issue 50 (done when): an RS company's NFC-e goes offline (tpEmis 9) when its
// authorizer (SEFAZ-RS) is down, per the per-state table, and is
// AUTHORIZED once SEFAZ-RS answers 107 again.

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const nfceBody = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };
const tag = (xml: string | null, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml ?? "")?.[1];

describe("an RS company's NFC-e during an outage of SEFAZ-RS", () => {
  it("is issued offline at once and AUTHORIZED after the outage", { timeout: 90_000 }, async () => {
    const { companyId } = await createEmittingCompany();
    await db.company.update({
      where: { id: companyId },
      data: { state: "RS", municipalityCode: "4314902", city: "Porto Alegre", zipCode: "90010000", stateRegistration: "2243658792", cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" },
    });
    const remove = fixture.simulator.faults.add({ authorizer: "RS", action: { kind: "outage", status: "108" } });
    const draft = await createDraft(companyId, nfceBody);
    try {
      await queueEmission({ companyId, documentId: draft.id });
      await drainDueRuns(functions, { companyIds: [companyId] });
      const offline = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect(offline.status, offline.rejectionReason ?? offline.processingReason ?? "").toBe("CONTINGENCY");
      expect([offline.contingencyMode, tag(offline.signedXml, "tpEmis"), offline.accessKey!.slice(0, 2), offline.accessKey!.charAt(34)]).toEqual(["OFFLINE", "9", "43", "9"]);
      expect(await findActiveContingency(companyId, 65)).toMatchObject({ mode: "OFFLINE", automatic: true });
    } finally {
      remove();
    }
    for (let round = 0; round < 6; round++) {
      await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
      await runDueNow(companyId);
      if ((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status === "AUTHORIZED") break;
    }
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("AUTHORIZED");
    expect(await findActiveContingency(companyId, 65)).toBeNull();
  });
});
