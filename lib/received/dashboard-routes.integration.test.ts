import yauzl from "yauzl";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as manifestRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/[id]/manifestation/route";
import { GET as danfeRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/[id]/danfe/route";
import { POST as syncRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/sync/route";
import { GET as zipRoute } from "@/app/api/dashboard/companies/[companyId]/received-documents/zip/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { startReceiver } from "@/lib/webhooks/testing/receiver";
import { applyWebhookTestSettings, createEndpoint, drainWebhooks } from "@/lib/webhooks/testing/webhook-fixtures";
import { signPayload } from "@/lib/webhooks/signature";
import { runReceivedSync } from "./run-sync";

// "Notas recebidas" in the dashboard: SUPPORT reads and downloads, only ADMIN
// and ACCOUNTANT manifest or query the distribution.
process.env.NEXTAUTH_SECRET = "received-dashboard-secret";
simulatorFixture();
let issuer: TestCompany;
let recipient: TestCompany;

beforeAll(async () => {
  issuer = await createEmittingCompany();
  recipient = await createEmittingCompany();
  await db.company.update({ where: { id: recipient.companyId }, data: { receivedAutoAcknowledge: false } });
});

const base = () => `/api/dashboard/companies/${recipient.companyId}/received-documents`;

function zipEntries(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe("received documents in the dashboard", () => {
  it("SUPPORT may not sync or manifest (403); ADMIN does; SUPPORT downloads the DANFE and the ZIP", { timeout: 60_000 }, async () => {
    const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj } } });
    const support = await signedInCookie(recipient.tenantId, "SUPPORT");
    const admin = await signedInCookie(recipient.tenantId, "ADMIN");
    const companyParams = { companyId: recipient.companyId };

    const refusedSync = await call(syncRoute, { method: "POST", path: `${base()}/sync`, params: companyParams, headers: support });
    expect(refusedSync.status).toBe(403);
    const synced = await call(syncRoute, { method: "POST", path: `${base()}/sync`, params: companyParams, headers: admin });
    expect(synced.status, synced.text).toBe(200);
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: recipient.companyId } });
    const params = { ...companyParams, id: received.id };

    const refused = await call(manifestRoute, { method: "POST", path: `${base()}/${received.id}/manifestation`, params, body: { type: "CIENCIA" }, headers: support });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_role");
    const unjustified = await call(manifestRoute, { method: "POST", path: `${base()}/${received.id}/manifestation`, params, body: { type: "NAO_REALIZADA", justification: "curta" }, headers: admin });
    expect(unjustified.status).toBe(400);
    const ciencia = await call(manifestRoute, { method: "POST", path: `${base()}/${received.id}/manifestation`, params, body: { type: "CIENCIA" }, headers: admin });
    expect(ciencia.status, ciencia.text).toBe(200);
    expect(ciencia.body).toMatchObject({ manifestation: { type: "CIENCIA" }, hasXml: true });

    const pdf = await call(danfeRoute, { path: `${base()}/${received.id}/danfe`, params, headers: support });
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    const zip = await zipRoute(new Request(`http://localhost${base()}/zip?ids=${received.id}`, { headers: support }), { params: Promise.resolve(companyParams) });
    expect(zip.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await zip.arrayBuffer()));
    const issuerXml = (await db.fiscalDocument.findUniqueOrThrow({ where: { id: issued.id } })).authorizedXml;
    expect(entries.get(`${issued.accessKey}-nfe.xml`)).toBe(issuerXml);

    // Another tenant's user does not see the company.
    const stranger = await signedInCookie(issuer.tenantId, "ADMIN");
    expect((await call(manifestRoute, { method: "POST", path: `${base()}/${received.id}/manifestation`, params, body: { type: "CONFIRMACAO" }, headers: stranger })).status).toBe(404);
  });

  it("delivers received_document.created and .updated to an endpoint filtered on them, signed like every event", { timeout: 60_000 }, async () => {
    applyWebhookTestSettings();
    const receiver = await startReceiver();
    try {
      const to = await createEmittingCompany();
      const endpoint = await createEndpoint(to.key, { url: receiver.url, events: ["RECEIVED_DOCUMENT_CREATED", "RECEIVED_DOCUMENT_UPDATED"] });
      const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: to.cnpj } } });
      await runReceivedSync(to.companyId);
      await drainWebhooks(to.companyId);
      // Each request signed with the endpoint's secret: t=<unix>,v1=HMAC-SHA256(secret, "t.body").
      for (const request of receiver.received) {
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers["x-webhook-signature"]))!;
        expect(v1).toBe(signPayload(endpoint.secret, Number(t), request.body));
      }
      const types = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { accessKey: string; change: string } }).map((e) => [e.type, e.data.change, e.data.accessKey]);
      expect(types).toEqual(
        expect.arrayContaining([
          ["received_document.created", "created", issued.accessKey],
          ["received_document.updated", "manifestation_registered", issued.accessKey],
          ["received_document.updated", "xml_available", issued.accessKey],
        ]),
      );
      const deliveries = await db.webhookDelivery.findMany({ where: { companyId: to.companyId }, select: { eventType: true, status: true } });
      expect(deliveries.map((d) => d.eventType).sort()).toEqual(["received_document.created", "received_document.updated", "received_document.updated"]);
      expect(deliveries.every((d) => d.status === "SUCCEEDED")).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
