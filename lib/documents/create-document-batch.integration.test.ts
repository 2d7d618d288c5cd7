import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as batch } from "@/app/v1/fiscal-documents/batch/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { createEmittingCompany, draftBody, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { companyWithClient } from "./testing/fixtures";

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

const post = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  call(batch, { method: "POST", path: "/v1/fiscal-documents/batch", key, body, headers });

describe("POST /v1/fiscal-documents/batch", () => {
  it("creates the 47 valid documents of 50 and emits them numbered in the given order", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const invalid = new Set([4, 20, 49]);
    const documents = Array.from({ length: 50 }, (_, index) =>
      invalid.has(index)
        ? index === 4
          ? draftBody({ items: [] })
          : index === 20
            ? draftBody({ clientId: "nope", client: undefined })
            : { type: "NFE" }
        : draftBody({ externalId: `PED-${index}` }),
    );
    const res = await post(company.key, { documents, emit: true });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { index: number }) => r.index)).toEqual(documents.map((_, i) => i));
    for (const index of invalid) {
      const item = res.body.results[index];
      expect(item.status, `item ${index}`).toBeGreaterThanOrEqual(400);
      expect(item.error).toMatchObject({ statusCode: item.status, code: expect.any(String) });
    }
    expect(res.body.results[4].error.message).toContain("documents.4.items");
    const created = res.body.results.filter((r: { status: number }) => r.status === 201);
    expect(created).toHaveLength(47);
    expect(created.every((r: { document: { status: string } }) => r.document.status === "PROCESSING")).toBe(true);
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(47);

    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const stored = await db.fiscalDocument.findMany({ where: { companyId: company.companyId }, select: { externalId: true, number: true, status: true } });
    expect(stored.every((d) => d.status === "AUTHORIZED")).toBe(true);
    const numberOf = new Map(stored.map((d) => [d.externalId, d.number]));
    const inOrder = created.map((r: { index: number }) => numberOf.get(`PED-${r.index}`));
    expect(inOrder).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });

  it("refuses more than 50 documents or an empty list, applies externalId and Idempotency-Key per batch", async () => {
    const company = await companyWithClient();
    expect((await post(company.key, { documents: [] })).status).toBe(400);
    const tooMany = await post(company.key, { documents: Array.from({ length: 51 }, () => company.base()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain("50");
    const body = { documents: [company.base({ externalId: "A" }), company.base({ externalId: "A" })] };
    const first = await post(company.key, body, { "idempotency-key": "batch-1" });
    expect(first.body.results.map((r: { status: number }) => r.status)).toEqual([201, 409]);
    expect(first.body.results[1].error.code).toBe("duplicate_external_id");
    const replay = await post(company.key, body, { "idempotency-key": "batch-1" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(1);
  });

  it("counts each document against the rate limit: items past it answer 429", async () => {
    process.env.API_RATE_LIMIT = "3";
    resetEnvCache();
    try {
      const company = await companyWithClient();
      const res = await post(company.key, { documents: Array.from({ length: 5 }, () => company.base()) });
      expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201, 429, 429]);
      expect(res.body.results[3].error.code).toBe("rate_limited");
    } finally {
      delete process.env.API_RATE_LIMIT;
      resetEnvCache();
    }
  });
});
