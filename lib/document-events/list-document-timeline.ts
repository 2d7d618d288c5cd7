import type { DocumentEventKind } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { listRunsForDocument, type DocumentRunSummary } from "@/lib/jobs/list-runs";

// The dashboard's view of a document's history: what the authority said
// (authorization, rejections, cancellation, CC-e, delivery receipts) and the
// background runs that did the work, newest first.

export type TimelineEvent = {
  id: string;
  kind: DocumentEventKind;
  eventCode: string | null;
  sequence: number;
  outcome: "AUTHORIZED" | "REJECTED" | "DENIED";
  cStat: string | null;
  reason: string | null;
  protocol: string | null;
  runId: string | null;
  occurredAt: string;
  details: unknown;
};

export type TimelineEntry = { type: "event"; at: string; event: TimelineEvent } | { type: "run"; at: string; run: DocumentRunSummary };

export type DocumentTimeline = {
  entries: TimelineEntry[];
  /** What the action buttons may offer, from the current state. */
  document: { id: string; type: string; status: string; deliveryReceiptActive: boolean; hasAuthorizedXml: boolean; hasSignedXml: boolean; authorizationDate: string | null };
};

export async function listDocumentTimeline(companyId: string, documentId: string, client: DbClient = db): Promise<DocumentTimeline> {
  const document = await client.fiscalDocument.findFirst({
    where: { id: documentId, companyId },
    select: { id: true, type: true, status: true, deliveryReceiptActive: true, authorizationDate: true },
  });
  if (!document) throw notFound("Fiscal document");
  // Counts, so the XML texts are not loaded just to know they exist.
  const hasXml = (field: "authorizedXml" | "signedXml") => client.fiscalDocument.count({ where: { id: documentId, companyId, [field]: { not: null } } }).then((n) => n > 0);
  const [events, runs, hasAuthorizedXml, hasSignedXml] = await Promise.all([
    client.documentEvent.findMany({
      where: { documentId, companyId },
      orderBy: { occurredAt: "desc" },
      take: 200,
      select: { id: true, kind: true, eventCode: true, sequence: true, outcome: true, cStat: true, reason: true, protocol: true, runId: true, occurredAt: true, details: true },
    }),
    listRunsForDocument(companyId, documentId, client),
    hasXml("authorizedXml"),
    hasXml("signedXml"),
  ]);
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({ type: "event" as const, at: event.occurredAt.toISOString(), event: { ...event, occurredAt: event.occurredAt.toISOString() } })),
    ...runs.map((run) => ({ type: "run" as const, at: run.createdAt, run })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return {
    entries,
    document: {
      id: document.id,
      type: document.type,
      status: document.status,
      deliveryReceiptActive: document.deliveryReceiptActive,
      hasAuthorizedXml,
      hasSignedXml,
      authorizationDate: document.authorizationDate?.toISOString() ?? null,
    },
  };
}
