import { defineContract } from "@/lib/contracts/contract";
import {
  AddDocumentsInput,
  AddDriverInput,
  AddPaymentInput,
  CancelManifestInput,
  CloseManifestInput,
  CreateTransportManifestInput,
  ListTransportManifestsQuery,
  ManifestDamdfeQuery,
  ManifestEventParams,
  ManifestEventXmlQuery,
  ManifestIdParams,
  OpenTransportManifestPage,
  TransportManifestPage,
  TransportManifestResponse,
} from "./schemas";

// /v1/transport-manifests (issue 55): MDF-e model 58, modal rodoviário. Scopes documents:read and
// documents:write, as the NF-e (docs/api-notes/mdfe.md). Events are synchronous like the NF-e's.

const TAG = "Transport manifests (MDF-e)";
const AUTHORITY_ERRORS = "422 authority_rejected (message \"cStat - xMotivo\") when the SVRS refuses the event; 503 authority_unavailable when it cannot be reached (the intent is settled by consulting the key on the next call).";

export const createTransportManifestContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests",
  summary: "Create and issue an MDF-e (model 58, modal rodoviário) for the company's own NF-e (or CT-e keys)",
  description:
    "The documents on board: `documents` (the company's own AUTHORIZED NF-e by documentId or accessKey; the server groups them into infMunDescarga by the NF-e's delivery place, else its recipient's municipality, and takes vCarga from their totals and qCarga from their gross weights unless cargo gives them) or `unloading` (municipalities with their NF-e or `cteAccessKey` CT-e keys; CT-e make it a transport service provider's manifest, tpEmit 1, and are not mixed with NF-e), or neither with `loadingLater: true` (indCarregaPosterior=1: one loading municipality, which is also the unloading one, no route; the NF-e are added on the way with POST …/documents; 422 loading_later_pending while another such manifest has had no document for more than 168 h). Numbers (series of model 58), builds, signs and sends it to MDFeRecepcaoSinc at the SVRS. 201 with status AUTHORIZED, REJECTED (rejectionCode/rejectionReason) or PROCESSING when the authority did not answer (POST …/emit settles it); CONTINGENCY when the company's MDF-e contingency is active (POST /v1/contingency model 58): issued offline (tpEmis 2), sent when the contingency ends. 422 unsupported_modal for AIR/WATER/RAIL; 422 invalid_document when a document is not an AUTHORIZED NF-e of the company in its environment (another company's id reads as unknown; a cancelled or denied NF-e is refused), a CT-e key fails its model (57) or check digit, CT-e and NF-e are mixed, a single CT-e comes without product.ncm and payments (carga lotação), or qCarga is not given and an NF-e has no gross weight; 422 invalid_vehicle, invalid_municipality, invalid_route, invalid_plate, schema_validation_failed, certificate_missing.",
  tag: TAG,
  scope: "documents:write",
  body: CreateTransportManifestInput,
  response: TransportManifestResponse,
  successStatus: 201,
  errorStatuses: [400, 422, 429, 503],
});

export const listTransportManifestsContract = defineContract({
  method: "GET",
  path: "/v1/transport-manifests",
  summary: "List MDF-e",
  tag: TAG,
  scope: "documents:read",
  query: ListTransportManifestsQuery,
  response: TransportManifestPage,
});

export const listOpenTransportManifestsContract = defineContract({
  method: "GET",
  path: "/v1/transport-manifests/open",
  summary: "List the MDF-e not closed: asks the SVRS (MDFeConsNaoEnc) and reconciles our records first",
  description:
    "The SVRS lists the company's manifests authorized and neither closed nor cancelled (MDFeConsNaoEnc). Ours held open but not listed there are consulted and the events registered elsewhere recorded (closed or cancelled by another system); a PROCESSING one listed there is settled as authorized. meta.authority tells what the SVRS answered (consulted false, with the reason, when it could not be asked: the list is then our records), what changed (reconciled) and the keys open there that we do not hold (notRecorded).",
  tag: TAG,
  scope: "documents:read",
  query: ListTransportManifestsQuery.omit({ status: true }),
  response: OpenTransportManifestPage,
});

export const getTransportManifestContract = defineContract({
  method: "GET",
  path: "/v1/transport-manifests/{id}",
  summary: "Get an MDF-e",
  tag: TAG,
  scope: "documents:read",
  params: ManifestIdParams,
  response: TransportManifestResponse,
  errorStatuses: [404],
});

export const transportManifestXmlContract = defineContract({
  method: "GET",
  path: "/v1/transport-manifests/{id}/xml",
  summary: "Download the MDF-e XML (mdfeProc once authorized)",
  description: "422 invalid_status while PROCESSING.",
  tag: TAG,
  scope: "documents:read",
  params: ManifestIdParams,
  responseContentType: "application/xml",
  errorStatuses: [404, 422],
});

export const transportManifestDamdfeContract = defineContract({
  method: "GET",
  path: "/v1/transport-manifests/{id}/damdfe",
  summary: "The DAMDFE PDF (A4, QR Code and the key's barcode), or the preview of a rejected manifest",
  description:
    "422 invalid_status while PROCESSING or when REJECTED. A manifest issued in contingency (CONTINGENCY) prints with \"CONTINGÊNCIA\" and its signed QR-Code. " +
    "preview=true prints a REJECTED manifest as it would print, marked PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL, with its number and without key, barcode, QR Code or protocol; 422 preview_not_applicable for any other status.",
  tag: TAG,
  scope: "documents:read",
  params: ManifestIdParams,
  query: ManifestDamdfeQuery,
  responseContentType: "application/pdf",
  errorStatuses: [404, 422],
});

export const previewTransportManifestContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/preview",
  summary: "Preview the DAMDFE of an MDF-e before issuing it (PDF, without fiscal value)",
  description:
    "The body of POST /v1/transport-manifests, resolved as emission resolves it (documents, vehicle, route, municipalities) and printed as the DAMDFE would print, marked PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL, without number, key, barcode, QR Code or protocol. " +
    "Nothing is numbered, signed, stored or sent, and no certificate is needed. The same 400 and 422 codes as the creation (invalid_document, invalid_vehicle, invalid_municipality, invalid_route, invalid_plate, unsupported_modal).",
  tag: TAG,
  scope: "documents:read",
  body: CreateTransportManifestInput,
  successStatus: 200,
  responseContentType: "application/pdf",
  errorStatuses: [400, 422],
});

export const transportManifestEventXmlContract = defineContract({
  method: "GET",
  path: "/v1/transport-manifests/{id}/events/{eventId}/xml",
  summary: "Download the XML of a registered MDF-e event (procEventoMDFe)",
  description:
    "The event as the SVRS registered it: the procEventoMDFe (the signed eventoMDFe with the SVRS's retEventoMDFe) of a cancellation (110111), closing (110112), driver (110114), DF-e (110115) or payment (110116) inclusion. " +
    "The event ids are those of the manifest's events. download=true sends Content-Disposition attachment (file <accessKey>-mdfe-<canc|enc|cond|dfe|pagto>-<sequence>.xml, the name the exports use). " +
    "404 for an unknown event, an event of another manifest or another company's; 404 document_not_available for an event the SVRS did not register (PENDING, REFUSED, NOT_REGISTERED).",
  tag: TAG,
  scope: "documents:read",
  params: ManifestEventParams,
  query: ManifestEventXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const emitTransportManifestContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/{id}/emit",
  summary: "Settle a PROCESSING MDF-e: consult its key, send it again when the authority does not know it",
  description: `422 invalid_status unless PROCESSING. ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: ManifestIdParams,
  bodyOptional: true,
  response: TransportManifestResponse,
  errorStatuses: [404, 422, 503],
});

export const closeTransportManifestContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/{id}/close",
  summary: "Close (encerrar) an MDF-e: event 110112 with the municipality and date",
  description: `422 invalid_status unless AUTHORIZED; 422 loading_later_without_documents for a manifest loaded later with no document added yet (715). ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: ManifestIdParams,
  body: CloseManifestInput,
  bodyOptional: true,
  response: TransportManifestResponse,
  errorStatuses: [404, 422, 503],
});

export const cancelTransportManifestContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/{id}/cancel",
  summary: "Cancel an MDF-e: event 110111, within 24 h of its authorization and before it is closed",
  description: `422 invalid_status unless AUTHORIZED; 422 cancel_deadline_expired after 24 h (not for a manifest loaded later with no document yet); 422 cancel_not_allowed once documents loaded elsewhere were added to a manifest loaded later (710). ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: ManifestIdParams,
  body: CancelManifestInput,
  response: TransportManifestResponse,
  errorStatuses: [404, 422, 503],
});

export const addTransportManifestDriverContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/{id}/drivers",
  summary: "Add a driver to an open MDF-e: event 110114",
  description: `422 invalid_status unless AUTHORIZED; 422 driver_already_listed; 422 driver_limit_reached (10). ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: ManifestIdParams,
  body: AddDriverInput,
  response: TransportManifestResponse,
  errorStatuses: [404, 422, 503],
});

export const addTransportManifestDocumentsContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/{id}/documents",
  summary: "Add NF-e loaded on the way to an open MDF-e: event 110115 (inclusão de DF-e)",
  description: `Only for a manifest issued with loadingLater (indCarregaPosterior=1). Give either documents (the company's NF-e by documentId or accessKey, grouped by the server by unloading municipality as at creation) or unloading (municipalities with their documents); both or neither: 400 validation_error. 422 invalid_status unless AUTHORIZED; 422 loading_later_required (issued without loadingLater: the SVRS answers 708); 422 invalid_document (not an AUTHORIZED NF-e of the company, naming its status, or already on the manifest); 422 invalid_municipality (loading outside the loading state, unloading outside the unloading state, or an NF-e unloaded abroad given in documents). ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: ManifestIdParams,
  body: AddDocumentsInput,
  response: TransportManifestResponse,
  errorStatuses: [404, 422, 503],
});

export const addTransportManifestPaymentContract = defineContract({
  method: "POST",
  path: "/v1/transport-manifests/{id}/payments",
  summary: "Register the payment of the transport operation of an open MDF-e: event 110116 (pagamento da operação)",
  description: `The trips the payment covers (infViagens) and one or more infPag groups (who is paid, components, contract value, cash or installments, bank, IPEF or PIX). Once per manifest, for a traction vehicle owned by a TAC agregado. 422 invalid_status unless AUTHORIZED; 422 payment_already_registered (the SVRS takes nSeqEvento 1 only: 636); 422 vehicle_owner_not_tac_aggregated (no vehicle.owner with ownerType TAC_AGGREGATED at issue: 723). ${AUTHORITY_ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: ManifestIdParams,
  body: AddPaymentInput,
  response: TransportManifestResponse,
  errorStatuses: [404, 422, 503],
});

export const transportManifestContracts = [
  createTransportManifestContract,
  listTransportManifestsContract,
  listOpenTransportManifestsContract,
  getTransportManifestContract,
  transportManifestXmlContract,
  transportManifestDamdfeContract,
  previewTransportManifestContract,
  transportManifestEventXmlContract,
  emitTransportManifestContract,
  closeTransportManifestContract,
  cancelTransportManifestContract,
  addTransportManifestDriverContract,
  addTransportManifestDocumentsContract,
  addTransportManifestPaymentContract,
];

