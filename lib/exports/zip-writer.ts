import { createWriteStream } from "node:fs";
import { Writable, type Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { collectGarbage } from "./collect-garbage";

/** Entries between two full collections (collect-garbage.ts). */
const ENTRIES_PER_COLLECTION = 2_000;

/**
 * A ZIP written to a file one entry at a time: each add waits until archiver has
 * compressed the entry into the file stream, so no more than one entry's bytes are
 * held in memory however many the export has (archiver queues every appended entry
 * otherwise).
 */
export class ZipFileWriter {
  private readonly archive = new ZipArchive({ zlib: { level: 6 } });
  private readonly finished: Promise<void>;
  private failure: Error | null = null;
  private entries = 0;

  constructor(file: string) {
    const out = createWriteStream(file, { flags: "w" });
    this.finished = new Promise<void>((resolve, reject) => {
      out.on("close", resolve);
      out.on("error", reject);
      this.archive.on("error", reject);
    });
    this.finished.catch((error: Error) => {
      this.failure = error;
    });
    this.archive.on("warning", (error: Error) => {
      this.failure = error;
    });
    this.archive.pipe(out);
    coalesceCentralDirectory(this.archive);
  }

  /** Bytes written to the ZIP so far. */
  bytes(): number {
    return this.archive.pointer();
  }

  add(name: string, body: string | Buffer | Readable, date?: Date): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      const onEntry = () => {
        this.archive.off("error", onError);
        if (++this.entries % ENTRIES_PER_COLLECTION === 0) collectGarbage();
        resolve();
      };
      const onError = (error: Error) => {
        this.archive.off("entry", onEntry);
        reject(error);
      };
      this.archive.once("entry", onEntry);
      this.archive.once("error", onError);
      this.archive.append(typeof body === "string" ? Buffer.from(body, "utf8") : body, { name, date: date ?? new Date() });
    });
  }

  async finish(): Promise<number> {
    await this.archive.finalize();
    await this.finished;
    return this.archive.pointer();
  }

  abort(): void {
    this.archive.abort();
  }
}

type ZipModule = { offset: number; write(chunk: unknown, cb?: unknown): boolean; end(...args: unknown[]): unknown; _finish(): void };

/**
 * archiver's zip module (compress-commons) writes the central directory at the end with some
 * twenty small writes per entry, all at once: with 110,000 entries that queued millions of
 * tiny buffers in the stream and took the process to 1 GB (bench:export). This gathers those
 * writes into one growing buffer and hands it on as a single chunk before the module ends: the
 * same bytes in the same order, about 120 bytes per entry in memory. It wraps the module's
 * `_finish`, `write` and `end` (compress-commons 7, archiver 8); the tests and bench:export
 * read every ZIP back with yauzl.
 */
function coalesceCentralDirectory(archive: unknown): void {
  const zip = (archive as { _module?: ZipModule })._module;
  if (!zip || typeof zip._finish !== "function") return;
  const finish = zip._finish;
  zip._finish = function (this: ZipModule) {
    const { write, end } = this;
    let buffer = Buffer.allocUnsafe(64 * 1024);
    let length = 0;
    this.write = (chunk: unknown) => {
      if (!chunk) return true;
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      if (length + bytes.length > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + bytes.length));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      bytes.copy(buffer, length);
      length += bytes.length;
      this.offset += bytes.length;
      return true;
    };
    this.end = (...args: unknown[]) => {
      this.write = write;
      this.end = end;
      // Writable's own write: the module's would count the bytes in `offset` a second time.
      if (length > 0) (Writable.prototype.write as (this: unknown, chunk: Buffer) => boolean).call(this, buffer.subarray(0, length));
      return end.apply(this, args);
    };
    finish.call(this);
  };
}
