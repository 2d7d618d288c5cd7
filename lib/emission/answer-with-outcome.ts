import { db } from "@/lib/db/client";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { summarizeDocument } from "@/lib/documents/serialize-document";
import { parsePreferWait } from "./prefer-wait";
import type { EmitDocumentResponse } from "./schemas";
import { waitForOutcome } from "./wait-for-outcome";

// "An answer in the same call" (Prefer: wait=N, RFC 7240): a checkout's NFC-e
// closes in one request. The emission itself is unchanged (queued, run in the
// background); the request only waits for its outcome before answering, and
// answers as usual when N seconds pass first. Preference-Applied says the wait
// was honoured, with the seconds actually applied (at most 30).

function json(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

/** POST /v1/fiscal-documents with emit true: 201 with the document as it stands after the wait. */
export async function createdAnswer(request: Request, companyId: string, created: DocumentSummary): Promise<Response | DocumentSummary> {
  const seconds = parsePreferWait(request.headers.get("prefer"));
  if (seconds === null || created.status !== "PROCESSING") return created;
  await waitForOutcome({ companyId, documentId: created.id, seconds });
  const current = await db.fiscalDocument.findFirst({ where: { id: created.id, companyId } });
  const summary = current ? summarizeDocument(current, { runId: created.runId }) : created;
  return json(summary, 201, { "Preference-Applied": `wait=${seconds}` });
}

/** POST …/emit: 200 with the outcome when it arrives within the wait, the usual 202 otherwise. */
export async function emittedAnswer(request: Request, companyId: string, queued: EmitDocumentResponse): Promise<Response | EmitDocumentResponse> {
  const seconds = parsePreferWait(request.headers.get("prefer"));
  if (seconds === null) return queued;
  const settled = await waitForOutcome({ companyId, documentId: queued.documentId, seconds });
  const applied = { "Preference-Applied": `wait=${seconds}` };
  if (!settled) return json(queued, 202, applied);
  // The settled document as create answers it (accessKey, number, protocol…), plus the emit answer's own fields.
  const current = await db.fiscalDocument.findFirst({ where: { id: queued.documentId, companyId } });
  const summary = current ? summarizeDocument(current, { runId: queued.runId }) : null;
  const status = summary?.status ?? queued.status;
  return json({ ...summary, ...queued, status, message: `Emission finished: the document is ${status}` }, 200, applied);
}
