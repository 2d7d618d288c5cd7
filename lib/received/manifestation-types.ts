// The four manifestations of the recipient (NT 2012.002), as the API names them.
// Kept apart from the XML builder so forms in the browser can import it.
export const MANIFESTATION_TYPES = ["CIENCIA", "CONFIRMACAO", "DESCONHECIMENTO", "NAO_REALIZADA"] as const;
export type ManifestationType = (typeof MANIFESTATION_TYPES)[number];
