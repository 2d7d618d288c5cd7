import type { Prisma } from "@prisma/client";
import { getNfseAuthority, type NfseAuthority } from "@/lib/authority";
import { credentialsOf } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { recordDocumentOutcome } from "@/lib/events/record-outcome";
import { DomainError, notFound } from "@/lib/errors";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { buildSignedCancellation, CANCELLATION_EVENT } from "@/lib/fiscal/nfse";
import type { CancelDocumentResponse } from "./schemas";

// E0840: the NFS-e already has a cancellation event (Anexo II, RN EVENTOSxEVENTOS).
const ALREADY_CANCELLED = "E0840";

/**
 * Cancellation of an NFS-e (event e101101 at Sefin Nacional, synchronous).
 * No lock or connection is held during the call: the document is read, the
 * signed request sent, then ONE transaction records the answer with a guarded
 * AUTHORIZED → CANCELLED update, the DocumentEvent and document.cancelled. A
 * concurrent or repeated request meets E0840, which means the NFS-e is
 * cancelled at Sefin: it becomes CANCELLED here too (a lost answer recovered).
 * cMotivo is 9 "Outros" with the justification as xMotivo. There is no
 * national deadline; the municipality's limits come back as refusals (E0822…).
 */
export async function cancelNfse(input: { companyId: string; documentId: string; justification: string; now?: Date }, authorityFor: (env: "PRODUCTION" | "HOMOLOGATION") => NfseAuthority = getNfseAuthority): Promise<CancelDocumentResponse> {
  const now = input.now ?? new Date();
  const document = await db.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId }, include: { company: true } });
  if (!document) throw notFound("Fiscal document");
  if (document.type !== "NFSE") throw new Error("cancelNfse is for NFSE documents");
  if (document.status !== "AUTHORIZED" || !document.accessKey) {
    throw new DomainError(422, "invalid_status", `Only AUTHORIZED documents can be cancelled; this document is ${document.status}`);
  }
  const certificate = await db.certificate.findFirst({ where: { companyId: input.companyId, isActive: true }, orderBy: { createdAt: "desc" }, select: { id: true } });
  if (!certificate) throw new DomainError(422, "certificate_missing", "No digital certificate: upload the company's A1 under Certificate");
  const credentials = await credentialsOf({ id: certificate.id, companyId: input.companyId });
  const request = buildSignedCancellation(
    { environment: document.environment, accessKey: document.accessKey, authorCnpj: document.company.cnpj, requestedAt: localDateTime(now, document.company.state), reasonCode: "9", justification: input.justification },
    credentials,
  );
  const answer = await authorityFor(document.environment).registerEvent(document.environment, document.accessKey, request.xml, { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem });
  if (answer.kind === "communication_failure") {
    throw new DomainError(503, "authority_unavailable", `Sefin Nacional could not be reached: ${answer.reason}. The outcome is unknown; try again later`, { "retry-after": "30" });
  }
  const registered = answer.kind === "authorized";
  const alreadyCancelled = answer.kind === "refused" && answer.code === ALREADY_CANCELLED;
  const event = (tx: Prisma.TransactionClient) =>
    tx.documentEvent.create({
      data: {
        documentId: document.id,
        companyId: document.companyId,
        kind: "CANCELLATION",
        eventCode: CANCELLATION_EVENT,
        sequence: 1,
        outcome: registered ? "AUTHORIZED" : "REJECTED",
        cStat: registered ? "100" : answer.code,
        reason: registered ? "Evento de cancelamento registrado" : answer.reason,
        protocol: registered ? eventNumber(answer.eventXml) : null,
        requestXml: request.xml,
        responseXml: registered ? answer.eventXml : null,
        details: { justification: input.justification, cMotivo: "9" },
        occurredAt: registered ? processedAt(answer.processedAt, now) : now,
      },
    });

  await db.$transaction(async (tx) => {
    await event(tx);
    if (!registered && !alreadyCancelled) return;
    const changed = await tx.fiscalDocument.updateMany({
      where: { id: document.id, companyId: document.companyId, status: "AUTHORIZED" },
      data: {
        status: "CANCELLED",
        cancellationReason: input.justification,
        cancellationDate: registered ? processedAt(answer.processedAt, now) : now,
        cancellationProtocol: registered ? eventNumber(answer.eventXml) : null,
      },
    });
    if (changed.count === 1) await recordDocumentOutcome(tx, "document.cancelled", await tx.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } }));
  });
  if (answer.kind === "refused" && !alreadyCancelled) throw new DomainError(422, "authority_rejected", `${answer.code} - ${answer.reason}`);
  if (alreadyCancelled) return { success: true, message: `Sefin Nacional already had this NFS-e cancelled (${answer.code}); it is now CANCELLED here too` };
  return { success: true, message: `NFS-e cancelled; event ${eventNumber((answer as { eventXml: string }).eventXml) ?? "registered"}` };
}

/** The event's Id (EVT + 59 digits) is its registration number at Sefin. */
function eventNumber(eventXml: string): string | null {
  return /<infEvento\b[^>]*\bId="(EVT\d{59})"/.exec(eventXml)?.[1] ?? null;
}

function processedAt(value: string, fallback: Date): Date {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date;
}
