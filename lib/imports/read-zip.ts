import yauzl from "yauzl";
import { DomainError } from "@/lib/errors";

// The XML files of a ZIP sent to the batch import (docs/api-notes/import.md). Bounded so a small
// archive cannot expand into something large (a "zip bomb"): entries, each file's and the total
// uncompressed size; yauzl checks that the bytes inflated match the sizes the archive declares.

export const ZIP_LIMITS = { entries: 500, fileBytes: 5 * 1024 * 1024, totalBytes: 60 * 1024 * 1024 } as const;

export type ZipXmlFile = { name: string; text: string };

const invalidZip = (message: string) => new DomainError(422, "import_invalid_document", `zip: ${message}`);

/** Every *.xml file of the archive, in its order (folders and other files are skipped). */
export function readZipXmlFiles(buffer: Buffer): Promise<ZipXmlFile[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) return reject(invalidZip(`not a readable ZIP archive (${error?.message ?? "empty"})`));
      const files: ZipXmlFile[] = [];
      let entries = 0;
      let total = 0;
      const fail = (problem: DomainError) => {
        zip.close();
        reject(problem);
      };
      zip.on("error", (zipError: Error) => fail(invalidZip(zipError.message)));
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > ZIP_LIMITS.entries) return fail(invalidZip(`more than ${ZIP_LIMITS.entries} entries`));
        if (entry.fileName.endsWith("/") || !/\.xml$/i.test(entry.fileName)) return zip.readEntry();
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > ZIP_LIMITS.fileBytes) return fail(invalidZip(`${entry.fileName} is larger than ${ZIP_LIMITS.fileBytes} bytes`));
        if (total > ZIP_LIMITS.totalBytes) return fail(invalidZip(`the files add up to more than ${ZIP_LIMITS.totalBytes} bytes`));
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(invalidZip(`${entry.fileName}: ${streamError?.message ?? "unreadable"}`));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", (readError: Error) => fail(invalidZip(`${entry.fileName}: ${readError.message}`)));
          stream.on("end", () => {
            files.push({ name: entry.fileName, text: Buffer.concat(chunks).toString("utf8") });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
