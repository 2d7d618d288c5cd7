import type { Prisma, ReceivedDocument } from "@prisma/client";
import { paginate } from "@/lib/contracts/pagination";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { ListReceivedDocumentsQuery, ReceivedDocumentResponse } from "./schemas";

// Reads of received documents, always scoped by the caller's company and its
// current environment: another company's id is not found.

export function toReceivedDocumentResponse(document: ReceivedDocument): ReceivedDocumentResponse {
  return {
    id: document.id,
    type: document.documentType === "NFSE" ? "NFSE" : "NFE",
    accessKey: document.accessKey,
    issuer: { document: document.issuerDocument, name: document.issuerName, stateRegistration: document.issuerStateRegistration },
    issueDate: document.issueDate.toISOString(),
    totalValue: document.totalValue.toFixed(2),
    operation: document.operation === "ENTRADA" ? "entrada" : "saida",
    authorityStatus: document.authorityStatus as ReceivedDocumentResponse["authorityStatus"],
    manifestation:
      document.manifestation === "PENDING"
        ? null
        : { type: document.manifestation as NonNullable<ReceivedDocumentResponse["manifestation"]>["type"], registeredAt: document.manifestationRegisteredAt?.toISOString() ?? null, protocol: document.manifestationProtocol },
    hasXml: document.xml !== null,
    nsu: document.nsu,
    receivedAt: document.receivedAt.toISOString(),
    environment: document.environment,
  };
}

function whereOf(companyId: string, query: ListReceivedDocumentsQuery): Prisma.ReceivedDocumentWhereInput {
  const issueDate: Prisma.DateTimeFilter = {};
  if (query.from) issueDate.gte = new Date(`${query.from}T00:00:00-03:00`);
  if (query.to) issueDate.lt = new Date(new Date(`${query.to}T00:00:00-03:00`).getTime() + 24 * 60 * 60 * 1000);
  return {
    companyId,
    ...(query.manifestation ? { manifestation: query.manifestation } : {}),
    ...(query.issuerDocument ? { issuerDocument: query.issuerDocument.replace(/[./-]/g, "").toUpperCase() } : {}),
    ...(query.from || query.to ? { issueDate } : {}),
    ...(query.hasXml === undefined ? {} : { xml: query.hasXml ? { not: null } : null }),
    ...(query.authorityStatus ? { authorityStatus: query.authorityStatus } : {}),
    ...(query.type ? { documentType: query.type } : {}),
  };
}

export async function listReceivedDocuments(companyId: string, query: ListReceivedDocumentsQuery) {
  const where = whereOf(companyId, query);
  const [page, sums] = await Promise.all([
    paginate(
      query,
      () => db.receivedDocument.count({ where }),
      (window) => db.receivedDocument.findMany({ where, orderBy: [{ issueDate: "desc" }, { id: "desc" }], ...window }),
    ),
    db.receivedDocument.aggregate({ where, _sum: { totalValue: true }, _count: true }),
  ]);
  return { ...page, data: page.data.map(toReceivedDocumentResponse), totals: { count: sums._count, totalValue: (sums._sum.totalValue ?? 0).toFixed(2) } };
}

export async function findReceivedDocument(companyId: string, id: string): Promise<ReceivedDocument> {
  const document = await db.receivedDocument.findFirst({ where: { id, companyId } });
  if (!document) throw notFound("Received document");
  return document;
}

export async function getReceivedDocument(companyId: string, id: string): Promise<ReceivedDocumentResponse> {
  return toReceivedDocumentResponse(await findReceivedDocument(companyId, id));
}

/** The full nfeProc; 404 xml_not_available before it arrived. */
export async function receivedXmlOf(companyId: string, id: string): Promise<{ document: ReceivedDocument; xml: string }> {
  const document = await findReceivedDocument(companyId, id);
  if (!document.xml) {
    throw new DomainError(404, "xml_not_available", "The full XML of this NF-e has not arrived: it is distributed after the company's ciência (or another manifestation); register one and try again");
  }
  return { document, xml: document.xml };
}

/**
 * The events registered on a received NF-e, oldest first: the issuer's, ours, and the fisco's
 * (e.g. 610610/610611 of an MDF-e carrying it, issue 55 item 5), as the distribution brought them.
 */
export async function listReceivedDocumentEvents(companyId: string, id: string) {
  return db.receivedDocumentEvent.findMany({
    where: { receivedDocumentId: id, document: { companyId } },
    orderBy: [{ registeredAt: "asc" }, { createdAt: "asc" }],
    select: { id: true, eventType: true, sequence: true, protocol: true, registeredAt: true, createdAt: true },
  });
}
