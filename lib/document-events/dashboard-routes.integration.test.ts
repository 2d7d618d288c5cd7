import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { POST as cancelRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/cancel/route";
import { POST as correctionRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/correction-letter/route";
import { GET as danfeRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/danfe/route";
import { GET as timelineRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/timeline/route";
import { GET as listInutilizationsRoute, POST as createInutilizationRoute } from "@/app/api/dashboard/companies/[companyId]/inutilizations/route";
import { authorizedDocument } from "./testing/authorized-document";

const SECRET = "document-events-dashboard-secret";
process.env.NEXTAUTH_SECRET = SECRET;

const cookieFor = (tenantId: string, role: "ADMIN" | "ACCOUNTANT" | "SUPPORT") => signedInCookie(tenantId, role);

let simulator: SimulatorServer;
let company: TestCompany;
beforeAll(async () => {
  simulator = await startTestSimulator();
  company = await createEmittingCompany();
});
afterAll(async () => {
  await simulator?.close();
});

const docPath = (documentId: string, suffix: string) => `/api/dashboard/companies/${company.companyId}/documents/${documentId}/${suffix}`;

describe("dashboard routes of document events", () => {
  it("shows the timeline with the authorization event and the background run", async () => {
    const document = await authorizedDocument(company.companyId);
    const res = await call(timelineRoute, { path: docPath(document.id, "timeline"), params: { companyId: company.companyId, documentId: document.id }, headers: await cookieFor(company.tenantId, "SUPPORT") });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document).toMatchObject({ id: document.id, status: "AUTHORIZED", hasAuthorizedXml: true, hasSignedXml: true, deliveryReceiptActive: false });
    expect(res.body.entries.some((e: any) => e.type === "event" && e.event.kind === "AUTHORIZATION" && e.event.protocol === document.protocolNumber)).toBe(true);
    expect(res.body.entries.some((e: any) => e.type === "run" && e.run.runId === document.runId)).toBe(true);
  });

  it("lets ADMIN and ACCOUNTANT send events; SUPPORT gets 403 and downloads only", async () => {
    const document = await authorizedDocument(company.companyId);
    const params = { companyId: company.companyId, documentId: document.id };
    const body = { correction: "Onde se le volume 1, leia-se volumes 2" };
    const support = await call(correctionRoute, { method: "POST", path: docPath(document.id, "correction-letter"), params, body, headers: await cookieFor(company.tenantId, "SUPPORT") });
    expect(support.status).toBe(403);
    expect(support.body.code).toBe("forbidden_role");
    const accountant = await call(correctionRoute, { method: "POST", path: docPath(document.id, "correction-letter"), params, body, headers: await cookieFor(company.tenantId, "ACCOUNTANT") });
    expect(accountant.status, accountant.text).toBe(200);
    expect(accountant.body.sequence).toBe(1);
    const pdf = await call(danfeRoute, { path: docPath(document.id, "danfe"), params, headers: await cookieFor(company.tenantId, "SUPPORT") });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const cancelled = await call(cancelRoute, { method: "POST", path: docPath(document.id, "cancel"), params, body: { justification: "Pedido cancelado pelo cliente" }, headers: await cookieFor(company.tenantId, "ADMIN") });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("CANCELLED");
  });

  it("hides another tenant's company and answers 401 without a session", async () => {
    const document = await authorizedDocument(company.companyId);
    const stranger = await createTestCompany();
    const params = { companyId: company.companyId, documentId: document.id };
    expect((await call(timelineRoute, { path: docPath(document.id, "timeline"), params, headers: await cookieFor(stranger.tenantId, "ADMIN") })).status).toBe(404);
    expect((await call(timelineRoute, { path: docPath(document.id, "timeline"), params, headers: { authorization: `Bearer ${company.key}` } })).status).toBe(401);
  });

  it("declares and lists inutilizations", async () => {
    const params = { companyId: company.companyId };
    const path = `/api/dashboard/companies/${company.companyId}/inutilizations`;
    const created = await call(createInutilizationRoute, {
      method: "POST",
      path,
      params,
      body: { series: 40, startNumber: 1, endNumber: 2, justification: "Numeracao pulada por falha no ERP", advanceSeries: true },
      headers: await cookieFor(company.tenantId, "ACCOUNTANT"),
    });
    expect(created.status, created.text).toBe(200);
    const list = await call(listInutilizationsRoute, { path, params, headers: await cookieFor(company.tenantId, "SUPPORT") });
    expect(list.body.data.map((r: any) => r.id)).toContain(created.body.record.id);
    const refused = await call(createInutilizationRoute, { method: "POST", path, params, body: { series: 41, startNumber: 1, endNumber: 2, justification: "Numeracao pulada por falha no ERP" }, headers: await cookieFor(company.tenantId, "SUPPORT") });
    expect(refused.status).toBe(403);
  });
});

describe("concurrent events on one document", () => {
  it("decides them one at a time: parallel correction letters get distinct consecutive sequences", async () => {
    const document = await authorizedDocument(company.companyId);
    const params = { companyId: company.companyId, documentId: document.id };
    const headers = await cookieFor(company.tenantId, "ADMIN");
    const results = await Promise.all(
      [1, 2, 3].map((n) => call(correctionRoute, { method: "POST", path: docPath(document.id, "correction-letter"), params, body: { correction: `Correcao paralela numero ${n} do volume` }, headers })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.sequence).sort()).toEqual([1, 2, 3]);
  });
});
