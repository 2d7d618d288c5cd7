import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { updateFiscalSettings } from "@/lib/companies/fiscal-settings";
import { createTestCompany, db } from "@/test/factories";
import { findActiveContingency } from "./active-contingency";
import { recordAuthorizerCommunication } from "./communication-failures";
import { WATCH_CONTINGENCY_FUNCTION_ID } from "./events";
import { applyStatusAnswer } from "./status-answers";

afterEach(() => {
  delete process.env.CONTINGENCY_FAILURE_THRESHOLD;
  delete process.env.CONTINGENCY_FAILURE_WINDOW_SECONDS;
  resetEnvCache();
});

const watchRuns = (companyId: string) => db.backgroundRun.findMany({ where: { companyId, functionId: WATCH_CONTINGENCY_FUNCTION_ID } });

describe("automatic entry by communication failures", () => {
  it("enters after CONTINGENCY_FAILURE_THRESHOLD (3) consecutive failures, queues the watch run, and starts a new streak", async () => {
    const { companyId } = await createTestCompany({ state: "SP" });
    expect(await recordAuthorizerCommunication(companyId, 65, false, { reason: "timeout" })).toEqual({ failures: 1, entered: false });
    expect(await recordAuthorizerCommunication(companyId, 65, false)).toEqual({ failures: 2, entered: false });
    expect(await findActiveContingency(companyId, 65)).toBeNull();
    expect(await recordAuthorizerCommunication(companyId, 65, false)).toEqual({ failures: 3, entered: true });
    const active = await findActiveContingency(companyId, 65);
    expect(active).toMatchObject({ mode: "EPEC", automatic: true, reason: "SEFAZ-SP sem resposta: 3 falhas de comunicação consecutivas em até 120 s" });
    const runs = await watchRuns(companyId);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(runs[0]!.eventData).toMatchObject({ companyId, model: 65, contingencyId: active!.id });
    // NF-e is another authorizer's business: untouched.
    expect(await findActiveContingency(companyId, 55)).toBeNull();
    expect(await db.authorizerFailureStreak.count({ where: { companyId, model: 65 } })).toBe(0);
  });

  it("a success ends the streak; failures spread beyond the window start it again", async () => {
    const { companyId } = await createTestCompany();
    await recordAuthorizerCommunication(companyId, 55, false);
    await recordAuthorizerCommunication(companyId, 55, false);
    await recordAuthorizerCommunication(companyId, 55, true);
    expect(await recordAuthorizerCommunication(companyId, 55, false)).toEqual({ failures: 1, entered: false });

    const start = new Date(Date.now() - 10 * 60_000);
    const other = await createTestCompany();
    await recordAuthorizerCommunication(other.companyId, 55, false, {}, start);
    await recordAuthorizerCommunication(other.companyId, 55, false, {}, new Date(start.getTime() + 60_000));
    // 121 s after the first: outside the window, a new streak.
    expect(await recordAuthorizerCommunication(other.companyId, 55, false, {}, new Date(start.getTime() + 121_000))).toEqual({ failures: 1, entered: false });
    expect(await findActiveContingency(other.companyId, 55)).toBeNull();
  });

  it("reads the threshold and window from the configuration", async () => {
    process.env.CONTINGENCY_FAILURE_THRESHOLD = "1";
    process.env.CONTINGENCY_FAILURE_WINDOW_SECONDS = "30";
    resetEnvCache();
    const { companyId } = await createTestCompany({ state: "BA", municipalityCode: "2927408" });
    expect(await recordAuthorizerCommunication(companyId, 55, false)).toEqual({ failures: 1, entered: true });
    expect(await findActiveContingency(companyId, 55)).toMatchObject({ mode: "SVC_RS", reason: "SEFAZ-BA sem resposta: 1 falha de comunicação" });
  });

  it("a 108 or 109 from the authorizer enters at once", async () => {
    const { companyId } = await createTestCompany();
    expect(await recordAuthorizerCommunication(companyId, 55, false, { cStat: "109", reason: "109 Serviço Paralisado sem Previsão" })).toEqual({ failures: 1, entered: true });
    expect(await findActiveContingency(companyId, 55)).toMatchObject({ mode: "SVC_AN", automatic: true, reason: "SEFAZ-SP indisponível: 109 - Serviço Paralisado sem Previsão" });
  });

  it("nothing automatic when the company turned contingencyAutomatic off", async () => {
    const { companyId } = await createTestCompany();
    expect((await updateFiscalSettings(companyId, { contingencyAutomatic: false })).contingencyAutomatic).toBe(false);
    for (let i = 0; i < 4; i++) await recordAuthorizerCommunication(companyId, 65, false, { cStat: "108" });
    expect(await applyStatusAnswer(companyId, "SP", 65, { kind: "communication_failure", cStat: "108", reason: "108 Serviço Paralisado" })).toBeNull();
    expect(await findActiveContingency(companyId, 65)).toBeNull();
    expect(await watchRuns(companyId)).toHaveLength(0);
    expect((await updateFiscalSettings(companyId, { contingencyAutomatic: "true" })).contingencyAutomatic).toBe(true);
  });
});

describe("status answers", () => {
  it("108/109 enter, 107 leaves an automatic contingency but never a manual one", async () => {
    const { companyId } = await createTestCompany();
    expect(await applyStatusAnswer(companyId, "SP", 55, { kind: "communication_failure", cStat: "108", reason: "108 Serviço Paralisado Momentaneamente (curto prazo)" })).toBe("entered");
    expect(await findActiveContingency(companyId, 55)).toMatchObject({ reason: "SEFAZ-SP indisponível: 108 - Serviço Paralisado Momentaneamente (curto prazo)" });
    expect(await applyStatusAnswer(companyId, "SP", 55, { kind: "communication_failure", reason: "timeout" })).toBeNull();
    const running = { kind: "authorized" as const, cStat: "107", reason: "Serviço em Operação", checkedAt: new Date().toISOString() };
    expect(await applyStatusAnswer(companyId, "SP", 55, running)).toBe("left");
    expect(await findActiveContingency(companyId, 55)).toBeNull();
    const ended = await db.companyContingency.findFirstOrThrow({ where: { companyId, model: 55 } });
    expect(ended.endedReason).toBe("107 - Serviço em Operação");

    const { enterContingency } = await import("./enter-contingency");
    await enterContingency({ companyId, model: 55, reason: "Contingencia decidida pelo contador", automatic: false });
    expect(await applyStatusAnswer(companyId, "SP", 55, running)).toBeNull();
    expect(await findActiveContingency(companyId, 55)).toMatchObject({ automatic: false });
  });
});
