import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { db } from "@/test/factories";
import { companyWithClient } from "./testing/fixtures";
import { createDocument } from "./create-document";

// Migration 20261127060100 on a database that already holds duplicate externalIds: it
// keeps them, reports them, and leaves the unique index out; once they are gone it builds it.
const MIGRATION = readFileSync("prisma/migrations/20261127060100_document_external_id_unique/migration.sql", "utf8");
const INDEX = "FiscalDocument_companyId_externalId_unique";

async function runMigration(): Promise<string[]> {
  const client = await getPool().connect();
  const notices: string[] = [];
  client.on("notice", (notice) => notices.push(notice.message ?? ""));
  try {
    await client.query(MIGRATION);
    return notices;
  } finally {
    client.removeAllListeners("notice");
    client.release();
  }
}

const indexExists = async () => (await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_indexes WHERE indexname = ${INDEX}`)[0]!.n > 0n;

describe("migration: externalId unique per company", () => {
  it("keeps and reports existing duplicates without the index, and builds it once they are resolved", async () => {
    const company = await companyWithClient();
    const first = await createDocument({ companyId: company.companyId, body: company.base({ externalId: "LEGADO-1" }) as never });
    await db.$executeRawUnsafe(`DROP INDEX "${INDEX}"`);
    try {
      // A duplicate as an older version could write it.
      const copy = await db.fiscalDocument.findUniqueOrThrow({ where: { id: first.id } });
      const { id: _id, ...rest } = copy;
      const second = await db.fiscalDocument.create({ data: { ...rest, clientSnapshot: rest.clientSnapshot as object, taxTotals: rest.taxTotals as object } });

      const notices = await runMigration();
      expect(notices.some((n) => n.includes("LEGADO-1") && n.includes(first.id) && n.includes(second.id))).toBe(true);
      expect(notices.some((n) => n.includes(`${INDEX} not created`))).toBe(true);
      expect(await indexExists()).toBe(false);
      expect(await db.fiscalDocument.count({ where: { companyId: company.companyId, externalId: "LEGADO-1" } })).toBe(2);
      // Creation still refuses a third one.
      await expect(createDocument({ companyId: company.companyId, body: company.base({ externalId: "LEGADO-1" }) as never })).rejects.toMatchObject({ status: 409, code: "duplicate_external_id" });

      await db.fiscalDocument.delete({ where: { id: second.id } });
    } finally {
      await runMigration();
    }
    expect(await indexExists()).toBe(true);
    // The index refuses a writer that skips creation's lock.
    const row = await db.fiscalDocument.findUniqueOrThrow({ where: { id: first.id } });
    const { id: _id, ...rest } = row;
    await expect(db.fiscalDocument.create({ data: { ...rest, clientSnapshot: rest.clientSnapshot as object, taxTotals: rest.taxTotals as object } })).rejects.toThrow(/Unique constraint/);
  });
});
