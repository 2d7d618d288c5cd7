import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { createDocument } from "@/lib/documents";
import { getPool } from "@/lib/db/client";
import { MAX_DOCUMENT_NUMBER } from "@/lib/numbering";
import { db } from "@/test/factories";
import { loadAndNumberEmissionDocument } from "../load-emission-document";
import { DPS_NUMBERING_MODEL } from "../number-document-sql";
import { emitAndDrain, queuedEmission } from "../testing/emission-fixtures";
import { simulatorFixture } from "../testing/simulator-company-fixture";
import { validatedNbsCodeOf } from "../validated-nbs-codes";
import { createNfseCompany, nfseBody } from "./testing";

// An NFS-e's DPS number is given by the emission's load, as an NF-e's number is, when the company
// passes the blocking checks in SQL; its NBS code counts as valid there only once this process's
// TypeScript rules found it valid (the NBS 2.0 list is a file: lib/companies blockingChecksPassSql).

simulatorFixture();

const draftNfse = (companyId: string) => createDocument({ companyId, body: nfseBody() as never });
const load = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id } });

const queued = async (companyId: string) => queuedEmission(companyId, (await draftNfse(companyId)).id);

describe("the DPS number given by the emission's load", () => {
  it("after the first NFS-e of a company with an NBS code, the load numbers the next ones; another code waits for the TypeScript rules again", async () => {
    const company = await createNfseCompany();
    const { companyId } = company;
    const code = (await db.company.findUniqueOrThrow({ where: { id: companyId } })).nfseNbsCode!;
    expect(validatedNbsCodeOf(companyId)).toBeNull();

    // Not known valid in this process yet: the load only reads; the TypeScript rules pass and number it.
    const first = await queued(companyId);
    expect((await loadAndNumberEmissionDocument(getPool(), first))?.numbered).toBeNull();
    expect((await load(first.documentId)).number).toBe(0);
    await drainDueRuns(functions, { companyIds: [companyId] });
    expect(await load(first.documentId)).toMatchObject({ status: "AUTHORIZED", number: 1, series: 1 });
    expect(validatedNbsCodeOf(companyId)).toBe(code);

    // Now the load numbers it, and the emission that follows builds the DPS with that number.
    const second = await queued(companyId);
    expect((await loadAndNumberEmissionDocument(getPool(), second))?.numbered).toEqual({ number: 2, series: 1 });
    const third = await draftNfse(companyId);
    await emitAndDrain(companyId, third.id);
    const authorized = await load(third.id);
    expect(authorized).toMatchObject({ status: "AUTHORIZED", number: 3, series: 1 });
    expect(authorized.signedXml).toContain("<nDPS>3</nDPS>");
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId, model: DPS_NUMBERING_MODEL } })).toMatchObject({ nextNumber: 4 });

    // Another valid code, not yet seen by this process: read only again.
    await db.company.update({ where: { id: companyId }, data: { nfseNbsCode: "115021000" } });
    const fourth = await queued(companyId);
    expect((await loadAndNumberEmissionDocument(getPool(), fourth))?.numbered).toBeNull();
  });

  it("an exhausted DPS series refuses the NFS-e naming the series (it was left PROCESSING as superseded before)", async () => {
    const company = await createNfseCompany();
    const { companyId } = company;
    await db.numberingSeries.create({ data: { companyId, model: DPS_NUMBERING_MODEL, series: 1, environment: "HOMOLOGATION", nextNumber: MAX_DOCUMENT_NUMBER + 1 } });
    const draft = await draftNfse(companyId);
    await emitAndDrain(companyId, draft.id);
    const refused = await load(draft.id);
    expect(refused).toMatchObject({ status: "REJECTED", rejectionCode: "fiscal_settings_incomplete", number: 0 });
    expect(refused.rejectionReason).toContain(`DPS series 1 reached the last number (${MAX_DOCUMENT_NUMBER})`);
  });
});
