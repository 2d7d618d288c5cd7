import { randomUUID } from "node:crypto";
import type pg from "pg";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { DENIED_IN_DATABASE } from "./denials";
import { epecOfNumberRefusal } from "./epec";
import type { DistributionItem } from "./distribution-items";
import { eachAloneOnFailure, GroupCommit } from "./group-commit";

// Duplicates (rules 204, 539, 206), an EPEC registered for the number under another key (692, epec.ts), the record of the authorization and its
// distribution to the NF-e's parties (the Ambiente Nacional's feed, NT 2014.002:
// each item with the party's next NSU) in ONE statement for every send that
// arrived while the previous statement was in flight (group-commit.ts): a row
// is inserted only when no conflicting row exists, and ON CONFLICT makes two
// simultaneous sends of one number from different processes leave exactly one
// row (the loser sees no insert and no duplicate yet: it is told 204/539 by the
// retry below, once the winner committed); two sends of one key or number in
// this process never share a batch, so the later one sees the earlier one. The
// distribution follows only recorded authorizations; the party counters are
// taken in (environment, party) order and advanced once per party for the batch.
// The arrays are read through (SELECT $n): given them as constants, the planner
// sizes unnest by their length, finds every custom plan cheaper than the generic
// one and plans the statement on every call (~0.25 ms of server CPU per NF-e,
// pg_stat_statements in bench:emit); sized alike, the generic plan is kept.
const RECORD_UNLESS_DUPLICATE = `
  WITH input AS (
    SELECT * FROM unnest((SELECT $1::int[]), (SELECT $2::text[]), (SELECT $3::text[]), (SELECT $4::int[]), (SELECT $5::int[]), (SELECT $6::int[]),
      (SELECT $7::text[]), (SELECT $8::text[]), (SELECT $9::text[]), (SELECT $10::timestamp[]), (SELECT $11::text[]), (SELECT $12::text[]))
      WITH ORDINALITY AS i("environment", "accessKey", "cnpj", "model", "series", "number", "id", "protocol", "digestValue", "receivedAt", "xml", "denialCStat", "row")
  ), found AS (
    SELECT i."row", f."kind", f."protocol", f."accessKey" FROM input i CROSS JOIN LATERAL (
      SELECT CASE WHEN d."status" = 'DENIED' THEN 'denied' ELSE 'same' END AS "kind", d."protocol", d."accessKey" FROM "SimulatorDocument" d
      WHERE d."environment" = i."environment" AND d."accessKey" = i."accessKey"
      UNION ALL
      SELECT 'other', d."protocol", d."accessKey" FROM "SimulatorDocument" d
      WHERE d."environment" = i."environment" AND d."cnpj" = i."cnpj" AND d."model" = i."model" AND d."series" = i."series" AND d."number" = i."number"
      UNION ALL
      SELECT 'epec', NULL, e."accessKey" FROM "SimulatorEpec" e
      WHERE e."environment" = i."environment" AND e."cnpj" = i."cnpj" AND e."model" = i."model" AND e."series" = i."series" AND e."number" = i."number" AND e."accessKey" <> i."accessKey"
      UNION ALL
      SELECT 'voided', NULL, NULL FROM "SimulatorInutilization" v
      WHERE v."environment" = i."environment" AND v."cnpj" = i."cnpj" AND v."model" = i."model" AND v."series" = i."series" AND v."startNumber" <= i."number" AND v."endNumber" >= i."number"
    ) f
  ), recorded AS (
    INSERT INTO "SimulatorDocument" ("id", "environment", "accessKey", "cnpj", "model", "series", "number", "status", "denialCStat", "protocol", "digestValue", "receivedAt", "xml", "deliveryReceipt")
    SELECT i."id", i."environment", i."accessKey", i."cnpj", i."model", i."series", i."number", CASE WHEN i."denialCStat" IS NULL THEN 'AUTHORIZED' ELSE 'DENIED' END,
      i."denialCStat", i."protocol", i."digestValue", i."receivedAt", i."xml", false
    FROM input i WHERE NOT EXISTS (SELECT 1 FROM found f WHERE f."row" = i."row") ORDER BY i."row"
    ON CONFLICT DO NOTHING
    RETURNING "id"
  ), items AS (
    SELECT i."environment", d."party", d."schema", d."xml", i."accessKey", i."receivedAt", d."ordinal"
    FROM unnest((SELECT $13::int[]), (SELECT $14::text[]), (SELECT $15::text[]), (SELECT $16::text[])) WITH ORDINALITY AS d("row", "party", "schema", "xml", "ordinal")
    JOIN input i ON i."row" = d."row" JOIN recorded r ON r."id" = i."id"
  ), counters AS (
    INSERT INTO "SimulatorDistributionParty" ("environment", "party", "lastNsu")
    SELECT "environment", "party", count(*) FROM items GROUP BY "environment", "party" ORDER BY "environment", "party"
    ON CONFLICT ("environment", "party") DO UPDATE SET "lastNsu" = "SimulatorDistributionParty"."lastNsu" + EXCLUDED."lastNsu"
    RETURNING "environment", "party", "lastNsu"
  ), distributed AS (
    INSERT INTO "SimulatorDistribution" ("id", "environment", "party", "nsu", "schema", "accessKey", "xml", "createdAt")
    SELECT gen_random_uuid()::text, t."environment", t."party",
      c."lastNsu" - count(*) OVER w + row_number() OVER (w ORDER BY t."ordinal"), t."schema", t."accessKey", t."xml", t."receivedAt"
    FROM items t JOIN counters c ON c."environment" = t."environment" AND c."party" = t."party"
    WINDOW w AS (PARTITION BY t."environment", t."party")
  )
  SELECT i."row"::int AS "row", EXISTS (SELECT 1 FROM recorded r WHERE r."id" = i."id") AS "recorded",
    coalesce((SELECT jsonb_agg(jsonb_build_object('kind', f."kind", 'protocol', f."protocol", 'accessKey', f."accessKey")) FROM found f WHERE f."row" = i."row"), '[]') AS "found"
  FROM input i ORDER BY i."row"`;

type Found = { kind: "same" | "denied" | "other" | "epec" | "voided"; protocol: string | null; accessKey: string | null };

export type AuthorizationRecord = {
  environment: number;
  accessKey: string;
  cnpj: string;
  model: number;
  series: number;
  number: number;
  protocol: string;
  digestValue: string;
  receivedAt: Date;
  xml: string;
  denialCStat: string | null;
  distribution: DistributionItem[];
};

type Outcome = { recorded: boolean; found: Found[] };

async function recordBatch(pool: pg.Pool, records: AuthorizationRecord[]): Promise<Outcome[]> {
  const rows = await sql<{ row: number; recorded: boolean; found: Found[] }>(pool, RECORD_UNLESS_DUPLICATE, [
    records.map((r) => r.environment), records.map((r) => r.accessKey), records.map((r) => r.cnpj), records.map((r) => r.model),
    records.map((r) => r.series), records.map((r) => r.number), records.map(() => randomUUID()), records.map((r) => r.protocol),
    records.map((r) => r.digestValue), records.map((r) => utc(r.receivedAt)), records.map((r) => r.xml), records.map((r) => r.denialCStat),
    records.flatMap((r, i) => r.distribution.map(() => i + 1)), records.flatMap((r) => r.distribution.map((d) => d.party)),
    records.flatMap((r) => r.distribution.map((d) => d.schema)), records.flatMap((r) => r.distribution.map((d) => d.xml)),
  ]);
  return records.map((_, i) => {
    const row = rows[i];
    if (row?.row !== i + 1) throw new Error("Simulator record: rows came back out of order");
    return { recorded: row.recorded, found: row.found };
  });
}

// How long the first send waits for others to share its statement (and its commit). 8 emission slots at
// ~65 NF-e/s made batches of ~2 with 10 ms (bench:emit, Nov 2026): half the transactions, a delay that is
// small beside a real SEFAZ round trip; without a window, batches stayed at ~1.06.
const BATCH_WINDOW_MS = 10;

// A send of a key or a number waits for the batch holding an earlier send of the same key or number.
const conflictKeys = (r: AuthorizationRecord) => [`${r.environment}|${r.accessKey}`, `${r.environment}|${r.cnpj}|${r.model}|${r.series}|${r.number}`];

const writers = new WeakMap<pg.Pool, GroupCommit<AuthorizationRecord, Outcome>>();

function writerFor(pool: pg.Pool): GroupCommit<AuthorizationRecord, Outcome> {
  let writer = writers.get(pool);
  if (!writer) writers.set(pool, (writer = new GroupCommit(eachAloneOnFailure((records: AuthorizationRecord[]) => recordBatch(pool, records)), { keysOf: conflictKeys, windowMs: BATCH_WINDOW_MS })));
  return writer;
}

/** Records the authorization (or denial) unless a duplicate rule refuses it; the refusal when one does. */
export async function recordUnlessDuplicate(record: AuthorizationRecord, pool: pg.Pool = getPool()): Promise<{ cStat: string; xMotivo: string } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await writerFor(pool).submit(record);
    if (outcome.recorded) return null;
    const duplicate = duplicateAnswer(outcome.found);
    if (duplicate) return duplicate;
    // Lost a race with a send of the same number (from another process) that had not committed yet: look again.
  }
  throw new Error(`Simulator could not record ${record.accessKey}: conflicting send did not settle`);
}

function duplicateAnswer(found: Found[]): { cStat: string; xMotivo: string } | null {
  // The EPEC's number belongs to its key (NT 2014.001 / NT 2015.003 §5.1): checked before the duplicates, as the SEFAZ does.
  const epec = found.find((f) => f.kind === "epec");
  if (epec) return epecOfNumberRefusal(epec.accessKey!);
  const denied = found.find((f) => f.kind === "denied");
  if (denied) return { cStat: DENIED_IN_DATABASE.cStat, xMotivo: `${DENIED_IN_DATABASE.xMotivo} [nProt:${denied.protocol}]` };
  const same = found.find((f) => f.kind === "same");
  if (same) return { cStat: "204", xMotivo: `Duplicidade de NF-e [nProt:${same.protocol}]` };
  const other = found.find((f) => f.kind === "other");
  if (other) return { cStat: "539", xMotivo: `Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${other.accessKey}][nProt:${other.protocol}]` };
  if (found.some((f) => f.kind === "voided")) return { cStat: "206", xMotivo: "Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ" };
  return null;
}
