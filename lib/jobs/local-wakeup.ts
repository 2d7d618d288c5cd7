// In-process doorbell: enqueueing a run rings it so the local worker polls at
// once instead of waiting for its next tick. Losing a ring is harmless (the
// worker polls anyway).
type Listener = () => void;
// On globalThis: a run enqueued by the /v1 route table's module copy (lib/api/route-table-dispatch.ts) rings the same bell.
const globalForWakeup = globalThis as unknown as { __fiscalLocalWakeup?: Set<Listener> };
const listeners = (globalForWakeup.__fiscalLocalWakeup ??= new Set<Listener>());

export function onLocalWakeup(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Delayed a little so a run enqueued inside a transaction is committed before the poll. */
export function wakeLocalWorker(delayMs = 5): void {
  if (listeners.size === 0) return;
  setTimeout(() => listeners.forEach((listener) => listener()), delayMs).unref?.();
}
