// In-process doorbell: enqueueing a run rings it so the local worker polls at
// once instead of waiting for its next tick. Losing a ring is harmless (the
// worker polls anyway).
type Listener = () => void;
const listeners = new Set<Listener>();

export function onLocalWakeup(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Delayed a little so a run enqueued inside a transaction is committed before the poll. */
export function wakeLocalWorker(delayMs = 5): void {
  if (listeners.size === 0) return;
  setTimeout(() => listeners.forEach((listener) => listener()), delayMs).unref?.();
}
