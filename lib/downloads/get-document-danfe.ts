import { renderDanfe } from "@/lib/danfe/render-danfe";
import { renderDanfse } from "@/lib/danfse";
import { db, type DbClient } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { FileDownload } from "./get-document-xml";
import type { DocumentDanfeQuery } from "./schemas";

/**
 * GET /v1/fiscal-documents/{id}/danfe: the DANFE rendered from the stored
 * authorized XML on each request (no PDF is stored); a cancelled document
 * prints the "CANCELADA" mark.
 */
export async function getDocumentDanfe(companyId: string, documentId: string, query: DocumentDanfeQuery, client: DbClient = db): Promise<FileDownload> {
  const document = await client.fiscalDocument.findFirst({
    where: { id: documentId, companyId },
    select: { id: true, type: true, status: true, accessKey: true, authorizedXml: true },
  });
  if (!document) throw notFound("Fiscal document");
  if (document.type === "NFSE") {
    // The DANFSe v2.0 (NT SE/CGNFS-e 008: the issuer generates it) from the stored NFS-e.
    if (!document.authorizedXml) throw new DomainError(404, "document_not_available", "The NFS-e is not authorized; its DANFSe does not exist yet");
    const pdf = await renderDanfse(document.authorizedXml, { cancelled: document.status === "CANCELLED" });
    return { body: pdf, contentType: "application/pdf", fileName: `${document.accessKey ?? document.id}-danfse.pdf`, download: query.download };
  }
  if (!document.authorizedXml) throw new DomainError(404, "document_not_available", "The document is not authorized; its DANFE does not exist yet");
  const pdf = await renderDanfe(document.authorizedXml, { cancelled: document.status === "CANCELLED" });
  return {
    body: pdf,
    contentType: "application/pdf",
    fileName: `${document.accessKey ?? document.id}-${document.type === "NFCE" ? "danfe-nfce" : "danfe"}.pdf`,
    download: query.download,
  };
}
