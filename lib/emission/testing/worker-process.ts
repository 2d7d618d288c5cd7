// A separate app process running only the local background worker, for the
// crash test: the test kills it with SIGKILL mid-run and starts another.
import { functions } from "@/inngest";
import { getDb } from "@/lib/db/client";
import { startLocalWorker } from "@/lib/jobs/local-worker";

const leaseMs = Number(process.env.WORKER_LEASE_MS ?? 1_000);
// Tests share one database across files: this worker only takes its test company's runs.
const companyIds = process.env.WORKER_COMPANY_ID ? [process.env.WORKER_COMPANY_ID] : undefined;
const worker = startLocalWorker(getDb(), functions, { concurrency: 2, pollMs: 100, leaseMs, companyIds });
console.log(`worker ${worker.workerId} ready`);
process.on("SIGTERM", () => {
  void worker.stop().then(() => process.exit(0));
});
