import { documentPrintOptions, logoForPrinting } from "@/lib/branding/company-logo";
import { logoPixelsOfDataUri } from "@/lib/branding/logo-pixels";
import { renderNfceEscpos } from "@/lib/danfe/escpos-nfce";
import { parseAuthorizedXml } from "@/lib/danfe/parse-authorized-xml";
import { db, type DbClient } from "@/lib/db/client";
import { assertNumberNotSpent } from "@/lib/documents/spent-number";
import { DomainError, notFound } from "@/lib/errors";
import type { FileDownload } from "./get-document-xml";
import { renderPdf } from "./pdf-render/render-pdf";
import { loadPreviewDocument, previewDanfeData } from "./preview-danfe-data";
import { previewDanfseData } from "./preview-danfse-data";
import { assertPrintOptionsApply } from "./print-options";
import type { DocumentDanfeQuery } from "./schemas";

/** The file name GET …/danfe?download=true gives an authorized document's PDF (DANFE, DANFE NFC-e or DANFSe). */
export function danfeFileName(document: { id: string; type: string; accessKey: string | null }): string {
  const base = document.accessKey ?? document.id;
  return `${base}-${document.type === "NFSE" ? "danfse" : document.type === "NFCE" ? "danfe-nfce" : "danfe"}.pdf`;
}

/** The Ambiente Nacional registers EPEC in Brasília time (UTC-03:00, no daylight saving since 2019): printed as such. */
function brasiliaTime(at: Date): string {
  return `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

/**
 * GET /v1/fiscal-documents/{id}/danfe: the DANFE rendered on each request (no
 * PDF is stored) from the stored authorized XML, or with preview=true from
 * the XML emission would build for a DRAFT or REJECTED document. A cancelled
 * document prints the "CANCELADA" mark. format=escpos gives the DANFE NFC-e
 * as thermal-printer commands.
 */
export async function getDocumentDanfe(companyId: string, documentId: string, query: DocumentDanfeQuery, client: DbClient = db): Promise<FileDownload> {
  const document = await client.fiscalDocument.findFirst({
    where: { id: documentId, companyId },
    select: { id: true, type: true, status: true, accessKey: true, authorizedXml: true, signedXml: true, contingencyMode: true, epecProtocol: true, epecRegisteredAt: true },
  });
  if (!document) throw notFound("Fiscal document");
  // An NFC-e issued offline prints from its signed XML (with "EMITIDA EM CONTINGÊNCIA" and
  // "Pendente de autorização") until the authority authorizes it (docs/api-notes/contingency.md).
  const printable = document.authorizedXml ?? (document.status === "CONTINGENCY" ? document.signedXml : null);
  // A denied NF-e has an nfeProc but no DANFE: it does not cover the goods (MOC 7.0, uso denegado).
  assertNumberNotSpent(document.status, "be printed as a DANFE");
  assertPrintOptionsApply(document.type, query);
  if (document.type === "NFSE" && query.preview) {
    const pdf = await renderPdf(companyId, { kind: "danfse-preview", data: previewDanfseData(await loadPreviewDocument(companyId, documentId)), logo: await logoForPrinting(companyId, client) });
    return { body: pdf, contentType: "application/pdf", fileName: `${document.id}-preview-danfse.pdf`, download: query.download };
  }
  if (document.type === "NFSE") {
    // The DANFSe v2.0 (NT SE/CGNFS-e 008: the issuer generates it) from the stored NFS-e.
    if (!document.authorizedXml) throw new DomainError(404, "document_not_available", "The NFS-e is not authorized; its DANFSe does not exist yet");
    // A city's own NFS-e (ABRASF 2.04, issue 57): the DANFSe layout is the national NFS-e's; the printed form is the city's.
    if (document.authorizedXml.startsWith("<CompNfse") || document.authorizedXml.startsWith("<NFe xmlns=\"\">")) {
      throw new DomainError(422, "nfse_provider_unsupported", "This NFS-e was issued by the city's own system (ABRASF, or São Paulo's Nota Fiscal Paulistana): the DANFSe is the national layout's form; print the city's own form from its portal with nfseNumber and verificationCode (the XML is at /xml?type=authorized)");
    }
    const pdf = await renderPdf(companyId, { kind: "danfse", nfseXml: document.authorizedXml, cancelled: document.status === "CANCELLED", logo: await logoForPrinting(companyId, client) });
    return { body: pdf, contentType: "application/pdf", fileName: danfeFileName(document), download: query.download };
  }
  if (!query.preview && !printable) {
    throw new DomainError(404, "document_not_available", "The document is not authorized; its DANFE does not exist yet (preview=true shows a DRAFT or REJECTED one as it would print)");
  }
  const cancelled = document.status === "CANCELLED";
  const base = query.preview ? `${document.id}-preview` : (document.accessKey ?? document.id);
  const kind = document.type === "NFCE" ? "danfe-nfce" : "danfe";
  const preview = query.preview ? previewDanfeData(await loadPreviewDocument(companyId, documentId)) : undefined;
  // The company's logo (unless switched off), canhoto choice, NFC-e layout and footer message (docs/api-notes/branding.md).
  const printOptions = await documentPrintOptions(companyId, client);
  // The DANFE NFC-e's layout: the query's, else the company's (the consumer may always ask for the complete one).
  const nfceSummary = query.nfceLayout ? query.nfceLayout === "summary" : printOptions.nfceSummary;
  if (query.format === "escpos") {
    const data = preview ?? parseAuthorizedXml(printable!);
    // The logo as dots: its pixels, PNG or JPEG (lib/branding/logo-pixels.ts).
    const logo = printOptions.logo ? (logoPixelsOfDataUri(printOptions.logo.src) ?? undefined) : undefined;
    return { body: renderNfceEscpos(data, { width: query.width, cancelled, summary: nfceSummary, logo, footerMessage: printOptions.footerMessage }), contentType: "application/octet-stream", fileName: `${base}-${kind}.escpos`, download: query.download };
  }
  // The PDF renders in the worker pool (pdf-render/): a large NF-e's DANFE takes seconds of CPU.
  const options = { cancelled, orientation: query.orientation, width: query.width, ...printOptions, nfceSummary };
  // An NF-e issued in EPEC prints, while it waits for its authorization, the EPEC's protocol (parsed here, not in the worker).
  const epec = document.contingencyMode === "EPEC" && document.status === "CONTINGENCY" ? { protocol: document.epecProtocol, registeredAt: document.epecRegisteredAt ? brasiliaTime(document.epecRegisteredAt) : null } : undefined;
  const data = preview ?? (epec ? parseAuthorizedXml(printable!, { epec }) : undefined);
  const pdf = await renderPdf(companyId, data ? { kind: "danfe", data, options } : { kind: "danfe-xml", authorizedXml: printable!, options });
  return { body: pdf, contentType: "application/pdf", fileName: query.preview ? `${base}-${kind}.pdf` : danfeFileName(document), download: query.download };
}
