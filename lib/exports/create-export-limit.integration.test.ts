import { describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { EXPORTS_IN_FLIGHT_PER_COMPANY } from "./config";
import { createExport } from "./create-export";

// Issue 49, finding 7: the limit of 3 exports waiting or building was counted before the
// insert's transaction, so 30 concurrent requests were all accepted.

describe("createExport's in-flight limit", () => {
  it("30 concurrent requests: 3 accepted, the others 429 rate_limited", async () => {
    const { companyId } = await createTestCompany();
    const input = { from: "2026-11-01", to: "2026-11-30", include: { xml: true, pdf: false, events: true, inutilizations: true, received: false } };
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => createExport(companyId, input)));
    const accepted = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(accepted).toHaveLength(EXPORTS_IN_FLIGHT_PER_COMPANY);
    for (const { reason } of refused) expect(reason).toMatchObject({ status: 429, code: "rate_limited" });
    expect(await db.documentExport.count({ where: { companyId } })).toBe(EXPORTS_IN_FLIGHT_PER_COMPANY);
  });
});
