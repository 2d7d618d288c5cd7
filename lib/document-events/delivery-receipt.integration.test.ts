import { describe, expect, it } from "vitest";
import { randomCpf } from "@/lib/br";
import { resetEnvCache } from "@/lib/config/env";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema, deliveryProofHash } from "@/lib/fiscal/nfe";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { DELETE as deleteReceiptRoute, POST as receiptRoute } from "@/app/v1/fiscal-documents/[id]/delivery-receipt/route";
import { authorizedDocument } from "./testing/authorized-document";

const fixture = simulatorCompanyFixture();

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

function receipt(overrides: Record<string, unknown> = {}) {
  return {
    // Now, written in Brasília's offset (the delivery cannot precede the issue).
    deliveredAt: new Date(Date.now() - 3 * 3_600_000).toISOString().replace("Z", "-03:00"),
    receiverName: "Maria da Silva",
    receiverDocument: randomCpf(),
    proof: { contentType: "image/png", base64: PNG.toString("base64") },
    ...overrides,
  };
}

const path = (id: string) => `/v1/fiscal-documents/${id}/delivery-receipt`;
const register = (id: string, body: unknown, key = fixture.company.key) => call(receiptRoute, { method: "POST", path: path(id), key, body, params: { id } });
const unregister = (id: string, key = fixture.company.key) => call(deleteReceiptRoute, { method: "DELETE", path: path(id), key, params: { id } });
const cancel = (id: string) =>
  call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: fixture.company.key, body: { justification: "Mercadoria devolvida pelo cliente" }, params: { id } });

describe("delivery receipt (110130 / 110131)", () => {
  it("registers a receipt that blocks cancellation and a second receipt; DELETE lifts both", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const body = receipt();
    const res = await register(document.id, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String), protocol: expect.stringMatching(/^\d{15}$/), sequence: 1 });

    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored.deliveryReceiptActive).toBe(true);
    const event = stored.events.find((e) => e.kind === "DELIVERY_RECEIPT")!;
    expect(event).toMatchObject({ eventCode: "110130", outcome: "AUTHORIZED", protocol: res.body.protocol });
    expect(event.details).toMatchObject({ receiverName: "Maria da Silva", receiverDocument: body.receiverDocument, proofContentType: "image/png", proofBytes: PNG.length });
    // NT 2020.007: the authority receives the hash of key + proof base64, never the file.
    expect(event.requestXml).toContain(`<hashComprovante>${deliveryProofHash(document.accessKey!, PNG.toString("base64"))}</hashComprovante>`);
    expect(event.requestXml).toContain("<cOrgao>91</cOrgao>");
    expect(checkXmlSchema(event.responseXml!, "nfe/procEventoEntregaNFe_v1.00.xsd")).toEqual({ valid: true });

    const blockedCancel = await cancel(document.id);
    expect(blockedCancel.status).toBe(422);
    expect(blockedCancel.body.code).toBe("delivery_receipt_registered");
    const second = await register(document.id, receipt());
    expect(second.status).toBe(422);
    expect(second.body.code).toBe("delivery_receipt_registered");

    const removed = await unregister(document.id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ success: true, message: expect.any(String), protocol: expect.stringMatching(/^\d{15}$/), sequence: 1 });
    const afterDelete = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(afterDelete.deliveryReceiptActive).toBe(false);
    const cancellation = afterDelete.events.find((e) => e.kind === "DELIVERY_RECEIPT_CANCELLATION")!;
    expect(cancellation.requestXml).toContain(`<nProtEvento>${res.body.protocol}</nProtEvento>`);

    const again = await register(document.id, receipt({ proof: { contentType: "image/jpeg", base64: JPEG.toString("base64") } }));
    expect(again.status, again.text).toBe(200);
    expect(again.body.sequence).toBe(2);
    expect((await unregister(document.id)).body.sequence).toBe(2);
    expect((await cancel(document.id)).status).toBe(200);
  });

  it("DELETE without a registered receipt answers 422 delivery_receipt_missing", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const res = await unregister(document.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("delivery_receipt_missing");
  });

  it("checks the proof by its magic bytes and size (422 invalid_proof)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const cases = [
      { contentType: "image/jpeg", base64: PNG.toString("base64") },
      { contentType: "application/pdf", base64: PNG.toString("base64") },
      { contentType: "image/png", base64: "@@not-base64@@" },
      { contentType: "image/png", base64: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]).toString("base64") },
    ];
    for (const proof of cases) {
      const res = await register(document.id, receipt({ proof }));
      expect(res.status, proof.contentType).toBe(422);
      expect(res.body.code).toBe("invalid_proof");
    }
    const pdf = await register(document.id, receipt({ proof: { contentType: "application/pdf", base64: Buffer.from("%PDF-1.4\n1 0 obj").toString("base64") } }));
    expect(pdf.status, pdf.text).toBe(200);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).deliveryReceiptActive).toBe(true);
  });

  it("accepts a body over the default limit but refuses one over the route's (413)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const rawBody = JSON.stringify(receipt({ proof: { contentType: "image/png", base64: "A".repeat(5 * 1024 * 1024) } }));
    const res = await call(receiptRoute, { method: "POST", path: path(document.id), key: fixture.company.key, rawBody, params: { id: document.id } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });

  it("validates deliveredAt with offset, receiver document check digits and content type (400)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const bad = [
      { deliveredAt: "2026-11-21T10:00:00" },
      { deliveredAt: "21/11/2026" },
      { receiverDocument: "12345678900" },
      { receiverDocument: "11222333000180" },
      { receiverName: "" },
      { proof: { contentType: "image/gif", base64: PNG.toString("base64") } },
      { deliveredAt: new Date(Date.now() + 86_400_000).toISOString() },
      { deliveredAt: new Date(Date.now() - 86_400_000).toISOString() },
    ];
    for (const override of bad) {
      const res = await register(document.id, receipt(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    const formatted = await register(document.id, receipt({ receiverDocument: "11.222.333/0001-81", deliveredAt: new Date().toISOString() }));
    expect(formatted.status, formatted.text).toBe(200);
  });

  it("applies to authorized NF-e only", async () => {
    const nfce = await authorizedDocument(fixture.company.companyId, { type: "NFCE" });
    const res = await register(nfce.id, receipt());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("delivery_receipt_not_allowed");
    const document = await authorizedDocument(fixture.company.companyId);
    expect((await cancel(document.id)).status).toBe(200);
    const cancelled = await register(document.id, receipt());
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.code).toBe("invalid_status");
    const other = await createTestCompany();
    expect((await register(document.id, receipt(), other.key)).status).toBe(404);
  });

  it("after an answer lost in a timeout, the resend (573 duplicate) takes the receipt the authority registered, and it can be cancelled", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    // The national environment registers the receipt, then its answer arrives after our client gave up.
    process.env.AUTHORITY_TIMEOUT_MS = "800";
    resetEnvCache();
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 1_500 }, times: 1 });
    try {
      const lost = await register(document.id, receipt());
      expect(lost.status).toBe(503);
      expect(lost.body.code).toBe("authority_unavailable");
    } finally {
      delete process.env.AUTHORITY_TIMEOUT_MS;
      resetEnvCache();
    }
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).deliveryReceiptActive).toBe(false);
    const held = await db.simulatorEvent.findFirstOrThrow({ where: { document: { accessKey: document.accessKey! }, eventType: "110130" } });

    const retried = await register(document.id, receipt());
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ success: true, protocol: held.protocol, sequence: 1 });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored.deliveryReceiptActive).toBe(true);
    const event = stored.events.find((e) => e.kind === "DELIVERY_RECEIPT")!;
    expect(event).toMatchObject({ outcome: "AUTHORIZED", protocol: held.protocol, reason: expect.stringContaining("earlier attempt") });
    // The legal record is what the authority registered: the earlier attempt's signed event in its procEventoNFe.
    expect(checkXmlSchema(event.responseXml!, "nfe/procEventoEntregaNFe_v1.00.xsd")).toEqual({ valid: true });
    expect(event.responseXml).toContain(`<nProt>${held.protocol}</nProt>`);

    const lifted = await unregister(document.id);
    expect(lifted.status, lifted.text).toBe(200);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).deliveryReceiptActive).toBe(false);
  });

  it("answers 422 authority_rejected when the national environment refuses", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "reject", cStat: "580", reason: "Rejeicao: evento exige NF-e autorizada" }, times: 1 });
    const res = await register(document.id, receipt());
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "authority_rejected", message: "580 - Rejeicao: evento exige NF-e autorizada" });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).deliveryReceiptActive).toBe(false);
  });
});
