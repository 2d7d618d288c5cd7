import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { EMIT_DOCUMENT_FUNCTION_ID } from "@/lib/emission/events";
import { MAX_PENDING_EMISSIONS_PER_COMPANY } from "@/lib/emission/limits";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { makeClient } from "./testing/fixtures";
import { summarizeDocument } from "./serialize-document";

// A create after the first composes from the company and recipient the last
// one read and writes in one statement that checks they are unchanged
// (creation-state-cache.ts): what changed in between must show on the next
// document, and the emission load must still refuse.

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });

describe("POST /v1/fiscal-documents from the last create's company and recipient", () => {
  it("composes from the company as it is now when it changed since the last create", async () => {
    const company = await createEmittingCompany();
    const natureOf = async (res: { body: { id: string } }) => (await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } })).operationNature;
    // The first create also creates the inline client; the second reads it and is remembered.
    for (let i = 0; i < 2; i++) {
      const before = await post(company.key, draftBody());
      expect(before.status).toBe(201);
      expect(await natureOf(before)).not.toBe("REMESSA PARA TESTE");
    }
    await db.company.update({ where: { id: company.companyId }, data: { defaultOperationNature: "REMESSA PARA TESTE" } });
    const second = await post(company.key, draftBody());
    expect(second.status).toBe(201);
    expect(await natureOf(second)).toBe("REMESSA PARA TESTE");
    expect(await natureOf(await post(company.key, draftBody()))).toBe("REMESSA PARA TESTE");
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(4);
  });

  it("answers the summary of the document as stored, without reading it back (first create, later ones, emit or not)", async () => {
    const company = await createEmittingCompany();
    for (const emit of [false, true, true, false]) {
      const res = await post(company.key, { ...draftBody({ emit }), externalId: emit ? undefined : `ext-${Math.random()}` });
      expect(res.status).toBe(201);
      const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(res.body).toEqual(summarizeDocument(stored, { runId: stored.runId }));
      expect(res.body.status).toBe(emit ? "PROCESSING" : "DRAFT");
    }
    const client = await makeClient(company.companyId, { name: "Registrado Ltda" });
    for (let i = 0; i < 2; i++) {
      const res = await post(company.key, { ...draftBody({ emit: true }), client: undefined, clientId: client.id });
      const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(res.body).toEqual(summarizeDocument(stored, { runId: stored.runId }));
    }
  });

  it("composes from the recipient as it is now when the client changed", async () => {
    const company = await createEmittingCompany();
    const client = await makeClient(company.companyId, { name: "Antes Ltda" });
    const body = { ...draftBody(), client: undefined, clientId: client.id };
    expect((await post(company.key, body)).body.client).toMatchObject({ name: "Antes Ltda" });
    await db.client.update({ where: { id: client.id }, data: { name: "Depois Ltda" } });
    expect((await post(company.key, body)).body.client).toMatchObject({ name: "Depois Ltda" });
    await db.client.delete({ where: { id: client.id } });
    const gone = await post(company.key, body);
    expect(gone.status).toBe(422);
    expect(gone.body.code).toBe("invalid_client");
  });

  it("answers 429 rate_limited when the emissions in flight reached the limit since the last create, and writes nothing", async () => {
    const company = await createEmittingCompany();
    for (let i = 0; i < 2; i++) expect((await post(company.key, draftBody({ emit: true }))).status).toBe(201);
    await db.backgroundRun.createMany({
      data: Array.from({ length: MAX_PENDING_EMISSIONS_PER_COMPANY }, () => ({ functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: "x", eventData: {}, companyId: company.companyId })),
    });
    const refused = await post(company.key, draftBody({ emit: true }));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(2);
    // A draft is not an emission: it is still created.
    expect((await post(company.key, draftBody())).status).toBe(201);
  });
});
