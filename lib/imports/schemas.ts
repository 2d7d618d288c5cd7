import { z } from "zod";

// POST /v1/fiscal-documents/import (issue 56, item 3; our addition to api.md, docs/api-notes/import.md).

// An nfeProc of a few hundred items is well under 1 MB; 2 MB leaves room for the events.
export const MAX_IMPORT_XML_CHARS = 2_000_000;

export const ImportDocumentInput = z
  .object({
    // The authorized NF-e or NFC-e exactly as authorized: nfeProc (NFe + protNFe, procNFe_v4.00.xsd).
    xml: z.string().min(1).max(MAX_IMPORT_XML_CHARS),
    // Its registered events (procEventoNFe: cancellation, CC-e, delivery receipt), optional:
    // the authority's consultation lists them too.
    events: z.array(z.string().min(1).max(200_000)).max(40).optional(),
  })
  .strict();
export type ImportDocumentInput = z.infer<typeof ImportDocumentInput>;
