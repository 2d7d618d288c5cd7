import { beforeAll, describe, expect, it } from "vitest";
import { GET as issuedEventsRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/events/route";
import { GET as listRoute, POST as registerRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/[id]/events/route";
import { DELETE as cancelRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/[id]/events/[eventId]/route";
import { GET as xmlRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/[id]/events/[eventId]/xml/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { runReceivedSync } from "./run-sync";

// The "Eventos IBS/CBS" panel's routes: SUPPORT reads, only ADMIN and ACCOUNTANT register or cancel.
process.env.NEXTAUTH_SECRET = "reform-events-dashboard-secret";
simulatorFixture();
let issuer: TestCompany;
let recipient: TestCompany;

beforeAll(async () => {
  issuer = await createEmittingCompany();
  recipient = await createEmittingCompany();
});

describe("reform events in the dashboard", () => {
  it("SUPPORT may not register (403); ADMIN registers 211128 and cancels it; both read the list and the XML", { timeout: 60_000 }, async () => {
    const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj } } });
    await runReceivedSync(recipient.companyId);
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: recipient.companyId, accessKey: issued.accessKey! } });
    const support = await signedInCookie(recipient.tenantId, "SUPPORT");
    const admin = await signedInCookie(recipient.tenantId, "ADMIN");
    const base = `/api/dashboard/companies/${recipient.companyId}/received-documents/${received.id}/events`;
    const params = { companyId: recipient.companyId, id: received.id };

    const refused = await call(registerRoute, { method: "POST", path: base, params, body: { type: "211128", accepted: true }, headers: support });
    expect(refused.status).toBe(403);
    const invalid = await call(registerRoute, { method: "POST", path: base, params, body: { type: "211130", items: [] }, headers: admin });
    expect(invalid.status).toBe(400);
    const accepted = await call(registerRoute, { method: "POST", path: base, params, body: { type: "211128", accepted: true }, headers: admin });
    expect(accepted.status, accepted.text).toBe(201);
    const listed = await call(listRoute, { path: base, params, headers: support });
    expect(listed.body.data).toEqual([expect.objectContaining({ type: "211128", author: "RECIPIENT", status: "REGISTERED" })]);
    const xml = await call(xmlRoute, { path: `${base}/${accepted.body.id}/xml`, params: { ...params, eventId: accepted.body.id }, headers: support });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain("<indAceitacao>1</indAceitacao>");
    const cancelled = await call(cancelRoute, {
      method: "DELETE", path: `${base}/${accepted.body.id}`, params: { ...params, eventId: accepted.body.id }, body: { justification: "Aceite registrado por engano" }, headers: admin,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    // Another tenant's session does not see the issuer's document.
    const issuedList = await call(issuedEventsRoute, { path: `/api/dashboard/companies/${issuer.companyId}/documents/${issued.id}/events`, params: { companyId: issuer.companyId, documentId: issued.id }, headers: admin });
    expect(issuedList.status).toBe(404);
  });
});
