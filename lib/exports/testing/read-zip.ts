import yauzl from "yauzl";

// Test-only: every entry of a ZIP (from a buffer or a file) by name, read with yauzl.

/** Every entry of the ZIP `open` gives, in order, with its bytes (yauzl's entry keeps the metadata). */
function readEntries(open: (cb: (error: Error | null, zip?: yauzl.ZipFile) => void) => void): Promise<Array<{ entry: yauzl.Entry; bytes: Buffer }>> {
  return new Promise((resolve, reject) => {
    open((error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const entries: Array<{ entry: yauzl.Entry; bytes: Buffer }> = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.push({ entry, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function collect(open: (cb: (error: Error | null, zip?: yauzl.ZipFile) => void) => void): Promise<Map<string, Buffer>> {
  return new Map((await readEntries(open)).map(({ entry, bytes }) => [entry.fileName, bytes]));
}

/** Every entry of a ZIP file with its bytes and metadata, in order. */
export function readZipFileEntries(file: string): Promise<Array<{ entry: yauzl.Entry; bytes: Buffer }>> {
  return readEntries((cb) => yauzl.open(file, { lazyEntries: true, decodeStrings: true }, cb));
}

export function readZipBuffer(buffer: Buffer): Promise<Map<string, Buffer>> {
  return collect((cb) => yauzl.fromBuffer(buffer, { lazyEntries: true }, cb));
}

/** Entry names and sizes only, without holding the contents (the benchmark's check of a large ZIP). */
export function listZipFile(file: string): Promise<Array<{ name: string; size: number }>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const names: Array<{ name: string; size: number }> = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(names));
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push({ name: entry.fileName, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.readEntry();
    });
  });
}
