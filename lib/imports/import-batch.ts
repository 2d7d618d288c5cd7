import { DomainError } from "@/lib/errors";
import { schemaForDocument } from "@/lib/fiscal/xml/schema-validation";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { importDocument } from "./import-document";
import { readZipXmlFiles } from "./read-zip";
import { ImportDocumentInput, MAX_IMPORT_BATCH_DOCUMENTS, type ImportDocumentBatchInput } from "./schemas";

// POST /v1/fiscal-documents/import/batch (docs/api-notes/import.md): up to 50 imports, each with
// every rule of a single import and its own answer, in the given order (a ZIP: the order of its
// nfeProc files, each with the procEventoNFe files of its key). One after the other: each
// consults the authority, and a company migrating its history is not in a hurry.

export type ImportBatchResult =
  | { index: number; file?: string; status: 201; document: DocumentSummary }
  | { index: number; file?: string; status: number; error: { statusCode: number; error: string; message: string; code?: string } };

type Item = { file?: string; body: unknown };

const CH_NFE = /<(?:\w+:)?chNFe>([0-9A-Z]{44})</;

async function itemsOfZip(base64: string): Promise<Item[]> {
  const files = await readZipXmlFiles(Buffer.from(base64, "base64"));
  const procs: { name: string; text: string }[] = [];
  const events = new Map<string, string[]>();
  const others: Item[] = [];
  for (const file of files) {
    const schema = schemaForDocument(file.text.replace(/^\uFEFF/, ""));
    if (schema === "nfe/procNFe_v4.00.xsd") procs.push(file);
    else if (schema === "nfe/procEventoNFe_v1.00.xsd") {
      const key = CH_NFE.exec(file.text)?.[1];
      if (key) events.set(key, [...(events.get(key) ?? []), file.text]);
    } else others.push({ file: file.name, body: { xml: file.text } });
  }
  const items: Item[] = procs.map((file) => {
    const key = CH_NFE.exec(file.text.slice(file.text.lastIndexOf("<protNFe")))?.[1] ?? "";
    const given = events.get(key);
    return { file: file.name, body: given ? { xml: file.text, events: given } : { xml: file.text } };
  });
  // A file that is neither an nfeProc nor an event of one is answered as a single import would answer it.
  return [...items, ...others];
}

export async function importDocumentBatch(input: {
  companyId: string;
  body: ImportDocumentBatchInput;
  /** The route's error mapper (lib/api/error-response.ts): each item's error object, as a single import answers it. */
  answerError: (error: unknown) => Response;
  /** The route's item check (lib/api/read-input.ts assertBodyItem): text that cannot be stored, companyId. */
  checkItem: (item: unknown, where: string) => void;
  now?: Date;
}): Promise<{ results: ImportBatchResult[] }> {
  const items: Item[] = input.body.zip ? await itemsOfZip(input.body.zip) : (input.body.documents ?? []).map((body) => ({ body }));
  if (items.length === 0) throw new DomainError(422, "import_invalid_document", "zip: no nfeProc file (*.xml) in the archive");
  if (items.length > MAX_IMPORT_BATCH_DOCUMENTS) throw new DomainError(422, "import_invalid_document", `at most ${MAX_IMPORT_BATCH_DOCUMENTS} documents per batch; the archive has ${items.length} XML files to import`);
  const results: ImportBatchResult[] = [];
  for (const [index, item] of items.entries()) {
    const file = item.file ? { file: item.file } : {};
    try {
      input.checkItem(item.body, item.file ? `zip.${item.file}` : `body.documents.${index}`);
      const body = ImportDocumentInput.parse(item.body);
      results.push({ index, ...file, status: 201, document: await importDocument({ companyId: input.companyId, body, now: input.now }) });
    } catch (error) {
      const response = input.answerError(error);
      results.push({ index, ...file, status: response.status, error: await response.json() });
    }
  }
  return { results };
}
