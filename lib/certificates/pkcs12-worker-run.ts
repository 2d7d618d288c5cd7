import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

// Runs pkcs12-worker.mjs for one file: at most a few at once per process (the
// others wait their turn, so a burst of uploads cannot take every core or
// spawn a worker per request), each stopped at its time limit.

export type Pkcs12Bags = { privateKeyPems: string[]; certificatePems: string[] };
export type Pkcs12WorkerAnswer =
  | { ok: true; bags: Pkcs12Bags }
  | { ok: false; stage: "structure" | "open"; message: string }
  | { ok: false; stage: "time_limit" | "crash"; message: string };

const MAX_RUNNING = Math.max(1, Math.min(2, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export async function openPkcs12InWorker(pfx: Buffer, password: string, timeoutMs: number): Promise<Pkcs12WorkerAnswer> {
  const release = await turn();
  const worker = new Worker(path.join(process.cwd(), "lib", "certificates", "pkcs12-worker.mjs"), {
    workerData: { pfx: new Uint8Array(pfx), password },
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Pkcs12WorkerAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, stage: "time_limit", message: `took longer than ${timeoutMs / 1000} s` }), timeoutMs);
      worker.once("message", (message: Pkcs12WorkerAnswer) => resolve(message));
      worker.once("error", (error) => resolve({ ok: false, stage: "crash", message: error.message }));
      worker.once("exit", (code) => resolve({ ok: false, stage: "crash", message: `the parser stopped with code ${code}` }));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    release();
  }
}
