import type { DocumentType, ExportOrigin } from "@prisma/client";
import { db } from "@/lib/db/client";
import { DomainError, notFound, validationError } from "@/lib/errors";
import { enqueueRun, newRunId } from "@/lib/jobs/enqueue-run";
import { BUILD_EXPORT_EVENT, BUILD_EXPORT_FUNCTION_ID, EXPORT_MAX_DAYS, EXPORT_TTL_MS, EXPORTS_IN_FLIGHT_PER_COMPANY } from "./config";
import { periodDays } from "./period";
import type { CreateExportInput } from "./schemas";

// POST /v1/exports: records the export (QUEUED) and its background build in one
// transaction, and answers 202 with the id; GET /v1/exports/{id} follows it.

export const ALL_TYPES: DocumentType[] = ["NFE", "NFCE", "NFSE"];

export type CreateExportOptions = { origin?: ExportOrigin; monthlyPeriod?: string; mailTo?: string };

export async function createExport(companyId: string, input: CreateExportInput, options: CreateExportOptions = {}): Promise<{ id: string; status: "QUEUED" }> {
  if (periodDays(input.from, input.to) > EXPORT_MAX_DAYS) throw validationError(`to: an export covers at most ${EXPORT_MAX_DAYS} days; split a longer period`);
  const company = await db.company.findUnique({ where: { id: companyId }, select: { environment: true } });
  if (!company) throw notFound("Company");
  const id = newRunId();
  const createdAt = new Date();
  await db.$transaction(async (tx) => {
    // Counted and inserted under one lock per company (issue 49, finding 7: checked before the
    // transaction, 30 concurrent requests were all accepted past the limit of 3).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`exports:${companyId}`}))`;
    const inFlight = await tx.documentExport.count({ where: { companyId, status: { in: ["QUEUED", "RUNNING"] } } });
    if (inFlight >= EXPORTS_IN_FLIGHT_PER_COMPANY) {
      throw new DomainError(429, "rate_limited", `The company already has ${inFlight} exports waiting or building; try again when one is ready`, { "Retry-After": "60" });
    }
    await tx.documentExport.create({
      data: {
        id,
        companyId,
        environment: input.environment ?? company.environment,
        fromDate: input.from,
        toDate: input.to,
        documentTypes: input.documentTypes ? [...new Set(input.documentTypes)] : ALL_TYPES,
        include: input.include,
        origin: options.origin ?? "API",
        monthlyPeriod: options.monthlyPeriod ?? null,
        mailTo: options.mailTo ?? null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + EXPORT_TTL_MS),
      },
    });
    await enqueueRun(
      { id, functionId: BUILD_EXPORT_FUNCTION_ID, eventName: BUILD_EXPORT_EVENT, data: { companyId, exportId: id }, concurrencyKey: `export:${companyId}`, companyId },
      tx,
    );
  });
  return { id, status: "QUEUED" };
}
