import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { createEmittingCompany, draftBody, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { startLocalWorker } from "@/lib/jobs/local-worker";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { emailSlotLane } from "./email-lane";
import { updateEmailSettings } from "./email-settings";
import { startLoopbackSmtp, type LoopbackSmtp } from "./testing/loopback-smtp";
import { startMisbehavingSmtp, type MisbehavingSmtp } from "./testing/misbehaving-smtp";

// Issue 49, finding 2: e-mail runs shared the main slots with emission, so one company whose
// own SMTP server answers a byte at a time held every slot, and another tenant's NF-e with
// Prefer: wait stayed PROCESSING. With the e-mail lane (one run per company in it) tenant A's
// trickling server holds one lane slot; tenant B's NF-e is authorized within its wait, and
// tenant C's mail goes through the lane's other slot.

let simulator: SimulatorServer;
let trickle: MisbehavingSmtp;
let smtp: LoopbackSmtp;
let slow: TestCompany;
let emitter: TestCompany;
let mailer: TestCompany;
let worker: ReturnType<typeof startLocalWorker>;

const create = (company: TestCompany, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: draftBody({ emit: true, ...body }), headers });

beforeAll(async () => {
  process.env.SMTP_ALLOWED_HOSTS = "127.0.0.1";
  process.env.SMTP_SESSION_SECONDS = "20";
  process.env.EMAIL_SLOTS = "2";
  process.env.EMAIL_SLOTS_PER_COMPANY = "1";
  resetEnvCache();
  simulator = await startTestSimulator();
  trickle = await startMisbehavingSmtp("trickle", 4305, 1_000);
  smtp = await startLoopbackSmtp();
  [slow, emitter, mailer] = await Promise.all([createEmittingCompany(), createEmittingCompany(), createEmittingCompany()]);
  await updateEmailSettings(slow.companyId, { smtpHost: "127.0.0.1", smtpPort: trickle.port, sendInHomologation: true });
  await updateEmailSettings(mailer.companyId, { smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpUser: "mailer", smtpPassword: "s3cret", fromAddress: "nfe@emitente.com.br", sendInHomologation: true });
  // Two main slots, as a small worker has: without the lane, two mails of A held them both.
  worker = startLocalWorker(db, functions, { concurrency: 2, pollMs: 20, companyIds: [slow.companyId, emitter.companyId, mailer.companyId], lanes: [emailSlotLane()] });
});

afterAll(async () => {
  await trickle?.close();
  await worker?.stop();
  await smtp?.close();
  await simulator?.close();
  for (const name of ["SMTP_ALLOWED_HOSTS", "SMTP_SESSION_SECONDS", "EMAIL_SLOTS", "EMAIL_SLOTS_PER_COMPANY"]) delete process.env[name];
  resetEnvCache();
});

describe("the e-mail lane", () => {
  it("a tenant's trickling SMTP server delays only its own mail: another tenant's NF-e with Prefer: wait=10 is AUTHORIZED, a third's mail is sent", { timeout: 90_000 }, async () => {
    for (let i = 0; i < 4; i++) expect((await create(slow, { emailRecipients: ["compras@cliente-lento.com.br"] })).status).toBe(201);
    // A's four documents authorized, their mails queued; one is held by the trickling server.
    await vi.waitFor(async () => expect(await db.documentEmail.count({ where: { companyId: slow.companyId } })).toBe(4), { timeout: 30_000, interval: 100 });
    await vi.waitFor(() => expect(trickle.connections).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 100 });

    const started = Date.now();
    const emitted = await create(emitter, {}, { prefer: "wait=10" });
    expect([emitted.status, emitted.body.status]).toEqual([201, "AUTHORIZED"]);
    expect(Date.now() - started).toBeLessThan(10_000);

    expect((await create(mailer, { emailRecipients: ["compras@cliente-rapido.com.br"] })).status).toBe(201);
    await vi.waitFor(() => expect(smtp.received.map((m) => m.to)).toEqual([["compras@cliente-rapido.com.br"]]), { timeout: 15_000, interval: 100 });
    // One session of A at a time: its share of the lane.
    expect(trickle.connections).toBe(1);
  });
});
