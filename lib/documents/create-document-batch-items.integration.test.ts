import { describe, expect, it } from "vitest";
import { POST as batch } from "@/app/v1/fiscal-documents/batch/route";
import { resetEnvCache } from "@/lib/config/env";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { companyWithClient, item } from "./testing/fixtures";

// Issue 49, finding 7 (the batch's lows): one item's bad text refused all 50, an item's
// companyId was silently ignored, and an Idempotency-Key kept items refused with 429 for 24 h.

const post = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  call(batch, { method: "POST", path: "/v1/fiscal-documents/batch", key, body, headers });
const statuses = (res: { body: { results: Array<{ status: number }> } }) => res.body.results.map((r) => r.status);

describe("POST /v1/fiscal-documents/batch refuses a bad item alone", () => {
  it("an emoji-only or NUL text, or a companyId, refuses only its item, with the single create's error", async () => {
    const company = await companyWithClient();
    const other = await companyWithClient();
    const documents = [
      company.base(),
      company.base({ items: [item({ description: "😀😀" })] }),
      company.base({ additionalInfo: "linha\u0000nula" }),
      company.base({ companyId: other.companyId }),
      company.base(),
    ];
    const res = await post(company.key, { documents });
    expect(res.status).toBe(200);
    expect(statuses(res)).toEqual([201, 400, 400, 400, 201]);
    expect(res.body.results[1].error).toMatchObject({ code: "validation_error", message: expect.stringContaining("documents.1.items.0.description") });
    expect(res.body.results[2].error.message).toContain("documents.2.additionalInfo: must not contain a NUL");
    expect(res.body.results[3].error.message).toContain("documents.3.companyId: must not be sent");
    expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(2);
    expect(await db.fiscalDocument.count({ where: { companyId: other.companyId } })).toBe(0);
    // The batch's own fields are still checked as a body.
    expect((await post(company.key, { documents: [company.base()], companyId: other.companyId })).status).toBe(400);
  });

  it("an answer with items refused 429 is not kept for its Idempotency-Key: the retry creates those, and only those", async () => {
    process.env.API_RATE_LIMIT = "3";
    resetEnvCache();
    try {
      const company = await companyWithClient();
      const body = { documents: Array.from({ length: 5 }, () => company.base()) };
      const first = await post(company.key, body, { "idempotency-key": "batch-429" });
      expect(statuses(first)).toEqual([201, 201, 201, 429, 429]);

      process.env.API_RATE_LIMIT = "100";
      resetEnvCache();
      const retry = await post(company.key, body, { "idempotency-key": "batch-429" });
      expect(statuses(retry)).toEqual([201, 201, 201, 201, 201]);
      const ids = (res: typeof first) => res.body.results.map((r: { document?: { id: string } }) => r.document?.id);
      expect(ids(retry).slice(0, 3)).toEqual(ids(first).slice(0, 3));
      expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(5);

      const replay = await post(company.key, body, { "idempotency-key": "batch-429" });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(ids(replay)).toEqual(ids(retry));
      expect(await db.fiscalDocument.count({ where: { companyId: company.companyId } })).toBe(5);
    } finally {
      delete process.env.API_RATE_LIMIT;
      resetEnvCache();
    }
  });
});
