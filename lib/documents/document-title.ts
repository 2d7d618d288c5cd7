// A document's title on the dashboard, decided by status (no React: tested as plain logic).

type Status = "DRAFT" | "PROCESSING" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "DENIED" | "INUTILIZED" | "CONTINGENCY";
export type TitledDocument = { type: "NFE" | "NFCE" | "NFSE"; status: Status; number: number; series: number | null; nfseNumber?: string | null };
export type DocumentTitle = { key: "draftTitle" } | { key: "unnumberedTitle" } | { key: "title"; number: string; series: string };

/**
 * Which title a document gets, from its status first: only a DRAFT is "Rascunho
 * de NF-e". A document sent without a number yet (refused before numbering,
 * numbering in progress, or a fixture) says so rather than posing as a draft.
 */
export function documentTitle(d: TitledDocument): DocumentTitle {
  if (d.status === "DRAFT") return { key: "draftTitle" };
  // An NFS-e is known by the number the national system gave it.
  if (d.nfseNumber) return { key: "title", number: d.nfseNumber, series: d.series === null ? "—" : String(d.series) };
  if (d.number > 0) return { key: "title", number: String(d.number), series: d.series === null ? "—" : String(d.series) };
  return { key: "unnumberedTitle" };
}
