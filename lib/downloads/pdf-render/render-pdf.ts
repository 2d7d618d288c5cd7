import { env } from "@/lib/config/env";
import { DomainError } from "@/lib/errors";
import { createCompanyGate } from "./company-gate";
import { renderPdfJob, type PdfJob } from "./pdf-jobs";
import { createRenderPool, RenderPoolError, type RenderPool } from "./render-pool";

// The web process's one render pool and company gate, sized by PDF_RENDER_WORKERS,
// PDF_RENDERS_PER_COMPANY and PDF_RENDER_QUEUE_PER_COMPANY (docs/operations.md, Fair sharing).

const RENDER_TIME_LIMIT_MS = 60_000;

type SharedRenderPool = { pool: RenderPool; gate: ReturnType<typeof createCompanyGate> };
// On globalThis: the /v1 route table's module copy (lib/api/route-table-dispatch.ts) and Next's share one pool.
const globalForRender = globalThis as unknown as { __fiscalPdfRenderPool?: SharedRenderPool };

function sharedPool(): SharedRenderPool {
  if (globalForRender.__fiscalPdfRenderPool) return globalForRender.__fiscalPdfRenderPool;
  const settings = env();
  const shared = (globalForRender.__fiscalPdfRenderPool = {
    pool: createRenderPool({ workers: settings.PDF_RENDER_WORKERS, timeLimitMs: RENDER_TIME_LIMIT_MS }, renderPdfJob),
    gate: createCompanyGate({ perCompany: settings.PDF_RENDERS_PER_COMPANY, queuePerCompany: settings.PDF_RENDER_QUEUE_PER_COMPANY }),
  });
  return shared;
}

/** Renders a company's PDF in the worker pool, within the company's share of it. */
export async function renderPdf(companyId: string, job: PdfJob): Promise<Buffer> {
  const { pool, gate } = sharedPool();
  try {
    return await gate.run(companyId, () => pool.render(job));
  } catch (error) {
    // A worker that died or overran is the service's fault, not the document's: retryable.
    if (error instanceof RenderPoolError) throw new DomainError(503, "service_unavailable", "The PDF could not be rendered in time; retry shortly", { "Retry-After": "5" });
    throw error;
  }
}

/** Ends the shared pool's workers (tests and scripts that exit by themselves). */
export async function closePdfRenderPool(): Promise<void> {
  const current = globalForRender.__fiscalPdfRenderPool;
  globalForRender.__fiscalPdfRenderPool = undefined;
  await current?.pool.close();
}
