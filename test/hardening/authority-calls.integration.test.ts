import { describe, expect, it } from "vitest";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { DELETE as deleteReceiptRoute, POST as receiptRoute } from "@/app/v1/fiscal-documents/[id]/delivery-receipt/route";
import { POST as inutilizeRoute } from "@/app/v1/fiscal-inutilizations/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { db } from "@/test/factories";
import { claimsInFlight, lockRowsNowait, waitForClaims, waitForIntents, withCompanyCallLimit } from "@/test/authority-call-bound";
import { failNextEventRecord } from "@/test/fail-next-event-record";
import { call } from "@/test/http";

// Issue 16, "No drift" and "No connection or row lock held across an authority call".
// A generous timeout: the bound test holds answers for 1.2 s and must not see them time out on a busy machine.
const fixture = simulatorCompanyFixture({ authorityTimeoutMs: 8_000 });
const key = () => fixture.company.key;
const correct = (id: string, correction: string) =>
  call(correctionRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/correction-letter`, key: key(), body: { correction }, params: { id } });
const receiptPath = (id: string) => `/v1/fiscal-documents/${id}/delivery-receipt`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const receipt = () => ({
  // Now, written in Brasília's offset (the delivery cannot precede the issue).
  deliveredAt: new Date(Date.now() - 3 * 3_600_000).toISOString().replace("Z", "-03:00"),
  receiverName: "Maria da Silva",
  receiverDocument: "52998224725",
  proof: { contentType: "image/png", base64: PNG.toString("base64") },
});

async function authorityEvents(accessKey: string, eventType: string) {
  return db.simulatorEvent.findMany({ where: { document: { accessKey }, eventType }, orderBy: { sequence: "asc" }, select: { sequence: true, protocol: true } });
}

describe("no drift with the authority", () => {
  it("a correction letter registered by the authority whose record failed is adopted by the next call", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await failNextEventRecord(document.id);
    const first = "Onde se le volume 1, leia-se volumes 2 (duas caixas)";
    const failed = await correct(document.id, first);
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe("internal_error");
    expect(await authorityEvents(document.accessKey!, "110110")).toHaveLength(1);
    expect(await db.documentEvent.count({ where: { documentId: document.id, kind: "CORRECTION_LETTER" } })).toBe(0);

    const second = "Onde se le peso 10 kg, leia-se peso 12 kg";
    const next = await correct(document.id, second);
    expect(next.status, next.text).toBe(200);
    expect(next.body.sequence).toBe(2);
    const ours = await db.documentEvent.findMany({ where: { documentId: document.id, kind: "CORRECTION_LETTER" }, orderBy: { sequence: "asc" } });
    const theirs = await authorityEvents(document.accessKey!, "110110");
    // Each sequence holds the text the authority registered under it, with its protocol.
    expect(ours.map((e) => [e.sequence, e.protocol, (e.details as { correction: string }).correction])).toEqual([
      [1, theirs[0]!.protocol, first],
      [2, theirs[1]!.protocol, second],
    ]);
  });

  it("a delivery receipt registered by the authority whose record failed is adopted on the retry, and can then be cancelled", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await failNextEventRecord(document.id);
    const params = { id: document.id };
    const failed = await call(receiptRoute, { method: "POST", path: receiptPath(document.id), key: key(), body: receipt(), params });
    expect(failed.status).toBe(500);
    const retry = await call(receiptRoute, { method: "POST", path: receiptPath(document.id), key: key(), body: receipt(), params });
    expect(retry.status, retry.text).toBe(200);
    const [held] = await authorityEvents(document.accessKey!, "110130");
    expect(retry.body).toMatchObject({ sequence: 1, protocol: held!.protocol });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).deliveryReceiptActive).toBe(true);
    const removed = await call(deleteReceiptRoute, { method: "DELETE", path: receiptPath(document.id), key: key(), params });
    expect(removed.status, removed.text).toBe(200);
  });
});

describe("authority calls hold no connection or lock, and are bounded per company", () => {
  it("answers 429 above AUTHORITY_CALLS_PER_COMPANY while the documents' rows stay unlocked during the calls", async () => {
    const companyId = fixture.company.companyId;
    await withCompanyCallLimit(2, async () => {
      const documents = [];
      for (let i = 0; i < 3; i++) documents.push(await authorizedDocument(companyId));
      fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 2_000, beforeProcessing: true }, times: 3 });
      const calls = documents.map((document, index) => correct(document.id, `Correcao em paralelo numero ${index} do pedido`));
      // Wait until two calls are in flight (each holds only its claim row and has committed its intent), the third refused.
      await waitForClaims(companyId, 2, 1000);
      await waitForIntents(documents.map((d) => d.id), 2);
      // While the authority holds the answers, nobody holds the documents' rows.
      expect(await lockRowsNowait(documents.map((d) => d.id))).toBe(3);
      expect(await claimsInFlight(companyId)).toBe(2);
      const results = await Promise.all(calls);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 429]);
      const limited = results.find((r) => r.status === 429)!;
      expect(limited.body.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await claimsInFlight(companyId)).toBe(0);
    });
  });

  it("parallel inutilizations of one range end with one record and one outcome", async () => {
    // Numbers the series never handed out: advanceSeries skips it past them (issue 34 item 3).
    const body = { series: 61, startNumber: 500, endNumber: 505, justification: "Numeracao pulada por falha no ERP", advanceSeries: true };
    const results = await Promise.all(Array.from({ length: 8 }, () => call(inutilizeRoute, { method: "POST", path: "/v1/fiscal-inutilizations", key: key(), body })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 422), statuses.join(",")).toBe(true);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.code === "inutilization_range_in_use")).toBe(true);
    const records = await db.inutilization.findMany({ where: { companyId: fixture.company.companyId, series: 61 } });
    expect(records.map((r) => r.status)).toEqual(["AUTHORIZED"]);
    expect(records[0]!.protocol).toMatch(/^\d{15}$/);
    expect(await db.domainEvent.count({ where: { companyId: fixture.company.companyId, type: "document.inutilized", inutilizationId: records[0]!.id } })).toBe(1);
  });
});
