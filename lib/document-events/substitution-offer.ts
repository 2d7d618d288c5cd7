import { db, type DbClient } from "@/lib/db/client";
import { substitutionSupport } from "./substitution-support";

// What the dashboard's "Substituir NFS-e" action may offer on a document (issue 57): only on an
// AUTHORIZED NFS-e of an ABRASF 2.04 city; unavailable (with the reason) when the city's signature
// profile cannot sign SubstituirNfse or a replacement is already on its way; otherwise the
// company's DRAFT/REJECTED NFS-e that may become the replacement. POST …/substitute checks it all again.

/** How many candidates the picker lists (the newest first). */
const CANDIDATE_LIMIT = 50;

export type SubstitutionCandidate = { id: string; series: number | null; number: number; status: "DRAFT" | "REJECTED"; clientName: string; totalValue: string; createdAt: string };

export type SubstitutionOffer =
  | { available: true; providerName: string; candidates: SubstitutionCandidate[] }
  | { available: false; reason: "whole_document_signature" | "replacement_in_progress"; providerName: string; replacementId: string | null };

/** The offer for one document of the company, or null when the action does not apply (not an authorized NFS-e of an ABRASF city). */
export async function substitutionOffer(input: { companyId: string; documentId: string }, client: DbClient = db): Promise<SubstitutionOffer | null> {
  const { companyId, documentId } = input;
  const document = await client.fiscalDocument.findFirst({ where: { id: documentId, companyId }, select: { type: true, status: true, issueDateTime: true, company: { select: { municipalityCode: true } } } });
  if (!document || document.type !== "NFSE" || document.status !== "AUTHORIZED") return null;
  const support = substitutionSupport(document.company.municipalityCode ?? "", document.issueDateTime);
  if (!support.supported) {
    return support.reason === "whole_document_signature" ? { available: false, reason: support.reason, providerName: support.providerName, replacementId: null } : null;
  }
  const holder = await client.fiscalDocument.findFirst({ where: { companyId, replacesDocumentId: documentId, status: { notIn: ["DRAFT", "REJECTED"] } }, select: { id: true } });
  if (holder) return { available: false, reason: "replacement_in_progress", providerName: support.providerName, replacementId: holder.id };
  const rows = await client.fiscalDocument.findMany({
    where: { companyId, type: "NFSE", status: { in: ["DRAFT", "REJECTED"] }, id: { not: documentId } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: CANDIDATE_LIMIT,
    select: { id: true, series: true, number: true, status: true, clientSnapshot: true, totalValue: true, createdAt: true },
  });
  return {
    available: true,
    providerName: support.providerName,
    candidates: rows.map((row) => ({
      id: row.id,
      series: row.series,
      number: row.number,
      status: row.status as "DRAFT" | "REJECTED",
      clientName: clientNameOf(row.clientSnapshot),
      totalValue: row.totalValue.toFixed(2),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

function clientNameOf(snapshot: unknown): string {
  const name = snapshot && typeof snapshot === "object" && "name" in snapshot ? (snapshot as { name?: unknown }).name : null;
  return typeof name === "string" ? name : "";
}
