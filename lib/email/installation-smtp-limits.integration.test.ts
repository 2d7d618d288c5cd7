import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as batchRoute } from "@/app/v1/fiscal-documents/batch/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { createEmittingCompany, draftBody, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { overDailyBudget } from "./installation-smtp-limits";
import { updateEmailSettings } from "./email-settings";
import { startLoopbackSmtp, type LoopbackSmtp } from "./testing/loopback-smtp";

// Issue 49, finding 6: the installation's SMTP server sent any tenant's text to 500 addresses per
// request (10 emailRecipients × a batch of 50). Its recipients now count against a daily budget,
// and addresses beyond the document's client go through it only where the operator allows.

let simulator: SimulatorServer;
let smtp: LoopbackSmtp;

const setEnv = (values: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
};

beforeAll(async () => {
  simulator = await startTestSimulator();
  smtp = await startLoopbackSmtp();
  setEnv({ SMTP_URL: smtp.url, EMAIL_DAILY_RECIPIENTS_PER_COMPANY: "35", EMAIL_DAILY_RECIPIENTS_PER_TENANT: "1000", EMAIL_RECIPIENTS_BEYOND_CLIENT: "allow" });
});
afterAll(async () => {
  setEnv({ SMTP_URL: undefined, EMAIL_DAILY_RECIPIENTS_PER_COMPANY: undefined, EMAIL_DAILY_RECIPIENTS_PER_TENANT: undefined, EMAIL_RECIPIENTS_BEYOND_CLIENT: undefined });
  await smtp?.close();
  await simulator?.close();
});

const drainAll = async (companyId: string) => {
  for (let round = 0; round < 20 && (await db.documentEmail.count({ where: { companyId, status: "QUEUED" } })) + (await db.fiscalDocument.count({ where: { companyId, status: "PROCESSING" } })) > 0; round++) {
    await drainDueRuns(functions, { companyIds: [companyId] });
  }
};

describe("addresses beyond the document's client through the installation's SMTP server", () => {
  it("are refused unless the operator allows them (EMAIL_RECIPIENTS_BEYOND_CLIENT=allow); the client's own address goes", { timeout: 60_000 }, async () => {
    setEnv({ EMAIL_RECIPIENTS_BEYOND_CLIENT: undefined });
    try {
      const company = await createEmittingCompany();
      await updateEmailSettings(company.companyId, { sendInHomologation: true });
      const client = { ...(draftBody().client as Record<string, unknown>), email: "compras@cliente.com.br" };
      const documents = [draftBody({ client, emailRecipients: ["outro@qualquer.com.br"] }), draftBody({ client })];
      await call(batchRoute, { method: "POST", path: "/v1/fiscal-documents/batch", key: company.key, body: { documents, emit: true } });
      smtp.received.length = 0;
      await drainAll(company.companyId);
      const emails = await db.documentEmail.findMany({ where: { companyId: company.companyId }, include: { document: { select: { emailRecipients: true } } } });
      const beyond = emails.find((e) => e.document.emailRecipients.length > 0)!;
      expect([beyond.status, beyond.lastReply]).toEqual(["FAILED", expect.stringContaining("Destinatários além do cliente do documento (outro@qualquer.com.br)")]);
      expect(emails.find((e) => e.document.emailRecipients.length === 0)!.status).toBe("SENT");
      expect(smtp.received.map((m) => m.to)).toEqual([["compras@cliente.com.br"]]);
    } finally {
      setEnv({ EMAIL_RECIPIENTS_BEYOND_CLIENT: "allow" });
    }
  });
});

describe("the daily e-mail budget of the installation's SMTP server", () => {
  it("a batch of 10 documents × 10 recipients: 3 messages (30 recipients) go out, the others FAILED naming the limit", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    await updateEmailSettings(company.companyId, { sendInHomologation: true });
    const emailRecipients = Array.from({ length: 10 }, (_, i) => `destino${i}@exemplo.com.br`);
    const documents = Array.from({ length: 10 }, () => draftBody({ emailRecipients }));
    const res = await call(batchRoute, { method: "POST", path: "/v1/fiscal-documents/batch", key: company.key, body: { documents, emit: true } });
    expect(res.body.results.every((r: { status: number }) => r.status === 201)).toBe(true);
    smtp.received.length = 0;
    await drainAll(company.companyId);
    const emails = await db.documentEmail.findMany({ where: { companyId: company.companyId } });
    expect(emails).toHaveLength(10);
    expect(emails.filter((e) => e.status === "SENT")).toHaveLength(3);
    expect(smtp.received.reduce((sum, mail) => sum + mail.to.length, 0)).toBe(30);
    const failed = emails.filter((e) => e.status === "FAILED");
    expect(failed).toHaveLength(7);
    for (const email of failed) expect(email.lastReply).toContain("Limite diário de e-mails da empresa");

    // The tenant's budget counts every company of the tenant.
    setEnv({ EMAIL_DAILY_RECIPIENTS_PER_COMPANY: "1000", EMAIL_DAILY_RECIPIENTS_PER_TENANT: "35" });
    try {
      expect(await overDailyBudget(company.companyId, 5)).toBeNull();
      expect(await overDailyBudget(company.companyId, 6)).toContain("Limite diário de e-mails da conta");
    } finally {
      setEnv({ EMAIL_DAILY_RECIPIENTS_PER_COMPANY: "35", EMAIL_DAILY_RECIPIENTS_PER_TENANT: "1000" });
    }
  });
});
