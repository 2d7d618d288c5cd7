import { describe, expect, it } from "vitest";
import { POST as emit } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { resetEnvCache } from "@/lib/config/env";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { EMIT_DOCUMENT_FUNCTION_ID } from "./events";
import { MAX_PENDING_EMISSIONS_PER_COMPANY } from "./limits";
import { createEmittingCompany, draftBody } from "./testing/emission-fixtures";

// A stored draft as the documents engine leaves it; the route only reads status, type and series.
async function draft(companyId: string, data: { type?: "NFE" | "NFCE" | "NFSE"; status?: "DRAFT" | "REJECTED" | "PROCESSING" | "AUTHORIZED" | "CANCELLED" } = {}) {
  return db.fiscalDocument.create({
    data: {
      companyId,
      type: data.type ?? "NFE",
      status: data.status ?? "DRAFT",
      environment: "HOMOLOGATION",
      clientSnapshot: { name: "Cliente" },
      operationNature: "Venda de mercadoria",
      issueDateTime: new Date("2026-01-01T12:00:00Z"),
      productsTotal: "10.00",
      totalValue: "10.00",
      taxTotals: {},
    },
  });
}

const emitCall = (key: string, id: string, body?: unknown) =>
  call(emit, { method: "POST", path: `/v1/fiscal-documents/${id}/emit`, key, params: { id }, body });

/** Runs `work` with Inngest configured at a closed port: every event send fails. */
async function withUnreachableInngest<T>(work: () => Promise<T>): Promise<T> {
  process.env.INNGEST_EVENT_KEY = "test-event-key";
  process.env.INNGEST_BASE_URL = "http://127.0.0.1:9";
  resetEnvCache();
  try {
    return await work();
  } finally {
    delete process.env.INNGEST_EVENT_KEY;
    delete process.env.INNGEST_BASE_URL;
    resetEnvCache();
  }
}

describe("POST /v1/fiscal-documents/{id}/emit", () => {
  it("answers 202 with the run id, moves the draft to PROCESSING and records the run", async () => {
    const company = await createEmittingCompany();
    const document = await draft(company.companyId);
    const res = await emitCall(company.key, document.id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ documentId: document.id, status: "PROCESSING", runId: expect.any(String), message: expect.any(String) });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored.status).toBe("PROCESSING");
    expect(stored.runId).toBe(res.body.runId);
    const run = await db.backgroundRun.findUniqueOrThrow({ where: { id: res.body.runId } });
    expect(run).toMatchObject({ functionId: EMIT_DOCUMENT_FUNCTION_ID, status: "QUEUED", companyId: company.companyId, documentId: document.id });
    expect(run.concurrencyKey).toBe(`${company.companyId}:55:1:HOMOLOGATION`);
    expect(run.eventData).toMatchObject({ companyId: company.companyId, documentId: document.id, runId: res.body.runId });
  });

  it("accepts a null body or an explicit issueDateTime, and re-emits a REJECTED document", async () => {
    const company = await createEmittingCompany();
    const a = await draft(company.companyId);
    expect((await emitCall(company.key, a.id, null)).status).toBe(202);
    const b = await draft(company.companyId, { status: "REJECTED" });
    const res = await emitCall(company.key, b.id, { issueDateTime: "2026-11-21T09:30:00-03:00" });
    expect(res.status).toBe(202);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: b.id } });
    expect(stored.issueDateTime.toISOString()).toBe("2026-11-21T12:30:00.000Z");
    expect((await emitCall(company.key, b.id, { issueDateTime: "yesterday" })).status).toBe(400);
  });

  it("answers 404 for an unknown id or another company's document", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const document = await draft(a.companyId);
    const res = await emitCall(b.key, document.id);
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
    expect((await emitCall(b.key, "nope")).status).toBe(404);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("DRAFT");
  });

  it("answers 422 invalid_status naming the status for anything but DRAFT/REJECTED, and twice in a row", async () => {
    const company = await createEmittingCompany();
    for (const status of ["PROCESSING", "AUTHORIZED", "CANCELLED"] as const) {
      const document = await draft(company.companyId, { status });
      const res = await emitCall(company.key, document.id);
      expect(res.status, status).toBe(422);
      expect(res.body.code).toBe("invalid_status");
      expect(res.body.message).toContain(status);
    }
    const document = await draft(company.companyId);
    const [first, second] = await Promise.all([emitCall(company.key, document.id), emitCall(company.key, document.id)]);
    expect([first.status, second.status].sort()).toEqual([202, 422]);
    expect(await db.backgroundRun.count({ where: { documentId: document.id } })).toBe(1);
  });

  it("checks the NFS-e prerequisites for an NFSE: 422 fiscal_settings_incomplete naming the IM", async () => {
    const company = await createEmittingCompany();
    const document = await draft(company.companyId, { type: "NFSE" });
    const res = await emitCall(company.key, document.id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "fiscal_settings_incomplete", message: expect.stringContaining("municipal registration (IM)") });
  });

  it("answers 429 rate_limited when the company has too many emissions queued", async () => {
    const company = await createEmittingCompany();
    await db.backgroundRun.createMany({
      data: Array.from({ length: MAX_PENDING_EMISSIONS_PER_COMPANY }, () => ({ functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: "x", eventData: {}, companyId: company.companyId })),
    });
    const document = await draft(company.companyId);
    const res = await emitCall(company.key, document.id);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("rate_limited");
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("DRAFT");
    // Another company is not affected.
    const other = await createEmittingCompany();
    expect((await emitCall(other.key, (await draft(other.companyId)).id)).status).toBe(202);
  });

  it("refuses a key without documents:write", async () => {
    const company = await createTestCompany({ scopes: ["documents:read"] });
    const res = await emitCall(company.key, (await draft(company.companyId)).id);
    expect(res.status).toBe(403);
  });

  it("answers 503 service_unavailable when Inngest cannot take the event, leaving the draft untouched", async () => {
    const company = await createEmittingCompany();
    const document = await draft(company.companyId);
    const res = await withUnreachableInngest(() => emitCall(company.key, document.id));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("service_unavailable");
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("DRAFT");
    expect(await db.backgroundRun.count({ where: { documentId: document.id } })).toBe(0);
  });

  it("create with emit true answers 503 when Inngest cannot take the event, and writes nothing (no document, no run, no new client)", async () => {
    const company = await createEmittingCompany();
    const body = draftBody({ emit: true, client: { ...draftBody().client, name: "Cliente Novo Ltda", document: "11222333000181" } });
    const res = await withUnreachableInngest(() => call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body }));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("service_unavailable");
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(0);
    expect(await db.backgroundRun.count({ where: { companyId: company.companyId } })).toBe(0);
    expect(await db.client.count({ where: { companyId: company.companyId, document: "11222333000181" } })).toBe(0);
  });

  it("answers 422 with the prerequisite's code when the company cannot emit yet", async () => {
    const company = await createTestCompany();
    const document = await draft(company.companyId);
    const res = await emitCall(company.key, document.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("certificate_missing");
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("DRAFT");
  });
});
