import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import type { CounterStore } from "./batched-window";

// One statement per flush for every key (./batched-window.ts): adds the hits
// to each key's row of "RateLimitCounter" (the same rows and windows as the
// per-hit counters of ./index.ts), reads the keys sent with no hits, and
// answers every key's count with the database's clock. Hits sent for a window
// the row has already left are dropped; a row in an ended window restarts.
const FLUSH = `
  WITH input AS (
    SELECT t."key", to_timestamp(t."startMs" / 1000.0) AT TIME ZONE 'UTC' AS "windowStart", t."hits"
    FROM unnest($1::text[], $2::float8[], $3::int[]) AS t("key", "startMs", "hits")
  ), added AS (
    INSERT INTO "RateLimitCounter" AS c ("key", "windowStart", "count")
    SELECT "key", "windowStart", "hits" FROM input WHERE "hits" > 0
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN c."windowStart" = EXCLUDED."windowStart" THEN c."count" + EXCLUDED."count"
                     WHEN c."windowStart" > EXCLUDED."windowStart" THEN c."count"
                     ELSE EXCLUDED."count" END,
      "windowStart" = GREATEST(c."windowStart", EXCLUDED."windowStart")
    RETURNING c."key", c."windowStart", c."count"
  )
  SELECT "key", extract(epoch FROM "windowStart") * 1000 AS "windowStartMs", "count", NULL::numeric AS "nowMs" FROM added
  UNION ALL
  SELECT c."key", extract(epoch FROM c."windowStart") * 1000, c."count", NULL::numeric
  FROM input JOIN "RateLimitCounter" c ON c."key" = input."key" WHERE input."hits" = 0
  UNION ALL
  SELECT NULL::text, NULL::numeric, NULL::integer, extract(epoch FROM clock_timestamp()) * 1000`;

type Row = { key: string | null; windowStartMs: string | null; count: number | null; nowMs: string | null };

export const postgresBatchStore: CounterStore = async (increments) => {
  const rows = await sql<Row>(getPool(), FLUSH, [increments.map((i) => i.key), increments.map((i) => i.windowStartMs), increments.map((i) => i.count)]);
  let nowMs = Date.now();
  const totals = [];
  for (const row of rows) {
    if (row.key === null) nowMs = Number(row.nowMs);
    else totals.push({ key: row.key, windowStartMs: Number(row.windowStartMs), count: row.count! });
  }
  return { totals, nowMs };
};
