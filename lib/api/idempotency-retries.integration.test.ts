import { spawn } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { runUnderReservation } from "@/lib/db/idempotent-run";
import { createDocument } from "@/lib/documents/create-document";
import { draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { whileWorking } from "@/lib/emission/testing/while-working";
import { db } from "@/test/factories";
import { call } from "@/test/http";

// Issue 49, finding 1: a create with emit true commits its document before answering; with
// Prefer: wait it then waits on the database. A 503 in that window (the pool busy, which the
// docs say to retry) or a process killed there left the key free for a fresh run: 5 requests,
// 10 authorized NF-e. The first run's document is recorded in the reservation with its insert,
// so every retry answers with it.

// The wait of the next create is replaced once: by a pool timeout (Prisma P2024 → 503) or by
// a wait that never ends (the request abandoned after its commit, as a killed process leaves it).
const nextWait = vi.hoisted(() => ({ replace: null as null | (() => Promise<boolean>) }));
vi.mock("@/lib/emission/wait-for-outcome", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/emission/wait-for-outcome")>();
  return {
    ...real,
    waitForOutcome: (input: Parameters<typeof real.waitForOutcome>[0]) => {
      const replaced = nextWait.replace;
      nextWait.replace = null;
      return replaced ? replaced() : real.waitForOutcome(input);
    },
  };
});

const fixture = simulatorCompanyFixture();

const post = (key: string, idempotencyKey: string, wait = 10) =>
  call(create, { method: "POST", path: "/v1/fiscal-documents", key, body: draftBody({ emit: true, additionalInfo: idempotencyKey }), headers: { prefer: `wait=${wait}`, "idempotency-key": idempotencyKey } });


const documentsOf = (companyId: string, marker: string) => db.fiscalDocument.findMany({ where: { companyId, additionalInfo: marker } });

describe("Idempotency-Key retries after the first run committed", () => {
  it("a 503 during Prefer: wait, then four retries: one document, AUTHORIZED, every retry answering with it", async () => {
    const { companyId, key } = fixture.company;
    nextWait.replace = () => Promise.reject(Object.assign(new Error("Timed out fetching a new connection from the connection pool."), { code: "P2024" }));
    const first = await post(key, "retry-503");
    expect([first.status, first.body.code]).toEqual([503, "service_unavailable"]);
    const [created] = await documentsOf(companyId, "retry-503");
    expect(created?.status).toBe("PROCESSING");

    for (let retry = 0; retry < 4; retry++) {
      const again = await whileWorking(companyId, post(key, "retry-503"));
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ id: created!.id, status: "AUTHORIZED" });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
    }
    expect(await documentsOf(companyId, "retry-503")).toHaveLength(1);
  });

  it("a run abandoned after its commit (process killed): retries wait for its lease, then answer with its document", async () => {
    const { companyId, key } = fixture.company;
    nextWait.replace = () => new Promise<boolean>(() => undefined);
    void post(key, "retry-killed");
    await vi.waitFor(async () => expect(await documentsOf(companyId, "retry-killed")).toHaveLength(1));

    // Within the lease the key is in use.
    const early = await post(key, "retry-killed", 1);
    expect([early.status, early.body.code]).toEqual([409, "idempotency_key_in_use"]);

    // The lease of the dead run runs out (5 min): the retry answers with the document it committed.
    await db.idempotencyRecord.updateMany({ where: { key: "retry-killed" }, data: { leaseExpiresAt: new Date(Date.now() - 1000) } });
    const retried = await whileWorking(companyId, post(key, "retry-killed"));
    expect(retried.status).toBe(201);
    const [created] = await documentsOf(companyId, "retry-killed");
    expect(retried.body).toMatchObject({ id: created!.id, status: "AUTHORIZED" });
    const replayed = await post(key, "retry-killed");
    expect([replayed.status, replayed.body.id, replayed.headers.get("idempotent-replayed")]).toEqual([201, created!.id, "true"]);
    expect(await documentsOf(companyId, "retry-killed")).toHaveLength(1);
  });

  it("a process killed with SIGKILL after its commit: retries answer with its document, which is the only one", { timeout: 90_000 }, async () => {
    const { companyId, key } = fixture.company;
    const child = spawn(process.execPath, ["--import", "tsx", "lib/api/testing/create-then-wait-process.ts"], {
      env: { ...process.env, LOCAL_WORKER: "off", CREATE_KEY: key, CREATE_IDEMPOTENCY_KEY: "retry-kill-9", CREATE_BODY: JSON.stringify(draftBody({ emit: true, additionalInfo: "retry-kill-9" })) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      await vi.waitFor(async () => expect(await documentsOf(companyId, "retry-kill-9")).toHaveLength(1), { timeout: 60_000, interval: 100 });
    } finally {
      child.kill("SIGKILL");
    }
    await new Promise((resolve) => child.once("exit", resolve));
    expect((await post(key, "retry-kill-9", 1)).status).toBe(409);
    await db.idempotencyRecord.updateMany({ where: { key: "retry-kill-9" }, data: { leaseExpiresAt: new Date(Date.now() - 1000) } });
    const retried = await whileWorking(companyId, post(key, "retry-kill-9"));
    const [created] = await documentsOf(companyId, "retry-kill-9");
    expect([retried.status, retried.body.id, retried.body.status]).toEqual([201, created!.id, "AUTHORIZED"]);
    expect(await documentsOf(companyId, "retry-kill-9")).toHaveLength(1);
  });

  it("a run whose reservation a retry took over writes nothing", async () => {
    const { companyId } = fixture.company;
    const record = await db.idempotencyRecord.create({
      data: { id: "rec-taken-over", apiKeyId: "k", scope: companyId, key: "taken-over", requestHash: "h", runId: "the-retry", expiresAt: new Date(Date.now() + 60_000) },
    });
    const body = draftBody({ emit: true, additionalInfo: "taken-over" }) as unknown as Parameters<typeof createDocument>[0]["body"];
    const stale = runUnderReservation({ recordId: record.id, runId: "the-dead-run", created: {}, reused: false }, () => createDocument({ companyId, body }));
    await expect(stale).rejects.toMatchObject({ status: 409, code: "idempotency_key_in_use" });
    expect(await documentsOf(companyId, "taken-over")).toHaveLength(0);
    // The holder's own insert is recorded with its document.
    const held = await runUnderReservation({ recordId: record.id, runId: "the-retry", created: {}, reused: false }, () => createDocument({ companyId, body }));
    expect((await db.idempotencyRecord.findUniqueOrThrow({ where: { id: record.id } })).createdDocuments).toEqual({ 0: held.id });
  });
});
