import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { ZipArchive } from "archiver";

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
