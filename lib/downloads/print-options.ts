import type { DocumentType } from "@prisma/client";
import { DomainError } from "@/lib/errors";
import type { DocumentDanfeQuery } from "./schemas";

/**
 * The print options of GET …/danfe that apply to the document's type: the
 * orientation to the A4 DANFE (NF-e), the roll width and ESC/POS to the
 * DANFE NFC-e. Asking one of the other type is 422 print_option_not_applicable.
 */
export function assertPrintOptionsApply(type: DocumentType, query: DocumentDanfeQuery): void {
  const refuse = (message: string) => {
    throw new DomainError(422, "print_option_not_applicable", message);
  };
  if (type === "NFSE" && query.orientation === "landscape") refuse("orientation applies to the A4 DANFE of an NF-e; the DANFSe is A4 portrait only (NT SE/CGNFS-e 008)");
  if (type === "NFCE" && query.orientation === "landscape") {
    refuse("orientation applies to the A4 DANFE of an NF-e; the DANFE NFC-e is a roll (use width=80 or width=58)");
  }
  if (type !== "NFCE" && query.width !== undefined) refuse("width (80 or 58 mm) applies to the DANFE NFC-e only; an NF-e prints on A4 (use orientation)");
  if (type !== "NFCE" && query.nfceLayout !== undefined) refuse("nfceLayout (full or summary) applies to the DANFE NFC-e only");
  if (type !== "NFCE" && query.format === "escpos") refuse("format=escpos (thermal printer commands) applies to the DANFE NFC-e only; an NF-e prints as an A4 PDF");
}
