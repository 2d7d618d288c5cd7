import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as batchRoute } from "@/app/v1/fiscal-documents/import/batch/route";
import { createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { ZipFileWriter } from "@/lib/downloads/zip-writer";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { issuedElsewhere } from "./testing/issued-elsewhere";

// Issue 56 item 3, "or a ZIP of them": the batch import answers each file on its own.

const fixture = simulatorFixture({ authorityTimeoutMs: 5000 });

const batch = (company: TestCompany, body: unknown) => call(batchRoute, { method: "POST", path: "/v1/fiscal-documents/import/batch", key: company.key, body });

async function zipOf(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "import-batch-"));
  try {
    const file = path.join(dir, "batch.zip");
    const zip = await ZipFileWriter.create(file);
    for (const [name, text] of Object.entries(files)) await zip.add(name, text);
    await zip.finish();
    return (await readFile(file)).toString("base64");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("POST /v1/fiscal-documents/import/batch", () => {
  it("imports a ZIP of nfeProc files with the cancellation of one, and answers a foreign file and a duplicate on their own", { timeout: 120_000 }, async () => {
    expect(fixture.simulator).toBeDefined();
    const company = await createEmittingCompany();
    const authorized = await issuedElsewhere(company, 21);
    const cancelled = await issuedElsewhere(company, 22, { cancel: true });
    const zip = await zipOf({
      "2026/a-procNFe.xml": authorized.xml,
      "2026/b-procNFe.xml": cancelled.xml,
      "2026/b-cancelamento.xml": cancelled.cancellationXml!,
      "2026/leia-me.txt": "not imported",
      "2026/outro.xml": "<resNFe/>",
    });
    const res = await batch(company, { zip });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { file: string; status: number; document?: { status: string } }) => [r.file, r.status, r.document?.status])).toEqual([
      ["2026/a-procNFe.xml", 201, "AUTHORIZED"],
      ["2026/b-procNFe.xml", 201, "CANCELLED"],
      ["2026/outro.xml", 422, undefined],
    ]);
    expect(res.body.results[2].error.code).toBe("import_invalid_document");
    const stored = await db.fiscalDocument.findFirstOrThrow({ where: { companyId: company.companyId, accessKey: cancelled.accessKey }, include: { events: true } });
    expect(stored.events.find((e) => e.kind === "CANCELLATION")?.responseXml).toBe(cancelled.cancellationXml);

    const again = await batch(company, { documents: [{ xml: authorized.xml }, { xml: "" }] });
    expect(again.status).toBe(200);
    expect(again.body.results.map((r: { status: number; error?: { code: string } }) => [r.status, r.error?.code])).toEqual([
      [422, "duplicate_access_key"],
      [400, "validation_error"],
    ]);
  });

  it("refuses an unreadable archive, both forms at once, and an empty list", async () => {
    const company = await createEmittingCompany();
    const unreadable = await batch(company, { zip: Buffer.from("not a zip archive").toString("base64") });
    expect([unreadable.status, unreadable.body.code]).toEqual([422, "import_invalid_document"]);
    expect((await batch(company, { zip: await zipOf({ "a.txt": "x" }), documents: [{ xml: "<a/>" }] })).status).toBe(400);
    expect((await batch(company, { documents: [] })).status).toBe(400);
    const empty = await batch(company, { zip: await zipOf({ "a.txt": "x" }) });
    expect([empty.status, empty.body.code]).toEqual([422, "import_invalid_document"]);
  });
});
