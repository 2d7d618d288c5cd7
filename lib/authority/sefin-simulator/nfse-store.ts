import { randomUUID } from "node:crypto";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { FIND_CONTRIBUTOR, type CncContributor } from "./cnc-register";

// The simulator's NFS-e rows on the hot path, in plain SQL like the SEFAZ
// simulator's (lib/authority/simulator/authorize.ts): one statement answers
// "was this DPS issued?", "which nNFSe comes next?" and, when asked, the
// provider as the CNC has it (cnc-register.ts); one records the NFS-e.
// (Three Prisma queries per DPS were a measurable share of bench:nfse's CPU.)

export type DpsState = { issued: boolean; nextNumber: number; cnc: CncContributor | null };

const DPS_STATE = `
  SELECT EXISTS (SELECT 1 FROM "SimulatorNfse" WHERE "environment" = $1 AND "dpsId" = $2) AS "issued",
         coalesce((SELECT max("nNFSe") FROM "SimulatorNfse" WHERE "environment" = $1 AND "inscription" = $3), 0) + 1 AS "nextNumber",
         (SELECT to_jsonb(c) FROM (${FIND_CONTRIBUTOR.replace("$1", "$4")}) c) AS "cnc"`;

/** providerCnpj: the provider whose CNC record to read with the state (null: none, as for a CPF provider or a re-read). */
export async function dpsState(environment: number, dpsId: string, inscription: string, providerCnpj: string | null = null): Promise<DpsState> {
  const [row] = await sql<DpsState>(getPool(), DPS_STATE, [environment, dpsId, inscription, providerCnpj]);
  return row!;
}

// ON CONFLICT DO NOTHING: a concurrent DPS of the same issuer took this nNFSe, or the
// same DPS was issued meanwhile; the caller tells the two apart with dpsState.
const RECORD_NFSE = `
  INSERT INTO "SimulatorNfse" ("id", "environment", "dpsId", "accessKey", "inscription", "nNFSe", "status", "nfseXml", "processedAt")
  VALUES ($1, $2, $3, $4, $5, $6, 'AUTHORIZED', $7, $8::timestamp)
  ON CONFLICT DO NOTHING
  RETURNING "id"`;

export async function recordNfse(row: { environment: number; dpsId: string; accessKey: string; inscription: string; nNFSe: number; nfseXml: string; processedAt: Date }): Promise<boolean> {
  const inserted = await sql<{ id: string }>(getPool(), RECORD_NFSE, [randomUUID(), row.environment, row.dpsId, row.accessKey, row.inscription, row.nNFSe, row.nfseXml, utc(row.processedAt)]);
  return inserted.length === 1;
}
