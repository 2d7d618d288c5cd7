import { z } from "zod";

export const DocumentIdParams = z.object({ id: z.string().min(1).max(64) });

const booleanFlag = z.enum(["true", "false"]).default("false").transform((value) => value === "true");

export const DocumentXmlQuery = z.object({
  type: z.enum(["authorized", "signed"]).default("authorized"),
  download: booleanFlag,
});
export type DocumentXmlQuery = z.infer<typeof DocumentXmlQuery>;

// Options that apply to one document type are optional here and checked
// against the type in lib/downloads/print-options.ts (422
// print_option_not_applicable), so a wrong pairing is told apart from a typo (400).
export const DocumentDanfeQuery = z.object({
  download: booleanFlag,
  /** A DRAFT or REJECTED document as it would print, without number, key or protocol. */
  preview: booleanFlag,
  /** pdf, or escpos (NFC-e only): printer commands for a thermal printer. */
  format: z.enum(["pdf", "escpos"]).default("pdf"),
  /** NF-e only: A4 portrait (default) or landscape. */
  orientation: z.enum(["portrait", "landscape"]).optional(),
  /** NFC-e only: roll width in millimetres, 80 (default) or 58. */
  width: z
    .enum(["80", "58"])
    .transform((value) => (value === "58" ? 58 : 80) as 58 | 80)
    .optional(),
  /** NFC-e only: the complete DANFE NFC-e or the summary one (resumido, without the items); default the company's danfeNfceSummary. */
  nfceLayout: z.enum(["full", "summary"]).optional(),
});
export type DocumentDanfeQuery = z.infer<typeof DocumentDanfeQuery>;

export const DocumentEventParams = z.object({ id: z.string().min(1).max(64), eventId: z.string().min(1).max(64) });
export const DocumentEventPdfQuery = z.object({ download: booleanFlag });
export type DocumentEventPdfQuery = z.infer<typeof DocumentEventPdfQuery>;
export const DocumentEventXmlQuery = z.object({ download: booleanFlag });
export type DocumentEventXmlQuery = z.infer<typeof DocumentEventXmlQuery>;
