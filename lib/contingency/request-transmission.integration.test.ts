import { describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { enterContingency } from "./enter-contingency";
import { TRANSMIT_CONTINGENCY_FUNCTION_ID } from "./events";
import { leaveContingency } from "./leave-contingency";
import { requestContingencyTransmission } from "./request-transmission";

// A transmission run parked between rounds (its step.sleep of 15 s … 10 min) is QUEUED with a
// later runAt. Leaving the contingency must make it due at once (bench:checkout found the offline
// NFC-e waiting for the parked round instead); an NFC-e issued offline meanwhile must not.

const transmissionRuns = (companyId: string) => db.backgroundRun.findMany({ where: { companyId, functionId: TRANSMIT_CONTINGENCY_FUNCTION_ID } });

async function parkedRun(companyId: string, minutes: number) {
  await requestContingencyTransmission({ companyId, model: 65, environment: "HOMOLOGATION" });
  const [run] = await transmissionRuns(companyId);
  return db.backgroundRun.update({ where: { id: run!.id }, data: { runAt: new Date(Date.now() + minutes * 60_000) } });
}

describe("the transmission run after a contingency", () => {
  it("is made due at once when the contingency ends, without a second run", async () => {
    const { companyId } = await createTestCompany({ state: "SP" });
    await enterContingency({ companyId, model: 65, automatic: true, reason: "SEFAZ-SP indisponível: 108 - Serviço Paralisado Momentaneamente (curto prazo)" });
    const parked = await parkedRun(companyId, 10);
    const before = Date.now();
    expect(await leaveContingency({ companyId, model: 65, reason: "107 - Serviço em Operação", onlyAutomatic: true })).toEqual({ left: true });
    const runs = await transmissionRuns(companyId);
    expect(runs.map((run) => run.id)).toEqual([parked.id]);
    expect(runs[0]!.status).toBe("QUEUED");
    expect(runs[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(runs[0]!.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("keeps a parked run's pace while the contingency lasts (an offline issue asks without `now`)", async () => {
    const { companyId } = await createTestCompany({ state: "SP" });
    const parked = await parkedRun(companyId, 1);
    await requestContingencyTransmission({ companyId, model: 65, environment: "HOMOLOGATION" });
    const runs = await transmissionRuns(companyId);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.runAt.getTime()).toBe(parked.runAt.getTime());
  });
});
