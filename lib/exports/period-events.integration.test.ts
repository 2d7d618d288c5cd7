import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { buildExport } from "./build-export";
import { exportFilePath } from "./config";
import { createExport } from "./create-export";
import { readZipBuffer } from "./testing/read-zip";

// Issue 39 item 3: an event registered in the period of a document issued before it (a
// cancellation on 1 November of an NF-e of 31 October) is in the period's export, in its
// document's folder and in a section of resumo.csv of its own; the document's own export keeps
// carrying it too (docs/api-notes/exports.md, "Events").

process.env.EXPORTS_DIR = mkdtempSync(path.join(tmpdir(), "fiscal-exports-events-"));

let company: TestCompany;
// Access keys are unique in the whole table: 8 random digits keep this file's apart from other files'.
const keyPrefix = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
const key = (n: number) => `35${keyPrefix}${String(n).padStart(34, "0")}`;
const november = { from: "2026-11-01", to: "2026-11-30" };
const october = { from: "2026-10-01", to: "2026-10-31" };
const withEvents = { xml: true, pdf: false, events: true, inutilizations: false, received: false };

async function insertDocument(n: number, issuedAt: string, status: "AUTHORIZED" | "CANCELLED", environment = "HOMOLOGATION") {
  await getPool().query(
    `INSERT INTO "FiscalDocument" ("id", "companyId", "type", "status", "environment", "series", "number", "accessKey", "clientSnapshot", "operationNature",
       "issueDateTime", "productsTotal", "totalValue", "taxTotals", "authorizedXml", "updatedAt")
     VALUES ($1, $2, 'NFE', $3::"DocumentStatus", $4::"Environment", 1, $5, $6, '{"name":"Cliente"}'::jsonb, 'Venda', $7::timestamp, 10, 10, '{}'::jsonb, $8, now())`,
    [`pe-${company.companyId}-${n}`, company.companyId, status, environment, n, key(n), issuedAt, `<nfeProc n="${n}"/>`],
  );
}

async function insertEvent(n: number, kind: "CANCELLATION" | "CORRECTION_LETTER", sequence: number, occurredAt: string) {
  await getPool().query(
    `INSERT INTO "DocumentEvent" ("id", "documentId", "companyId", "kind", "sequence", "outcome", "cStat", "responseXml", "occurredAt")
     VALUES ($1, $2, $3, $4::"DocumentEventKind", $5, 'AUTHORIZED', '135', $6, $7::timestamp)`,
    [`pe-ev-${company.companyId}-${n}-${kind}-${sequence}`, `pe-${company.companyId}-${n}`, company.companyId, kind, sequence, `<procEventoNFe n="${n}" kind="${kind}"/>`, occurredAt],
  );
}

async function exportOf(period: { from: string; to: string }, include = withEvents) {
  const { id } = await createExport(company.companyId, { ...period, include });
  await db.backgroundRun.deleteMany({ where: { companyId: company.companyId, status: "QUEUED" } });
  await buildExport(id);
  const row = await db.documentExport.findUniqueOrThrow({ where: { id } });
  return { row, entries: await readZipBuffer(await readFile(exportFilePath(id))) };
}

beforeAll(async () => {
  company = await createTestCompany();
  // 1: issued 31 Oct 20:00 (Brazil), cancelled 1 Nov 07:00. 2: October, its CC-e in October.
  // 3: November, its CC-e in November. 4: October, a CC-e in December. 5: October in production, cancelled in November.
  await insertDocument(1, "2026-10-31T23:00:00Z", "CANCELLED");
  await insertEvent(1, "CANCELLATION", 1, "2026-11-01T10:00:00Z");
  await insertDocument(2, "2026-10-15T15:00:00Z", "AUTHORIZED");
  await insertEvent(2, "CORRECTION_LETTER", 1, "2026-10-16T15:00:00Z");
  await insertDocument(3, "2026-11-05T15:00:00Z", "AUTHORIZED");
  await insertEvent(3, "CORRECTION_LETTER", 1, "2026-11-06T15:00:00Z");
  await insertDocument(4, "2026-10-20T15:00:00Z", "AUTHORIZED");
  await insertEvent(4, "CORRECTION_LETTER", 1, "2026-12-02T15:00:00Z");
  await insertDocument(5, "2026-10-20T15:00:00Z", "CANCELLED", "PRODUCTION");
  await insertEvent(5, "CANCELLATION", 1, "2026-11-02T15:00:00Z");
});

describe("events registered in the period of documents issued before it", () => {
  it("November's export has the November cancellation of an October NF-e, in October's folder and in resumo.csv's own section", async () => {
    const { row, entries } = await exportOf(november);
    expect([...entries.keys()].sort()).toEqual([`NFe/2026-10/${key(1)}-nfe-canc-01.xml`, `NFe/2026-11/${key(3)}-nfe-cce-01.xml`, `NFe/2026-11/${key(3)}-nfe.xml`, "resumo.csv"]);
    expect(entries.get(`NFe/2026-10/${key(1)}-nfe-canc-01.xml`)!.toString()).toBe(`<procEventoNFe n="1" kind="CANCELLATION"/>`);
    // One document and one earlier document's event.
    expect(row).toMatchObject({ status: "READY", done: 2, total: 2 });

    const lines = entries.get("resumo.csv")!.toString("utf8").slice(1).split("\r\n");
    const documentLines = lines.slice(1, lines.indexOf(""));
    expect(documentLines).toHaveLength(1);
    expect(documentLines[0]).toContain(key(3));
    const afterTotals = lines.slice(lines.indexOf("") + 1);
    expect(afterTotals.slice(0, 3)).toEqual(["Totais por situação;Quantidade;Valor total", "Autorizada;1;10,00", "Total das notas válidas (autorizadas);1;10,00"]);
    expect(afterTotals.slice(3)).toEqual([
      "",
      "Eventos registrados no período, de documentos emitidos antes dele",
      "Tipo;Série;Número;Chave de acesso;Data de emissão;Evento;Sequência;Data do registro",
      `NF-e;1;1;"=""${key(1)}""";31/10/2026 20:00;Cancelamento;1;01/11/2026 07:00`,
      "",
    ]);
  });

  it("October's export carries its documents' events whenever registered, and has no section of earlier documents' events", async () => {
    const { entries } = await exportOf(october);
    expect([...entries.keys()].sort()).toEqual(
      [
        `NFe/2026-10/${key(1)}-nfe.xml`,
        `NFe/2026-10/${key(1)}-nfe-canc-01.xml`,
        `NFe/2026-10/${key(2)}-nfe.xml`,
        `NFe/2026-10/${key(2)}-nfe-cce-01.xml`,
        `NFe/2026-10/${key(4)}-nfe.xml`,
        `NFe/2026-10/${key(4)}-nfe-cce-01.xml`,
        "resumo.csv",
      ].sort(),
    );
    expect(entries.get("resumo.csv")!.toString("utf8")).not.toContain("Eventos registrados");
  });

  it("without events, November's export has neither the event nor the section", async () => {
    const { row, entries } = await exportOf(november, { ...withEvents, events: false });
    expect([...entries.keys()].sort()).toEqual([`NFe/2026-11/${key(3)}-nfe.xml`, "resumo.csv"]);
    expect(row).toMatchObject({ done: 1, total: 1 });
    expect(entries.get("resumo.csv")!.toString("utf8")).not.toContain("Eventos registrados");
  });
});
