import { randomUUID } from "node:crypto";
import { credentialsOf } from "@/lib/certificates";
import { firstBlockingFailure } from "@/lib/companies";
import type { ClientSnapshot } from "@/lib/documents/client-snapshot";
import type { Pool } from "pg";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { buildSignedDps } from "@/lib/fiscal/nfse";
import { MAX_DOCUMENT_NUMBER, numberingUpsertSql } from "@/lib/numbering";
import type { EmissionDocument } from "../load-emission-document";
import type { EmissionRefusal, EmissionRun, Superseded } from "../outcomes";
import { recipientAtEmission } from "../recipient-at-emission";
import { settleRejected, type Settled } from "../settle-emission";
import type { StoredDocument } from "../to-nfe-input";
import type { NfseSendSource } from "./send-nfse";
import { toDpsInput } from "./to-dps-input";

/** NumberingSeries.model of DPS numbers (nDPS per company + DPS series + environment), beside 55 and 65. */
export const DPS_NUMBERING_MODEL = 99;

export type PreparedNfse = { kind: "prepared_nfse"; dpsId: string; series: number; number: number; send: NfseSendSource };

// The next nDPS of the company's DPS series, written onto the document with the
// recipient snapshot in one statement, only while it is this run's, PROCESSING
// and unnumbered (as NF-e numbers: allocated once, kept on re-emission).
const ASSIGN_DPS_NUMBER = `
  WITH target AS (
    SELECT d."id", d."companyId", ${DPS_NUMBERING_MODEL} AS "model", coalesce(d."series", c."dpsSeries") AS "series", d."environment"
    FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
    WHERE d."id" = $1 AND d."companyId" = $2 AND d."runId" = $3 AND d."status" = 'PROCESSING' AND d."number" = 0
    FOR UPDATE OF d
  ), allocated AS (${numberingUpsertSql(`SELECT $4::text, t."companyId", t."model", t."series", t."environment" FROM target t`)}
  ), assigned AS (
    UPDATE "FiscalDocument" d SET "number" = a."number", "series" = t."series", "clientSnapshot" = coalesce($7::jsonb, d."clientSnapshot"), "updatedAt" = $5::timestamp
    FROM allocated a, target t WHERE d."id" = t."id" AND a."number" <= $6::int
    RETURNING d."number"
  )
  SELECT a."number", t."series", (SELECT count(*)::int FROM assigned) AS "assigned" FROM allocated a, target t`;

async function assignDpsNumber(client: Queryable, run: EmissionRun, snapshot: ClientSnapshot | null): Promise<{ kind: "numbered"; number: number; series: number } | EmissionRefusal | Superseded> {
  const [row] = await sql<{ number: number; series: number; assigned: number }>(client, ASSIGN_DPS_NUMBER, [
    run.documentId, run.companyId, run.runId, randomUUID(), utc(new Date()), MAX_DOCUMENT_NUMBER, snapshot && JSON.stringify(snapshot),
  ]);
  if (!row) return { kind: "superseded", status: "not this run's" };
  if (row.assigned !== 1) return { kind: "refused", code: "fiscal_settings_incomplete", reason: `DPS series ${row.series} reached the last number (${MAX_DOCUMENT_NUMBER}); configure a new DPS series` };
  return { kind: "numbered", number: row.number, series: row.series };
}

/**
 * The first step of an NFS-e emission (issue 14, item 6), as prepareEmission
 * for NF-e: prerequisites for NFSE, the recipient snapshot, the DPS number
 * (once), then the DPS built from the stored document, signed, validated
 * against DPS_v1.01 and stored with its Id by the write that counts the send.
 * A replay after a crash reuses the number and rebuilds the same DPS (same Id,
 * so Sefin answers E0014 or /dps/{id} finds it: never a second NFS-e).
 */
export async function prepareNfseEmission(pool: Pool, run: EmissionRun, loaded: EmissionDocument): Promise<PreparedNfse | Settled | Superseded> {
  const { document, certificate } = loaded;
  const blocked = firstBlockingFailure(document.company, certificate, "NFSE");
  if (blocked || !certificate) {
    return settleRejected(pool, run, document, { kind: "refused", code: blocked?.code ?? "certificate_missing", reason: blocked?.message ?? "No active certificate" });
  }
  const recipient = recipientAtEmission(document, loaded.client);
  if (recipient.kind === "refused") return settleRejected(pool, run, document, recipient);
  let current: StoredDocument = recipient.kind === "refreshed" ? { ...document, clientSnapshot: recipient.snapshot } : document;
  if (!(document.number > 0 && document.series !== null)) {
    const numbered = await assignDpsNumber(pool, run, recipient.kind === "refreshed" ? recipient.snapshot : null);
    if (numbered.kind === "superseded") return numbered;
    if (numbered.kind === "refused") return settleRejected(pool, run, document, numbered);
    current = { ...current, number: numbered.number, series: numbered.series };
  }

  const input = toDpsInput(current);
  if ("kind" in input) return settleRejected(pool, run, document, input);
  let built: { id: string; xml: string };
  try {
    built = buildSignedDps(input, await credentialsOf({ id: certificate.id, companyId: run.companyId }, pool));
  } catch (error) {
    if (error instanceof DomainError) return settleRejected(pool, run, document, { kind: "refused", code: error.code, reason: error.message });
    throw error;
  }
  const stored = await sql<{ emissionAttempts: number }>(
    pool,
    `UPDATE "FiscalDocument" SET "dpsId" = $4, "signedXml" = $5, "updatedAt" = $6::timestamp, "emissionAttempts" = "emissionAttempts" + 1
     WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' RETURNING "emissionAttempts"`,
    [document.id, run.companyId, run.runId, built.id, built.xml, utc(new Date())],
  );
  if (stored.length === 0) return { kind: "superseded", status: "not this run's" };
  const send: NfseSendSource = { ...current, dpsId: built.id, signedXml: built.xml, emissionAttempts: stored[0]!.emissionAttempts, certificateId: certificate.id };
  return { kind: "prepared_nfse", dpsId: built.id, series: current.series!, number: current.number, send };
}
