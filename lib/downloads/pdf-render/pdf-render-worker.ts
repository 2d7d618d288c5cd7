import { parentPort } from "node:worker_threads";
import { renderPdfJob, type PdfJob } from "./pdf-jobs";

// A render worker's loop (started by worker-entry.mjs): one job at a time; the PDF's bytes go
// back transferred, not copied.
export type WorkerRequest = { id: number; job: PdfJob };
export type WorkerReply = { id: number; pdf?: Uint8Array; error?: string };

parentPort!.on("message", async ({ id, job }: WorkerRequest) => {
  try {
    const pdf = await renderPdfJob(job);
    // A small Buffer may sit in Node's shared pool: transfer only a buffer of its own.
    const ownsBuffer = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    const bytes = ownsBuffer ? new Uint8Array(pdf.buffer, 0, pdf.byteLength) : new Uint8Array(pdf);
    parentPort!.postMessage({ id, pdf: bytes } satisfies WorkerReply, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  }
});
