import { defineContract } from "@/lib/contracts/contract";
import { ManifestationInput, ListReceivedDocumentsQuery, ReceivedDocumentIdParams, ReceivedDocumentPage, ReceivedDocumentResponse, ReceivedXmlQuery, SyncResponse } from "./schemas";

const TAG = "Received documents";

export const listReceivedDocumentsContract = defineContract({
  method: "GET",
  path: "/v1/received-documents",
  summary: "List the NF-e and NFS-e issued to the company (received through the national distributions)",
  description: "Newest first (issue date). `type` NFE (the Ambiente Nacional's NF-e distribution) or NFSE (the ADN's NFS-e distribution; totalValue is the service value vServ). Filters: type, manifestation, issuerDocument (CNPJ/CPF), from/to (issue date, inclusive), hasXml, authorityStatus. `totals` sums the filtered documents.",
  tag: TAG,
  scope: "received:read",
  query: ListReceivedDocumentsQuery,
  response: ReceivedDocumentPage,
});

export const getReceivedDocumentContract = defineContract({
  method: "GET",
  path: "/v1/received-documents/{id}",
  summary: "Get a received NF-e or NFS-e",
  tag: TAG,
  scope: "received:read",
  params: ReceivedDocumentIdParams,
  response: ReceivedDocumentResponse,
  errorStatuses: [404],
});

export const receivedXmlContract = defineContract({
  method: "GET",
  path: "/v1/received-documents/{id}/xml",
  summary: "Download the received document's XML (the NF-e's nfeProc, the NFS-e)",
  description: "The nfeProc exactly as distributed by the Ambiente Nacional, or the NFS-e as distributed by the ADN (<key>-nfse.xml). 404 xml_not_available until the full XML has arrived (after the company's ciência or another manifestation).",
  tag: TAG,
  scope: "received:read",
  params: ReceivedDocumentIdParams,
  query: ReceivedXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const receivedDanfeContract = defineContract({
  method: "GET",
  path: "/v1/received-documents/{id}/danfe",
  summary: "Download the DANFE (A4 PDF) of a received NF-e, or the DANFSe of a received NFS-e",
  description: "Rendered from the full XML by the same A4 DANFE renderer as issued documents; CANCELADA when its issuer cancelled it. 404 xml_not_available before the full XML arrived; 429 rate_limited when too many of the company's PDFs wait for a render.",
  tag: TAG,
  scope: "received:read",
  params: ReceivedDocumentIdParams,
  query: ReceivedXmlQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 429, 500, 503],
});

export const manifestReceivedDocumentContract = defineContract({
  method: "POST",
  path: "/v1/received-documents/{id}/manifestation",
  summary: "Register the recipient's manifestation (ciência, confirmação, desconhecimento, operação não realizada)",
  description:
    "Events 210210 (CIENCIA), 210200 (CONFIRMACAO), 210220 (DESCONHECIMENTO) and 210240 (NAO_REALIZADA, justification of 15-255 characters required: 400 otherwise) registered at the Ambiente Nacional (cOrgao 91). " +
    "422 manifestation_not_allowed after a conclusive manifestation, for a second ciência, for a ciência of a cancelled NF-e or for a received NFS-e (the manifestation is an NF-e event); 422 authority_rejected (\"cStat - xMotivo\") when the authority refuses; 503 authority_unavailable when it cannot be reached (the manifestation may be registered: the retry, or the next distribution run, consults the access key and records what the authority holds). " +
    "A retry of a manifestation the authority registered although its answer was lost answers 200 with it (recovered by consulting the access key, also after a 573). One call per document at a time: 409 authority_call_in_progress while another waits too long, 429 rate_limited above the company's calls in flight. " +
    "After the registration the full XML is fetched at once (consChNFe).",
  tag: TAG,
  scope: "received:write",
  params: ReceivedDocumentIdParams,
  body: ManifestationInput,
  response: ReceivedDocumentResponse,
  errorStatuses: [400, 404, 409, 422, 429, 503],
});

export const syncReceivedDocumentsContract = defineContract({
  method: "POST",
  path: "/v1/received-documents/sync",
  summary: "Query the national distribution now",
  description: "Reads every new item after the company's last NSU (NFeDistribuicaoDFe, distNSU) and registers the automatic ciência when receivedAutoAcknowledge is on; then the ADN's NFS-e distribution (GET /contribuintes/DFe/{NSU}) after its own last NSU (`nfse`). nfse.status waiting: inside the ADN's own wait (nothing asked). 429 rate_limited with Retry-After inside the NF-e distribution's hour after an answer with nothing more, or after a 656.",
  tag: TAG,
  scope: "received:write",
  response: SyncResponse,
  bodyOptional: true,
  errorStatuses: [422, 429, 503],
});

export const receivedDocumentContracts = [listReceivedDocumentsContract, syncReceivedDocumentsContract, getReceivedDocumentContract, receivedXmlContract, receivedDanfeContract, manifestReceivedDocumentContract];
