import { DomainError } from "@/lib/errors";

// Statuses whose number is used for good (docs/api-notes/documents.md, Denied
// and inutilized documents): a denial (uso denegado, MOC 7.0 cStat 110, 301,
// 302, 303) is registered by SEFAZ with a protocol, and an inutilized number
// can never be authorized (206). Nothing can be emitted, printed or sent as
// an event for them; the denied nfeProc stays downloadable.
export const SPENT_NUMBER_STATUSES = ["DENIED", "INUTILIZED"] as const;

export function isNumberSpent(status: string): boolean {
  return (SPENT_NUMBER_STATUSES as readonly string[]).includes(status);
}

/** 422 document_denied / document_inutilized, naming what cannot be done. */
export function assertNumberNotSpent(status: string, action: string): void {
  if (status === "DENIED") {
    throw new DomainError(422, "document_denied", `The tax authority denied this document (uso denegado): its number is used for good and it cannot ${action}`);
  }
  if (status === "INUTILIZED") {
    throw new DomainError(422, "document_inutilized", `This document's number was inutilized: it cannot ${action}; create a new document`);
  }
}
