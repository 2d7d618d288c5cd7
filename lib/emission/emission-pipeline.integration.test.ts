import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { getTaxAuthority, type TaxAuthority } from "@/lib/authority";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createTestCompany, db } from "@/test/factories";
import { EMISSION_SEND_ATTEMPTS } from "./limits";
import { queueEmission } from "./queue-emission";
import { resumeEmission } from "./record-emission-outcome";
import { sendForAuthorization } from "./send-for-authorization";
import { createDraft, createEmittingCompany, emitAndDrain } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Short client timeout so "answer lost" faults (a delayed answer) are quick to provoke.
const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });

/** Ends the current backoff sleep now (what the clock would do after EMISSION_RETRY_DELAYS) and runs what is due. */
async function skipBackoff(runId: string) {
  const run = await db.backgroundRun.update({ where: { id: runId }, data: { runAt: new Date() } });
  await drainDueRuns(functions, { companyIds: [run.companyId!] });
}

const load = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: true } });

describe("emission pipeline against the simulator", () => {
  it("authorizes: number, access key, protocol, nfeProc, AUTHORIZATION event and document.authorized", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const runId = await emitAndDrain(company.companyId, draft.id);
    const document = await load(draft.id);
    expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(document.number).toBe(1);
    expect(document.accessKey).toMatch(/^\d{44}$/);
    expect(document.protocolNumber).toMatch(/^\d{15}$/);
    expect(document.authorizationDate).toBeInstanceOf(Date);
    expect(document.authorizedXml).toContain("<nfeProc");
    expect(document.authorizedXml).toContain(`<chNFe>${document.accessKey}</chNFe>`);
    expect(document.signedXml).toContain("<Signature");
    expect(document.events).toHaveLength(1);
    expect(document.events[0]).toMatchObject({ kind: "AUTHORIZATION", outcome: "AUTHORIZED", protocol: document.protocolNumber, runId });
    const outcomes = await db.domainEvent.findMany({ where: { documentId: draft.id } });
    expect(outcomes.map((e) => e.type)).toEqual(["document.authorized"]);
    expect(outcomes[0]?.data).toMatchObject({ documentId: draft.id, accessKey: document.accessKey, protocolNumber: document.protocolNumber });
    const simulated = await db.simulatorDocument.findMany({ where: { accessKey: document.accessKey! } });
    expect(simulated).toHaveLength(1);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("SUCCEEDED");
  });

  it("rejects with 'cStat - xMotivo', records document.rejected, and a re-emission keeps number and key", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "778", reason: "Informado NCM inexistente" }, times: 1 });
    await emitAndDrain(company.companyId, draft.id);
    const rejected = await load(draft.id);
    expect(rejected.status).toBe("REJECTED");
    expect(rejected.rejectionCode).toBe("778");
    expect(rejected.rejectionReason).toBe("778 - Informado NCM inexistente");
    expect(rejected.events.map((e) => e.kind)).toEqual(["REJECTION"]);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.rejected"]);

    await emitAndDrain(company.companyId, draft.id);
    const authorized = await load(draft.id);
    expect(authorized.status).toBe("AUTHORIZED");
    expect(authorized.number).toBe(rejected.number);
    expect(authorized.accessKey).toBe(rejected.accessKey);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id }, orderBy: { createdAt: "asc" } })).map((e) => e.type)).toEqual(["document.rejected", "document.authorized"]);
  });

  it("refuses an XML that fails the schema without sending it, naming the element", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    await db.fiscalDocumentItem.updateMany({ where: { documentId: draft.id }, data: { ncm: "123" } });
    await emitAndDrain(company.companyId, draft.id);
    const document = await load(draft.id);
    expect(document.status).toBe("REJECTED");
    expect(document.rejectionCode).toBe("schema_validation_failed");
    expect(document.rejectionReason).toContain("NCM");
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(0);
    // The number stays with the document (MOC 4.00): fixed and emitted again, it is authorized under it.
    expect(document.number).toBe(1);
    await db.fiscalDocumentItem.updateMany({ where: { documentId: draft.id }, data: { ncm: "21011110" } });
    await emitAndDrain(company.companyId, draft.id);
    const authorized = await load(draft.id);
    expect(authorized.status, authorized.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(authorized.number).toBe(1);
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId } })).toMatchObject({ nextNumber: 2 });
  });

  it("after a timeout whose answer was lost (the simulator authorized), consults the key at once and takes that protocol", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "delay", ms: 2500 }, times: 1 });
    const runId = await emitAndDrain(company.companyId, draft.id);
    const simulated = await db.simulatorDocument.findFirstOrThrow({ where: { cnpj: company.cnpj } });
    const document = await load(draft.id);
    expect(document.status).toBe("AUTHORIZED");
    expect(document.protocolNumber).toBe(simulated.protocol);
    expect(document.emissionAttempts).toBe(1);
    expect(document.events).toHaveLength(1);
    expect(document.events[0]?.details).toMatchObject({ via: "consult" });
    expect(await db.simulatorDocument.count({ where: { accessKey: document.accessKey! } })).toBe(1);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.authorized"]);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("SUCCEEDED");
  });

  it("after a lost answer whose consultation is lost too, waits PROCESSING (not DRAFT) and the next attempt consults first", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "delay", ms: 2500 }, times: 1 });
    fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", action: { kind: "delay", ms: 2500 }, times: 1 });
    const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    // Communication failure with attempts left: still PROCESSING (issue 50), no event, parked for the backoff, the reason and the next attempt visible.
    const parkedDocument = await load(draft.id);
    expect(parkedDocument.status).toBe("PROCESSING");
    expect(parkedDocument.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(parkedDocument.runId).toBe(runId);
    expect(parkedDocument.processingReason).toMatch(/No answer within 1500 ms/);
    expect(await db.domainEvent.count({ where: { documentId: draft.id } })).toBe(0);
    const parked = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(parked.status).toBe("QUEUED");
    expect(parked.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // The simulator did authorize that first send.
    const simulated = await db.simulatorDocument.findFirstOrThrow({ where: { accessKey: parkedDocument.accessKey! } });

    await skipBackoff(runId);
    const document = await load(draft.id);
    expect(document.status).toBe("AUTHORIZED");
    expect(document.protocolNumber).toBe(simulated.protocol);
    expect(document.processingReason).toBeNull();
    expect(document.events).toHaveLength(1);
    expect(document.events[0]?.details).toMatchObject({ via: "consult" });
    expect(await db.simulatorDocument.count({ where: { accessKey: document.accessKey! } })).toBe(1);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.authorized"]);
  });

  it("after a timeout before the authority processed anything, the consultation finds nothing and the resend authorizes", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "delay", ms: 2500, beforeProcessing: true }, times: 1 });
    const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    expect((await load(draft.id)).status).toBe("PROCESSING");
    await skipBackoff(runId);
    const document = await load(draft.id);
    expect(document.status).toBe("AUTHORIZED");
    expect(document.events[0]?.details).toMatchObject({ via: "authorize", attempts: 2 });
  });

  it("rejects once every attempt failed to communicate, with a single document.rejected", async () => {
    // Without automatic contingency: with it, the 108 of every authorizer (SVC-AN included) now ends in EPEC
    // (issue 50 item 2, epec-nfe.integration.test.ts); this test is about the retries of one authorizer.
    const company = await createEmittingCompany({ contingencyAutomatic: false });
    const draft = await createDraft(company.companyId);
    const remove = fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "unavailable" } });
    try {
      const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
      await drainDueRuns(functions, { companyIds: [company.companyId] });
      for (let attempt = 2; attempt <= EMISSION_SEND_ATTEMPTS; attempt++) {
        const waiting = await load(draft.id);
        expect(waiting.status, `before attempt ${attempt}`).toBe("PROCESSING");
        expect(await db.domainEvent.count({ where: { documentId: draft.id } })).toBe(0);
        await skipBackoff(runId);
      }
      const document = await load(draft.id);
      expect(document.status).toBe("REJECTED");
      expect(document.emissionAttempts).toBe(EMISSION_SEND_ATTEMPTS);
      expect(document.rejectionReason).toMatch(/^communication_failure - No answer from the tax authority after 5 attempts/);
      expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.rejected"]);
      expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("SUCCEEDED");
    } finally {
      remove();
    }
  });

  it("a resend answered 204 (duplicate) takes the existing protocol through a consultation", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "delay", ms: 2500 }, times: 1 });
    fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", action: { kind: "delay", ms: 2500 }, times: 1 });
    const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    expect((await load(draft.id)).status).toBe("PROCESSING");
    const run = { companyId: company.companyId, documentId: draft.id, runId };
    expect(await resumeEmission(run)).toEqual({ kind: "settled", status: "PROCESSING" });

    // The authority's consultation lags behind its authorization once (it has happened at SEFAZ):
    // the pre-send consultation says "not found", the resend is answered 204, and the second consultation finds it.
    const real = getTaxAuthority("HOMOLOGATION");
    const answers: string[] = [];
    let lagging = true;
    const authority: TaxAuthority = {
      sendEvent: real.sendEvent.bind(real),
      inutilize: real.inutilize.bind(real),
      status: real.status.bind(real),
      distribute: real.distribute.bind(real),
      consultRegistry: real.consultRegistry.bind(real),
      consult: async (...args) => {
        if (lagging) {
          lagging = false;
          return { kind: "not_found", cStat: "217", reason: "Rejeição: NF-e não consta na base de dados da SEFAZ" };
        }
        return real.consult(...args);
      },
      authorize: async (...args) => {
        const answer = await real.authorize(...args);
        answers.push(answer.kind === "refused" ? answer.cStat : answer.kind);
        return answer;
      },
    };
    const outcome = await sendForAuthorization(run, { finalAttempt: false }, () => authority);
    expect(answers).toEqual(["204"]);
    const simulated = await db.simulatorDocument.findFirstOrThrow({ where: { cnpj: company.cnpj } });
    expect(outcome).toEqual({ kind: "settled", status: "AUTHORIZED" });
    const authorized = await load(draft.id);
    expect(authorized).toMatchObject({ status: "AUTHORIZED", protocolNumber: simulated.protocol });
    expect(authorized.events.map((e) => [e.kind, (e.details as { via?: string }).via])).toEqual([["AUTHORIZATION", "consult"]]);
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(1);
  });

  it("a run for a company without a certificate ends REJECTED with the prerequisite's code, without a number", async () => {
    const company = await createTestCompany();
    const draft = await createDraft(company.companyId);
    await emitAndDrain(company.companyId, draft.id);
    const document = await load(draft.id);
    expect(document.status).toBe("REJECTED");
    expect(document.rejectionCode).toBe("certificate_missing");
    expect(document.rejectionReason).toMatch(/^certificate_missing - /);
    expect(document.number).toBe(0);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.rejected"]);
  });

  it("an answer of the state's authorizer ends its failure streak in the settling statement; the other model's streak stays", async () => {
    const company = await createEmittingCompany();
    const since = new Date(Date.now() - 10_000);
    await db.authorizerFailureStreak.createMany({
      data: [
        { companyId: company.companyId, model: 55, failures: 2, firstFailureAt: since, lastFailureAt: since },
        { companyId: company.companyId, model: 65, failures: 1, firstFailureAt: since, lastFailureAt: since },
      ],
    });
    const draft = await createDraft(company.companyId);
    await emitAndDrain(company.companyId, draft.id);
    expect((await load(draft.id)).status).toBe("AUTHORIZED");
    const streaks = await db.authorizerFailureStreak.findMany({ where: { companyId: company.companyId }, orderBy: { model: "asc" } });
    expect(streaks.map((s) => [s.model, s.failures])).toEqual([[55, 0], [65, 1]]);
  });
});
