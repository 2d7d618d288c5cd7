import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { assignEmissionNumber } from "./assign-number";
import { prepareSignedXml } from "./prepare-signed-xml";
import { queueEmission } from "./queue-emission";
import { createDraft, createEmittingCompany } from "./testing/emission-fixtures";

// The steps' guards without a whole run: a step of a run that no longer owns
// the document writes nothing, and a run whose transaction never committed is
// retried instead of numbering the document.
describe("emission step guards", () => {
  it("prepare-signed-xml stores the signed XML for its run, and writes nothing once another run took the document", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
    const run = { companyId: company.companyId, documentId: draft.id, runId, concurrencyKey: "k" };
    expect(await assignEmissionNumber(run)).toMatchObject({ kind: "numbered", number: 1 });

    expect(await prepareSignedXml(run)).toMatchObject({ kind: "prepared" });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { signedXml: true } });
    expect(stored.signedXml).toContain("<Signature");

    await db.fiscalDocument.update({ where: { id: draft.id }, data: { signedXml: null, runId: "another-run" } });
    expect(await prepareSignedXml(run)).toEqual({ kind: "superseded", status: "PROCESSING" });
    const untouched = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { signedXml: true } });
    expect(untouched.signedXml).toBeNull();
  });

  it("assign-number throws (to be retried) for a run that is not committed, and numbers nothing", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const run = { companyId: company.companyId, documentId: draft.id, runId: "run-never-committed", concurrencyKey: "k" };
    await expect(assignEmissionNumber(run)).rejects.toThrow(/not committed/);
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { number: true, accessKey: true } });
    expect(document).toEqual({ number: 0, accessKey: null });
  });
});
