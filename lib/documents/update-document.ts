import type { DocumentStatus } from "@prisma/client";
import { parseWith } from "@/lib/contracts/parse-input";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql } from "@/lib/db/sql";
import { notFound, unprocessable, validationError } from "@/lib/errors";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { composeDocument, loadReferences } from "./create-document";
import type { DocumentRows } from "./insert-document-rows";
import { readCreationState, recipientRecordOf } from "./read-creation-state";
import { replaceDocumentRows } from "./replace-document-rows";
import { UpdateDocumentInput, type CreateDocumentBody } from "./schemas";
import { summarizeDocument } from "./serialize-document";
import type { DocumentSummary } from "./response-schemas";

/** Documents whose content may still change: never sent, or refused by the authority (api.md: the emittable statuses). */
export const EDITABLE_STATUSES: readonly DocumentStatus[] = ["DRAFT", "REJECTED"];

type Current = { status: DocumentStatus; type: string; number: number; accessKey: string | null; issueDateTime: Date };

/**
 * PATCH /v1/fiscal-documents/{id}: replaces a DRAFT or REJECTED document's
 * content with a create body, resolved, computed and checked by the same code
 * as creation (composeDocument), so an edit is refused exactly where a create
 * would be. The document keeps its id, status, type and, once numbered, its
 * series, number, environment, access key and issue date (the key carries
 * its AAMM: another month is a 400), so a REJECTED document is re-emitted
 * under the number it reserved. Any other status is 422 document_not_editable.
 * The status is checked again under the row lock, so an emission starting at
 * the same moment either wins (422) or finds the edited content.
 */
export async function updateDocument(input: { companyId: string; documentId: string; body: unknown }): Promise<DocumentSummary> {
  const { companyId, documentId } = input;
  const parsed = parseWith(UpdateDocumentInput, input.body, "body");
  const [current] = await sql<Current>(getPool(), CURRENT_SQL, [documentId, companyId]);
  if (!current) throw notFound("Fiscal document");
  assertEditable(current);
  const body = keepIssueDate(parsed, current);
  const references = await loadReferences(companyId, body);
  const { company, recipient } = await readCreationState(companyId, body);
  if (body.issueDateTime && current.accessKey) assertKeyMonth(body.issueDateTime, current.accessKey, company.state);

  return inSqlTransaction(async (client) => {
    const [locked] = await sql<Current>(client, `${CURRENT_SQL} FOR UPDATE`, [documentId, companyId]);
    if (!locked) throw notFound("Fiscal document");
    assertEditable(locked);
    const recipientRecord = await recipientRecordOf(companyId, body, recipient, client);
    const rows: DocumentRows = composeDocument(company, recipientRecord, body, references);
    // What was signed and sent belongs to the old content; emission signs the new one.
    rows.document.signedXml = null;
    const stored = await replaceDocumentRows(client, documentId, rows, locked.number > 0 ? ["environment"] : []);
    return summarizeDocument(stored);
  });
}

const CURRENT_SQL = `SELECT "status", "type", "number", "accessKey", "issueDateTime" FROM "FiscalDocument" WHERE "id" = $1 AND "companyId" = $2`;

function assertEditable(current: Current) {
  if (!EDITABLE_STATUSES.includes(current.status)) {
    throw unprocessable(
      "document_not_editable",
      `Only DRAFT or REJECTED documents can be edited; this document is ${current.status} (an authorized document is corrected by a correction letter or cancelled)`,
    );
  }
}

/** A numbered document whose key exists keeps its issue date unless one is sent, as re-emission does (queueEmission). */
function keepIssueDate(body: CreateDocumentBody, current: Current): CreateDocumentBody {
  if (body.type !== current.type) throw validationError(`body.type: a document keeps its type (${current.type}); create a new document for another type`);
  if (body.issueDateTime || !current.accessKey) return body;
  return { ...body, issueDateTime: current.issueDateTime.toISOString() };
}

/** The access key carries the year and month (AAMM) of the first dhEmi; an edit cannot move the date out of it. */
function assertKeyMonth(issueDateTime: string, accessKey: string, state: string) {
  const local = localDateTime(issueDateTime, state);
  const month = `${local.slice(2, 4)}${local.slice(5, 7)}`;
  const keyMonth = accessKey.slice(2, 6);
  if (month !== keyMonth) {
    throw validationError(`body.issueDateTime: the document's access key carries the month 20${keyMonth.slice(0, 2)}-${keyMonth.slice(2)} of its first issue; send a date in that month or omit issueDateTime`);
  }
}
