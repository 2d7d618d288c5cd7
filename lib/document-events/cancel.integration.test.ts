import { describe, expect, it } from "vitest";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/nfe";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { authorizedDocument } from "./testing/authorized-document";

const fixture = simulatorCompanyFixture();

const JUSTIFICATION = "Pedido cancelado pelo cliente antes da entrega";
const cancel = (id: string, body: unknown, key = fixture.company.key) =>
  call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key, body, params: { id } });

describe("POST /v1/fiscal-documents/{id}/cancel", () => {
  it("cancels an authorized NF-e: status, reason, date, protocol, event with procEventoNFe and document.cancelled", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const res = await cancel(document.id, { justification: JUSTIFICATION });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String) });

    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored.status).toBe("CANCELLED");
    expect(stored.cancellationReason).toBe(JUSTIFICATION);
    expect(stored.cancellationDate).toBeInstanceOf(Date);
    expect(stored.cancellationProtocol).toMatch(/^\d{15}$/);
    const event = stored.events.find((e) => e.kind === "CANCELLATION");
    expect(event).toMatchObject({ eventCode: "110111", sequence: 1, outcome: "AUTHORIZED", cStat: "135", protocol: stored.cancellationProtocol });
    expect(event?.requestXml).toContain(`<nProt>${document.protocolNumber}</nProt>`);
    expect(checkXmlSchema(event!.responseXml!, "nfe/procEventoCancNFe_v1.00.xsd")).toEqual({ valid: true });
    const outcomes = await db.domainEvent.findMany({ where: { documentId: document.id }, orderBy: { createdAt: "asc" } });
    expect(outcomes.map((o) => o.type)).toEqual(["document.authorized", "document.cancelled"]);
    expect(outcomes[1]?.data).toMatchObject({ cancellationReason: JUSTIFICATION });

    const again = await cancel(document.id, { justification: JUSTIFICATION });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("invalid_status");
  });

  it("validates the justification length (15-255) with 400 validation_error", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    for (const justification of ["a".repeat(14), "a".repeat(256), undefined]) {
      const res = await cancel(document.id, { justification });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toContain("body.justification");
    }
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
  });

  it("refuses a document that is not AUTHORIZED with 422 invalid_status", async () => {
    const draft = await db.fiscalDocument.findFirstOrThrow({ where: { companyId: fixture.company.companyId, status: "AUTHORIZED" } });
    await db.fiscalDocument.update({ where: { id: draft.id }, data: { status: "REJECTED" } });
    const res = await cancel(draft.id, { justification: JUSTIFICATION });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_status");
  });

  it("refuses after the legal deadline: NF-e 24 h, NFC-e 30 min (422 cancel_deadline_expired)", async () => {
    const nfe = await authorizedDocument(fixture.company.companyId);
    await db.fiscalDocument.update({ where: { id: nfe.id }, data: { authorizationDate: new Date(Date.now() - 24 * 3600_000 - 60_000) } });
    const late = await cancel(nfe.id, { justification: JUSTIFICATION });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe("cancel_deadline_expired");

    const nfce = await authorizedDocument(fixture.company.companyId, { type: "NFCE" });
    await db.fiscalDocument.update({ where: { id: nfce.id }, data: { authorizationDate: new Date(Date.now() - 31 * 60_000) } });
    const lateNfce = await cancel(nfce.id, { justification: JUSTIFICATION });
    expect(lateNfce.status).toBe(422);
    expect(lateNfce.body.code).toBe("cancel_deadline_expired");

    const inTime = await authorizedDocument(fixture.company.companyId, { type: "NFCE" });
    await db.fiscalDocument.update({ where: { id: inTime.id }, data: { authorizationDate: new Date(Date.now() - 29 * 60_000) } });
    expect((await cancel(inTime.id, { justification: JUSTIFICATION })).status).toBe(200);
  });

  it("answers 422 authority_rejected with 'cStat - xMotivo' when the authority refuses, keeping the document", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "reject", cStat: "241", reason: "Rejeicao: Um numero da faixa ja foi utilizado" }, times: 1 });
    const res = await cancel(document.id, { justification: JUSTIFICATION });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("authority_rejected");
    expect(res.body.message).toMatch(/^241 - /);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored.status).toBe("AUTHORIZED");
    expect(stored.events.find((e) => e.kind === "CANCELLATION")).toMatchObject({ outcome: "REJECTED", cStat: "241", protocol: null });
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.cancelled" } })).toBe(0);
  });

  it("answers 503 authority_unavailable when the authority cannot be reached", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "http_500" } });
    const res = await cancel(document.id, { justification: JUSTIFICATION });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("authority_unavailable");
    // The authority's SOAP Fault text reaches the API answer.
    expect(res.body.message).toContain("SOAP fault: Simulated internal server error");
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
  });

  it("follows the authority when a lost answer had cancelled it: the retry (573 duplicate event) completes the cancellation", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 3_000 }, times: 1 });
    const lost = await cancel(document.id, { justification: JUSTIFICATION });
    expect(lost.status).toBe(503);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
    const held = await db.simulatorEvent.findFirstOrThrow({ where: { document: { accessKey: document.accessKey! }, eventType: "110111" } });
    const retry = await cancel(document.id, { justification: JUSTIFICATION });
    expect(retry.status, retry.text).toBe(200);
    // The retry's 573 is resolved by consulting the key: the cancellation the authority holds, with its protocol.
    expect(retry.body.message).toContain(held.protocol);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored).toMatchObject({ status: "CANCELLED", cancellationReason: JUSTIFICATION, cancellationProtocol: held.protocol });
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.cancelled" } })).toBe(1);
  });

  it("treats another company's document as not found and needs documents:write", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const other = await createTestCompany();
    const res = await cancel(document.id, { justification: JUSTIFICATION }, other.key);
    expect(res.status).toBe(404);
    const reader = await createTestCompany({ scopes: ["documents:read"] });
    const forbidden = await cancel(document.id, { justification: JUSTIFICATION }, reader.key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("insufficient_scope");
  });
});
