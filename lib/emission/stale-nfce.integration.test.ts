import { afterEach, describe, expect, it, vi } from "vitest";
import { functions } from "@/inngest";
import { getTaxAuthority } from "@/lib/authority";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { queueEmission } from "./queue-emission";
import { createDraft, createEmittingCompany, runDueNow } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Issue 32 item 6: an NFC-e re-sent after an outage must not arrive with its
// first attempt's dhEmi (SEFAZ: 704 beyond 5 minutes). Time passes through a
// faked Date, which the pipeline and the in-process simulator both read (the
// database clock is not moved: runs are made due by writing a past runAt).

const fixture = simulatorFixture({ authorityTimeoutMs: 3000 });
const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

async function nfceCompany() {
  const company = await createEmittingCompany({ contingencyAutomatic: false });
  await db.company.update({ where: { id: company.companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
  return company;
}

const nfceBody = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };


const dhEmiOf = (xml: string | null) => new Date(/<dhEmi>([^<]+)<\/dhEmi>/.exec(xml ?? "")![1]!);

describe("NFC-e after an outage", () => {
  it("the simulator refuses 704 an NFC-e whose dhEmi is more than 5 minutes before its arrival", async () => {
    const company = await nfceCompany();
    const draft = await createDraft(company.companyId, nfceBody);
    await queueEmission({ companyId: company.companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const sent = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(sent.status, sent.rejectionReason ?? "").toBe("AUTHORIZED");
    // The same signed NFC-e arriving 6 minutes after its dhEmi: the dhEmi rules answer before the duplicate check.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(dhEmiOf(sent.signedXml).getTime() + 6 * MINUTE);
    const late = await getTaxAuthority("HOMOLOGATION").authorize({ uf: "SP", environment: "HOMOLOGATION", model: 65 }, sent.signedXml!, { privateKeyPem: "", certificatePem: "" });
    expect(late).toMatchObject({ kind: "refused", cStat: "704", reason: "Rejeição: NFC-e com Data-Hora de emissão atrasada" });
    vi.setSystemTime(dhEmiOf(sent.signedXml).getTime() + 4 * MINUTE);
    const inTime = await getTaxAuthority("HOMOLOGATION").authorize({ uf: "SP", environment: "HOMOLOGATION", model: 65 }, sent.signedXml!, { privateKeyPem: "", certificatePem: "" });
    expect(inTime).toMatchObject({ kind: "refused", cStat: "204" });
  });

  it("an NFC-e never sent whose run waited in a backlog is built with dhEmi at its first send", async () => {
    const company = await nfceCompany();
    const draft = await createDraft(company.companyId, nfceBody);
    await queueEmission({ companyId: company.companyId, documentId: draft.id });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 10 * MINUTE);
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(Math.abs(dhEmiOf(document.signedXml).getTime() - (start + 10 * MINUTE))).toBeLessThan(1000);
  });

  it("a 20-minute outage with NFC-e queued ends with every NFC-e authorized, re-signed with a new dhEmi, none refused 704", async () => {
    const company = await nfceCompany();
    const outage = fixture.simulator.faults.add({ cnpj: company.cnpj, service: "NFeAutorizacao4", action: { kind: "unavailable" } });
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push(await createDraft(company.companyId, nfceBody));
    for (const draft of drafts) await queueEmission({ companyId: company.companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const first = await db.fiscalDocument.findMany({ where: { id: { in: drafts.map((d) => d.id) } } });
    expect(first.map((d) => d.status)).toEqual(["PROCESSING", "PROCESSING", "PROCESSING"]);
    expect(first.every((d) => d.processingReason?.startsWith("108 "))).toBe(true);

    // The backoffs (30 s, 2 min, 10 min) pass during the outage; at +20 min the authority is back.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    for (const at of [1, 3, 13]) {
      vi.setSystemTime(start + at * MINUTE);
      await runDueNow(company.companyId);
    }
    expect((await db.fiscalDocument.findMany({ where: { id: { in: drafts.map((d) => d.id) } } })).map((d) => d.status)).toEqual(["PROCESSING", "PROCESSING", "PROCESSING"]);
    outage();
    vi.setSystemTime(start + 20 * MINUTE);
    await runDueNow(company.companyId);

    const documents = await db.fiscalDocument.findMany({ where: { id: { in: drafts.map((d) => d.id) } }, include: { events: true } });
    for (const document of documents) {
      expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
      expect(document.events.map((e) => e.cStat)).toEqual(["100"]);
      // Rebuilt at the re-send: dhEmi (seconds) is the moment of the re-send, and the stored date follows it.
      expect(Math.abs(dhEmiOf(document.signedXml).getTime() - (start + 20 * MINUTE))).toBeLessThan(1000);
      expect(Math.abs(document.issueDateTime.getTime() - (start + 20 * MINUTE))).toBeLessThan(1000);
      expect(document.authorizedXml).toContain(`<dhEmi>`);
      expect(dhEmiOf(document.authorizedXml).getTime()).toBe(dhEmiOf(document.signedXml).getTime());
      const simulated = await db.simulatorDocument.findFirstOrThrow({ where: { accessKey: document.accessKey! } });
      expect(simulated.protocol).toBe(document.protocolNumber);
    }
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId, rejectionCode: "704" } })).toBe(0);
  });
});
