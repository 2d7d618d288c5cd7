import { describe, expect, it } from "vitest";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/nfe";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { authorizedDocument } from "./testing/authorized-document";

const fixture = simulatorCompanyFixture();

const TEXT = "Onde se le volume 1, leia-se volumes 2 (duas caixas)";
const correct = (id: string, body: unknown, key = fixture.company.key) =>
  call(correctionRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/correction-letter`, key, body, params: { id } });

describe("POST /v1/fiscal-documents/{id}/correction-letter", () => {
  it("registers letters with consecutive sequences and returns the protocol", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const first = await correct(document.id, { correction: TEXT });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ success: true, sequence: 1, protocol: expect.stringMatching(/^\d{15}$/) });
    const second = await correct(document.id, { correction: `${TEXT} e peso 10 kg` });
    expect(second.status).toBe(200);
    expect(second.body.sequence).toBe(2);
    expect(second.body.protocol).not.toBe(first.body.protocol);

    const events = await db.documentEvent.findMany({ where: { documentId: document.id, kind: "CORRECTION_LETTER" }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => [e.eventCode, e.sequence, e.outcome, e.protocol])).toEqual([
      ["110110", 1, "AUTHORIZED", first.body.protocol],
      ["110110", 2, "AUTHORIZED", second.body.protocol],
    ]);
    expect(events[0]?.requestXml).toContain(`<xCorrecao>${TEXT}</xCorrecao>`);
    expect(checkXmlSchema(events[1]!.responseXml!, "nfe/procCCeNFe_v1.00.xsd")).toEqual({ valid: true });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
  });

  it("validates the text length (15-1000) with 400 validation_error", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    for (const correction of ["x".repeat(14), "x".repeat(1001), 42]) {
      const res = await correct(document.id, { correction });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toContain("body.correction");
    }
  });

  it("refuses NFS-e (correction_not_allowed), non-authorized (invalid_status) and cancelled documents", async () => {
    const draft = await createDraft(fixture.company.companyId);
    const res = await correct(draft.id, { correction: TEXT });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_status");

    // An NFS-e never takes a CC-e, whatever its state (api.md rule 2).
    const nfse = await authorizedDocument(fixture.company.companyId);
    await db.fiscalDocument.update({ where: { id: nfse.id }, data: { type: "NFSE" } });
    const refused = await correct(nfse.id, { correction: TEXT });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("correction_not_allowed");

    const cancelled = await authorizedDocument(fixture.company.companyId);
    await db.fiscalDocument.update({ where: { id: cancelled.id }, data: { status: "CANCELLED" } });
    expect((await correct(cancelled.id, { correction: TEXT })).body.code).toBe("invalid_status");
  });

  it("accepts an NFC-e, as the spec allows (NFE/NFCE)", async () => {
    const nfce = await authorizedDocument(fixture.company.companyId, { type: "NFCE" });
    const res = await correct(nfce.id, { correction: TEXT });
    expect(res.status, res.text).toBe(200);
    expect(res.body.sequence).toBe(1);
  });

  it("refuses after 30 days from authorization (422 correction_deadline_expired)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await db.fiscalDocument.update({ where: { id: document.id }, data: { authorizationDate: new Date(Date.now() - 30 * 86_400_000 - 60_000) } });
    const res = await correct(document.id, { correction: TEXT });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("correction_deadline_expired");
  });

  it("allows 20 letters and refuses the 21st (422 correction_limit_reached)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    for (let sequence = 1; sequence <= 20; sequence++) {
      const res = await correct(document.id, { correction: `${TEXT} numero ${sequence}` });
      expect(res.status, res.text).toBe(200);
      expect(res.body.sequence).toBe(sequence);
    }
    const res = await correct(document.id, { correction: TEXT });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("correction_limit_reached");
  });

  it("a refused letter does not use up a sequence; 503 when the authority is unreachable", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "reject", cStat: "501", reason: "Rejeicao: Pedido intempestivo" }, times: 1 });
    const refused = await correct(document.id, { correction: TEXT });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "authority_rejected", message: "501 - Rejeicao: Pedido intempestivo" });
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "unavailable" }, times: 1 });
    const down = await correct(document.id, { correction: TEXT });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe("authority_unavailable");
    const ok = await correct(document.id, { correction: TEXT });
    expect(ok.status).toBe(200);
    expect(ok.body.sequence).toBe(1);
  });

  it("after a lost answer, a retry of the same letter adopts the registered sequence with its protocol", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 3_000 }, times: 1 });
    const lost = await correct(document.id, { correction: TEXT });
    expect(lost.status).toBe(503);
    const retry = await correct(document.id, { correction: TEXT });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ sequence: 1, protocol: expect.stringMatching(/^\d{15}$/) });
    const events = await db.documentEvent.findMany({ where: { documentId: document.id, kind: "CORRECTION_LETTER" }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => [e.sequence, e.outcome, e.cStat, e.protocol])).toEqual([[1, "AUTHORIZED", "135", retry.body.protocol]]);
    expect((await correct(document.id, { correction: TEXT })).body.sequence).toBe(2);
  });

  it("after a lost answer, another text keeps the earlier letter under its sequence and takes the next one", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 3_000 }, times: 1 });
    expect((await correct(document.id, { correction: TEXT })).status).toBe(503);
    const other = "Outra correcao enviada depois da resposta perdida";
    const next = await correct(document.id, { correction: other });
    expect(next.status, next.text).toBe(200);
    expect(next.body.sequence).toBe(2);
    const events = await db.documentEvent.findMany({ where: { documentId: document.id, kind: "CORRECTION_LETTER" }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => [e.sequence, e.outcome, (e.details as { correction?: string }).correction, e.protocol !== null])).toEqual([
      [1, "AUTHORIZED", TEXT, true],
      [2, "AUTHORIZED", other, true],
    ]);
  });

  it("treats another company's document as not found", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const other = await createTestCompany();
    expect((await correct(document.id, { correction: TEXT }, other.key)).status).toBe(404);
  });
});
