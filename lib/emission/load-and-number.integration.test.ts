import { describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { listUnusedNumbers } from "@/lib/numbering";
import { db } from "@/test/factories";
import { loadAndNumberEmissionDocument } from "./load-emission-document";
import { createDraft, createEmittingCompany, emitAndDrain, queuedEmission } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// The emission's first statement reads the document and numbers it when emission would not
// refuse it before numbering (load-emission-document.ts, LOAD_AND_NUMBER); otherwise the
// document is only read and the TypeScript checks decide, as before.
simulatorFixture();

const load = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id } });

const queued = async (companyId: string) => queuedEmission(companyId, (await createDraft(companyId)).id);

describe("the emission's load and numbering in one statement", () => {
  it("numbers only a document whose company passes the blocking checks and whose client is unchanged since its creation", async () => {
    const company = await createEmittingCompany();
    const { companyId } = company;
    const certificate = await db.certificate.findFirstOrThrow({ where: { companyId, isActive: true } });
    const refusedBefore = [
      { name: "expired certificate", apply: () => db.certificate.update({ where: { id: certificate.id }, data: { notAfter: new Date(Date.now() - 60_000) } }), undo: () => db.certificate.update({ where: { id: certificate.id }, data: { notAfter: certificate.notAfter } }) },
      { name: "another CNPJ's certificate", apply: () => db.certificate.update({ where: { id: certificate.id }, data: { holderCnpj: "11222333000181" } }), undo: () => db.certificate.update({ where: { id: certificate.id }, data: { holderCnpj: certificate.holderCnpj } }) },
      { name: "no active certificate", apply: () => db.certificate.update({ where: { id: certificate.id }, data: { isActive: false } }), undo: () => db.certificate.update({ where: { id: certificate.id }, data: { isActive: true } }) },
      { name: "a blank street", apply: () => db.company.update({ where: { id: companyId }, data: { street: "  " } }), undo: () => db.company.update({ where: { id: companyId }, data: { street: "Avenida Paulista" } }) },
    ];
    for (const condition of refusedBefore) {
      const run = await queued(companyId);
      await condition.apply();
      const loaded = await loadAndNumberEmissionDocument(getPool(), run);
      await condition.undo();
      expect(loaded?.numbered, condition.name).toBeNull();
      expect((await load(run.documentId)).number, condition.name).toBe(0);
    }

    // The client record changed after the document was created: read only (the snapshot is re-taken and checked first).
    const changed = await queued(companyId);
    const clientId = (await load(changed.documentId)).clientId!;
    await db.client.update({ where: { id: clientId }, data: { street: "Rua Nova" } });
    expect((await loadAndNumberEmissionDocument(getPool(), changed))?.numbered).toBeNull();

    const ready = await queued(companyId);
    const loaded = await loadAndNumberEmissionDocument(getPool(), ready);
    expect(loaded?.numbered).toEqual({ number: 1, series: 1 });
    expect(loaded?.document).toMatchObject({ number: 1, series: 1 });
    // The client record is the one read before numbering (for the recipient snapshot).
    expect(loaded?.client?.id).toBe(clientId);
    expect(await load(ready.documentId)).toMatchObject({ number: 1, series: 1 });
    // Another run's, or already numbered: read only.
    expect((await loadAndNumberEmissionDocument(getPool(), { ...ready, runId: "another-run" }))?.numbered).toBeNull();
    expect((await loadAndNumberEmissionDocument(getPool(), ready))?.numbered).toBeNull();
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId } })).toMatchObject({ nextNumber: 2 });
  });

  it("a document numbered by the load and then refused keeps its number (listed for inutilization), and its re-emission reuses it", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const clientId = (await load(draft.id)).clientId!;
    // A client moved to another state without its updatedAt moving (the only way the load cannot see a change).
    await db.$executeRaw`UPDATE "Client" SET "state" = 'RJ', "city" = 'Rio de Janeiro', "municipalityCode" = '3304557' WHERE "id" = ${clientId}`;
    await emitAndDrain(company.companyId, draft.id);
    const refused = await load(draft.id);
    expect(refused).toMatchObject({ status: "REJECTED", rejectionCode: "client_changed", number: 1 });
    const unused = await listUnusedNumbers(company.companyId);
    expect(unused.flatMap((group) => group.numbers.map((n) => n.number))).toEqual([1]);

    // A numbered document keeps the snapshot it was numbered with: the re-emission builds it and is authorized under the same number.
    await emitAndDrain(company.companyId, draft.id);
    expect(await load(draft.id)).toMatchObject({ status: "AUTHORIZED", number: 1 });
    expect(await listUnusedNumbers(company.companyId)).toEqual([]);
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId } })).toMatchObject({ nextNumber: 2 });
  });
});
