import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations in order and records them in Prisma's own
// `_prisma_migrations` table (same checksum), so `prisma migrate deploy` and
// this applier agree on what is applied. Used where spawning the Prisma CLI is
// not possible or too slow: the embedded database at start-up and the test
// harness. `npm run db:migrate` uses the Prisma CLI itself.

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const LOCK_KEY = 727_001; // advisory lock: one applier at a time per database

export async function applyMigrations(connectionString: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  // A migration that cannot do all it would (e.g. a unique index over existing duplicates) says so with RAISE NOTICE.
  // (00000: a RAISE NOTICE of a migration; not the server's own "already exists, skipping").
  client.on("notice", (notice) => {
    if (notice.code === "00000") console.warn(`Migration notice: ${notice.message}`);
  });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Set(done.rows.map((r) => r.migration_name));
    const names = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const newlyApplied: string[] = [];
    // A migration reports what the operator must know with RAISE NOTICE (e.g. data it kept as is).
    let running = "";
    client.on("notice", (notice) => {
      // RAISE NOTICE has SQLSTATE 00000; "already exists, skipping" notices (42P06…) are not news.
      if (running && notice.code === "00000") console.warn(`[${running}] ${notice.message}`);
    });
    for (const name of names) {
      if (applied.has(name)) continue;
      running = name;
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      newlyApplied.push(name);
    }
    return newlyApplied;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
