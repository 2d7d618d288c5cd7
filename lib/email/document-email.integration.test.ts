import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { GET as eventXmlRoute } from "@/app/v1/fiscal-documents/[id]/events/[eventId]/xml/route";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as danfeRoute } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { POST as resendRoute } from "@/app/v1/fiscal-documents/[id]/email/route";
import { GET as emailsRoute } from "@/app/v1/fiscal-documents/[id]/emails/route";
import { GET as xmlRoute } from "@/app/v1/fiscal-documents/[id]/xml/route";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";
import { PATCH as patchDocumentRoute } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as dashboardEmailsRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/emails/route";
import { GET as dashboardPreviewRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/emails/[emailId]/route";
import { POST as dashboardResendRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/email/route";
import { GET as dashboardSettingsGet, PATCH as dashboardSettingsPatch } from "@/app/api/dashboard/companies/[companyId]/settings/email/route";
import { draftBody } from "@/lib/emission/testing/emission-fixtures";
import { signedInCookie } from "@/test/session";
import { getEmailSettings, updateEmailSettings } from "./email-settings";
import { sendCompanyNotice } from "./send-notice";
import { attemptDocumentEmail, documentEmailMessageId } from "./send-document-email";
import { mailHeaders, mimeParts, partFileName, startLoopbackSmtp, type LoopbackSmtp } from "./testing/loopback-smtp";

// E-mail of outcomes against a loopback SMTP server (issue 39, Done when): real emission through the
// simulator, the database trigger queueing the message, the local driver running the send run.

process.env.NEXTAUTH_SECRET = "document-email-test-secret";

let simulator: SimulatorServer;
let smtp: LoopbackSmtp;
let company: TestCompany;

const CLIENT_EMAIL = "compras@cliente-exemplo.com.br";
const withEmail = (email: string | null = CLIENT_EMAIL) => ({
  client: {
    name: "Cliente Exemplo S/A", document: "06929383000163", email, street: "Rua das Flores", number: "10", neighborhood: "Centro",
    city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000",
  },
});

function useSmtp(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnvCache();
}

async function routeBytes(handler: typeof xmlRoute, id: string, query: string, key = company.key, extra: Record<string, string> = {}) {
  const request = new Request(`http://localhost/v1/fiscal-documents/${id}/${query}`, { headers: { authorization: `Bearer ${key}` } });
  const response = await handler(request, { params: Promise.resolve({ id, ...extra }) } as never);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const emailsOf = (documentId: string) => db.documentEmail.findMany({ where: { documentId }, include: { attemptLog: { orderBy: { number: "asc" } } }, orderBy: { createdAt: "asc" } });
const drain = () => drainDueRuns(functions, { companyIds: [company.companyId] });

beforeAll(async () => {
  simulator = await startTestSimulator();
  smtp = await startLoopbackSmtp();
  process.env.EMAIL_RETRY_DELAYS_SECONDS = "0,0";
  process.env.SMTP_ALLOWED_HOSTS = "127.0.0.1";
  // These tests send emailRecipients and resends' `to` through SMTP_URL, as an operator may allow (issue 49).
  process.env.EMAIL_RECIPIENTS_BEYOND_CLIENT = "allow";
  company = await createEmittingCompany();
  // Test companies are in HOMOLOGATION: automatic e-mail of those documents is the company's choice (issue 49).
  await updateEmailSettings(company.companyId, { sendInHomologation: true });
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.replies.length = 0;
  useSmtp(smtp.url);
});
afterEach(() => useSmtp(undefined));
afterAll(async () => {
  delete process.env.EMAIL_RETRY_DELAYS_SECONDS;
  delete process.env.SMTP_ALLOWED_HOSTS;
  delete process.env.EMAIL_RECIPIENTS_BEYOND_CLIENT;
  useSmtp(undefined);
  await smtp?.close();
  await simulator?.close();
});

describe("e-mail on authorization", () => {
  it("sends one message to the client's address with the DANFE and the nfeProc, the download routes' exact bytes", async () => {
    const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([CLIENT_EMAIL]);

    const attachments = mimeParts(mail.raw).filter((part) => /attachment/i.test(part.headers["content-disposition"] ?? ""));
    expect(attachments.map(partFileName).sort()).toEqual([`${document.accessKey}-danfe.pdf`, `${document.accessKey}-nfe.xml`]);
    const pdf = attachments.find((part) => partFileName(part)!.endsWith(".pdf"))!.body;
    const xml = attachments.find((part) => partFileName(part)!.endsWith(".xml"))!.body;
    expect(xml.equals(await routeBytes(xmlRoute, document.id, "xml?download=true"))).toBe(true);
    expect(xml.toString("utf8")).toBe(document.authorizedXml);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.equals(await routeBytes(danfeRoute, document.id, "danfe?download=true"))).toBe(true);

    // Plain text and HTML, in pt-BR, with the key, the total and the authority's public consultation (no link of ours).
    const texts = mimeParts(mail.raw).filter((part) => !/attachment/i.test(part.headers["content-disposition"] ?? ""));
    const plain = texts.find((part) => /text\/plain/.test(part.headers["content-type"] ?? ""))!.body.toString("utf8");
    const html = texts.find((part) => /text\/html/.test(part.headers["content-type"] ?? ""))!.body.toString("utf8");
    const groupedKey = document.accessKey!.replace(/(.{4})(?=.)/g, "$1 ");
    for (const body of [plain, html]) {
      expect(body).toContain(groupedKey);
      expect(body).toContain("nfe.fazenda.gov.br/portal/consultaRecaptcha.aspx");
      expect(body).toContain(`R$ ${document.totalValue.toFixed(2).replace(".", ",")}`);
      expect(body).toContain(`nº ${document.number}, série ${document.series}`);
      expect(body).not.toMatch(/dashboard|\/v1\//);
    }

    const [email] = await emailsOf(document.id);
    expect(email).toMatchObject({ trigger: "AUTHORIZATION", status: "SENT", attempts: 1, recipients: [CLIENT_EMAIL] });
    expect(email!.subject).toBe(`[HOMOLOGAÇÃO – SEM VALOR FISCAL] NF-e nº ${document.number} série ${document.series} – Test Company ${company.cnpj}`);
    expect(email!.attemptLog).toHaveLength(1);
    expect(email!.attemptLog[0]).toMatchObject({ outcome: "SENT", smtpCode: 250 });
    expect(mailHeaders(mail.raw)["subject"]).toBeTruthy();

    // The API's log.
    const listed = await call(emailsRoute, { path: `/v1/fiscal-documents/${document.id}/emails`, key: company.key, params: { id: document.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ trigger: "AUTHORIZATION", status: "SENT", recipients: [CLIENT_EMAIL], attempts: 1, attachments: [`${document.accessKey}-danfe.pdf`, `${document.accessKey}-nfe.xml`] });
    expect(listed.body.data[0].smtpReply).toMatch(/^250/);
    const other = await createTestCompany();
    expect((await call(emailsRoute, { path: `/v1/fiscal-documents/${document.id}/emails`, key: other.key, params: { id: document.id } })).status).toBe(404);
  });

  it("sends to emailRecipients given on create instead of the client's address, with the company's copy and reply-to", async () => {
    await updateEmailSettings(company.companyId, { copyTo: "contabil@emitente.com.br", replyTo: "vendas@emitente.com.br" });
    try {
      const document = await authorizedDocument(company.companyId, { overrides: { ...withEmail(), emailRecipients: ["Fiscal@Comprador.com.br", "nfe@comprador.com.br"] } });
      expect(document.emailRecipients).toEqual(["fiscal@comprador.com.br", "nfe@comprador.com.br"]);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to.sort()).toEqual(["contabil@emitente.com.br", "fiscal@comprador.com.br", "nfe@comprador.com.br"]);
      expect(mailHeaders(smtp.received[0]!.raw)["reply-to"]).toContain("vendas@emitente.com.br");
      expect(mailHeaders(smtp.received[0]!.raw)["cc"]).toContain("contabil@emitente.com.br");
    } finally {
      await updateEmailSettings(company.companyId, { copyTo: null, replyTo: null });
    }
  });

  it("retries a 4xx reply and logs each attempt; a 5xx is FAILED at once", async () => {
    smtp.replies.push(451);
    const retried = await authorizedDocument(company.companyId, { overrides: withEmail() });
    const [first] = await emailsOf(retried.id);
    expect(first).toMatchObject({ status: "SENT", attempts: 2 });
    expect(first!.attemptLog.map((a) => [a.outcome, a.smtpCode])).toEqual([["TEMPORARY_FAILURE", 451], ["SENT", 250]]);
    expect(smtp.received).toHaveLength(1);

    smtp.received.length = 0;
    smtp.replies.push(550, 550);
    const refused = await authorizedDocument(company.companyId, { overrides: withEmail() });
    const [second] = await emailsOf(refused.id);
    expect(second).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(second!.attemptLog.map((a) => [a.outcome, a.smtpCode])).toEqual([["PERMANENT_FAILURE", 550]]);
    expect(second!.lastReply).toMatch(/550/);
    expect(smtp.received).toHaveLength(0);
    expect(smtp.replies).toEqual([550]);
    smtp.replies.length = 0;

    // Temporary failures until the retries are exhausted: FAILED after 1 + 2 attempts.
    smtp.replies.push(421, 421, 421);
    const exhausted = await authorizedDocument(company.companyId, { overrides: withEmail() });
    const [third] = await emailsOf(exhausted.id);
    expect(third).toMatchObject({ status: "FAILED", attempts: 3 });
    expect(third!.attemptLog.map((a) => a.outcome)).toEqual(["TEMPORARY_FAILURE", "TEMPORARY_FAILURE", "TEMPORARY_FAILURE"]);
  });

  it("a process stopped while the SMTP server answered: the claimed attempt is logged INTERRUPTED and the mail sent again with the same Message-ID", async () => {
    const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
    const [sent] = await emailsOf(document.id);
    const from = mailHeaders(smtp.received[0]!.raw)["from"]!;
    expect(mailHeaders(smtp.received[0]!.raw)["message-id"]).toBe(documentEmailMessageId(sent!.id, from));
    smtp.received.length = 0;
    // What a crash after the claim leaves: a QUEUED message whose attempt 1 was claimed and never settled.
    const crashed = await db.documentEmail.create({
      data: { companyId: company.companyId, documentId: document.id, trigger: "RESEND", status: "QUEUED", attempts: 1, recipients: [CLIENT_EMAIL] },
    });
    const step = await attemptDocumentEmail({ emailId: crashed.id, companyId: company.companyId });
    expect(step.kind).toBe("sent");
    const [, again] = await emailsOf(document.id);
    expect(again).toMatchObject({ id: crashed.id, status: "SENT", attempts: 2 });
    expect(again!.attemptLog.map((a) => [a.number, a.outcome])).toEqual([[1, "INTERRUPTED"], [2, "SENT"]]);
    expect(smtp.received).toHaveLength(1);
    const messageId = mailHeaders(smtp.received[0]!.raw)["message-id"];
    expect(messageId).toBe(documentEmailMessageId(crashed.id, from));
    const listed = await call(emailsRoute, { path: `/v1/fiscal-documents/${document.id}/emails`, key: company.key, params: { id: document.id } });
    expect(listed.body.data.find((m: { id: string }) => m.id === crashed.id).attemptLog[0]).toMatchObject({ number: 1, outcome: "INTERRUPTED" });
  });

  it("resends on request, to `to` or the default recipients; never twice what was SENT; rate-limited per document", async () => {
    const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
    smtp.received.length = 0;
    const resent = await call(resendRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/email`, key: company.key, body: { to: ["outro@destino.com.br"] }, params: { id: document.id } });
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ trigger: "RESEND", status: "QUEUED", recipients: ["outro@destino.com.br"] });
    await drain();
    expect(smtp.received.map((m) => m.to)).toEqual([["outro@destino.com.br"]]);

    // Replaying a finished run's step sends nothing: the row is no longer QUEUED.
    const { attemptDocumentEmail } = await import("./send-document-email");
    const replay = await attemptDocumentEmail({ emailId: resent.body.id, companyId: company.companyId });
    expect(replay).toEqual({ kind: "settled", status: "SENT" });
    expect(smtp.received).toHaveLength(1);

    // A run whose retries were spent leaves its message FAILED (onFailure), never QUEUED; a SENT one stays SENT.
    const { abandonDocumentEmail } = await import("./send-document-email");
    expect(await abandonDocumentEmail({ emailId: resent.body.id, companyId: company.companyId }, "x")).toEqual({ kind: "failed", reply: "Envio abandonado após falhas repetidas: x" });
    expect((await db.documentEmail.findUniqueOrThrow({ where: { id: resent.body.id } })).status).toBe("SENT");
    const stuck = await db.documentEmail.create({ data: { companyId: company.companyId, documentId: document.id, trigger: "RESEND", recipients: ["z@z.com"] } });
    await abandonDocumentEmail({ emailId: stuck.id, companyId: company.companyId }, "PDF pool busy");
    expect(await db.documentEmail.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({ status: "FAILED", lastReply: "Envio abandonado após falhas repetidas: PDF pool busy" });

    const noBody = await call(resendRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/email`, key: company.key, params: { id: document.id } });
    expect(noBody.status).toBe(202);
    expect(noBody.body.recipients).toEqual([CLIENT_EMAIL]);
    await drain();
    expect(smtp.received.map((m) => m.to)).toEqual([["outro@destino.com.br"], [CLIENT_EMAIL]]);

    const bad = await call(resendRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/email`, key: company.key, body: { to: ["not-an-address"] }, params: { id: document.id } });
    expect(bad.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(resendRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/email`, key: company.key, body: {}, params: { id: document.id } })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    await drain();
  });

  it("without any SMTP server the message is built and kept NOT_CONFIGURED; the emission is unaffected", async () => {
    useSmtp(undefined);
    const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
    expect(document.status).toBe("AUTHORIZED");
    const [email] = await emailsOf(document.id);
    expect(email).toMatchObject({ status: "NOT_CONFIGURED", attempts: 0, recipients: [CLIENT_EMAIL], attachments: [`${document.accessKey}-danfe.pdf`, `${document.accessKey}-nfe.xml`] });
    expect(email!.subject).toContain(`NF-e nº ${document.number}`);
    expect(email!.htmlBody).toContain("<html");
    expect(email!.textBody).toContain("Chave de acesso");
    expect(email!.attemptLog).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
    const run = await db.backgroundRun.findFirstOrThrow({ where: { documentId: document.id, functionId: "document-email-send" } });
    expect(run.status).toBe("SUCCEEDED");
  });

  it("queues nothing when the company turned the trigger off, for a homologation document unless sendInHomologation, or when there is no address", async () => {
    await updateEmailSettings(company.companyId, { sendOnAuthorization: false });
    try {
      const off = await authorizedDocument(company.companyId, { overrides: withEmail() });
      expect(await emailsOf(off.id)).toHaveLength(0);
    } finally {
      await updateEmailSettings(company.companyId, { sendOnAuthorization: true });
    }
    // Issue 49, finding 6: homologation documents are e-mailed automatically only when the company says so.
    await updateEmailSettings(company.companyId, { sendInHomologation: false });
    try {
      expect((await getEmailSettings(company.companyId)).sendInHomologation).toBe(false);
      const homologation = await authorizedDocument(company.companyId, { overrides: withEmail() });
      expect(homologation.environment).toBe("HOMOLOGATION");
      expect(await emailsOf(homologation.id)).toHaveLength(0);
      // A resend asked for by hand still goes.
      const resend = await call(resendRoute, { method: "POST", path: `/v1/fiscal-documents/${homologation.id}/email`, key: company.key, body: {}, params: { id: homologation.id } });
      expect(resend.status).toBe(202);
      await drain();
      expect(smtp.received.map((m) => m.to)).toEqual([[CLIENT_EMAIL]]);
    } finally {
      await updateEmailSettings(company.companyId, { sendInHomologation: true });
    }
    smtp.received.length = 0;
    const nobody = await authorizedDocument(company.companyId, { overrides: { client: { ...withEmail(null).client, document: "11222333000181", name: "Cliente Sem E-mail Ltda" } } });
    expect(await emailsOf(nobody.id)).toHaveLength(0);
    const resend = await call(resendRoute, { method: "POST", path: `/v1/fiscal-documents/${nobody.id}/email`, key: company.key, body: {}, params: { id: nobody.id } });
    expect(resend.status).toBe(422);
    expect(resend.body.code).toBe("email_recipient_missing");
    expect(smtp.received).toHaveLength(0);
  });
});

describe("e-mail on cancellation", () => {
  it("sends the procEventoNFe, the event route's exact bytes", async () => {
    const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
    smtp.received.length = 0;
    const cancelled = await call(cancelRoute, { method: "POST", path: "/", key: company.key, body: { justification: "Pedido cancelado pelo cliente final" }, params: { id: document.id } });
    expect(cancelled.status).toBe(200);
    await drain();
    expect(smtp.received).toHaveLength(1);
    const event = await db.documentEvent.findFirstOrThrow({ where: { documentId: document.id, kind: "CANCELLATION", outcome: "AUTHORIZED" } });
    const attachments = mimeParts(smtp.received[0]!.raw).filter((part) => /attachment/i.test(part.headers["content-disposition"] ?? ""));
    expect(attachments.map(partFileName)).toEqual([`${document.accessKey}-nfe-canc-01.xml`]);
    const expected = await routeBytes(eventXmlRoute as never, document.id, `events/${event.id}/xml?download=true`, company.key, { eventId: event.id });
    expect(attachments[0]!.body.equals(expected)).toBe(true);
    expect(attachments[0]!.body.toString("utf8")).toContain("procEventoNFe");
    const emails = await emailsOf(document.id);
    expect(emails.map((e) => [e.trigger, e.status])).toEqual([["AUTHORIZATION", "SENT"], ["CANCELLATION", "SENT"]]);
    expect(emails[1]!.subject).toContain("Cancelamento da NF-e");
  });
});

describe("e-mail of an NFS-e", () => {
  it("sends the DANFSe and the NFS-e XML, the download routes' bytes, with the national portal's consultation", async () => {
    const nfse = await createNfseCompany();
    await updateEmailSettings(nfse.companyId, { sendInHomologation: true });
    const body = nfseBody({ emailRecipients: ["tomador@servicos.com.br"], emit: true });
    const created = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: nfse.key, body });
    expect(created.status).toBe(201);
    await drainDueRuns(functions, { companyIds: [nfse.companyId] });
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(document.status).toBe("AUTHORIZED");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["tomador@servicos.com.br"]);
    const attachments = mimeParts(smtp.received[0]!.raw).filter((part) => /attachment/i.test(part.headers["content-disposition"] ?? ""));
    expect(attachments.map(partFileName).sort()).toEqual([`${document.accessKey}-danfse.pdf`, `${document.accessKey}-nfse.xml`]);
    const pdf = attachments.find((part) => partFileName(part)!.endsWith(".pdf"))!.body;
    const xml = attachments.find((part) => partFileName(part)!.endsWith(".xml"))!.body;
    expect(pdf.equals(await routeBytes(danfeRoute, document.id, "danfe?download=true", nfse.key))).toBe(true);
    expect(xml.equals(await routeBytes(xmlRoute, document.id, "xml?download=true", nfse.key))).toBe(true);
    const [email] = await emailsOf(document.id);
    expect(email!.textBody).toContain(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${document.accessKey}`);
    expect(email!.subject).toContain(`NFS-e nº ${document.nfseNumber}`);
  });
});

describe("company SMTP server", () => {
  it("keeps the password sealed at rest and sends through the company's server, which wins over SMTP_URL", async () => {
    const settings = await updateEmailSettings(company.companyId, { smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpUser: "mailer", smtpPassword: "s3cret", fromAddress: "nfe@emitente.com.br" });
    try {
      expect(settings).toMatchObject({ smtpPasswordConfigured: true, sending: "COMPANY" });
      expect(JSON.stringify(settings)).not.toContain("s3cret");
      const [row] = await db.$queryRawUnsafe<Array<{ smtpPassword: string }>>(`SELECT "smtpPassword" FROM "CompanyEmailSettings" WHERE "companyId" = $1`, company.companyId);
      expect(row!.smtpPassword).toMatch(/^enc:v1:/);
      expect(row!.smtpPassword).not.toContain("s3cret");
      expect(Buffer.from(row!.smtpPassword.slice(7), "base64").toString("latin1")).not.toContain("s3cret");

      useSmtp("smtp://nobody:wrong@127.0.0.1:1");
      smtp.auths.length = 0;
      const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.from).toBe("nfe@emitente.com.br");
      expect(smtp.auths).toEqual([{ username: "mailer", password: "s3cret" }]);
      expect((await emailsOf(document.id))[0]!.status).toBe("SENT");
      expect((await getEmailSettings(company.companyId)).smtpPasswordConfigured).toBe(true);

      // Without the operator's allowlist a company's SMTP host must be public: nothing is sent.
      process.env.SMTP_ALLOWED_HOSTS = "";
      resetEnvCache();
      smtp.received.length = 0;
      const refused = await authorizedDocument(company.companyId, { overrides: withEmail() });
      const [email] = await emailsOf(refused.id);
      expect(email).toMatchObject({ status: "FAILED", attempts: 0 });
      expect(email!.lastReply).toContain("127.0.0.1 (loopback)");
      expect(smtp.received).toHaveLength(0);
    } finally {
      process.env.SMTP_ALLOWED_HOSTS = "127.0.0.1";
      resetEnvCache();
      await updateEmailSettings(company.companyId, { smtpHost: null, smtpPort: null, smtpUser: null, smtpPassword: null, fromAddress: null });
    }
  });
});

describe("emailRecipients on PATCH, and the dashboard", () => {
  it("PATCH replaces emailRecipients; the dashboard lists, previews and resends (SUPPORT may not), and edits the settings", async () => {
    const created = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: draftBody({ ...withEmail(), emailRecipients: ["a@b.com.br"] }) });
    expect(created.status).toBe(201);
    const patched = await call(patchDocumentRoute, { method: "PATCH", path: `/v1/fiscal-documents/${created.body.id}`, key: company.key, params: { id: created.body.id }, body: draftBody({ ...withEmail(), emailRecipients: ["c@d.com.br"] }) });
    expect(patched.status).toBe(200);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } })).emailRecipients).toEqual(["c@d.com.br"]);
    const tooMany = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: draftBody({ emailRecipients: Array.from({ length: 11 }, (_, i) => `x${i}@y.com`) }) });
    expect(tooMany.status).toBe(400);

    useSmtp(undefined);
    const document = await authorizedDocument(company.companyId, { overrides: withEmail() });
    const admin = await signedInCookie(company.tenantId, "ADMIN");
    const support = await signedInCookie(company.tenantId, "SUPPORT");
    const params = { companyId: company.companyId, documentId: document.id };
    const base = `/api/dashboard/companies/${company.companyId}/documents/${document.id}`;
    const listed = await call(dashboardEmailsRoute, { path: `${base}/emails`, params, headers: support });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0].status).toBe("NOT_CONFIGURED");
    const preview = await call(dashboardPreviewRoute, { path: `${base}/emails/${listed.body.data[0].id}`, params: { ...params, emailId: listed.body.data[0].id }, headers: support });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toContain("NF-e nº");
    expect(preview.body.html).toContain("Chave de acesso");
    expect(preview.body.text).toContain("Chave de acesso");
    expect((await call(dashboardResendRoute, { method: "POST", path: `${base}/email`, params, headers: support, body: {} })).status).toBe(403);
    const resent = await call(dashboardResendRoute, { method: "POST", path: `${base}/email`, params, headers: admin, body: {} });
    expect(resent.status).toBe(202);
    await drain();

    const settingsPath = `/api/dashboard/companies/${company.companyId}/settings/email`;
    const before = await call(dashboardSettingsGet, { path: settingsPath, params: { companyId: company.companyId }, headers: support });
    expect(before.body).toMatchObject({ sendOnAuthorization: true, sending: "NOT_CONFIGURED", smtpPasswordConfigured: false });
    const saved = await call(dashboardSettingsPatch, { method: "PATCH", path: settingsPath, params: { companyId: company.companyId }, headers: admin, body: { sendOnCancellation: false, copyTo: "copia@emitente.com.br" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ sendOnCancellation: false, copyTo: "copia@emitente.com.br" });
    const invalid = await call(dashboardSettingsPatch, { method: "PATCH", path: settingsPath, params: { companyId: company.companyId }, headers: admin, body: { smtpPassword: "x" } });
    expect(invalid.status).toBe(400);
    await updateEmailSettings(company.companyId, { sendOnCancellation: true, copyTo: null });
  });
});

describe("a company notice (the accountant's monthly link)", () => {
  it("goes through the company's server setting; NOT_CONFIGURED without one; a 4xx is reported temporary", async () => {
    const sent = await sendCompanyNotice(company.companyId, { to: ["contador@escritorio.com.br"], subject: "Documentos fiscais de outubro de 2026", text: "link", html: "<p>link</p>" });
    expect(sent.status).toBe("SENT");
    expect(smtp.received.map((m) => m.to)).toEqual([["contador@escritorio.com.br"]]);
    smtp.replies.push(451);
    const later = await sendCompanyNotice(company.companyId, { to: ["contador@escritorio.com.br"], subject: "x", text: "x", html: "x" });
    expect(later).toMatchObject({ status: "FAILED", temporary: true, smtpCode: 451 });
    useSmtp(undefined);
    expect((await sendCompanyNotice(company.companyId, { to: ["contador@escritorio.com.br"], subject: "x", text: "x", html: "x" })).status).toBe("NOT_CONFIGURED");
    expect(smtp.received).toHaveLength(1);
  });
});
