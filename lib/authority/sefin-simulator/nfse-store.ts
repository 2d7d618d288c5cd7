import { randomUUID } from "node:crypto";
import type pg from "pg";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { GroupCommit, eachAloneOnFailure } from "../simulator/group-commit";
import { FIND_CONTRIBUTOR, type CncContributor } from "./cnc-register";

// The simulator's NFS-e rows on the hot path, in plain SQL like the SEFAZ
// simulator's (lib/authority/simulator/record-authorization.ts). A DPS costs
// no read once its issuer is known to this process: the next nNFSe is kept in
// memory (nfse-numbers.ts), the CNC record is this process's copy (cnc-copy.ts)
// and "was this DPS issued?" is answered by the insert itself (the unique
// (environment, dpsId) refuses it). The inserts of DPS arriving together share
// one statement and one commit (group-commit.ts). dpsState reads all three
// from the database: for an issuer this process has not seen, after a lost
// race, and before answering a later rule's rejection (E0014 comes first).

export type DpsState = { issued: boolean; nextNumber: number; cnc: CncContributor | null };

const DPS_STATE = `
  SELECT EXISTS (SELECT 1 FROM "SimulatorNfse" WHERE "environment" = $1 AND "dpsId" = $2) AS "issued",
         coalesce((SELECT max("nNFSe") FROM "SimulatorNfse" WHERE "environment" = $1 AND "inscription" = $3), 0) + 1 AS "nextNumber",
         (SELECT to_jsonb(c) FROM (${FIND_CONTRIBUTOR.replace("$1", "$4")}) c) AS "cnc"`;

/** providerCnpj: the provider whose CNC record to read with the state (null: none, as for a CPF provider or a re-read). */
export async function dpsState(environment: number, dpsId: string, inscription: string, providerCnpj: string | null = null, pool: pg.Pool = getPool()): Promise<DpsState> {
  const [row] = await sql<DpsState>(pool, DPS_STATE, [environment, dpsId, inscription, providerCnpj]);
  return row!;
}

export type NfseRow = { environment: number; dpsId: string; accessKey: string; inscription: string; nNFSe: number; nfseXml: string; processedAt: Date };

// ON CONFLICT DO NOTHING: a DPS of the same issuer (another process's) took this nNFSe, or the
// same DPS was issued already; the caller tells the two apart with dpsState.
const RECORD_NFSE = `
  INSERT INTO "SimulatorNfse" ("id", "environment", "dpsId", "accessKey", "inscription", "nNFSe", "status", "nfseXml", "processedAt")
  SELECT r."id", r."environment", r."dpsId", r."accessKey", r."inscription", r."nNFSe", 'AUTHORIZED', r."nfseXml", r."processedAt"
  FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::timestamp[])
    AS r("id", "environment", "dpsId", "accessKey", "inscription", "nNFSe", "nfseXml", "processedAt")
  ON CONFLICT DO NOTHING
  RETURNING "id"`;

async function recordBatch(pool: pg.Pool, rows: NfseRow[]): Promise<boolean[]> {
  const ids = rows.map(() => randomUUID());
  const inserted = await sql<{ id: string }>(pool, RECORD_NFSE, [
    ids, rows.map((r) => r.environment), rows.map((r) => r.dpsId), rows.map((r) => r.accessKey), rows.map((r) => r.inscription),
    rows.map((r) => r.nNFSe), rows.map((r) => r.nfseXml), rows.map((r) => utc(r.processedAt)),
  ]);
  const recorded = new Set(inserted.map((row) => row.id));
  return ids.map((id) => recorded.has(id));
}

// As the SEFAZ simulator's window (record-authorization.ts): small beside a real Sefin round trip.
const BATCH_WINDOW_MS = 10;

// Two rows that would conflict never share a statement: the later one sees the earlier one committed.
const conflictKeys = (r: NfseRow) => [`${r.environment}|dps|${r.dpsId}`, `${r.environment}|key|${r.accessKey}`, `${r.environment}|n|${r.inscription}|${r.nNFSe}`];

const writers = new WeakMap<pg.Pool, GroupCommit<NfseRow, boolean>>();

/** Records the NFS-e; false when a row with its DPS, key or number exists (nothing written). */
export function recordNfse(row: NfseRow, pool: pg.Pool = getPool()): Promise<boolean> {
  let writer = writers.get(pool);
  if (!writer) writers.set(pool, (writer = new GroupCommit(eachAloneOnFailure((rows: NfseRow[]) => recordBatch(pool, rows)), { keysOf: conflictKeys, windowMs: BATCH_WINDOW_MS })));
  return writer.submit(row);
}
