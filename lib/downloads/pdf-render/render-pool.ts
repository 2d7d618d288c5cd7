import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PdfJob } from "./pdf-jobs";
import type { WorkerReply } from "./pdf-render-worker";

// A pool of worker threads that render PDFs, so a large DANFE (a 990-item NF-e takes seconds of
// CPU) never blocks the web process's event loop (issue 34, item 5). Workers start on the first
// render and stay; a worker that dies or overruns its time limit is replaced.

export type RenderPoolOptions = {
  /** Worker threads; 0 renders in this thread (tests, or a host where workers cannot start). */
  workers: number;
  /** One render longer than this ends its worker and fails the job. */
  timeLimitMs: number;
  /** The worker entry; the sources' worker-entry.mjs by default. */
  entry?: string;
};

type Task = { id: number; job: PdfJob; resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; task: Task | null; timer: NodeJS.Timeout | null };

// Resolved from the working directory, not import.meta.url: in the Next production bundle this
// module lives in .next/server, the sources (and tsx) where `npm start` runs. The bundler must not
// follow either the path or the Worker (it would take the whole project for the worker's files).
export const DEFAULT_WORKER_ENTRY = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "downloads", "pdf-render", "worker-entry.mjs");

const startThread = (entry: string): Worker => Reflect.construct(Worker, [entry]) as Worker;

export class RenderPoolError extends Error {}

export function createRenderPool(options: RenderPoolOptions, renderHere: (job: PdfJob) => Promise<Buffer>) {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;

  const finish = (slot: Slot, outcome: { pdf?: Buffer; error?: Error }) => {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    slot.worker.unref();
    if (task) {
      if (outcome.error) task.reject(outcome.error);
      else task.resolve(outcome.pdf!);
    }
    dispatch();
  };

  const startWorker = (): Slot => {
    const worker = startThread(options.entry ?? DEFAULT_WORKER_ENTRY);
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on("message", (reply: WorkerReply) => {
      if (slot.task?.id !== reply.id) return;
      if (reply.error !== undefined) finish(slot, { error: new Error(reply.error) });
      else finish(slot, { pdf: Buffer.from(reply.pdf!.buffer, reply.pdf!.byteOffset, reply.pdf!.byteLength) });
    });
    const replace = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      void worker.terminate();
      finish(slot, { error });
    };
    worker.on("error", (error) => replace(error));
    worker.on("exit", (code) => replace(new RenderPoolError(`PDF render worker exited (code ${code})`)));
    slots.push(slot);
    return slot;
  };

  const dispatch = () => {
    while (queue.length > 0) {
      const slot = slots.find((candidate) => candidate.task === null) ?? (slots.length < options.workers ? startWorker() : null);
      if (!slot) return;
      const task = queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        const index = slots.indexOf(slot);
        if (index >= 0) slots.splice(index, 1);
        void slot.worker.terminate();
        finish(slot, { error: new RenderPoolError(`PDF render took longer than ${options.timeLimitMs} ms`) });
      }, options.timeLimitMs);
      slot.worker.postMessage({ id: task.id, job: task.job });
    }
  };

  return {
    render(job: PdfJob): Promise<Buffer> {
      if (options.workers === 0) return renderHere(job);
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },
    /** Renders waiting for a worker. */
    waiting: () => queue.length,
    async close(): Promise<void> {
      const all = slots.splice(0);
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
