// What a key's lookup found, kept API_KEY_CACHE_MS (2 s by default) so a busy
// integration costs one lookup per key and process every couple of seconds
// instead of one per request. Only found keys are kept (unknown ones would let
// a caller fill the memory). Revocation-safe within the TTL: a revocation in
// this process forgets every entry at once, and a lookup that was running
// when it did is not kept; in the other processes it applies once their entry
// expires (at most the TTL). Concurrent requests with the same key share one lookup.

type Entry<T> = { value: T; expiresAt: number };

const MAX_ENTRIES = 10_000;

export class ExpiringLookupCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly running = new Map<string, Promise<T | undefined>>();
  private generation = 0;

  async get(key: string, ttlMs: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.value;
    let pending = this.running.get(key);
    if (!pending) {
      pending = this.load(key, ttlMs, load);
      this.running.set(key, pending);
    }
    return pending;
  }

  /** Forgets every entry and every lookup under way (a key was revoked). */
  forget(): void {
    this.generation++;
    this.entries.clear();
    this.running.clear();
  }

  private async load(key: string, ttlMs: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const generation = this.generation;
    try {
      const value = await load();
      if (value !== undefined && ttlMs > 0 && generation === this.generation) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
      } else if (value === undefined) this.entries.delete(key);
      return value;
    } finally {
      if (generation === this.generation) this.running.delete(key);
    }
  }
}
