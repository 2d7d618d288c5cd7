import type { FileDownload } from "@/lib/downloads/get-document-xml";
import { renderPdf } from "@/lib/downloads/pdf-render/render-pdf";
import { receivedXmlOf } from "./queries";
import type { ReceivedXmlQuery } from "./schemas";

// The received documents' files: the nfeProc (or the NFS-e) as distributed, and
// its A4 DANFE (or DANFSe) from the same renderer (and render pool) as the
// company's own documents.

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The nfeProc as distributed, as a standalone file with the XML declaration (as the issuer's own download has it). */
export async function receivedXmlFile(companyId: string, id: string, query: ReceivedXmlQuery): Promise<FileDownload> {
  const { document, xml } = await receivedXmlOf(companyId, id);
  return { ...receivedXmlEntry(document.accessKey, xml, document.documentType), contentType: "application/xml; charset=utf-8", download: query.download };
}

/** The received XML's file name and bytes, shared by the download route and the accountant export. */
export function receivedXmlEntry(accessKey: string, xml: string, documentType = "NFE"): { fileName: string; body: string } {
  const body = /^\s*<\?xml/.test(xml) ? xml : `${XML_DECLARATION}${xml}`;
  return { body, fileName: `${accessKey}-${documentType === "NFSE" ? "nfse" : "nfe"}.xml` };
}

export async function receivedDanfeFile(companyId: string, id: string, query: ReceivedXmlQuery): Promise<FileDownload> {
  const { document, xml } = await receivedXmlOf(companyId, id);
  const cancelled = document.authorityStatus === "CANCELLED";
  if (document.documentType === "NFSE") {
    // The national DANFSe (NT SE/CGNFS-e 008), as for the NFS-e the company issues.
    const pdf = await renderPdf(companyId, { kind: "danfse", nfseXml: xml, cancelled });
    return { body: pdf, contentType: "application/pdf", fileName: `${document.accessKey}-danfse.pdf`, download: query.download };
  }
  const pdf = await renderPdf(companyId, { kind: "danfe-xml", authorizedXml: xml, options: { cancelled } });
  return { body: pdf, contentType: "application/pdf", fileName: `${document.accessKey}-danfe.pdf`, download: query.download };
}
