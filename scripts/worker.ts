// `npm run worker`: a process that only runs the local background driver
// (no HTTP), to add emission capacity next to `npm start` on a multi-core
// host. Runs are claimed from PostgreSQL, so any number of these processes
// and the web server's own loop (LOCAL_WORKER=on) share the work safely.
// Without DATABASE_URL it joins the embedded database of `npm start` (DATA_DIR).
// WORKER_FUNCTIONS limits it to some functions, e.g. a process only for webhook deliveries.
import { openProcessDatabase } from "@/lib/db/local-database";
import { stopOnSignals } from "./stop-signals";

const signals = stopOnSignals();

async function main(): Promise<void> {
  const database = await openProcessDatabase();
  // After the database is known (the configuration reads DATABASE_URL): an unreadable authority
  // trust store (AUTHORITY_EXTRA_CA_FILE) stops the start instead of failing every call.
  const { authorityTrustStore } = await import("@/lib/authority/trust-store");
  authorityTrustStore();
  const { getPool } = await import("@/lib/db/client");
  const { assertKeyOpensCertificates } = await import("@/lib/certificates/assert-key-opens-certificates");
  // A worker without the key the certificates were encrypted with would reject every document it signs.
  await assertKeyOpensCertificates(getPool());
  // The worker's services from the table the web process and the docs read (inngest/background-services.ts).
  const { startBackgroundServices } = await import("@/inngest/background-services");
  const services = await startBackgroundServices("worker");
  signals.onStop(() => void Promise.all(services.map((service) => service.stop?.())).then(() => database.stop()).then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
