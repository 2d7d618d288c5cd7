import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestCompany } from "@/test/factories";
import { defineContract } from "@/lib/contracts/contract";
import { handle } from "./handle";
import { DELETE as deleteDraft } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { companyWithClient, item } from "@/lib/documents/testing/fixtures";
import { db } from "@/test/factories";
import { call } from "@/test/http";

const post = (key: string, body: unknown, idempotencyKey?: string) =>
  call(create, { method: "POST", path: "/v1/fiscal-documents", key, body, headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey } });

describe("Idempotency-Key on /v1 writes", () => {
  it("runs concurrent repeats of one key once: one document, the others 409 in use or the same answer replayed", async () => {
    const company = await companyWithClient();
    const { client } = company;
    const body = { type: "NFE", clientId: client.id, items: [item()] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(company.key, body, "order-4711")));
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(1);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    for (const other of answers.filter((a) => a.status !== 201)) {
      expect(other.status).toBe(409);
      expect(other.body.code).toBe("idempotency_key_in_use");
    }
    // Once finished, a repeat answers the stored answer, marked as replayed.
    const repeat = await post(company.key, body, "order-4711");
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body).toEqual(created[0]!.body);
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("refuses the same key with another body with 422 idempotency_key_reused", async () => {
    const company = await companyWithClient();
    const { client } = company;
    const first = await post(company.key, { type: "NFE", clientId: client.id, items: [item()] }, "k-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const other = await post(company.key, { type: "NFE", clientId: client.id, items: [item({ quantity: 2 })] }, "k-1");
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("keeps keys apart per API key and company, stores 4xx answers of a run, and not invalid input", async () => {
    const a = await companyWithClient();
    const b = await companyWithClient();
    expect((await post(a.key, { type: "NFE", clientId: a.client.id, items: [item()] }, "same")).status).toBe(201);
    expect((await post(b.key, { type: "NFE", clientId: b.client.id, items: [item()] }, "same")).status).toBe(201);
    // Refused by the domain (another company's client): stored and replayed.
    const refused = await post(a.key, { type: "NFE", clientId: b.client.id, items: [item()] }, "refused");
    expect(refused.status).toBe(422);
    const again = await post(a.key, { type: "NFE", clientId: b.client.id, items: [item()] }, "refused");
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // Invalid input never runs, so nothing is stored: the same key then works with a valid body.
    expect((await post(a.key, { type: "NFE", items: [] }, "fresh")).status).toBe(400);
    expect((await post(a.key, { type: "NFE", clientId: a.client.id, items: [item()] }, "fresh")).status).toBe(201);
  });

  it("validates the header: 1 to 255 printable ASCII characters", async () => {
    const company = await companyWithClient();
    const { client } = company;
    const body = { type: "NFE", clientId: client.id, items: [item()] };
    for (const bad of ["", "x".repeat(256), "chave-çã", "tab\there"]) {
      const res = await post(company.key, body, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toContain("Idempotency-Key");
    }
    expect((await post(company.key, body, "x".repeat(255))).status).toBe(201);
  });

  it("applies to DELETE: a repeated delete replays its 204", async () => {
    const company = await companyWithClient();
    const { client } = company;
    const created = await post(company.key, { type: "NFE", clientId: client.id, items: [item()] });
    const remove = () => call(deleteDraft, { method: "DELETE", path: `/v1/fiscal-documents/${created.body.id}`, params: { id: created.body.id }, key: company.key, headers: { "idempotency-key": "del-1" } });
    expect((await remove()).status).toBe(204);
    const repeat = await remove();
    expect(repeat.status).toBe(204);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
  });

  it("takes over an expired record", async () => {
    const company = await companyWithClient();
    const { client } = company;
    const body = { type: "NFE", clientId: client.id, items: [item()] };
    expect((await post(company.key, body, "old")).status).toBe(201);
    await db.idempotencyRecord.updateMany({ where: { key: "old" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const fresh = await post(company.key, body, "old");
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(2);
  });

  it("does not store a 5xx answer: the retry runs again", async () => {
    const company = await createTestCompany();
    let runs = 0;
    const contract = defineContract({ method: "POST", path: "/v1/test-flaky", summary: "test", tag: "Test", scope: "clients:write", body: z.object({ n: z.number() }), successStatus: 201 });
    const flaky = handle(contract, async () => {
      runs += 1;
      if (runs === 1) throw new Error("database went away");
      return { runs };
    });
    const send = () => call(flaky, { method: "POST", path: "/v1/test-flaky", key: company.key, body: { n: 1 }, headers: { "idempotency-key": "retry-me" } });
    expect((await send()).status).toBe(500);
    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual({ runs: 2 });
    expect((await send()).body).toEqual({ runs: 2 });
    expect(runs).toBe(2);
  });
});
