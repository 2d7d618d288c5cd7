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

export const MAX_IMPORT_BATCH_DOCUMENTS = 50;
// base64 of an 8 MB archive.
export const MAX_IMPORT_ZIP_BASE64_CHARS = Math.ceil((8 * 1024 * 1024) / 3) * 4;

export const ImportDocumentBatchInput = z
  .object({
    // Items are checked one by one (lib/imports/import-batch.ts): one bad item cannot refuse the others.
    documents: z.array(z.unknown().describe("An import body, as POST /v1/fiscal-documents/import takes it")).min(1).max(MAX_IMPORT_BATCH_DOCUMENTS).optional(),
    // A ZIP (base64) of nfeProc files and, optionally, procEventoNFe files of them (matched by chNFe).
    zip: z.string().min(1).max(MAX_IMPORT_ZIP_BASE64_CHARS).regex(/^[A-Za-z0-9+/\r\n]+={0,2}\s*$/, "must be base64").optional(),
  })
  .strict()
  .refine((body) => (body.documents === undefined) !== (body.zip === undefined), { message: "send documents or zip, not both" });
export type ImportDocumentBatchInput = z.infer<typeof ImportDocumentBatchInput>;
