import type { DocumentStatus } from "@prisma/client";
import { db } from "@/lib/db/client";
import { inSqlTransaction } from "@/lib/db/sql";
import { notFound, unprocessable } from "@/lib/errors";
import { outcomeEventData, type DocumentOutcomeType } from "@/lib/events/record-outcome";
import { assertWithinRateLimit } from "@/lib/rate-limit";
import { receivedDocumentEventData } from "@/lib/events/received-document-outcome";
import { REDISPATCH_LIMIT_PER_MINUTE } from "./config";
import { fanOut, insertWebhookEvent, type NewWebhookEvent } from "./webhook-events";

// POST /v1/fiscal-documents/{id}/webhook (api.md, Fiscal documents rule 4):
// the event of the document's current state, with a new event id, to every
// active endpoint subscribed to it; 60 calls per minute per company.

export function outcomeEventType(status: DocumentStatus): DocumentOutcomeType | null {
  if (status === "AUTHORIZED") return "document.authorized";
  if (status === "REJECTED") return "document.rejected";
  if (status === "CANCELLED") return "document.cancelled";
  if (status === "DENIED") return "document.denied";
  if (status === "CONTINGENCY") return "document.contingency";
  return null;
}

const assertWithinRedispatchLimit = (companyId: string) =>
  assertWithinRateLimit({ key: `webhook-dispatch:${companyId}`, limit: REDISPATCH_LIMIT_PER_MINUTE, windowSeconds: 60 }, "Too many webhook dispatches for this company");

export async function redispatchDocumentWebhook(input: { companyId: string; documentId: string }): Promise<{ dispatched: number }> {
  await assertWithinRedispatchLimit(input.companyId);
  const document = await db.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId } });
  if (!document) throw notFound("Fiscal document");
  const type = outcomeEventType(document.status);
  if (!type) throw unprocessable("document_without_outcome", `The document is ${document.status}: it has no outcome to send yet`);
  return dispatchOrNothing({
    companyId: input.companyId, type, origin: "REDISPATCH", data: outcomeEventData(type, document),
    documentId: document.id, environment: document.environment, documentType: document.type,
  });
}

// POST /v1/received-documents/{id}/webhook (our extension, docs/api-notes/webhooks.md):
// received_document.created with the received NF-e as it is now, as backfill sends it;
// the same limit and the same 422 as the fiscal documents' re-dispatch.
export async function redispatchReceivedDocumentWebhook(input: { companyId: string; receivedDocumentId: string }): Promise<{ dispatched: number }> {
  await assertWithinRedispatchLimit(input.companyId);
  const document = await db.receivedDocument.findFirst({ where: { id: input.receivedDocumentId, companyId: input.companyId } });
  if (!document) throw notFound("Received document");
  return dispatchOrNothing({
    companyId: input.companyId, type: "received_document.created", origin: "REDISPATCH", data: receivedDocumentEventData(document, "created"),
    environment: document.environment, documentType: document.documentType === "NFSE" ? "NFSE" : "NFE",
  });
}

function dispatchOrNothing(event: NewWebhookEvent): Promise<{ dispatched: number }> {
  return inSqlTransaction(async (client) => {
    const eventId = await insertWebhookEvent(client, event);
    const dispatched = await fanOut(client, eventId);
    // Rolls the event back: nothing is recorded when nobody would receive it.
    if (dispatched === 0) throw unprocessable("no_active_webhook_endpoint", `No active webhook endpoint is subscribed to ${event.type} for this document`);
    return { dispatched };
  });
}
