import { db, type DbClient } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { DocumentXmlQuery } from "./schemas";

export type FileDownload = { body: string | Buffer; contentType: string; fileName: string; download: boolean };

/**
 * GET /v1/fiscal-documents/{id}/xml: "authorized" is the nfeProc (NFe with
 * protNFe) kept after authorization, also for a cancelled document;
 * "signed" is the NFe as it was signed and sent.
 */
export async function getDocumentXml(companyId: string, documentId: string, query: DocumentXmlQuery, client: DbClient = db): Promise<FileDownload> {
  const document = await client.fiscalDocument.findFirst({
    where: { id: documentId, companyId },
    select: { id: true, type: true, accessKey: true, authorizedXml: true, signedXml: true },
  });
  if (!document) throw notFound("Fiscal document");
  return documentXmlFile(document, query);
}

type XmlDocument = { id: string; type: string; accessKey: string | null; authorizedXml: string | null; signedXml: string | null };

/** The XML file of a loaded document: the route's answer and the accountant export's entry (lib/exports) are the same bytes and name. */
export function documentXmlFile(document: XmlDocument, query: Pick<DocumentXmlQuery, "type" | "download">): FileDownload {
  const xml = query.type === "signed" ? document.signedXml : document.authorizedXml;
  if (!xml) {
    const what = query.type === "signed" ? "signed XML (the document was never signed)" : "authorized XML (the document is not authorized)";
    throw new DomainError(404, "document_not_available", `The document has no ${what}`);
  }
  const base = document.accessKey ?? document.id;
  const suffix = document.type === "NFSE" ? "nfse" : document.type === "NFCE" ? "nfce" : "nfe";
  return {
    body: xml,
    contentType: "application/xml; charset=utf-8",
    fileName: query.type === "signed" ? `${base}-${suffix}-signed.xml` : `${base}-${suffix}.xml`,
    download: query.download,
  };
}

/** The HTTP answer of a download: attachment when asked, inline otherwise, never cached by shared caches. */
export function fileResponse(file: FileDownload): Response {
  const body = typeof file.body === "string" ? file.body : new Uint8Array(file.body);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-disposition": `${file.download ? "attachment" : "inline"}; filename="${file.fileName}"`,
      "cache-control": "private, no-store",
    },
  });
}
