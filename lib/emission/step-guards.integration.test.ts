import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { prepareEmission } from "./prepare-emission";
import { queueEmission } from "./queue-emission";
import { createDraft, createEmittingCompany } from "./testing/emission-fixtures";

// The steps' guards without a whole run: a step of a run that no longer owns
// the document writes nothing, and a run whose transaction never committed is
// retried instead of numbering the document.
describe("emission step guards", () => {
  it("prepare numbers the document and stores the signed XML for its run, and writes nothing once another run took the document", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const { runId } = await queueEmission({ companyId: company.companyId, documentId: draft.id });
    const run = { companyId: company.companyId, documentId: draft.id, runId, concurrencyKey: "k" };
    expect(await prepareEmission(run)).toMatchObject({ kind: "prepared", number: 1, reused: false });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { signedXml: true, number: true, accessKey: true } });
    expect(stored.signedXml).toContain("<Signature");
    expect(stored.signedXml).toContain(`Id="NFe${stored.accessKey}"`);

    // A replay (crash after the commit, before the step was memoized) keeps the number and rebuilds the same XML.
    expect(await prepareEmission(run)).toMatchObject({ kind: "prepared", number: 1, reused: true });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { signedXml: true } })).signedXml).toBe(stored.signedXml);

    await db.fiscalDocument.update({ where: { id: draft.id }, data: { signedXml: null, runId: "another-run" } });
    expect(await prepareEmission(run)).toEqual({ kind: "superseded", status: "PROCESSING" });
    const untouched = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { signedXml: true } });
    expect(untouched.signedXml).toBeNull();
  });

  it("prepare throws (to be retried) for a run that is not committed, and numbers nothing", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const run = { companyId: company.companyId, documentId: draft.id, runId: "run-never-committed", concurrencyKey: "k" };
    await expect(prepareEmission(run)).rejects.toThrow(/not committed/);
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, select: { number: true, accessKey: true } });
    expect(document).toEqual({ number: 0, accessKey: null });
  });
});
