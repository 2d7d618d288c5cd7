// Group commit: writes that arrive within a short window, or while a statement
// is in flight, go to the database together as one statement. Each caller's
// promise settles only after its batch's statement committed, so an answer
// never precedes the row it reports.

type Waiting<I, R> = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void };

export type GroupCommitOptions<I> = {
  /** Items sharing a key never go in one batch: a later one waits for the next batch, so it sees the earlier one committed. */
  keysOf: (item: I) => string[];
  maxBatch?: number;
  /** How long an idle writer waits for company before writing its first item (0: at once). */
  windowMs?: number;
};

export class GroupCommit<I, R> {
  private readonly queue: Array<Waiting<I, R>> = [];
  private writing = false;
  private closeWindow: (() => void) | null = null;

  /** `write` answers one result per item, in order; an Error in place of a result fails that item alone. */
  constructor(
    private readonly write: (items: I[]) => Promise<Array<R | Error>>,
    private readonly options: GroupCommitOptions<I>,
  ) {}

  private get maxBatch(): number {
    return this.options.maxBatch ?? 64;
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
      else if (this.queue.length >= this.maxBatch) this.closeWindow?.();
    });
  }

  /** The next batch, in arrival order: no two items with a common key, at most maxBatch. */
  private take(): Array<Waiting<I, R>> {
    const batch: Array<Waiting<I, R>> = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
      const waiting = this.queue[i]!;
      const own = this.options.keysOf(waiting.item);
      if (own.some((key) => keys.has(key))) {
        i++;
        continue;
      }
      for (const key of own) keys.add(key);
      batch.push(waiting);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private waitForCompany(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.closeWindow?.(), ms);
      this.closeWindow = () => {
        clearTimeout(timer);
        this.closeWindow = null;
        resolve();
      };
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      if ((this.options.windowMs ?? 0) > 0) await this.waitForCompany(this.options.windowMs!);
      // Whatever arrived while a statement was in flight has waited already: it goes next, at once.
      while (this.queue.length > 0) {
        const batch = this.take();
        let results: Array<R | Error>;
        try {
          results = await this.write(batch.map((w) => w.item));
        } catch (error) {
          for (const w of batch) w.reject(error);
          continue;
        }
        batch.forEach((w, i) => {
          const result = results[i];
          if (result instanceof Error) w.reject(result);
          else if (result === undefined) w.reject(new Error("GroupCommit: the write answered fewer results than items"));
          else w.resolve(result);
        });
      }
    } finally {
      this.writing = false;
    }
  }
}

/** A batch writer that, when the batch's statement fails, writes each item alone, so one bad item fails only its own caller. */
export function eachAloneOnFailure<I, R>(write: (items: I[]) => Promise<R[]>): (items: I[]) => Promise<Array<R | Error>> {
  const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
  return async (items) => {
    try {
      return await write(items);
    } catch (error) {
      if (items.length === 1) return [asError(error)];
      const results: Array<R | Error> = [];
      for (const item of items) {
        try {
          results.push((await write([item]))[0]!);
        } catch (single) {
          results.push(asError(single));
        }
      }
      return results;
    }
  };
}
