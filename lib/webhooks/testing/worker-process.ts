// Test-only: a separate app process running the local worker for one company's
// runs, so a test can kill it with SIGKILL in the middle of a delivery.
import { functions } from "@/inngest";
import { getDb } from "@/lib/db/client";
import { startLocalWorker } from "@/lib/jobs/local-worker";

const worker = startLocalWorker(getDb(), functions, { concurrency: 2, pollMs: 50, leaseMs: 1_000, companyIds: [process.env.WORKER_COMPANY_ID!] });
console.log(`worker ${worker.workerId} ready`);
