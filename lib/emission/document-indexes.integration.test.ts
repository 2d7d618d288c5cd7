import { describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql } from "@/lib/db/sql";

// No write of an NF-e/NFC-e is a HOT update (each changes an indexed column), so each adds an
// entry to every index of FiscalDocument (migration 20261130100000_document_indexes_leaner):
// no index may duplicate another or hold entries no query reads.

describe("FiscalDocument's indexes", () => {
  it("has no second index on (companyId, externalId) and none with an entry for a document without a DPS id", async () => {
    const rows = await sql<{ indexname: string; indexdef: string }>(getPool(), `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'FiscalDocument' ORDER BY 1`);
    const byName = new Map(rows.map((row) => [row.indexname, row.indexdef]));
    expect(byName.has("FiscalDocument_companyId_externalId_idx")).toBe(false);
    expect(byName.get("FiscalDocument_companyId_externalId_unique")).toContain(`WHERE ("externalId" IS NOT NULL)`);
    expect(byName.get("FiscalDocument_dpsId_idx")).toContain(`WHERE ("dpsId" IS NOT NULL)`);
  });

  it("still finds a document by externalId (the create's lookup, lib/documents/claim-external-id.ts) and by DPS id through an index, with generic plans", async () => {
    const plans = await inSqlTransaction(async (client) => {
      await sql(client, `SET LOCAL plan_cache_mode = force_generic_plan`);
      await sql(client, `SET LOCAL enable_seqscan = off`);
      const plan = async (text: string) => {
        await sql(client, `PREPARE probe(text, text) AS ${text}`);
        const [row] = await sql<{ "QUERY PLAN": unknown }>(client, `EXPLAIN (FORMAT JSON) EXECUTE probe('company', 'value')`);
        await sql(client, `DEALLOCATE probe`);
        return JSON.stringify(row!["QUERY PLAN"]);
      };
      return {
        externalId: await plan(`SELECT "id" FROM "FiscalDocument" WHERE "companyId" = $1 AND "externalId" = $2 ORDER BY "createdAt" LIMIT 1`),
        dpsId: await plan(`SELECT "id" FROM "FiscalDocument" WHERE "dpsId" = $2 AND $1 IS NOT NULL`),
      };
    });
    expect(plans.externalId).toContain(`"Index Name":"FiscalDocument_companyId_externalId_unique"`);
    expect(plans.dpsId).toContain(`"Index Name":"FiscalDocument_dpsId_idx"`);
  });
});
