import { randomUUID } from "node:crypto";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";

// The simulator's issued NFS-e, read and written with plain named statements
// (as the SEFAZ simulator's): Prisma compiles each query in WebAssembly, which
// cost more CPU per DPS than the schema check and the signature together.

/** Sefin Nacional's environment of the simulator: produção restrita (tpAmb 2). */
export const SIMULATOR_ENVIRONMENT = 2;

export type StoredNfse = { dpsId: string; accessKey: string; nfseXml: string };

// Whether the DPS already produced an NFS-e (E0014) and the issuer's next nNFSe, in one statement.
const DUPLICATE_AND_NEXT_NUMBER = `
  SELECT EXISTS (SELECT 1 FROM "SimulatorNfse" WHERE "environment" = $1 AND "dpsId" = $2) AS "duplicate",
    coalesce((SELECT max("nNFSe") FROM "SimulatorNfse" WHERE "environment" = $1 AND "inscription" = $3), 0) + 1 AS "nextNumber"`;

export async function duplicateAndNextNumber(dpsId: string, inscription: string): Promise<{ duplicate: boolean; nextNumber: number }> {
  const [row] = await sql<{ duplicate: boolean; nextNumber: number }>(getPool(), DUPLICATE_AND_NEXT_NUMBER, [SIMULATOR_ENVIRONMENT, dpsId, inscription]);
  return { duplicate: row!.duplicate, nextNumber: Number(row!.nextNumber) };
}

// The NFS-e recorded unless its DPS or its number was taken meanwhile (ON CONFLICT on
// either unique key); the caller looks again to tell which.
const RECORD_NFSE = `
  INSERT INTO "SimulatorNfse" ("id", "environment", "dpsId", "accessKey", "inscription", "nNFSe", "status", "nfseXml", "processedAt")
  VALUES ($1, $2, $3, $4, $5, $6, 'AUTHORIZED', $7, $8::timestamp)
  ON CONFLICT DO NOTHING
  RETURNING "id"`;

export async function recordNfse(input: { dpsId: string; accessKey: string; inscription: string; nNFSe: number; nfseXml: string; processedAt: Date }): Promise<boolean> {
  const rows = await sql(getPool(), RECORD_NFSE, [
    randomUUID(), SIMULATOR_ENVIRONMENT, input.dpsId, input.accessKey, input.inscription, input.nNFSe, input.nfseXml, utc(input.processedAt),
  ]);
  return rows.length === 1;
}

export async function nfseByDps(dpsId: string): Promise<Pick<StoredNfse, "dpsId" | "accessKey"> | null> {
  const [row] = await sql<Pick<StoredNfse, "dpsId" | "accessKey">>(getPool(), `SELECT "dpsId", "accessKey" FROM "SimulatorNfse" WHERE "environment" = $1 AND "dpsId" = $2`, [SIMULATOR_ENVIRONMENT, dpsId]);
  return row ?? null;
}

export async function nfseByAccessKey(accessKey: string): Promise<Pick<StoredNfse, "accessKey" | "nfseXml"> | null> {
  const [row] = await sql<Pick<StoredNfse, "accessKey" | "nfseXml">>(getPool(), `SELECT "accessKey", "nfseXml" FROM "SimulatorNfse" WHERE "environment" = $1 AND "accessKey" = $2`, [SIMULATOR_ENVIRONMENT, accessKey]);
  return row ?? null;
}
