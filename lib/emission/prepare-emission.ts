import { authorizerKey } from "@/lib/authority/misuse-pause";
import { svcOf } from "@/lib/contingency/contingency-mode";
import { firstBlockingFailure } from "@/lib/companies";
import { getPool } from "@/lib/db/client";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import type { ClientSnapshot } from "@/lib/documents/client-snapshot";
import { MAX_DOCUMENT_NUMBER } from "@/lib/numbering";
import { assignDocumentNumber } from "./number-document-sql";
import { documentContingencyOf } from "@/lib/contingency/contingency-mode";
import { loadAndNumberEmissionDocument } from "./load-emission-document";
import { recipientAtEmission } from "./recipient-at-emission";
import type { DeferStepWrite } from "@/lib/jobs/step-write";
import type { EmissionRefusal, EmissionRun, Superseded } from "./outcomes";
import { settleRejected, type Settled } from "./settle-emission";
import type { SendSource } from "./send-for-authorization";
import { buildCheckedNfe, withAccessKey, type Numbered } from "./build-checked-nfe";
import { tpEmisOf, type StoredDocument } from "./to-nfe-input";
import { prepareNfseEmission, type PreparedNfse } from "./nfse/prepare-nfse-emission";
import { nfceIssueTimeIsStale } from "./refresh-nfce-issue-time";

/** Numbered, signed and stored, with the send counted: `send` is everything sendCounted needs. */
export type Prepared = { kind: "prepared"; series: number; number: number; accessKey: string; reused: boolean; send: SendSource };

/**
 * The first step of an emission, as two guarded statements (no transaction
 * held while the XML is built):
 * 1. the document with everything the XML needs (its client record too while
 *    it has no number), and the next number of its series allocated AND written
 *    onto it when it has none yet, the company passes the blocking checks
 *    (certificate, fiscal settings, CSC) and its client record is unchanged since
 *    the document was created (load-emission-document.ts); otherwise, once the
 *    prerequisites hold and its client keeps the classification its taxes were
 *    resolved with (else REJECTED client_changed), a statement of its own numbers
 *    it with the recipient snapshot re-taken from the client;
 * 2. the NFe built from the stored document, signed with the company's A1,
 *    validated against nfe_v4.00.xsd and stored with its cNF and access key (and
 *    the re-taken snapshot of a document numbered by the load) by the write that
 *    also counts the send that follows.
 * A number once given stays with the document (MOC 4.00), so a refusal after
 * numbering (schema error) keeps it for the re-emission, and a replay after a
 * crash reuses it and rebuilds the same XML. A refusal rejects the document;
 * every write is a no-op once another run owns the document.
 */
export async function prepareEmission(run: EmissionRun, deferWrite?: DeferStepWrite): Promise<Prepared | PreparedNfse | Settled | Superseded> {
  const pool = getPool();
  // A refusal is the step's last write, after the load found the document this run's and PROCESSING.
  const LAST_WRITE = { deferWrite };
  const loaded = await loadAndNumberEmissionDocument(pool, run);
  if (!loaded) return { kind: "superseded", status: "missing" };
  const { document, certificate } = loaded;
  if (document.runId !== run.runId) {
    // With Inngest the event may arrive before the emitting transaction commits: retry until the run is visible.
    // The document's runId is written in that same transaction, so a committed run of ours always matches.
    if ((await sql(pool, `SELECT 1 FROM "BackgroundRun" WHERE "id" = $1`, [run.runId])).length === 0) {
      throw new Error(`Run ${run.runId} is not committed yet (or its transaction rolled back)`);
    }
    return { kind: "superseded", status: document.status };
  }
  if (document.status !== "PROCESSING") return { kind: "superseded", status: document.status };
  // NFS-e: a DPS to Sefin Nacional instead of an NF-e to SEFAZ (lib/emission/nfse).
  if (document.type === "NFSE") return prepareNfseEmission(pool, run, loaded);

  const blocked = firstBlockingFailure(document.company, certificate, document.type === "NFCE" ? "NFCE" : "NFE");
  if (blocked || !certificate) {
    return settleRejected(pool, run, document, { kind: "refused", code: blocked?.code ?? "certificate_missing", reason: blocked?.message ?? "No active certificate" }, LAST_WRITE);
  }

  // The recipient snapshot is re-taken from the client record as before numbering; written with the number, or
  // (numbered by the load, its client unchanged since the document's creation) with the XML.
  // Checks here that refuse a document the load numbered (the SQL and these rules disagreeing, a client
  // changed since) leave the number on it, as a later refusal does: re-emitted or inutilized.
  const numberedBefore = loaded.numbered ? 0 : document.number;
  const recipient = recipientAtEmission({ ...document, number: numberedBefore }, loaded.client);
  if (recipient.kind === "refused") return settleRejected(pool, run, document, recipient, LAST_WRITE);
  const snapshotTaken: StoredDocument = recipient.kind === "refreshed" ? { ...document, clientSnapshot: recipient.snapshot } : document;
  // Never sent yet (a backlog kept it queued): an NFC-e's dhEmi must be within minutes of its arrival (704).
  const current: StoredDocument = document.emissionAttempts === 0 && nfceIssueTimeIsStale(snapshotTaken) ? { ...snapshotTaken, issueDateTime: new Date() } : snapshotTaken;

  // While the company's contingency for the model is active the document is issued in it
  // (NFC-e offline tpEmis 9, NF-e through its SVC); a replay keeps the mode it was stored with.
  // The contingency was read with the document (one statement fewer per emission).
  const contingency = document.contingencyMode ? null : documentContingencyOf(document, loaded.activeContingency);
  const issued: StoredDocument = contingency ? { ...current, ...contingency } : current;

  // A stored key is reused only when it was built for the same tpEmis (a replay after a crash).
  const reused = numberedBefore > 0 && !!document.accessKey && document.series !== null && document.accessKey.charAt(34) === tpEmisOf(issued.contingencyMode);
  const numbered: Numbered | EmissionRefusal | Superseded =
    document.number > 0 && document.series !== null
      ? { kind: "numbered", number: document.number, series: document.series }
      : await assignNumber(pool, run, document, recipient.kind === "refreshed" ? recipient.snapshot : null);
  const snapshotToStore = loaded.numbered && recipient.kind === "refreshed" ? JSON.stringify(recipient.snapshot) : null;
  if (numbered.kind === "superseded") return numbered;
  if (numbered.kind === "refused") return settleRejected(pool, run, document, numbered, LAST_WRITE);

  const keyed = reused ? issued : withAccessKey(issued, numbered);
  const built = await buildCheckedNfe(pool, keyed, { id: certificate.id, companyId: run.companyId });
  if (built.kind === "refused") return settleRejected(pool, run, document, built, LAST_WRITE);
  const signedXml = built.signedXml;
  // The same statement reads the misuse pause in force for the send that follows (one round trip fewer).
  // (an NF-e issued through an SVC is paused per the SVC, as its send's target is)
  const authorizer = authorizerKey({ uf: document.company.state, model: document.type === "NFCE" ? 65 : 55, environment: document.environment, contingency: svcOf(keyed.contingencyMode) });
  const stored = await sql<{ emissionAttempts: number; pauseUntil: Date | null; pauseCStat: string | null; pauseReason: string | null }>(
    pool,
    `UPDATE "FiscalDocument" d SET "cNF" = $4, "accessKey" = $5, "signedXml" = $6, "updatedAt" = $7::timestamp, "issueDateTime" = $8::timestamp, "emissionAttempts" = d."emissionAttempts" + 1,
       "contingencyMode" = $10::"ContingencyMode", "contingencySince" = $11::timestamp, "contingencyReason" = $12, "clientSnapshot" = coalesce($13::jsonb, d."clientSnapshot")
     FROM (SELECT 1) one LEFT JOIN "AuthorityPause" p ON p."companyId" = $2 AND p."authorizer" = $9 AND p."until" > $7::timestamp
     WHERE d."id" = $1 AND d."companyId" = $2 AND d."runId" = $3 AND d."status" = 'PROCESSING'
     RETURNING d."emissionAttempts", p."until" AS "pauseUntil", p."cStat" AS "pauseCStat", p."reason" AS "pauseReason"`,
    [document.id, run.companyId, run.runId, keyed.cNF, keyed.accessKey, signedXml, utc(new Date()), utc(keyed.issueDateTime), authorizer,
      keyed.contingencyMode, keyed.contingencySince && utc(keyed.contingencySince), keyed.contingencyReason, snapshotToStore],
  );
  if (stored.length === 0) return { kind: "superseded", status: "not this run's" };
  const { emissionAttempts, pauseUntil, pauseCStat, pauseReason } = stored[0]!;
  const pause = pauseUntil ? { until: pauseUntil, cStat: pauseCStat!, reason: pauseReason! } : null;
  const send: SendSource = { ...keyed, signedXml, emissionAttempts, state: document.company.state, certificateId: certificate.id, pause };
  return { kind: "prepared", series: keyed.series!, number: keyed.number, accessKey: keyed.accessKey!, reused, send };
}

async function assignNumber(client: Queryable, run: EmissionRun, document: StoredDocument, snapshot: ClientSnapshot | null): Promise<Numbered | EmissionRefusal | Superseded> {
  const assigned = await assignDocumentNumber(client, run, snapshot);
  if (assigned.kind === "superseded") return { kind: "superseded", status: "not this run's" };
  if (assigned.kind === "exhausted") {
    const model = document.type === "NFCE" ? 65 : 55;
    return { kind: "refused", code: "fiscal_settings_incomplete", reason: `Series ${assigned.series} of model ${model} reached the last number (${MAX_DOCUMENT_NUMBER}); configure a new series` };
  }
  return assigned;
}
