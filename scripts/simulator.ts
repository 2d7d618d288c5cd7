// `npm run simulator`: the built-in tax-authority simulator on its own, for
// ERP developers or a second app instance (SIMULATOR_URL=http://127.0.0.1:3999).
// State goes to DATABASE_URL, or to an embedded PostgreSQL of its own under
// DATA_DIR/pglite-simulator (the app's embedded database is single-process).
import path from "node:path";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";

async function main(): Promise<void> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!process.env.DATABASE_URL) {
    const dir = path.join(process.env.DATA_DIR ?? path.join(process.cwd(), "data"), "pglite-simulator");
    const embedded = await startEmbeddedPostgres(dir, 54339);
    process.env.DATABASE_URL = embedded.url;
    process.env.DATABASE_POOL_MAX = "1";
    stopEmbedded = embedded.stop;
    console.log(`Embedded PostgreSQL (PGlite) at ${dir}`);
  }
  await applyMigrations(process.env.DATABASE_URL);
  const { env } = await import("@/lib/config/env");
  const { startSimulatorServer } = await import("@/lib/authority/simulator");
  const server = await startSimulatorServer({ port: env().SIMULATOR_PORT, host: env().SIMULATOR_HOST });
  console.log(`Authority simulator listening on ${server.url} (NF-e 4.00 services at the SEFAZ table paths)`);
  const shutdown = async () => {
    await server.close();
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    await stopEmbedded?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
