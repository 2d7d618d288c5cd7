import { describe, expect, it } from "vitest";
import { checkServiceStatus } from "@/lib/authority/service-status";
import { getTaxAuthority } from "@/lib/authority/tax-authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db } from "@/test/factories";
import { findActiveContingency } from "./active-contingency";
import { recordAuthorizerCommunication } from "./communication-failures";
import { WATCH_CONTINGENCY_FUNCTION_ID } from "./events";
import { checkCompanyStatusAndSwitch } from "./status-answers";

const fixture = simulatorCompanyFixture();
const SP = { uf: "SP", environment: "HOMOLOGATION", model: 65 } as const;

/** As if the watch's interval had passed: the shared status answers are older than a check's age. */
async function ageStatusCache(): Promise<void> {
  await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
}

describe("an outage of one authorizer in the simulator", () => {
  it("takes SP down (status 108, every other service unreachable) while SVC-AN keeps answering 107", async () => {
    const remove = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    try {
      const spNfce = await checkServiceStatus(SP, undefined, { maxAgeMs: 0 });
      expect(spNfce.result).toMatchObject({ kind: "communication_failure", cStat: "108" });
      const spNfe = await checkServiceStatus({ ...SP, model: 55 }, undefined, { maxAgeMs: 0 });
      expect(spNfe.result).toMatchObject({ kind: "communication_failure", cStat: "108" });
      const svc = await checkServiceStatus({ ...SP, model: 55, contingency: "SVC-AN" }, undefined, { maxAgeMs: 0 });
      expect(svc).toMatchObject({ authorizer: "SVCAN", result: { kind: "authorized", cStat: "107" } });
      // Another state's authorizer is not SP.
      const ba = await checkServiceStatus({ uf: "BA", environment: "HOMOLOGATION", model: 55 }, undefined, { maxAgeMs: 0 });
      expect(ba.result).toMatchObject({ kind: "authorized", cStat: "107" });

      const certificate = await loadSigningCredentials(fixture.company.companyId);
      const consultation = await getTaxAuthority("HOMOLOGATION").consult(SP, `35${"0".repeat(42)}`, certificate);
      expect(consultation.kind).toBe("communication_failure");
      expect("cStat" in consultation ? consultation.cStat : undefined).toBeUndefined();
    } finally {
      remove();
    }
  });

  it("without a status the authorizer gives no answer at all; the rule is accepted over HTTP with SVC-AN's dashed name", async () => {
    const res = await fetch(`${fixture.simulator.url}/_simulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorizer: "SVC-AN", action: { kind: "outage" } }) });
    expect(res.status).toBe(201);
    const svc = await checkServiceStatus({ ...SP, model: 55, contingency: "SVC-AN" }, undefined, { maxAgeMs: 0 });
    expect(svc.result.kind).toBe("communication_failure");
    expect("cStat" in svc.result ? svc.result.cStat : undefined).toBeUndefined();
    expect((await checkServiceStatus(SP, undefined, { maxAgeMs: 0 })).result).toMatchObject({ cStat: "107" });
    const bad = await fetch(`${fixture.simulator.url}/_simulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorizer: "SP", action: { kind: "outage", status: "107" } }) });
    expect(bad.status).toBe(400);
  });

  it("enters contingency automatically on SP's 108 and leaves it through the watch run once the status answers 107", async () => {
    const { companyId } = fixture.company;
    const remove = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    await checkCompanyStatusAndSwitch(companyId, db, { maxAgeMs: 0 });
    expect(await findActiveContingency(companyId, 65)).toMatchObject({ mode: "EPEC", automatic: true, reason: "SEFAZ-SP indisponível: 108 - Serviço Paralisado Momentaneamente (curto prazo)" });
    expect(await findActiveContingency(companyId, 55)).toMatchObject({ mode: "SVC_AN", automatic: true });

    // Still down a minute later: the watch looks, stays, and sleeps until the next look.
    await ageStatusCache();
    await runDueNow(companyId);
    expect(await findActiveContingency(companyId, 65)).not.toBeNull();
    const parked = await db.backgroundRun.findMany({ where: { companyId, functionId: WATCH_CONTINGENCY_FUNCTION_ID } });
    expect(parked.map((r) => r.status).sort()).toEqual(["QUEUED", "QUEUED"]);

    // The outage ends: the next look gets 107 and leaves both.
    remove();
    await ageStatusCache();
    await runDueNow(companyId);
    expect(await findActiveContingency(companyId, 65)).toBeNull();
    expect(await findActiveContingency(companyId, 55)).toBeNull();
    const ended = await db.companyContingency.findMany({ where: { companyId }, orderBy: { model: "asc" } });
    expect(ended.map((c) => [c.model, c.endedReason])).toEqual([
      [55, "107 - Serviço em Operação"],
      [65, "107 - Serviço em Operação"],
    ]);
    const runs = await db.backgroundRun.findMany({ where: { companyId, functionId: WATCH_CONTINGENCY_FUNCTION_ID } });
    expect(runs.map((r) => r.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
  });

  it("an unreachable SP (no status) enters by consecutive failures, and the watch leaves on 107", async () => {
    const { companyId } = fixture.company;
    const remove = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage" } });
    const certificate = await loadSigningCredentials(companyId);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await getTaxAuthority("HOMOLOGATION").consult(SP, `35${"0".repeat(42)}`, certificate);
      expect(answer.kind).toBe("communication_failure");
      await recordAuthorizerCommunication(companyId, 65, false, { reason: answer.kind === "communication_failure" ? answer.reason : undefined });
    }
    expect(await findActiveContingency(companyId, 65)).toMatchObject({ automatic: true, reason: "SEFAZ-SP sem resposta: 3 falhas de comunicação consecutivas em até 120 s" });
    remove();
    await ageStatusCache();
    await runDueNow(companyId);
    expect(await findActiveContingency(companyId, 65)).toBeNull();
  });
});
