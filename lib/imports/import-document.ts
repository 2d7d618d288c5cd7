import { Prisma, type DocumentEventKind, type FiscalDocument } from "@prisma/client";
import { getTaxAuthority, type RegisteredEvent } from "@/lib/authority";
import { assertNotMisusePaused, isMisuse, misuseRecorded } from "@/lib/authority/misuse-pause";
import { normalizeDocument } from "@/lib/br";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { summarizeDocument } from "@/lib/documents/serialize-document";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { documentEventData } from "@/lib/events/record-outcome";
import { DomainError, notFound } from "@/lib/errors";
import { extractElement, isReformEvent } from "@/lib/fiscal/nfe";
import { importedDocumentData } from "./document-rows";
import { invalidImport, readAuthorizedNfe, readRegisteredEvent, type ImportedEvent, type ImportedNfe } from "./read-nfe-proc";
import type { ImportDocumentInput } from "./schemas";

// POST /v1/fiscal-documents/import (issue 56, item 3; docs/api-notes/import.md).
// Order: what the XML alone proves (schema, signature, protocol), then whose it
// is (the company's CNPJ, alphanumeric ones included, and environment), then
// what we already hold (the key, the number), then the authority's word
// (NFeConsultaProtocolo4, no database connection held meanwhile), then one
// transaction: the counter of the series moved past the number (its row lock
// orders us with any emission of that series), the number re-checked under
// that lock, the document with its events, and document.imported.

export const IMPORTED_EVENT = "document.imported";

const EVENT_KINDS: Record<string, DocumentEventKind> = {
  "110111": "CANCELLATION",
  "110110": "CORRECTION_LETTER",
  "110130": "DELIVERY_RECEIPT",
  "110131": "DELIVERY_RECEIPT_CANCELLATION",
  "110001": "REFORM_EVENT_CANCELLATION",
};

function kindOf(tpEvento: string): DocumentEventKind | null {
  return EVENT_KINDS[tpEvento] ?? (isReformEvent(tpEvento) ? "REFORM_EVENT" : null);
}

const eventKey = (e: { tpEvento: string; sequence: number }) => `${e.tpEvento}:${e.sequence}`;

/** An event the consultation lists, read as a given one is (its xJust/xCorrecao kept). */
function fromAuthority(event: RegisteredEvent, accessKey: string): ImportedEvent {
  try {
    return readRegisteredEvent(event.procEventoXml, accessKey, "authority event");
  } catch {
    // An event the authority lists but whose XML we cannot read back: kept with what the answer said.
    const registeredAt = new Date(event.registeredAt);
    return { tpEvento: event.tpEvento, sequence: event.sequence, cStat: event.cStat, protocol: event.protocol, registeredAt: Number.isNaN(registeredAt.getTime()) ? new Date() : registeredAt, xml: event.procEventoXml, text: null };
  }
}

async function assertNumberFree(client: Prisma.TransactionClient | typeof db, companyId: string, nfe: ImportedNfe, type: "NFE" | "NFCE") {
  const holder = await client.fiscalDocument.findFirst({
    where: { companyId, environment: nfe.environment, type, series: nfe.series, number: nfe.number },
    select: { id: true, status: true, accessKey: true },
  });
  // A concurrent import of the same key that committed first (seen under the series' lock).
  if (holder?.accessKey === nfe.accessKey) throw new DomainError(422, "duplicate_access_key", `The NF-e ${nfe.accessKey} is already stored: it is document ${holder.id}`);
  if (holder) {
    throw new DomainError(
      422,
      "import_number_in_use",
      `Number ${nfe.number} of series ${nfe.series} (model ${nfe.model}) is held by document ${holder.id} (${holder.status}, key ${holder.accessKey ?? "none"}); an NF-e issued elsewhere with the same number cannot be imported`,
    );
  }
  const voided = await client.inutilization.findFirst({
    where: { companyId, environment: nfe.environment, model: nfe.model, series: nfe.series, status: "AUTHORIZED", startNumber: { lte: nfe.number }, endNumber: { gte: nfe.number } },
    select: { id: true },
  });
  if (voided) throw new DomainError(422, "import_number_in_use", `Number ${nfe.number} of series ${nfe.series} was inutilized (inutilization ${voided.id}); it cannot hold an authorized NF-e`);
}

async function assertNotImported(companyId: string, accessKey: string) {
  const existing = await db.fiscalDocument.findFirst({ where: { accessKey }, select: { id: true, companyId: true } });
  if (existing) {
    const which = existing.companyId === companyId ? `it is document ${existing.id}` : "another company of this installation holds it";
    throw new DomainError(422, "duplicate_access_key", `The NF-e ${accessKey} is already stored: ${which}`);
  }
}

/** Imports one authorized nfeProc (and its registered events) as a document of the company. */
export async function importDocument(input: { companyId: string; body: ImportDocumentInput; now?: Date }): Promise<DocumentSummary> {
  const { companyId, body } = input;
  const now = input.now ?? new Date();
  const company = await db.company.findFirst({ where: { id: companyId }, select: { id: true, cnpj: true, state: true, environment: true } });
  if (!company) throw notFound("Company");

  const nfe = readAuthorizedNfe(body.xml);
  const given = (body.events ?? []).map((xml, index) => readRegisteredEvent(xml, nfe.accessKey, `events.${index}`));
  const own = normalizeDocument(company.cnpj);
  if (nfe.issuerCnpj !== own) {
    throw new DomainError(422, "import_other_company", `The NF-e ${nfe.accessKey} was issued by CNPJ ${nfe.issuerCnpj}, not by this company (CNPJ ${own}): only the company's own documents can be imported`);
  }
  if (nfe.environment !== company.environment) {
    throw new DomainError(422, "import_environment_mismatch", `The NF-e was authorized in ${nfe.environment} (tpAmb) and the company issues in ${company.environment}`);
  }
  const type = nfe.model === "65" ? ("NFCE" as const) : ("NFE" as const);
  await assertNotImported(companyId, nfe.accessKey);
  await assertNumberFree(db, companyId, nfe, type);

  // The authority's word on the key: authorized with this very protocol, and its events.
  const credentials = await loadSigningCredentials(companyId);
  const target = { uf: nfe.view.issuerUf || company.state, environment: nfe.environment, model: nfe.model === "65" ? 65 : 55 } as const;
  await assertNotMisusePaused(companyId, target);
  const consulted = await getTaxAuthority(nfe.environment).consult(target, nfe.accessKey, credentials);
  if (consulted.kind === "communication_failure") {
    if (isMisuse(consulted)) throw await misuseRecorded(companyId, target);
    throw new DomainError(503, "authority_unavailable", `The tax authority could not be reached to confirm the NF-e: ${consulted.reason}; nothing was imported, send it again`, { "retry-after": "30" });
  }
  if (consulted.kind === "not_found") throw new DomainError(422, "import_not_at_authority", `The tax authority does not hold the NF-e ${nfe.accessKey} (${consulted.cStat} - ${consulted.reason})`);
  if (consulted.kind === "denied") throw new DomainError(422, "import_not_at_authority", `The tax authority holds the NF-e ${nfe.accessKey} as denied (${consulted.cStat} - ${consulted.reason}), not authorized`);
  if (consulted.kind === "refused") throw new DomainError(422, "authority_rejected", `${consulted.cStat} - ${consulted.reason}`);
  if (consulted.protocol !== nfe.protocol) {
    throw invalidImport(`The authority authorized this key under protocol ${consulted.protocol}, not ${nfe.protocol}`);
  }

  const events = new Map<string, ImportedEvent>();
  for (const event of consulted.events) {
    const read = fromAuthority(event, nfe.accessKey);
    events.set(eventKey(read), read);
  }
  for (const [index, event] of given.entries()) {
    const known = events.get(eventKey(event));
    if (!known) throw invalidImport(`events.${index}: the authority does not list event ${event.tpEvento} sequence ${event.sequence} for this NF-e`);
    if (known.protocol !== event.protocol) throw invalidImport(`events.${index}: the authority registered event ${event.tpEvento} under protocol ${known.protocol}, not ${event.protocol}`);
    events.set(eventKey(event), event);
  }
  const stored = [...events.values()].filter((e) => kindOf(e.tpEvento) !== null).sort((a, b) => a.registeredAt.getTime() - b.registeredAt.getTime());
  const cancellation = stored.find((e) => e.tpEvento === "110111");
  const receipts = stored.filter((e) => e.tpEvento === "110130" || e.tpEvento === "110131");

  const data = importedDocumentData(nfe);
  let document: FiscalDocument;
  try {
    document = await db.$transaction(async (tx) => {
      // Moves the series past the number when it is at or beyond the next one (never backwards), and
      // takes the counter's row lock: an emission of this series that took the number first has committed.
      await tx.$executeRaw`
        INSERT INTO "NumberingSeries" ("id", "companyId", "model", "series", "environment", "nextNumber", "updatedAt")
        VALUES (gen_random_uuid()::text, ${companyId}, ${Number(nfe.model)}, ${nfe.series}, ${nfe.environment}::"Environment", ${nfe.number + 1}, now() AT TIME ZONE 'UTC')
        ON CONFLICT ("companyId", "model", "series", "environment") DO UPDATE
        SET "nextNumber" = greatest("NumberingSeries"."nextNumber", excluded."nextNumber"), "updatedAt" = excluded."updatedAt"`;
      await assertNumberFree(tx, companyId, nfe, type);
      const created = await tx.fiscalDocument.create({
        data: {
          ...data,
          companyId,
          status: cancellation ? "CANCELLED" : "AUTHORIZED",
          cancellationReason: cancellation?.text ?? null,
          cancellationDate: cancellation?.registeredAt ?? null,
          cancellationProtocol: cancellation?.protocol ?? null,
          deliveryReceiptActive: receipts.at(-1)?.tpEvento === "110130",
          events: {
            create: [
              {
                companyId,
                kind: "AUTHORIZATION",
                outcome: "AUTHORIZED",
                cStat: nfe.cStat,
                reason: nfe.reason,
                protocol: nfe.protocol,
                responseXml: extractElement(nfe.xml, "protNFe"),
                details: { imported: true, consultedCStat: consulted.cStat },
                occurredAt: nfe.authorizedAt,
              },
              ...stored.map((e) => ({
                companyId,
                kind: kindOf(e.tpEvento)!,
                eventCode: e.tpEvento,
                sequence: e.sequence,
                outcome: "AUTHORIZED" as const,
                cStat: e.cStat,
                protocol: e.protocol,
                requestXml: extractElement(e.xml, "evento"),
                responseXml: e.xml,
                details: { imported: true, ...(e.tpEvento === "110111" ? { justification: e.text } : e.tpEvento === "110110" ? { correction: e.text } : {}) },
                occurredAt: e.registeredAt,
              })),
            ],
          },
        },
      });
      await tx.domainEvent.create({
        data: {
          companyId,
          type: IMPORTED_EVENT,
          documentId: created.id,
          environment: created.environment,
          documentType: created.type,
          data: { ...documentEventData(created), status: created.status, importedAt: now.toISOString() },
        },
      });
      return created;
    });
  } catch (error) {
    // A concurrent import of the same key committed first (FiscalDocument.accessKey is unique).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") await assertNotImported(companyId, nfe.accessKey);
    throw error;
  }
  return summarizeDocument(document);
}
