import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as statusRoute } from "@/app/v1/status/route";
import { GET as metricsRoute } from "@/app/metrics/route";
import { GET as listClients } from "@/app/v1/clients/route";
import { flushAuthorityCallSamples, recordAuthorityCall } from "@/lib/authority/call-samples";
import { checkServiceStatus } from "@/lib/authority/service-status";
import { startSimulatorServer, type SimulatorServer } from "@/lib/authority/simulator/server";
import { resetEnvCache } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { apiLatency } from "./api-metrics";
import { authorityFigures } from "./authority-figures";
import { probeAuthorizers, probeTargets } from "./authorizer-probe";
import { conditionOf, observeStatusAnswer } from "@/lib/authority/outage-transitions";
import { AuthorityOutageEventData, StatusResponse } from "./schemas";
import { resetStatusSummaryCache } from "./status-summary";

// Issue 58 items 2 and 3: the status figures come from recorded authority calls (percentiles in
// SQL), the shared status cache, contingencies and 656 pauses; an authorizer's outage seen by
// its status service is announced once to each subscribed company of its states, and its end once.
// Each case uses an authorizer no other test file touches (AM and MS for NFC-e), or one of its own.

let simulator: SimulatorServer;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  process.env.AUTHORITY_MODE = "simulator";
  process.env.SIMULATOR_URL = simulator.url;
  // Off by default in tests (test/setup-env.ts); this file's outages are of authorizers only it uses.
  process.env.AUTHORITY_OUTAGE_WEBHOOKS = "on";
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.SIMULATOR_URL;
  delete process.env.METRICS_TOKEN;
  process.env.AUTHORITY_OUTAGE_WEBHOOKS = "off";
  resetEnvCache();
  await simulator.close();
});
beforeEach(() => resetStatusSummaryCache());

// Through the recorder the SOAP client uses (buffered; authorityFigures writes the buffer first).
async function insertSample(authorizer: string, durationMs: number, answered: boolean, at: Date) {
  recordAuthorityCall({ authorizer, model: 55, environment: "PRODUCTION", service: "NFeAutorizacao4", answered, durationMs, at });
}

describe("status figures", () => {
  it("computes the last hour's p50/p99 and failures per authorizer from the recorded calls, leaving older calls out", async () => {
    const authorizer = `T${randomUUID().slice(0, 6).toUpperCase()}`;
    const now = new Date();
    for (let ms = 1; ms <= 100; ms++) await insertSample(authorizer, ms, ms % 40 !== 0, new Date(now.getTime() - 30 * 60_000));
    await insertSample(authorizer, 60_000, false, new Date(now.getTime() - 61 * 60_000));
    const row = (await authorityFigures(now)).find((figures) => figures.authorizer === authorizer);
    // percentile_cont over 1..100: 50.5 and 1 + 0.99 × 99.
    expect(row).toMatchObject({ model: "55", environment: "PRODUCTION", condition: "unknown", lastHour: { calls: 100, failures: 2, p50Ms: 50.5, p99Ms: 99 } });
  });

  it("records a real exchange, and shows the authorizer's status, contingencies and 656 pauses through GET /v1/status and /metrics", async () => {
    const company = await createTestCompany({ state: "AM", municipalityCode: "1302603" });
    const other = await createTestCompany({ state: "AM", municipalityCode: "1302603" });
    await flushAuthorityCallSamples();
    const before = await sql<{ count: number }>(getPool(), `SELECT count(*)::int AS "count" FROM "AuthorityCallSample" WHERE "authorizer" = 'AM' AND "model" = 65`);
    const check = await checkServiceStatus({ uf: "AM", environment: "HOMOLOGATION", model: 65 }, undefined, { maxAgeMs: 0 });
    expect(check.result).toMatchObject({ kind: "authorized", cStat: "107" });
    // Buffered in memory, written within a second (or now, as the status figures do first).
    await flushAuthorityCallSamples();
    const samples = await sql<{ count: number; service: string; answered: boolean }>(
      getPool(),
      `SELECT count(*)::int AS "count", min("service") AS "service", bool_and("answered") AS "answered" FROM "AuthorityCallSample" WHERE "authorizer" = 'AM' AND "model" = 65 AND "environment" = 'HOMOLOGATION'`,
    );
    expect(samples[0]).toEqual({ count: before[0]!.count + 1, service: "NFeStatusServico4", answered: true });

    await db.companyContingency.create({ data: { companyId: company.companyId, model: 65, mode: "OFFLINE", reason: "Teste de contingência do status", automatic: false } });
    for (const { companyId } of [company, other]) {
      await db.authorityPause.create({ data: { companyId, authorizer: "AM:65:HOMOLOGATION", until: new Date(Date.now() + 3_600_000), cStat: "656", reason: "656 - teste" } });
    }

    const answer = await call(statusRoute, { path: "/v1/status" });
    expect(answer.status).toBe(200);
    const body = StatusResponse.parse(answer.body);
    const am = body.authorizers.find((row) => row.authorizer === "AM" && row.model === "65" && row.environment === "HOMOLOGATION");
    expect(am).toMatchObject({ condition: "operational", cStat: "107", via: "simulator", companiesInContingency: 1, misusePauses: 2, contingencyAuthorizer: false });
    expect(am!.lastHour.calls).toBeGreaterThanOrEqual(1);
    expect(am!.lastHour.p50Ms).not.toBeNull();
    // Counts only: no company is named anywhere in the public answer.
    expect(answer.text).not.toContain(company.companyId);
    expect(answer.text).not.toContain(company.cnpj);

    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    expect((await call(metricsRoute, { path: "/metrics" })).status).toBe(404);
    process.env.METRICS_TOKEN = "metrics-token-for-tests-0123456789";
    resetEnvCache();
    const refused = await call(metricsRoute, { path: "/metrics", headers: { authorization: "Bearer wrong-token-0123456789" } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "invalid_metrics_token" });
    const metrics = await call(metricsRoute, { path: "/metrics", headers: { authorization: "Bearer metrics-token-for-tests-0123456789" } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const labels = 'authorizer="AM",model="65",environment="HOMOLOGATION"';
    expect(metrics.text).toContain(`fiscal_authorizer_up{${labels}} 1\n`);
    expect(metrics.text).toContain(`fiscal_authorizer_misuse_pauses{${labels}} 2\n`);
    expect(metrics.text).toContain(`fiscal_authorizer_companies_in_contingency{${labels}} 1\n`);
  });

  it("counts each /v1 request the wrapper answers in the in-process histogram, 4xx as requests and not errors", async () => {
    const before = apiLatency().window(60);
    const answer = await call(listClients, { path: "/v1/clients", key: "fsk_not_a_key" });
    expect(answer.status).toBe(401);
    const after = apiLatency().window(60);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.errors).toBe(before.errors);
    // `Prefer: wait` requests wait on the authority by choice: not counted.
    await call(listClients, { path: "/v1/clients", key: "fsk_not_a_key", headers: { prefer: "wait=5" } });
    expect(apiLatency().window(60).requests).toBe(after.requests);
  });
});

async function subscribedCompany(events: string[], documentTypes: ("NFE" | "NFCE" | "NFSE")[] = [], place = { state: "MS", municipalityCode: "5002704" }) {
  const company = await createTestCompany(place);
  await db.webhookEndpoint.create({ data: { companyId: company.companyId, url: "https://erp.example.com/hooks", secret: "s".repeat(32), events, documentTypes } });
  return company;
}

async function deliveriesOf(companyId: string) {
  const deliveries = await db.webhookDelivery.findMany({ where: { companyId }, orderBy: { createdAt: "asc" } });
  const events = await db.webhookEvent.findMany({ where: { id: { in: deliveries.map((d) => d.eventId) } } });
  return deliveries.map((d) => ({ eventType: d.eventType, payload: JSON.parse(events.find((e) => e.id === d.eventId)!.payload) as { type: string; data: unknown } }));
}

describe("authority.outage_started / authority.outage_ended", () => {
  it("enqueues one delivery per subscribed company of the authorizer when its status service says 108, and one when it says 107 again", async () => {
    const subscribed = await subscribedCompany(["AUTHORITY_OUTAGE_STARTED", "AUTHORITY_OUTAGE_ENDED"], ["NFCE"]);
    const notSubscribed = await subscribedCompany(["DOCUMENT_AUTHORIZED"]);
    const otherModel = await subscribedCompany([], ["NFE"]);
    const status = () => checkServiceStatus({ uf: "MS", environment: "HOMOLOGATION", model: 65 }, undefined, { maxAgeMs: 0 });

    const remove = simulator.faults.add({ authorizer: "MS", action: { kind: "outage", status: "108" } });
    try {
      expect((await status()).result).toMatchObject({ kind: "communication_failure", cStat: "108" });
      // Seen again, and by two processes at once: still one announcement.
      await status();
      const again = await status();
      await Promise.all([1, 2].map(() => observeStatusAnswer({ uf: "MS", environment: "HOMOLOGATION", model: 65, result: again.result, couldBeAnswered: true })));
    } finally {
      remove();
    }
    const started = await deliveriesOf(subscribed.companyId);
    expect(started.map((d) => d.eventType)).toEqual(["authority.outage_started"]);
    const startedData = AuthorityOutageEventData.parse(started[0]!.payload.data);
    expect(startedData).toMatchObject({ authorizer: "MS", model: "65", environment: "HOMOLOGATION", states: ["MS"], cStat: "108", endedAt: null, durationSeconds: null, companyId: subscribed.companyId, state: "MS" });

    resetStatusSummaryCache();
    const page = StatusResponse.parse((await call(statusRoute, { path: "/v1/status" })).body);
    const ms = page.authorizers.find((row) => row.authorizer === "MS" && row.model === "65" && row.environment === "HOMOLOGATION");
    expect(ms).toMatchObject({ condition: "outage", cStat: "108", outageSince: startedData.startedAt });

    expect((await status()).result).toMatchObject({ kind: "authorized", cStat: "107" });
    await status();
    const all = await deliveriesOf(subscribed.companyId);
    expect(all.map((d) => d.eventType)).toEqual(["authority.outage_started", "authority.outage_ended"]);
    const endedData = AuthorityOutageEventData.parse(all[1]!.payload.data);
    expect(endedData).toMatchObject({ outageId: startedData.outageId, startedAt: startedData.startedAt, cStat: "107" });
    expect(endedData.endedAt).not.toBeNull();
    expect(endedData.durationSeconds).toBeGreaterThanOrEqual(0);

    // Not subscribed to the events, or only to NF-e (the outage is of NFC-e): nothing.
    expect(await deliveriesOf(notSubscribed.companyId)).toEqual([]);
    expect(await deliveriesOf(otherModel.companyId)).toEqual([]);
  });

  it("takes no answer as an outage only when the call could have been answered (with a certificate, or the simulator)", () => {
    const noAnswer = { kind: "communication_failure" as const, reason: "connect ETIMEDOUT" };
    expect(conditionOf(noAnswer, false)).toBeNull();
    expect(conditionOf(noAnswer, true)).toMatchObject({ condition: "OUTAGE", cStat: null });
    expect(conditionOf({ kind: "communication_failure", reason: "656 - Consumo Indevido", cStat: "656" }, true)).toBeNull();
    expect(conditionOf({ kind: "authorized", cStat: "107", reason: "Serviço em Operação", checkedAt: "" }, true)).toMatchObject({ condition: "OPERATIONAL" });
  });

  it("the probe asks each authorizer its companies issue with, and so sees an outage nobody visited", async () => {
    const company = await subscribedCompany([], [], { state: "MT", municipalityCode: "5103403" });
    const targets = (await probeTargets()).filter((target) => target.authorizer === "MT" && target.environment === "HOMOLOGATION");
    expect(targets.map((target) => [target.model, target.uf])).toEqual([
      [55, "MT"],
      [65, "MT"],
    ]);
    const onlyMt = (target: { authorizer: string; environment: string }) => target.authorizer === "MT" && target.environment === "HOMOLOGATION";
    const remove = simulator.faults.add({ authorizer: "MT", action: { kind: "outage", status: "109" } });
    try {
      const round = await probeAuthorizers(new Date(), onlyMt);
      expect(round.map((r) => [r.target.model, r.result.cStat])).toEqual([
        [55, "109"],
        [65, "109"],
      ]);
      // A second round within the cache's age asks nobody and announces nothing more.
      expect((await probeAuthorizers(new Date(), onlyMt)).every((r) => r.fromCache)).toBe(true);
    } finally {
      remove();
    }
    const deliveries = await deliveriesOf(company.companyId);
    expect(deliveries.map((d) => [d.eventType, (d.payload.data as { model: string }).model]).sort()).toEqual([
      ["authority.outage_started", "55"],
      ["authority.outage_started", "65"],
    ]);
  });

  it("ignores an answer older than the last one recorded (a slow caller), and does not announce an authorizer first seen operational", async () => {
    const at = new Date();
    const up = { kind: "authorized" as const, cStat: "107", reason: "Serviço em Operação", checkedAt: "" };
    const down = { kind: "communication_failure" as const, cStat: "108", reason: "108 Serviço Paralisado Momentaneamente" };
    // MT's NF-e in production: no other test uses it.
    expect(await observeStatusAnswer({ uf: "MT", environment: "PRODUCTION", model: 55, result: up, couldBeAnswered: true, at })).toMatchObject({ authorizer: "MT", changed: null });
    expect(await observeStatusAnswer({ uf: "MT", environment: "PRODUCTION", model: 55, result: down, couldBeAnswered: true, at: new Date(at.getTime() - 1_000) })).toMatchObject({ changed: null });
    const [row] = await sql<{ state: string }>(getPool(), `SELECT "state" FROM "AuthorizerState" WHERE "authorizer" = 'MT' AND "model" = 55 AND "environment" = 'PRODUCTION'`);
    expect(row?.state).toBe("OPERATIONAL");
    expect(await observeStatusAnswer({ uf: "MT", environment: "PRODUCTION", model: 55, result: down, couldBeAnswered: true, at: new Date(at.getTime() + 1_000) })).toMatchObject({ changed: "started" });
  });
});
