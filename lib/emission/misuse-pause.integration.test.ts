import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { createDraft, createEmittingCompany, emitAndDrain, runDueNow } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Issue 32 item 7: a 656 (consumo indevido) pauses the company's calls to
// that authorizer for the hour; the document stays PROCESSING with the reason
// and resumes after, without spending a send inside the hour.

const fixture = simulatorFixture({ authorityTimeoutMs: 3000 });


describe("consumo indevido (656)", () => {
  it("pauses the company's emission at that authorizer for the hour, PROCESSING with the reason, and resumes after", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "656", reason: "Rejeição: Consumo Indevido" }, times: 1 });
    const runId = await emitAndDrain(company.companyId, draft.id);

    const paused = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(paused.status).toBe("PROCESSING");
    expect(paused.processingReason).toMatch(/^656 - SEFAZ bloqueou consultas por consumo indevido até \d{2}:\d{2}$/);
    const pause = await db.authorityPause.findUniqueOrThrow({ where: { companyId_authorizer: { companyId: company.companyId, authorizer: "SP:55:HOMOLOGATION" } } });
    expect(pause.until.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const run = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("QUEUED");
    expect(Math.abs(run.runAt.getTime() - pause.until.getTime())).toBeLessThan(1000);

    // Woken inside the hour (another process, a restart): still paused, nothing sent.
    await runDueNow(company.companyId);
    expect(await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "PROCESSING", processingReason: paused.processingReason });
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(0);

    // The hour passed.
    await db.authorityPause.update({ where: { companyId_authorizer: { companyId: company.companyId, authorizer: "SP:55:HOMOLOGATION" } }, data: { until: new Date(Date.now() - 1000) } });
    await runDueNow(company.companyId);
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(document.processingReason).toBeNull();
  });

  it("a new document's first send waits for a pause already in force (read by the write that stores its XML), and goes after it", async () => {
    const company = await createEmittingCompany();
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "656" }, times: 1 });
    await emitAndDrain(company.companyId, (await createDraft(company.companyId)).id);
    const key = { companyId_authorizer: { companyId: company.companyId, authorizer: "SP:55:HOMOLOGATION" } };
    const pause = await db.authorityPause.findUniqueOrThrow({ where: key });

    const draft = await createDraft(company.companyId);
    await emitAndDrain(company.companyId, draft.id);
    const held = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(held).toMatchObject({ status: "PROCESSING", processingReason: pause.reason, emissionAttempts: 1 });
    expect(held.number).toBeGreaterThan(0);
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(0);

    await db.authorityPause.update({ where: key, data: { until: new Date(Date.now() - 1000) } });
    await runDueNow(company.companyId);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("AUTHORIZED");
  });

  it("another company of the same state is not paused", async () => {
    const blocked = await createEmittingCompany();
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: blocked.cnpj, action: { kind: "reject", cStat: "656" }, times: 1 });
    await emitAndDrain(blocked.companyId, (await createDraft(blocked.companyId)).id);
    const other = await createEmittingCompany();
    const draft = await createDraft(other.companyId);
    await emitAndDrain(other.companyId, draft.id);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("AUTHORIZED");
  });
});
