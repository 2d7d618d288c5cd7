import { DomainError } from "@/lib/errors";

// At most `perCompany` renders of one company run at once; the others wait in the company's own
// line, up to `queuePerCompany` (429 with Retry-After above it). So one company's burst of large
// DANFEs takes at most its share of the pool, and every other company's render starts as soon as
// a worker frees.

export type CompanyGateOptions = { perCompany: number; queuePerCompany: number; retryAfterSeconds?: number };

type Line = { running: number; waiting: Array<() => void> };

export function createCompanyGate(options: CompanyGateOptions) {
  const lines = new Map<string, Line>();

  const release = (companyId: string) => {
    const line = lines.get(companyId)!;
    const next = line.waiting.shift();
    if (next) return next();
    line.running--;
    if (line.running === 0) lines.delete(companyId);
  };

  return {
    async run<T>(companyId: string, task: () => Promise<T>): Promise<T> {
      let line = lines.get(companyId);
      if (!line) lines.set(companyId, (line = { running: 0, waiting: [] }));
      if (line.running < options.perCompany) line.running++;
      else if (line.waiting.length >= options.queuePerCompany) {
        throw new DomainError(
          429,
          "rate_limited",
          `Too many PDFs of this company are being rendered (${options.perCompany} at once, ${options.queuePerCompany} waiting); retry shortly`,
          { "Retry-After": String(options.retryAfterSeconds ?? 2) },
        );
      } else await new Promise<void>((resolve) => line.waiting.push(resolve));
      // A released slot passes straight to the next waiter (running stays counted).
      try {
        return await task();
      } finally {
        release(companyId);
      }
    },
    /** Renders running and waiting for a company (tests, diagnostics). */
    load(companyId: string): { running: number; waiting: number } {
      const line = lines.get(companyId);
      return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
    },
  };
}
