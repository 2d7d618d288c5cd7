import type { DocumentStatus, FiscalDocument } from "@prisma/client";
import { functions } from "@/inngest";
import { resetEnvCache } from "@/lib/config/env";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { recordDocumentOutcome, type DocumentOutcomeType } from "@/lib/events/record-outcome";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import type { RunOutcome } from "@/lib/jobs/execute-run";
import { db, getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { call } from "@/test/http";
import { WEBHOOK_GATHER_MS, WEBHOOK_RUN_CADENCE_MS } from "../config";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/route";

// Test-only helpers for webhook integration tests. Receivers listen on
// 127.0.0.1, which the tests put in WEBHOOK_ALLOWED_HOSTS (the one way http://
// and loopback are allowed); the schedule is compressed through the setting.

export function applyWebhookTestSettings(settings: { retryDelays?: string; allowedHosts?: string } = {}): void {
  process.env.WEBHOOK_ALLOWED_HOSTS = settings.allowedHosts ?? "127.0.0.1";
  process.env.WEBHOOK_RETRY_DELAYS_SECONDS = settings.retryDelays ?? "0,0,0,0";
  resetEnvCache();
}

export async function createEndpoint(key: string, body: Record<string, unknown>) {
  const res = await call(createEndpointRoute, { method: "POST", path: "/v1/webhooks", key, body });
  if (res.status !== 201) throw new Error(`endpoint not created: ${res.status} ${res.text}`);
  return res.body as { id: string; secret: string; url: string };
}

const STATUS_OF: Record<DocumentOutcomeType, DocumentStatus> = { "document.authorized": "AUTHORIZED", "document.rejected": "REJECTED", "document.cancelled": "CANCELLED", "document.denied": "DENIED", "document.contingency": "CONTINGENCY" };

/**
 * A document whose outcome is recorded the way every settlement records it
 * (status change and recordDocumentOutcome in one transaction); the emission
 * pipeline itself is exercised by the first test of webhooks-api.
 */
export async function documentWithOutcome(companyId: string, type: DocumentOutcomeType = "document.authorized", overrides: Record<string, unknown> = {}): Promise<FiscalDocument> {
  const draft = await createDraft(companyId, overrides);
  return db.$transaction(async (tx) => {
    const document = await tx.fiscalDocument.update({
      where: { id: draft.id },
      data: { status: STATUS_OF[type], ...(type === "document.rejected" && { rejectionReason: "999 - test" }), ...(type === "document.denied" && { rejectionCode: "302", rejectionReason: "302 - Uso Denegado: Irregularidade fiscal do destinatário", protocolNumber: "135260000000001" }), ...(type === "document.cancelled" && { cancellationReason: "Cancelado no teste de webhooks" }) },
    });
    await recordDocumentOutcome(tx, type, document);
    return document;
  });
}

/** An outcome recorded by a bare DomainEvent insert (a rejection without a document), on `client` so a test can hold its transaction open. */
export const recordBareOutcome = (client: Parameters<typeof sql>[0], companyId: string) =>
  sql(
    client,
    `INSERT INTO "DomainEvent" ("id", "companyId", "type", "environment", "documentType", "data", "createdAt")
     VALUES (gen_random_uuid()::text, $1, 'document.rejected', 'HOMOLOGATION', 'NFE', '{"documentId": null, "rejectionReason": "999 - test"}'::jsonb, now() AT TIME ZONE 'UTC')`,
    [companyId],
  );

/**
 * Runs the company's background runs until none is left that is due within a
 * gathering window or an endpoint's run cadence (WEBHOOK_GATHER_MS,
 * WEBHOOK_RUN_CADENCE_MS): outcomes just recorded, and the deliveries a
 * backfill run fans out, are sent too. Runs parked for longer (a retry delay)
 * stay parked.
 */
export async function drainWebhooks(companyId: string) {
  const outcomes: RunOutcome[] = [];
  for (let round = 0; round < 50; round++) {
    outcomes.push(...(await drainDueRuns(functions, { companyIds: [companyId] })));
    const [soon] = await sql<{ waitMs: number | null }>(
      getPool(),
      `SELECT ceil(extract(epoch FROM min("runAt") - now() AT TIME ZONE 'UTC') * 1000)::int AS "waitMs" FROM "BackgroundRun"
       WHERE "companyId" = $1 AND "status" = 'QUEUED' AND "runAt" <= now() AT TIME ZONE 'UTC' + $2 * interval '1 millisecond'`,
      [companyId, Math.max(WEBHOOK_GATHER_MS, WEBHOOK_RUN_CADENCE_MS) + 50],
    );
    const waitMs = soon?.waitMs;
    if (waitMs === null || waitMs === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, waitMs) + 5));
  }
  return outcomes;
}
