import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { FileDownload } from "@/lib/downloads/get-document-xml";
import { ZipFileWriter } from "@/lib/downloads/zip-writer";

// The accountants' monthly download: one ZIP with the nfeProc of each
// selected NF-e of the company whose full XML arrived (the others are left out
// and listed in a small text file inside the ZIP). Written by the exports' ZIP
// writer (one ZIP writer in the code base) into a scratch file, answered from memory:
// a selection is a page of the dashboard's list, not a month's export.

export async function receivedXmlZip(companyId: string, ids: string[]): Promise<FileDownload> {
  const documents = await db.receivedDocument.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, accessKey: true, xml: true } });
  if (documents.length === 0) throw new DomainError(404, "not_found", "None of the selected received documents was found");
  const scratch = await mkdtemp(path.join(tmpdir(), "received-zip-"));
  try {
    const file = path.join(scratch, "notas-recebidas.zip");
    const zip = await ZipFileWriter.create(file);
    try {
      const missing: string[] = [];
      for (const document of documents) {
        if (document.xml) await zip.add(`${document.accessKey}-nfe.xml`, `<?xml version="1.0" encoding="UTF-8"?>${document.xml.replace(/^\s*<\?xml[^>]*\?>/, "")}`);
        else missing.push(document.accessKey);
      }
      if (missing.length > 0) await zip.add("pendentes.txt", `XML completo ainda não disponível (sem ciência da operação):\n${missing.join("\n")}\n`);
      await zip.finish();
    } catch (error) {
      await zip.abort();
      throw error;
    }
    return { body: await readFile(file), contentType: "application/zip", fileName: "notas-recebidas.zip", download: true };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
