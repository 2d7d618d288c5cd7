import { defineContract } from "@/lib/contracts/contract";
import { AcquirerReformEventInput, CancelReformEventInput, EventIdParams, ReformEvent, ReformEventList } from "@/lib/document-events/reform-event-schemas";
import { ReceivedDocumentIdParams, ReceivedXmlQuery } from "./schemas";

// The recipient's IBS/CBS events on a received NF-e (NT 2025.002-RTC v1.31, item 8;
// docs/api-notes/reform-events.md). Our extension: api.md has no received-document events.

const TAG = "Received documents";
const ERRORS =
  "422 reform_event_not_allowed (the NF-e is not AUTHORIZED, or, once its full XML is here, an item it does not have or an amount or quantity above the item's, with the authority's code 1096-1101); 422 authority_rejected (\"cStat - xMotivo\") when the SVRS refuses it (575 when the company is not the NF-e's recipient); 503 authority_unavailable.";

export const registerAcquirerReformEventContract = defineContract({
  method: "POST",
  path: "/v1/received-documents/{id}/events",
  summary: "Register the recipient's IBS/CBS event (211110, 211120, 211124, 211128, 211130, 211140, 211150, 212110, 212120), synchronous",
  description: `The body is one object per event type, chosen by \`type\` (the tpEvento). Each event takes the next nSeqEvento of its type (211120 and the item events accumulate). ${ERRORS}`,
  tag: TAG,
  scope: "received:write",
  params: ReceivedDocumentIdParams,
  body: AcquirerReformEventInput,
  response: ReformEvent,
  successStatus: 201,
  errorStatuses: [404, 422, 503],
});

export const listAcquirerReformEventsContract = defineContract({
  method: "GET",
  path: "/v1/received-documents/{id}/events",
  summary: "List the IBS/CBS events of a received NF-e: the issuer's (distributed) and the company's",
  tag: TAG,
  scope: "received:read",
  params: ReceivedDocumentIdParams,
  response: ReformEventList,
  errorStatuses: [404],
});

export const receivedEventXmlContract = defineContract({
  method: "GET",
  path: "/v1/received-documents/{id}/events/{eventId}/xml",
  summary: "Download an event of a received NF-e (procEventoNFe, or resEvento while only the summary was distributed)",
  tag: TAG,
  scope: "received:read",
  params: EventIdParams,
  query: ReceivedXmlQuery,
  responseContentType: "application/xml",
  errorStatuses: [404],
});

export const cancelAcquirerReformEventContract = defineContract({
  method: "DELETE",
  path: "/v1/received-documents/{id}/events/{eventId}",
  summary: "Cancel one of the company's IBS/CBS events on a received NF-e (event 110001), synchronous",
  description: `justification 15-255 characters, kept with the record (e110001 has no field for it). 404 for an event that is not an IBS/CBS event of this NF-e; 422 event_not_cancellable when it is already cancelled or the issuer registered it. ${ERRORS}`,
  tag: TAG,
  scope: "received:write",
  params: EventIdParams,
  body: CancelReformEventInput,
  response: ReformEvent,
  errorStatuses: [404, 422, 503],
});

export const receivedReformEventContracts = [registerAcquirerReformEventContract, listAcquirerReformEventsContract, receivedEventXmlContract, cancelAcquirerReformEventContract];
