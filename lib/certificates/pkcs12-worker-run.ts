import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { DomainError } from "@/lib/errors";

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

/**
 * One owner's (a tenant's) files take the shared turns one at a time, the rest waiting in the
 * owner's own line, at most this many in all (429 beyond): the turns are shared by every
 * tenant, so one tenant's burst of uploads queued every other's behind it (issue 49, finding 7).
 * Process-wide (globalThis: the /v1 route table's copy of lib/ shares it).
 */
export const MAX_QUEUED_PER_OWNER = 4;
type OwnerLine = { queued: number; tail: Promise<void> };
const globalForOwners = globalThis as unknown as { __fiscalPkcs12Owners?: Map<string, OwnerLine> };
const owners = (globalForOwners.__fiscalPkcs12Owners ??= new Map());

export async function openPkcs12InWorker(pfx: Buffer, password: string, timeoutMs: number, owner?: string): Promise<Pkcs12WorkerAnswer> {
  if (owner === undefined) return openInTurn(pfx, password, timeoutMs);
  const line = owners.get(owner) ?? { queued: 0, tail: Promise.resolve() };
  if (line.queued >= MAX_QUEUED_PER_OWNER) {
    throw new DomainError(429, "rate_limited", `${line.queued} certificate files of this account are waiting to be checked; send the next one when they are done`, { "Retry-After": "5" });
  }
  line.queued++;
  owners.set(owner, line);
  const previous = line.tail;
  let done!: () => void;
  line.tail = new Promise<void>((resolve) => (done = resolve));
  try {
    await previous;
    return await openInTurn(pfx, password, timeoutMs);
  } finally {
    done();
    if (--line.queued === 0) owners.delete(owner);
  }
}

async function openInTurn(pfx: Buffer, password: string, timeoutMs: number): Promise<Pkcs12WorkerAnswer> {
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
