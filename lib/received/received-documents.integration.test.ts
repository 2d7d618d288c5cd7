import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as listRoute } from "@/app/v1/received-documents/route";
import { GET as getRoute } from "@/app/v1/received-documents/[id]/route";
import { GET as xmlRoute } from "@/app/v1/received-documents/[id]/xml/route";
import { POST as manifestRoute } from "@/app/v1/received-documents/[id]/manifestation/route";
import { POST as syncRoute } from "@/app/v1/received-documents/sync/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { SHARED_DIR } from "@/test/shared-dir";
import { getPool } from "@/lib/db/client";
import { db, type TestCompany } from "@/test/factories";
import { failNextInsert } from "@/test/fail-next-event-record";
import { call } from "@/test/http";
import { functions } from "@/inngest";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { RECEIVED_SYNC_FUNCTION_ID } from "./events";
import { KEY_QUERIES_PER_HOUR } from "./fetch-by-key";
import { resetEnvCache } from "@/lib/config/env";
import { queueReceivedSyncRuns } from "./schedule";
import { FIRST_ANSWER_WAIT_MS, syncReceivedDocuments, waitAfterCaughtUpMs } from "./sync";

// Issue 38, "Done when": two companies in one instance, the simulator playing
// the Ambiente Nacional's distribution between them.
const fixture = simulatorFixture();
let issuer: TestCompany;
let recipient: TestCompany;

const SCHEMAS = `${SHARED_DIR}/fiscal/schemas/nfe/PL_010_V1.30`;
const sync = (company: TestCompany) => call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: company.key });
const list = (company: TestCompany, query = "") => call(listRoute, { path: `/v1/received-documents${query}`, key: company.key });
const get = (company: TestCompany, id: string) => call(getRoute, { path: `/v1/received-documents/${id}`, key: company.key, params: { id } });
const xml = (company: TestCompany, id: string) => call(xmlRoute, { path: `/v1/received-documents/${id}/xml`, key: company.key, params: { id } });
const manifest = (company: TestCompany, id: string, body: unknown) =>
  call(manifestRoute, { method: "POST", path: `/v1/received-documents/${id}/manifestation`, key: company.key, body, params: { id } });

/** A's NF-e to B's CNPJ, through the real emission pipeline and the simulator. */
function issueTo(from: TestCompany, to: TestCompany) {
  return authorizedDocument(from.companyId, { overrides: { client: { ...draftBody().client, document: to.cnpj } } });
}

/** The hour's wait passes: for our cursor and for the simulated Ambiente Nacional. */
async function passTheHour(company: TestCompany) {
  await db.receivedSync.updateMany({ where: { companyId: company.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
  await db.simulatorDistributionParty.updateMany({ where: { party: company.cnpj }, data: { caughtUpAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } });
}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnvCache();
}

function withFile<T>(content: string, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "received-"));
  const file = path.join(dir, "doc.xml");
  fs.writeFileSync(file, content);
  try {
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function xmllint(content: string, schema: string): string {
  return withFile(content, (file) => spawnSync("xmllint", ["--noout", "--schema", `${SCHEMAS}/${schema}`, file], { encoding: "utf8" }).stderr);
}

function xmlsec(content: string, idTag: string): string {
  return withFile(content, (file) => {
    const run = spawnSync("xmlsec1", ["--verify", "--insecure", "--id-attr:Id", idTag, file], { encoding: "utf8" });
    return `${run.stdout}${run.stderr}`;
  });
}

beforeAll(async () => {
  issuer = await createEmittingCompany();
  recipient = await createEmittingCompany();
  await db.company.update({ where: { id: recipient.companyId }, data: { receivedAutoAcknowledge: false } });
});

describe("received documents through the national distribution", () => {
  it("PENDING summary, then the issuer's nfeProc byte for byte after the ciência, then CANCELLED after the issuer's cancellation", { timeout: 60_000 }, async () => {
    const issued = await issueTo(issuer, recipient);

    const first = await sync(recipient);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ status: "synced", created: 1 });
    const page = await list(recipient);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data).toHaveLength(1);
    const received = page.body.data[0];
    expect(received).toMatchObject({
      accessKey: issued.accessKey,
      issuer: { document: issuer.cnpj, name: expect.any(String) },
      authorityStatus: "AUTHORIZED",
      manifestation: null,
      hasXml: false,
      operation: "saida",
      totalValue: issued.totalValue.toFixed(2),
    });
    expect(page.body.totals).toEqual({ count: 1, totalValue: issued.totalValue.toFixed(2) });
    expect((await list(recipient, "?manifestation=PENDING")).body.data).toHaveLength(1);
    expect((await list(recipient, "?hasXml=true")).body.data).toHaveLength(0);
    const missing = await xml(recipient, received.id);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("xml_not_available");
    // The summary as distributed validates against the official schema.
    const stored = await db.receivedDocument.findUniqueOrThrow({ where: { id: received.id } });
    expect(xmllint(stored.summaryXml!, "resNFe_v1.01.xsd")).toContain("validates");

    // Another company's document is not found.
    expect((await get(issuer, received.id)).status).toBe(404);

    // 210240 needs its justification.
    const unjustified = await manifest(recipient, received.id, { type: "NAO_REALIZADA" });
    expect(unjustified.status).toBe(400);
    expect(unjustified.body.code).toBe("validation_error");

    const ciencia = await manifest(recipient, received.id, { type: "CIENCIA" });
    expect(ciencia.status, ciencia.text).toBe(200);
    expect(ciencia.body).toMatchObject({ manifestation: { type: "CIENCIA", protocol: expect.stringMatching(/^191\d{12}$/) }, hasXml: true });
    const again = await manifest(recipient, received.id, { type: "CIENCIA" });
    expect(again.status).toBe(422);

    // The next run (after the hour) reads the procNFe through distNSU as well: nothing changes, nothing doubles.
    await passTheHour(recipient);
    expect((await sync(recipient)).body).toMatchObject({ status: "synced", created: 0 });
    const full = await xml(recipient, received.id);
    expect(full.status).toBe(200);
    const issuerDocument = await db.fiscalDocument.findUniqueOrThrow({ where: { id: issued.id } });
    expect(full.text).toBe(issuerDocument.authorizedXml);
    expect(xmllint(full.text, "procNFe_v4.00.xsd")).toContain("validates");
    expect(xmlsec(full.text, "infNFe")).toMatch(/^OK$/m);
    expect(await db.receivedDocument.count({ where: { companyId: recipient.companyId } })).toBe(1);

    // The issuer cancels; the recipient sees it after its next run.
    const cancelled = await call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${issued.id}/cancel`, key: issuer.key, body: { justification: "Pedido cancelado pelo cliente antes da entrega" }, params: { id: issued.id } });
    expect(cancelled.status, cancelled.text).toBe(200);
    await passTheHour(recipient);
    expect((await sync(recipient)).status).toBe(200);
    expect((await get(recipient, received.id)).body).toMatchObject({ authorityStatus: "CANCELLED" });
    const events = await db.receivedDocumentEvent.findMany({ where: { receivedDocumentId: received.id }, orderBy: { createdAt: "asc" } });
    const cancellation = events.find((e) => e.eventType === "110111")!;
    expect(xmllint(cancellation.xml, "procEventoNFe_v1.00.xsd")).toContain("validates");
    expect(xmlsec(cancellation.xml, "infEvento")).toMatch(/^OK$/m);
    const manifestation = events.find((e) => e.eventType === "210210")!;
    expect(checkXmlSchema(manifestation.xml, "nfe/procEventoNFe_v1.00.xsd")).toEqual({ valid: true });

    const outcomes = await db.domainEvent.findMany({ where: { companyId: recipient.companyId, type: { startsWith: "received_document." } }, orderBy: { createdAt: "asc" } });
    expect(outcomes.map((o) => [o.type, (o.data as { change: string }).change])).toEqual([
      ["received_document.created", "created"],
      ["received_document.updated", "manifestation_registered"],
      ["received_document.updated", "xml_available"],
      ["received_document.updated", "cancelled"],
    ]);
  });

  it("no run asks inside the hour after an answer with nothing more: the sync waits, the API answers 429 with Retry-After", { timeout: 60_000 }, async () => {
    // A company that has a distribution (maxNSU above 0): the newcomer's short wait below does not apply.
    const company = await createEmittingCompany();
    await db.company.update({ where: { id: company.companyId }, data: { receivedAutoAcknowledge: false } });
    await issueTo(issuer, company);
    const firstRun = await syncReceivedDocuments(company.companyId);
    expect(firstRun).toMatchObject({ status: "synced", lastNsu: "000000000000001", maxNsu: "000000000000001" });
    const party = () => db.simulatorDistributionParty.findUniqueOrThrow({ where: { environment_party: { environment: 2, party: company.cnpj } } });
    const callsBefore = (await party()).windowCalls;

    const secondRun = await syncReceivedDocuments(company.companyId);
    expect(secondRun.status).toBe("waiting");
    const viaApi = await sync(company);
    expect(viaApi.status).toBe(429);
    expect(viaApi.body.code).toBe("rate_limited");
    expect(Number(viaApi.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await party()).windowCalls).toBe(callsBefore);

    // Asking anyway inside the hour is what earns a 656 at the authority, which pauses the company for the hour.
    await db.receivedSync.update({ where: { companyId_environment: { companyId: company.companyId, environment: "HOMOLOGATION" } }, data: { notBefore: null } });
    const refused = await syncReceivedDocuments(company.companyId);
    expect(refused).toMatchObject({ status: "failed", cStat: "656" });
    const cursor = await db.receivedSync.findUniqueOrThrow({ where: { companyId_environment: { companyId: company.companyId, environment: "HOMOLOGATION" } } });
    expect(cursor.notBefore!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  });

  // The Ambiente Nacional's 656 names the ultNSU to use when another system (the ERP, the accountant)
  // reads the same CNPJ's distribution (nfephp-org/sped-common issue #316): asking from our old cursor
  // again is refused every hour; the named NSU is adopted and the next page, after the hour, brings documents.
  it("a 656 naming a higher ultNSU moves the cursor there; after the hour the next page brings the documents after it", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    await db.company.update({ where: { id: to.companyId }, data: { receivedAutoAcknowledge: false } });
    const issuedDocs = [await issueTo(issuer, to), await issueTo(issuer, to), await issueTo(issuer, to)];
    // Another system already read NSUs 1 and 2 of this CNPJ.
    const otherReader = fixture.simulator.faults.add({ service: "NFeDistribuicaoDFe", cnpj: to.cnpj, action: { kind: "ult_nsu_656", ultNSU: "2" } });
    const scope = { companyId_environment: { companyId: to.companyId, environment: "HOMOLOGATION" as const } };
    try {
      const refused = await sync(to);
      expect(refused.status, refused.text).toBe(200);
      expect(refused.body).toMatchObject({ status: "failed", created: 0, lastNsu: "000000000000002", reason: expect.stringMatching(/^656 - 656 Rejeicao: Consumo Indevido \(Deve ser utilizado o ultNSU/) });
      const cursor = await db.receivedSync.findUniqueOrThrow({ where: scope });
      expect([cursor.lastNsu, cursor.lastCStat]).toEqual(["000000000000002", "656"]);
      expect(cursor.lastReason).toContain("cursor moved from 000000000000000");
      expect(cursor.notBefore!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
      expect((await syncReceivedDocuments(to.companyId)).status).toBe("waiting");

      await passTheHour(to);
      const next = await syncReceivedDocuments(to.companyId);
      expect(next).toMatchObject({ status: "synced", lastNsu: "000000000000003" });
      if (next.status !== "synced") return;
      expect(next.created.map((d) => [d.nsu, d.accessKey])).toEqual([["000000000000003", issuedDocs[2]!.accessKey]]);
    } finally {
      otherReader();
    }
  });

  it("the NSU cursor survives a failure in the middle of a page: no gap, no duplicate", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    await db.company.update({ where: { id: to.companyId }, data: { receivedAutoAcknowledge: false } });
    const issuedDocs = [await issueTo(issuer, to), await issueTo(issuer, to), await issueTo(issuer, to)];
    // The second NF-e of the page fails to store, once, inside PostgreSQL: the page's transaction rolls back.
    const removeFailure = await failNextInsert("ReceivedDocument", "accessKey", issuedDocs[1]!.accessKey!, "injected failure in the middle of a page");
    try {
      await expect(syncReceivedDocuments(to.companyId)).rejects.toThrow(/injected failure/);
      const cursor = await db.receivedSync.findUniqueOrThrow({ where: { companyId_environment: { companyId: to.companyId, environment: "HOMOLOGATION" } } });
      expect(cursor.lastNsu).toBe("000000000000000");
      expect(await db.receivedDocument.count({ where: { companyId: to.companyId } })).toBe(0);

      const retried = await syncReceivedDocuments(to.companyId);
      expect(retried).toMatchObject({ status: "synced", lastNsu: "000000000000003", maxNsu: "000000000000003" });
      const stored = await db.receivedDocument.findMany({ where: { companyId: to.companyId }, orderBy: { nsu: "asc" } });
      expect(stored.map((d) => [d.nsu, d.accessKey])).toEqual(issuedDocs.map((d, index) => [`00000000000000${index + 1}`, d.accessKey]));
    } finally {
      await removeFailure();
    }
  });

  it("automatic ciência: a new summary gets 210210 and its full XML at once", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    const issued = await issueTo(issuer, to);
    const run = await sync(to);
    expect(run.body).toMatchObject({ status: "synced", created: 1 });
    const [received] = (await list(to)).body.data;
    expect(received).toMatchObject({ accessKey: issued.accessKey, manifestation: { type: "CIENCIA" }, hasXml: true });
    const confirmed = await manifest(to, received.id, { type: "CONFIRMACAO" });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.manifestation.type).toBe("CONFIRMED");
    const conclusiveAgain = await manifest(to, received.id, { type: "NAO_REALIZADA", justification: "Mercadoria devolvida sem entrega" });
    expect(conclusiveAgain.status).toBe(422);
    expect(conclusiveAgain.body.code).toBe("manifestation_not_allowed");
  });

  it("the schedule queues one background run per company, due when its cursor allows; the run fetches and acknowledges", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    const issued = await issueTo(issuer, to);
    const runs = () => db.backgroundRun.findMany({ where: { companyId: to.companyId, functionId: RECEIVED_SYNC_FUNCTION_ID }, orderBy: { createdAt: "asc" } });
    // Only this company's: test files share one database.
    const queue = () => queueReceivedSyncRuns(new Date(), [to.companyId]);
    await queue();
    await queue();
    expect((await runs()).filter((r) => r.status === "QUEUED")).toHaveLength(1);
    await drainDueRuns(functions, { companyIds: [to.companyId] });
    expect((await runs()).map((r) => r.status)).toEqual(["SUCCEEDED"]);
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: to.companyId } });
    expect(received).toMatchObject({ accessKey: issued.accessKey, manifestation: "CIENCIA" });
    expect(received.xml).not.toBeNull();

    // Caught up: the next run is due an hour later, and draining now runs nothing.
    await queue();
    const [, next] = await runs();
    expect(next!.status).toBe("QUEUED");
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    await drainDueRuns(functions, { companyIds: [to.companyId] });
    expect((await runs()).map((r) => r.status)).toEqual(["SUCCEEDED", "QUEUED"]);
  });

  // Issue 54, item 4, "Done when": a new company in homologation receives an NF-e issued to it within a minute.
  it("a new company's first empty answer waits seconds, not the hour: an NF-e issued to it arrives within a minute of driven time", { timeout: 60_000 }, async () => {
    const newcomer = await createEmittingCompany();
    const runs = () => db.backgroundRun.findMany({ where: { companyId: newcomer.companyId, functionId: RECEIVED_SYNC_FUNCTION_ID }, orderBy: { createdAt: "asc" } });
    const tick = () => queueReceivedSyncRuns(new Date(), [newcomer.companyId]);
    const scope = { companyId_environment: { companyId: newcomer.companyId, environment: "HOMOLOGATION" as const } };
    // The certificate is installed: the schedule's run asks at once and is told there is nothing (137, maxNSU 0).
    await tick();
    await drainDueRuns(functions, { companyIds: [newcomer.companyId] });
    const first = await db.receivedSync.findUniqueOrThrow({ where: scope });
    expect([first.lastCStat, first.maxNsu]).toEqual(["137", "000000000000000"]);
    expect(first.notBefore!.getTime() - first.lastRunAt!.getTime()).toBe(FIRST_ANSWER_WAIT_MS);

    // Another company of the installation issues an NF-e to it through the simulator.
    const issued = await issueTo(issuer, newcomer);
    const issuedAt = Date.now();
    // The short wait passes (driven: the cursor's and the simulated AN's clocks move FIRST_ANSWER_WAIT_MS back).
    const shift = (at: Date | null) => (at ? new Date(at.getTime() - FIRST_ANSWER_WAIT_MS) : null);
    await db.receivedSync.update({ where: scope, data: { notBefore: shift(first.notBefore), lastRunAt: shift(first.lastRunAt) } });
    const party = await db.simulatorDistributionParty.findUniqueOrThrow({ where: { environment_party: { environment: 2, party: newcomer.cnpj } } });
    await db.simulatorDistributionParty.update({ where: { environment_party: { environment: 2, party: newcomer.cnpj } }, data: { caughtUpAt: shift(party.caughtUpAt) } });
    await tick();
    await drainDueRuns(functions, { companyIds: [newcomer.companyId] });
    expect((await runs()).map((r) => r.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: newcomer.companyId } });
    expect(received).toMatchObject({ accessKey: issued.accessKey, manifestation: "CIENCIA" });
    expect(Date.now() - issuedAt + FIRST_ANSWER_WAIT_MS).toBeLessThan(60_000);

    // It has a distribution now: the next empty answer starts the hour's wait (NT 2014.002).
    const after = await db.receivedSync.findUniqueOrThrow({ where: scope });
    expect(after.notBefore!.getTime() - after.lastRunAt!.getTime()).toBe(3600 * 1000);
  });

  it("the newcomer's short wait is homologation against the simulator only: PRODUCTION and a company with a distribution wait the hour", () => {
    expect(waitAfterCaughtUpMs("HOMOLOGATION", "000000000000000")).toBe(FIRST_ANSWER_WAIT_MS);
    expect(waitAfterCaughtUpMs("HOMOLOGATION", "000000000000001")).toBe(3600 * 1000);
    expect(waitAfterCaughtUpMs("PRODUCTION", "000000000000000")).toBe(3600 * 1000);
    const previous = process.env.AUTHORITY_MODE;
    process.env.AUTHORITY_MODE = "sefaz";
    resetEnvCache();
    try {
      expect(waitAfterCaughtUpMs("HOMOLOGATION", "000000000000000")).toBe(3600 * 1000);
    } finally {
      restoreEnv("AUTHORITY_MODE", previous);
    }
  });

  it("a lower RECEIVED_SYNC_WAIT_SECONDS applies to the wait already scheduled and to its queued run; a 656's hour stays", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    await db.company.update({ where: { id: to.companyId }, data: { receivedAutoAcknowledge: false } });
    await issueTo(issuer, to);
    const scope = { companyId_environment: { companyId: to.companyId, environment: "HOMOLOGATION" as const } };
    const tick = () => queueReceivedSyncRuns(new Date(), [to.companyId]);
    const queued = () => db.backgroundRun.findFirstOrThrow({ where: { companyId: to.companyId, functionId: RECEIVED_SYNC_FUNCTION_ID, status: "QUEUED" } });
    expect(await syncReceivedDocuments(to.companyId)).toMatchObject({ status: "synced", lastNsu: "000000000000001" });
    await tick();
    const cursor = await db.receivedSync.findUniqueOrThrow({ where: scope });
    expect((await queued()).runAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);

    const previous = process.env.RECEIVED_SYNC_WAIT_SECONDS;
    process.env.RECEIVED_SYNC_WAIT_SECONDS = "60";
    resetEnvCache();
    try {
      // Before any tick, the reads already see the shorter wait.
      const waiting = await syncReceivedDocuments(to.companyId);
      expect(waiting).toMatchObject({ status: "waiting", notBefore: new Date(cursor.lastRunAt!.getTime() + 60_000) });
      const viaApi = await sync(to);
      expect(viaApi.status).toBe(429);
      expect(Number(viaApi.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      // The tick writes it back and brings the queued run forward.
      await tick();
      expect((await db.receivedSync.findUniqueOrThrow({ where: scope })).notBefore).toEqual(new Date(cursor.lastRunAt!.getTime() + 60_000));
      expect((await queued()).runAt).toEqual(new Date(cursor.lastRunAt!.getTime() + 60_000));

      // A 656's hour is the authority's: it is not shortened.
      const misuseUntil = new Date(Date.now() + 60 * 60 * 1000);
      await db.receivedSync.update({ where: scope, data: { lastCStat: "656", lastRunAt: new Date(), notBefore: misuseUntil } });
      await tick();
      expect((await db.receivedSync.findUniqueOrThrow({ where: scope })).notBefore).toEqual(misuseUntil);
      expect(await syncReceivedDocuments(to.companyId)).toMatchObject({ status: "waiting", notBefore: misuseUntil });
    } finally {
      restoreEnv("RECEIVED_SYNC_WAIT_SECONDS", previous);
    }
  });

  it("a kill -9 of the process storing a page leaves no gap and no duplicate", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    await db.company.update({ where: { id: to.companyId }, data: { receivedAutoAcknowledge: false } });
    const issuedDocs = [await issueTo(issuer, to), await issueTo(issuer, to), await issueTo(issuer, to)];
    // Our own uncommitted row with the second key makes the child's insert of it wait: the child is then
    // inside the page's transaction, the first NF-e written, when it is killed.
    const blocker = await getPool().connect();
    try {
      await blocker.query("BEGIN");
      const blockerPid = (await blocker.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
      await blocker.query(
        `INSERT INTO "ReceivedDocument" ("id", "companyId", "environment", "accessKey", "issuerDocument", "issuerName", "issueDate", "totalValue", "operation", "authorityStatus", "nsu", "updatedAt")
         VALUES ($1, $2, 'HOMOLOGATION', $3, 'x', 'x', now(), 0, 'SAIDA', 'AUTHORIZED', '0', now())`,
        [`blocker-${to.companyId}`, to.companyId, issuedDocs[1]!.accessKey],
      );
      const child = spawn(process.execPath, ["--import", "tsx", "lib/received/testing/sync-process.ts"], {
        env: { ...process.env, SYNC_COMPANY_ID: to.companyId, AUTHORITY_MODE: "simulator", LOCAL_WORKER: "off" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[sync-process] ${chunk}`));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Wait until the child's insert waits on our row's key.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const waiting = await db.$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS count FROM pg_stat_activity WHERE ${blockerPid}::int = ANY (pg_blocking_pids(pid)) AND query LIKE 'INSERT INTO "public"."ReceivedDocument"%'`;
        if (waiting[0]!.count > 0) break;
        if (Date.now() > deadline) throw new Error("the child never reached the page's second NF-e");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill("SIGKILL");
      await exited;
      await blocker.query("ROLLBACK");
    } finally {
      blocker.release();
    }
    const cursor = await db.receivedSync.findUniqueOrThrow({ where: { companyId_environment: { companyId: to.companyId, environment: "HOMOLOGATION" } } });
    expect(cursor.lastNsu).toBe("000000000000000");
    expect(await db.receivedDocument.count({ where: { companyId: to.companyId } })).toBe(0);

    // The next run asks for the same page again (before the simulator's wait: it was never told "nothing more" by a stored answer).
    const retried = await syncReceivedDocuments(to.companyId);
    expect(retried).toMatchObject({ status: "synced", lastNsu: "000000000000003" });
    const stored = await db.receivedDocument.findMany({ where: { companyId: to.companyId }, orderBy: { nsu: "asc" } });
    expect(stored.map((d) => [d.nsu, d.accessKey])).toEqual(issuedDocs.map((d, index) => [`00000000000000${index + 1}`, d.accessKey]));
  });

  it("the fetch by key after a manifestation keeps to its hourly limit; beyond it the XML waits for the next run", { timeout: 60_000 }, async () => {
    const to = await createEmittingCompany();
    await db.company.update({ where: { id: to.companyId }, data: { receivedAutoAcknowledge: false } });
    await issueTo(issuer, to);
    await syncReceivedDocuments(to.companyId);
    const scope = { companyId_environment: { companyId: to.companyId, environment: "HOMOLOGATION" as const } };
    await db.receivedSync.update({ where: scope, data: { keyQueriesSince: new Date(), keyQueries: KEY_QUERIES_PER_HOUR } });
    const [received] = (await list(to)).body.data;
    const ciencia = await manifest(to, received.id, { type: "CIENCIA" });
    expect(ciencia.status, ciencia.text).toBe(200);
    expect(ciencia.body).toMatchObject({ manifestation: { type: "CIENCIA" }, hasXml: false });
    // The hour has passed: the next run brings the procNFe through distNSU.
    await passTheHour(to);
    await syncReceivedDocuments(to.companyId);
    expect((await get(to, received.id)).body.hasXml).toBe(true);
    expect((await db.receivedSync.findUniqueOrThrow({ where: scope })).keyQueries).toBe(KEY_QUERIES_PER_HOUR);
  });
});
