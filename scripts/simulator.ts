// `npm run simulator`: the built-in tax-authority simulator on its own, for
// ERP developers or a second app instance (SIMULATOR_URL=http://127.0.0.1:3999).
// State goes to DATABASE_URL, or to the embedded PostgreSQL under DATA_DIR.
import { applyMigrations } from "@/lib/db/apply-migrations";
import { openProcessDatabase } from "@/lib/db/local-database";
import { stopOnSignals } from "./stop-signals";

const signals = stopOnSignals();

async function main(): Promise<void> {
  const database = await openProcessDatabase();
  if (database.embedded) console.log(`Embedded PostgreSQL at ${new URL(database.url).host}`);
  await applyMigrations(database.url);
  const { env } = await import("@/lib/config/env");
  const { startSimulatorServer } = await import("@/lib/authority/simulator");
  const server = await startSimulatorServer({ port: env().SIMULATOR_PORT, host: env().SIMULATOR_HOST });
  console.log(`Authority simulator listening on ${server.url} (NF-e 4.00 services at the SEFAZ table paths)`);
  const shutdown = async () => {
    await server.close();
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    await database.stop();
    process.exit(0);
  };
  signals.onStop(() => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
