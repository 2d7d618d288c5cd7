import { ZipArchive } from "archiver";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { FileDownload } from "@/lib/downloads/get-document-xml";

// The accountants' monthly download: one ZIP with the nfeProc of each
// selected NF-e of the company whose full XML arrived (the others are left out
// and listed in a small text file inside the ZIP).

export async function receivedXmlZip(companyId: string, ids: string[]): Promise<FileDownload> {
  const documents = await db.receivedDocument.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, accessKey: true, xml: true } });
  if (documents.length === 0) throw new DomainError(404, "not_found", "None of the selected received documents was found");
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on("end", () => resolve());
    archive.on("error", reject);
  });
  const missing: string[] = [];
  for (const document of documents) {
    if (document.xml) archive.append(`<?xml version="1.0" encoding="UTF-8"?>${document.xml.replace(/^\s*<\?xml[^>]*\?>/, "")}`, { name: `${document.accessKey}-nfe.xml` });
    else missing.push(document.accessKey);
  }
  if (missing.length > 0) archive.append(`XML completo ainda não disponível (sem ciência da operação):\n${missing.join("\n")}\n`, { name: "pendentes.txt" });
  await archive.finalize();
  await done;
  return { body: Buffer.concat(chunks), contentType: "application/zip", fileName: "notas-recebidas.zip", download: true };
}
