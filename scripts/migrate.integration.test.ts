import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "@/lib/db/embedded-postgres";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";

// `npm run db:migrate` on a fresh database of each server the README supports (the external
// PostgreSQL, with lz4, and the embedded PostgreSQL 18, without): afterwards Prisma finds its
// own bookkeeping up to date (`migrate status`), so `npm start`'s applier and Prisma agree, and
// the external database matches prisma/schema (introspected, then `migrate diff` empty). Prisma
// 6.19's schema engine cannot introspect PostgreSQL 18 (it stops with "unreachable" on the new
// catalog), so the embedded database is compared with the external one, catalog against catalog.

function run(command: string, args: string[], databaseUrl: string) {
  return spawnSync(command, args, {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
  });
}

function prisma(args: string[], databaseUrl: string) {
  return run(process.execPath, ["node_modules/prisma/build/index.js", ...args], databaseUrl);
}

/** `prisma migrate diff` between the live database (introspected: --from-url is refused with a driver adapter) and prisma/schema. */
function schemaDrift(databaseUrl: string): { status: number | null; output: string } {
  const pulled = prisma(["db", "pull", "--print"], databaseUrl);
  expect(pulled.status, pulled.stderr).toBe(0);
  // The CLI prints its adapter warnings on stdout before the schema, whose files start with "// prisma/schema/…".
  const schema = pulled.stdout.slice(pulled.stdout.indexOf("// prisma/schema/"));
  const dir = mkdtempSync(path.join(tmpdir(), "fiscal-drift-"));
  try {
    const file = path.join(dir, "live.prisma");
    spawnSync("tee", [file], { input: schema });
    const diff = prisma(["migrate", "diff", "--from-schema-datamodel", file, "--to-schema-datamodel", "prisma/schema", "--exit-code"], databaseUrl);
    return { status: diff.status, output: diff.stdout + diff.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function compressionOf(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ c: string }>(
      `SELECT attcompression AS c FROM pg_attribute WHERE attrelid = '"FiscalDocument"'::regclass AND attname = 'signedXml'`,
    );
    return rows[0]!.c;
  } finally {
    await client.end();
  }
}

/** Tables, columns, constraints and indexes as the catalog describes them (PostgreSQL 18's NOT NULL constraints are left out: both servers show nullability in the columns). */
async function catalogOf(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = await client.query(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision, numeric_scale
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    );
    const constraints = await client.query(
      `SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND contype <> 'n' ORDER BY 1, 2`,
    );
    const indexes = await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`);
    const enums = await client.query(
      `SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY 1 ORDER BY 1`,
    );
    return [...columns.rows, ...constraints.rows, ...indexes.rows, ...enums.rows].map((row) => JSON.stringify(row));
  } finally {
    await client.end();
  }
}

function migrateAndCheck(databaseUrl: string): void {
  const migrated = run("npm", ["run", "--silent", "db:migrate"], databaseUrl);
  expect(migrated.status, migrated.stderr).toBe(0);
  expect(migrated.stdout).toContain("20261121200000_xml_columns_lz4");

  const status = prisma(["migrate", "status"], databaseUrl);
  expect(status.stdout + status.stderr).toContain("Database schema is up to date!");

  const again = run("npm", ["run", "--silent", "db:migrate"], databaseUrl);
  expect(again.stdout).toContain("no pending migrations");
}

describe("npm run db:migrate", () => {
  const cleanups: (() => Promise<void>)[] = [];
  let externalUrl: string;
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("on a fresh external PostgreSQL: every migration, lz4 columns, no drift from prisma/schema", async () => {
    const database = await createThrowawayDatabase("fiscal_migrate", undefined, { migrate: false });
    cleanups.push(database.drop);
    externalUrl = database.url;
    migrateAndCheck(database.url);
    const drift = schemaDrift(database.url);
    expect(drift.output).toContain("No difference detected.");
    expect(drift.status).toBe(0);
    expect(await compressionOf(database.url)).toBe("l");
  }, 120_000);

  it("on a fresh embedded PostgreSQL 18 built without lz4: the lz4 step keeps pglz, the same catalog as the external one", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fiscal-migrate-embedded-"));
    const embedded = await openEmbeddedDatabase(dataDir);
    cleanups.push(async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    migrateAndCheck(embedded.url);
    expect(await compressionOf(embedded.url)).toBe(""); // the column default (pglz)
    expect(await catalogOf(embedded.url)).toEqual(await catalogOf(externalUrl));
  }, 120_000);
});
