import { defineContract } from "@/lib/contracts/contract";
import { CancelReformEventInput, EventIdParams, IssuerReformEventInput, ReformEvent, ReformEventList } from "./reform-event-schemas";
import { DocumentIdParams } from "./schemas";

// The issuer's IBS/CBS events of the tax reform (NT 2025.002-RTC v1.31, item 8;
// docs/api-notes/reform-events.md). Our extension: api.md defines no /events routes
// besides the event downloads (…/events/{eventId}/xml and /pdf), which serve these too.

const TAG = "Fiscal documents";
const ERRORS =
  "422 reform_event_not_allowed (NFCE/NFSE, or an item the NF-e does not have, or an amount or quantity above the item's, with the authority's code 1096-1101 in the message); 422 invalid_status unless AUTHORIZED; 422 authority_rejected (\"cStat - xMotivo\") when the SVRS refuses it; 503 authority_unavailable (the outcome is confirmed in the background).";

export const registerIssuerReformEventContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/events",
  summary: "Register an issuer's IBS/CBS event (112110, 112120, 112130, 112140, 112150), synchronous",
  description: `The body is one object per event type, chosen by \`type\` (the tpEvento). Each event takes the next nSeqEvento of its type. ${ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: DocumentIdParams,
  body: IssuerReformEventInput,
  response: ReformEvent,
  successStatus: 201,
  errorStatuses: [404, 422, 503],
});

export const listIssuerReformEventsContract = defineContract({
  method: "GET",
  path: "/v1/fiscal-documents/{id}/events",
  summary: "List the IBS/CBS events of an issued NF-e: the issuer's and the recipient's (received by distribution)",
  tag: TAG,
  scope: "documents:read",
  params: DocumentIdParams,
  response: ReformEventList,
  errorStatuses: [404],
});

export const cancelIssuerReformEventContract = defineContract({
  method: "DELETE",
  path: "/v1/fiscal-documents/{id}/events/{eventId}",
  summary: "Cancel one of the issuer's registered IBS/CBS events (event 110001), synchronous",
  description: `justification 15-255 characters, kept with the record (e110001 has no field for it). 404 for an event that is not an IBS/CBS event of this document; 422 event_not_cancellable when it was refused, is already cancelled or was registered by the recipient. ${ERRORS}`,
  tag: TAG,
  scope: "documents:write",
  params: EventIdParams,
  body: CancelReformEventInput,
  response: ReformEvent,
  errorStatuses: [404, 422, 503],
});

export const issuerReformEventContracts = [registerIssuerReformEventContract, listIssuerReformEventsContract, cancelIssuerReformEventContract];
