import { describe, expect, it } from "vitest";
import { POST as emit } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { call } from "@/test/http";
import { getPool } from "@/lib/db/client";
import { findRuleViolations } from "@/lib/fiscal/nfe/rules/business-rules";
import { buildSignedNfe } from "@/lib/fiscal/nfe/build-signed-nfe";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { db } from "@/test/factories";
import { loadEmissionDocument } from "./load-emission-document";
import { createDraft, createEmittingCompany } from "./testing/emission-fixtures";
import { toNfeInput } from "./to-nfe-input";

// Issue 48 item 6: what a document issued in 2027 carries (lib/tax/data/reform-rates.ts) is an NF-e the
// vendored PL_010 v1.30 schema accepts and that our pre-send rules (also the simulator's) pass: IBS
// 0.05 % + 0.05 % (LC 214/2025 art. 344), the company's dated CBS, PIS/COFINS CST 08. A 2026 draft
// issued on 01/01/2027 instead is stopped by 1026. The document cannot be sent today (dhEmi in the
// future is 703), so it is built and signed as the emission does, and checked with 2027's receipt time.

async function builtXml(companyId: string, documentId: string) {
  const loaded = (await loadEmissionDocument(getPool(), { documentId, companyId }))!.document;
  const input = toNfeInput({ ...loaded, number: 1, series: 1, cNF: "40582716" });
  if ("kind" in input) throw new Error(input.reason);
  return buildSignedNfe(input, testSigningCredentials(loaded.company.cnpj)).xml;
}

describe("an NF-e of 2027 built from what creation computed", () => {
  it("is schema-valid and passes UB18-10/UB37-10/UB56-10 and the amount rules; the 2026 one re-dated to 2027 fails 1026", async () => {
    const company = await createEmittingCompany();
    await db.company.update({ where: { id: company.companyId }, data: { defaultIbsCbsCst: "000", defaultCClassTrib: "000001", cbsRate: "8.7", ibsCbsRatesValidFrom: "2027-01-01" } });

    const draft2027 = await createDraft(company.companyId, { issueDateTime: "2027-01-04T10:00:00-03:00" });
    const xml = await builtXml(company.companyId, draft2027.id);
    expect(checkXmlSchema(xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    expect(xml).toContain("<dhEmi>2027-01-04T10:00:00-03:00</dhEmi>");
    expect(xml).toMatch(/<PISNT><CST>08<\/CST><\/PISNT>/);
    expect(xml).toMatch(/<COFINSNT><CST>08<\/CST><\/COFINSNT>/);
    expect(xml).toContain("<pIBSUF>0.0500</pIBSUF><vIBSUF>0.05</vIBSUF>");
    expect(xml).toContain("<pIBSMun>0.0500</pIBSMun><vIBSMun>0.05</vIBSMun>");
    expect(xml).toContain("<pCBS>8.7000</pCBS><vCBS>8.70</vCBS>");
    expect(findRuleViolations(xml, { receivedAt: new Date("2027-01-04T13:01:00Z") })).toEqual([]);

    // Computed for 31/12/2026, then issued at 00:00 on 01/01/2027 (what an emission on the next day would write).
    const draft2026 = await createDraft(company.companyId, { issueDateTime: "2026-12-31T23:59:00-03:00" });
    await db.fiscalDocument.update({ where: { id: draft2026.id }, data: { issueDateTime: new Date("2027-01-01T03:00:00Z") } });
    const late = await builtXml(company.companyId, draft2026.id);
    expect(late).toContain("<dhEmi>2027-01-01T00:00:00-03:00</dhEmi>");
    expect(findRuleViolations(late, { receivedAt: new Date("2027-01-01T03:01:00Z") }).map((v) => v.cStat)).toContain("1026");
  });
});

describe("emitting a draft under another period's law", () => {
  it("is 422 invalid_taxation before anything is numbered; an issue date in the draft's own period is queued", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId, { issueDateTime: "2026-12-31T23:59:00-03:00" });
    const emitAt = (issueDateTime: string) => call(emit, { method: "POST", path: `/v1/fiscal-documents/${draft.id}/emit`, key: company.key, params: { id: draft.id }, body: { issueDateTime } });

    const refused = await emitAt("2027-01-01T00:00:00-03:00");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "invalid_taxation", message: expect.stringContaining("computed for 2026-12-31") });
    expect(refused.body.message).toContain("PATCH recomputes");
    expect(await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "DRAFT", number: 0, runId: null });

    const queued = await emitAt("2026-12-31T23:00:00-03:00");
    expect(queued.status).toBe(202);
  });
});
