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
  const { functions } = await import("@/inngest");
  const { getDb, getPool } = await import("@/lib/db/client");
  const { assertKeyOpensCertificates } = await import("@/lib/certificates/assert-key-opens-certificates");
  // A worker without the key the certificates were encrypted with would reject every document it signs.
  await assertKeyOpensCertificates(getPool());
  const { backgroundDriver } = await import("@/lib/jobs/driver-mode");
  const { startLocalWorker } = await import("@/lib/jobs/local-worker");
  const { selectFunctions } = await import("@/lib/jobs/select-functions");
  const { deliverySlotLane } = await import("@/lib/webhooks/config");
  const { emailSlotLane } = await import("@/lib/email/email-lane");
  if (backgroundDriver() !== "local") throw new Error("INNGEST_EVENT_KEY is set: runs go to Inngest, no local worker is needed");
  const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 8);
  // Webhook delivery and e-mail runs take slots of their own (WEBHOOK_DELIVERY_SLOTS, EMAIL_SLOTS) unless they are all this process runs.
  const worker = startLocalWorker(getDb(), selectFunctions(functions, process.env.WORKER_FUNCTIONS), { concurrency, lanes: [deliverySlotLane(), emailSlotLane()] });
  console.log(`Local background worker ${worker.workerId} (${worker.slots}) ready`);
  signals.onStop(() => void worker.stop().then(() => database.stop()).then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
