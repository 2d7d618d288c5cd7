// `npm run db:migrate`: applies prisma/migrations to DATABASE_URL (or the embedded
// database under DATA_DIR) with the same applier and bookkeeping (Prisma's
// `_prisma_migrations`, same checksums) as `npm start`. Not `prisma migrate deploy`:
// its statement splitter breaks the `DO $$ … $$` block of the lz4 migration.
import { applyMigrations } from "@/lib/db/apply-migrations";
import { openProcessDatabase } from "@/lib/db/local-database";

async function main(): Promise<void> {
  const database = await openProcessDatabase();
  try {
    const applied = await applyMigrations(database.url);
    const where = database.embedded ? "the embedded database" : new URL(database.url).host;
    console.log(applied.length ? `Applied to ${where}: ${applied.join(", ")}` : `${where}: no pending migrations`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
