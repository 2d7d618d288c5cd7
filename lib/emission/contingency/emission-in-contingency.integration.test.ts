import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { GET as getDocument } from "@/app/v1/fiscal-documents/[id]/route";
import { functions } from "@/inngest";
import { getTaxAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { getPool } from "@/lib/db/client";
import { buildCheckedNfe, withAccessKey } from "@/lib/emission/build-checked-nfe";
import { loadEmissionDocument } from "@/lib/emission/load-emission-document";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft, createEmittingCompany, draftBody, runDueNow } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { getDocumentDanfe } from "@/lib/downloads/get-document-danfe";
import { DocumentDanfeQuery } from "@/lib/downloads/schemas";
import { buildSignedEvent } from "@/lib/fiscal/nfe";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { SHARED_DIR } from "@/test/shared-dir";

// Emission in contingency (issue 33; docs/api-notes/contingency.md, "Emission in
// contingency"), against the simulator, real PostgreSQL and real signing. The
// company is put in contingency by inserting its CompanyContingency row (the
// switching side enters it from the status service); the outage itself is a
// fault rule on the company's requests. Runs are made due with runDueNow.

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
const REASON = "SEFAZ-SP indisponivel: emissao em contingencia (teste)";
const NFE_XSD = path.join(SHARED_DIR, "fiscal/schemas/nfe/PL_010_V1.30/nfe_v4.00.xsd");
const SUBST_XSD = path.join(SHARED_DIR, "fiscal/schemas/nfe/PL_010_V1.30/eventoCancSubst_v1.00.xsd");
const nfceBody = { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 100 }] };

afterEach(() => {
  vi.useRealTimers();
});

async function nfceCompany() {
  const company = await createEmittingCompany({ contingencyAutomatic: false });
  await db.company.update({ where: { id: company.companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
  return company;
}

async function enterContingency(companyId: string, model: 55 | 65) {
  return db.companyContingency.create({ data: { companyId, model, mode: model === 65 ? "OFFLINE" : "SVC_AN", reason: REASON, automatic: false } });
}

async function endContingency(companyId: string, model: 55 | 65) {
  await db.companyContingency.updateMany({ where: { companyId, model, endedAt: null }, data: { endedAt: new Date(), endedReason: "status 107" } });
}

/** xmllint (libxml2's command line) against an official schema file. */
function xmllint(xml: string, xsd: string): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xmllint-"));
  const file = path.join(dir, "doc.xml");
  fs.writeFileSync(file, xml);
  try {
    const run = spawnSync("xmllint", ["--noout", "--schema", xsd, file], { encoding: "utf8" });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const tag = (xml: string | null, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml ?? "")?.[1];

describe("NFC-e offline during a contingency", () => {
  it("50 NFC-e end CONTINGENCY with offline QR-Codes; after the contingency every one is AUTHORIZED and every number is authorized, cancelled by substitution or inutilized", { timeout: 240_000 }, async () => {
    const { companyId, cnpj, key } = await nfceCompany();
    const faults = fixture.simulator.faults;

    // A: its first attempt reaches the authority (authorized) but the answer is lost, and the consultation gets no answer.
    const a = await createDraft(companyId, nfceBody);
    const lostAnswer = faults.add({ cnpj, service: "NFeAutorizacao4", action: { kind: "delay", ms: 2500 }, times: 1 });
    const consultDown = faults.add({ service: "NFeConsultaProtocolo4", action: { kind: "unavailable" } });
    await queueEmission({ companyId, documentId: a.id });
    await drainDueRuns(functions, { companyIds: [companyId] });
    lostAnswer();
    // B: its first attempt never arrives (108).
    const b = await createDraft(companyId, nfceBody);
    faults.add({ cnpj, service: "NFeAutorizacao4", action: { kind: "unavailable" }, times: 1 });
    await queueEmission({ companyId, documentId: b.id });
    await drainDueRuns(functions, { companyIds: [companyId] });
    const firstAttempts = await db.fiscalDocument.findMany({ where: { id: { in: [a.id, b.id] } }, orderBy: { number: "asc" } });
    expect(firstAttempts.map((d) => [d.status, d.number])).toEqual([["PROCESSING", 1], ["PROCESSING", 2]]);
    const oldKeys = firstAttempts.map((d) => d.accessKey!);
    expect(oldKeys.map((key) => key.charAt(34))).toEqual(["1", "1"]);
    expect(await db.simulatorDocument.count({ where: { accessKey: { in: oldKeys } } })).toBe(1);

    // The authorizer is down and the company enters contingency: the re-sends re-issue A and B offline under new numbers.
    const outage = faults.add({ cnpj, action: { kind: "unavailable" } });
    await enterContingency(companyId, 65);
    await runDueNow(companyId);
    // 48 more sales while the contingency lasts.
    const drafts = [];
    for (let i = 0; i < 48; i++) drafts.push(await createDraft(companyId, nfceBody));
    for (const draft of drafts) await queueEmission({ companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [companyId] });

    const ids = [a.id, b.id, ...drafts.map((d) => d.id)];
    const offline = await db.fiscalDocument.findMany({ where: { id: { in: ids } }, orderBy: { number: "asc" } });
    expect(offline.map((d) => d.status)).toEqual(Array(50).fill("CONTINGENCY"));
    expect(offline.map((d) => d.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 3));
    for (const document of offline) {
      expect(document.accessKey!.charAt(34)).toBe("9");
      expect([document.contingencyMode, document.contingencyReason]).toEqual(["OFFLINE", REASON]);
      expect([tag(document.signedXml, "tpEmis"), tag(document.signedXml, "xJust")]).toEqual(["9", REASON]);
      expect(tag(document.signedXml, "dhCont")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
      // The offline v3 QR-Code: chave|3|tpAmb|dd|vNF|tpIdDest|idDest|signature (NT 2025.001).
      const p = /<qrCode><!\[CDATA\[[^?]*\?p=([^\]]+)\]\]><\/qrCode>|<qrCode>[^?]*\?p=([^<]+)<\/qrCode>/.exec(document.signedXml!);
      const fields = (p?.[1] ?? p?.[2] ?? "").split("|");
      expect(fields.slice(0, 3)).toEqual([document.accessKey, "3", "2"]);
      expect(fields).toHaveLength(8);
      expect(fields[7]).toMatch(/^[A-Za-z0-9+/]+=*$/);
    }
    for (const document of [offline[0]!, offline[49]!]) {
      const lint = xmllint(document.signedXml!, NFE_XSD);
      expect(lint.ok, lint.output).toBe(true);
      const signature = xmlsecVerify(document.signedXml!, "infNFe");
      expect(signature.ok, signature.output).toBe(true);
    }
    expect(await db.domainEvent.count({ where: { companyId, type: "document.contingency" } })).toBe(50);
    const reissued = await db.replacedEmissionAttempt.findMany({ where: { companyId }, orderBy: { number: "asc" } });
    expect(reissued.map((r) => [r.number, r.accessKey, r.resolution])).toEqual([[1, oldKeys[0], "PENDING"], [2, oldKeys[1], "PENDING"]]);
    expect(reissued.map((r) => r.documentId)).toEqual([a.id, b.id]);

    // The document API: status CONTINGENCY, contingency { mode, since, reason, originalAttempt }.
    const detail = await call(getDocument, { method: "GET", path: `/v1/fiscal-documents/${a.id}`, key, params: { id: a.id } });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      status: "CONTINGENCY",
      pdfUrl: `/v1/fiscal-documents/${a.id}/danfe`,
      contingency: { mode: "OFFLINE", since: expect.any(String), reason: REASON, originalAttempt: { number: 1, accessKey: oldKeys[0], resolution: "PENDING" } },
    });

    // Its DANFCE prints from the signed XML with the contingency messages (ESC/POS here; the PDF has the same lines).
    const danfce = await getDocumentDanfe(companyId, a.id, DocumentDanfeQuery.parse({ format: "escpos" }));
    const printed = Buffer.from(danfce.body).toString("latin1");
    expect(printed).toContain("EMITIDA EM CONTING");
    expect(printed).toContain("Pendente de autoriza");
    expect(printed).toContain(offline[0]!.accessKey!.slice(0, 4));

    // While the contingency is active nothing is transmitted, whatever the runs do.
    await runDueNow(companyId);
    expect(await db.fiscalDocument.count({ where: { id: { in: ids }, status: "CONTINGENCY" } })).toBe(50);

    // The authority is back and the contingency ends: the transmission run sends all 50 and resolves both numbers.
    outage();
    consultDown();
    await endContingency(companyId, 65);
    await runDueNow(companyId);
    const settled = await db.fiscalDocument.findMany({ where: { id: { in: ids } }, orderBy: { number: "asc" } });
    expect(settled.map((d) => `${d.number} ${d.status} ${d.rejectionReason ?? ""}`.trim())).toEqual(settled.map((d) => `${d.number} AUTHORIZED`));
    expect(settled.every((d) => d.protocolNumber && d.authorizedXml?.includes("<protNFe"))).toBe(true);
    const resolved = await db.replacedEmissionAttempt.findMany({ where: { companyId }, orderBy: { number: "asc" } });
    expect(resolved.map((r) => [r.number, r.resolution, r.detail])).toEqual([[1, "CANCELLED_BY_SUBSTITUTION", "135 - Evento registrado e vinculado a NF-e"], [2, "INUTILIZED", null]]);

    // Every number of the series 1..52 is explained.
    const inutilized = await db.inutilization.findMany({ where: { companyId, model: "65", status: "AUTHORIZED" } });
    const explained = new Map<number, string>();
    for (const d of settled) explained.set(d.number, "authorized");
    for (const r of resolved) if (r.resolution === "CANCELLED_BY_SUBSTITUTION") explained.set(r.number, "cancelled by substitution");
    for (const range of inutilized) for (let n = range.startNumber; n <= range.endNumber; n++) explained.set(n, "inutilized");
    const series = settled[0]!.series!;
    const highest = (await db.numberingSeries.findFirstOrThrow({ where: { companyId, model: 65, series } })).nextNumber - 1;
    expect(highest).toBe(52);
    expect(Array.from({ length: highest }, (_, i) => explained.get(i + 1) ?? `number ${i + 1} unexplained`)).toEqual([
      "cancelled by substitution", "inutilized", ...Array(50).fill("authorized"),
    ]);

    // At the authority: A's first key is cancelled by a 110112 naming A's offline key, valid against the official schema and verified by xmlsec1.
    const cancelled = await db.simulatorDocument.findFirstOrThrow({ where: { accessKey: oldKeys[0] }, include: { events: true } });
    expect(cancelled.status).toBe("CANCELLED");
    const substitution = cancelled.events.find((e) => e.eventType === "110112")!;
    expect(tag(substitution.xml, "chNFeRef")).toBe(settled[0]!.accessKey);
    expect(xmllint(substitution.xml!, SUBST_XSD).ok).toBe(true);
    expect(xmlsecVerify(substitution.xml!, "infEvento").ok).toBe(true);
    expect(await db.simulatorDocument.count({ where: { accessKey: oldKeys[1] } })).toBe(0);

    // The simulator's 110112 rules: an unknown substitute (912), a cancelled one (913).
    const credentials = await loadSigningCredentials(companyId);
    const target = { uf: "SP", environment: "HOMOLOGATION", model: 65 } as const;
    const subject = settled[5]!;
    const substitute = (substituteKey: string) =>
      buildSignedEvent({ tpEvento: "110112", accessKey: subject.accessKey!, environment: "HOMOLOGATION", authorCnpj: cnpj, occurredAt: new Date(), protocol: subject.protocolNumber!, reason: "Teste das regras do cancelamento por substituicao", substituteKey, applicationVersion: "test-1.0" }, credentials).xml;
    const unknownKey = `${subject.accessKey!.slice(0, 25)}999999999${subject.accessKey!.slice(34)}`;
    expect(await getTaxAuthority("HOMOLOGATION").sendEvent(target, substitute(unknownKey), credentials)).toMatchObject({ kind: "refused", cStat: "912" });
    expect(await getTaxAuthority("HOMOLOGATION").sendEvent(target, substitute(oldKeys[0]!), credentials)).toMatchObject({ kind: "refused", cStat: "913" });

    // An offline NFC-e arriving after the deadline (24 h) is refused 704.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 25 * 3_600_000);
    const late = await getTaxAuthority("HOMOLOGATION").authorize(target, settled[7]!.signedXml!, credentials);
    expect(late).toMatchObject({ kind: "refused", cStat: "704", reason: "Rejeição: NFC-e com Data-Hora de emissão atrasada" });
  });

  it("an offline NFC-e transmitted after the 24-hour deadline is REJECTED 704; emitted again once the contingency is over it is issued normally and AUTHORIZED", { timeout: 60_000 }, async () => {
    const { companyId } = await nfceCompany();
    await enterContingency(companyId, 65);
    // SP down while it is issued: a contingency entered by hand transmits as soon as SP answers 107 (issue 50 item 5).
    const outage = fixture.simulator.faults.add({ authorizer: "SP", action: { kind: "outage", status: "108" } });
    const draft = await createDraft(companyId, nfceBody);
    let offline;
    try {
      await db.$executeRaw`UPDATE "AuthorityStatusCache" SET "checkedAt" = "checkedAt" - interval '5 minutes' WHERE "url" LIKE ${`${fixture.simulator.url}%`}`;
      await queueEmission({ companyId, documentId: draft.id });
      await drainDueRuns(functions, { companyIds: [companyId] });
      offline = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
      expect([offline.status, offline.accessKey!.charAt(34)]).toEqual(["CONTINGENCY", "9"]);
    } finally {
      outage();
    }
    await endContingency(companyId, 65);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 25 * 3_600_000);
    await runDueNow(companyId);
    const late = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect([late.status, late.rejectionReason]).toEqual(["REJECTED", "704 - Rejeição: NFC-e com Data-Hora de emissão atrasada"]);
    expect(await db.domainEvent.count({ where: { documentId: draft.id, type: "document.rejected" } })).toBe(1);

    // (The run is due at the faked clock's now: made due as its time would come.)
    await queueEmission({ companyId, documentId: draft.id });
    await runDueNow(companyId);
    const again = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect([again.status, again.rejectionReason, again.contingencyMode, again.number]).toEqual(["AUTHORIZED", null, null, offline.number]);
    expect(again.accessKey!.charAt(34)).toBe("1");
    expect(tag(again.signedXml, "dhCont")).toBeUndefined();
  });

  it("Prefer: wait=10 answers CONTINGENCY in one call while the company is in contingency", async () => {
    const { companyId, cnpj, key } = await nfceCompany();
    await enterContingency(companyId, 65);
    const outage = fixture.simulator.faults.add({ cnpj, action: { kind: "unavailable" } });
    try {
      const started = Date.now();
      const request = call(create, { method: "POST", path: "/v1/fiscal-documents", key, headers: { prefer: "wait=10" }, body: draftBody({ ...nfceBody, emit: true }) });
      let answered = false;
      const answer = request.finally(() => (answered = true));
      while (!answered) {
        await drainDueRuns(functions, { companyIds: [companyId] });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const res = await answer;
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers.get("preference-applied")).toBe("wait=10");
      expect(res.body).toMatchObject({ status: "CONTINGENCY", contingency: { mode: "OFFLINE", reason: REASON } });
      expect(res.body.accessKey.charAt(34)).toBe("9");
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      outage();
    }
  });
});

describe("NF-e through the SVC during a contingency", () => {
  it("is AUTHORIZED through SVC-AN with tpEmis 6 in its XML and key; the SVCs and the state's authorizer refuse what is not theirs", async () => {
    const { companyId } = await createEmittingCompany({ contingencyAutomatic: false });
    await enterContingency(companyId, 55);
    const draft = await createDraft(companyId);
    await queueEmission({ companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [companyId] });
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect([document.status, document.rejectionReason]).toEqual(["AUTHORIZED", null]);
    expect(document.contingencyMode).toBe("SVC_AN");
    expect(document.accessKey!.charAt(34)).toBe("6");
    expect([tag(document.signedXml, "tpEmis"), tag(document.signedXml, "xJust")]).toEqual(["6", REASON]);
    expect(xmllint(document.signedXml!, NFE_XSD).ok).toBe(true);
    expect(xmlsecVerify(document.signedXml!, "infNFe").ok).toBe(true);

    const credentials = await loadSigningCredentials(companyId);
    const authority = getTaxAuthority("HOMOLOGATION");
    // The state's own authorizer refuses tpEmis 6 (570); SVC-RS refuses it (713).
    expect(await authority.authorize({ uf: "SP", environment: "HOMOLOGATION", model: 55 }, document.signedXml!, credentials)).toMatchObject({ kind: "refused", cStat: "570" });
    expect(await authority.authorize({ uf: "SP", environment: "HOMOLOGATION", model: 55, contingency: "SVC-RS" }, document.signedXml!, credentials)).toMatchObject({ kind: "refused", cStat: "713" });
    // tpEmis 7 for an SP issuer: SVC-RS is not SP's contingency authorizer (114).
    const loaded = (await loadEmissionDocument(getPool(), { documentId: draft.id, companyId }))!;
    const svcRs = withAccessKey({ ...loaded.document, contingencyMode: "SVC_RS", number: document.number + 1000 }, { kind: "numbered", number: document.number + 1000, series: document.series! });
    const built = await buildCheckedNfe(getPool(), svcRs, { id: loaded.certificate!.id, companyId });
    expect(built.kind).toBe("built");
    const signed = (built as { signedXml: string }).signedXml;
    expect(await authority.authorize({ uf: "SP", environment: "HOMOLOGATION", model: 55, contingency: "SVC-RS" }, signed, credentials)).toMatchObject({ kind: "refused", cStat: "114", reason: "SVC-RS desabilitada pela SEFAZ de Origem" });
  });

  it("an attempt without answer whose authority later turns out to hold it authorized is cancelled (110111) after the SVC re-issue", { timeout: 60_000 }, async () => {
    const { companyId, cnpj } = await createEmittingCompany({ contingencyAutomatic: false });
    const faults = fixture.simulator.faults;
    const draft = await createDraft(companyId);
    const lostAnswer = faults.add({ cnpj, service: "NFeAutorizacao4", action: { kind: "delay", ms: 2500 }, times: 1 });
    const consultDown = faults.add({ service: "NFeConsultaProtocolo4", action: { kind: "unavailable" } });
    await queueEmission({ companyId, documentId: draft.id });
    await drainDueRuns(functions, { companyIds: [companyId] });
    lostAnswer();
    const first = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(first.status).toBe("PROCESSING");
    await enterContingency(companyId, 55);
    await runDueNow(companyId);
    const svc = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect([svc.status, svc.contingencyMode, svc.number, svc.accessKey!.charAt(34)]).toEqual(["AUTHORIZED", "SVC_AN", first.number + 1, "6"]);
    consultDown();
    await endContingency(companyId, 55);
    // The replacement asked for the transmission run; once the contingency ended it resolves the first attempt.
    await runDueNow(companyId);
    const attempt = await db.replacedEmissionAttempt.findFirstOrThrow({ where: { documentId: draft.id } });
    expect([attempt.number, attempt.accessKey, attempt.resolution]).toEqual([first.number, first.accessKey, "CANCELLED"]);
    expect((await db.simulatorDocument.findFirstOrThrow({ where: { accessKey: first.accessKey! } })).status).toBe("CANCELLED");
  });
});
