/**
 * The PDF's CreationDate, taken from the document (its protocol or issue time) instead of the
 * render's clock: the PDF's /ID is derived from its info, so the same document renders to the same
 * bytes on every request, and the file e-mailed to the recipient is byte for byte the one the
 * download route serves (lib/email). Undefined (react-pdf's clock) when no date is readable.
 */
export function pdfCreationDate(...candidates: Array<string | null | undefined>): Date | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const date = new Date(candidate);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}
