// `npm run worker`: a process that only runs the local background driver
// (no HTTP), to add emission capacity next to `npm start` on a multi-core
// host. Runs are claimed from PostgreSQL, so any number of these processes
// and the web server's own loop (LOCAL_WORKER=on) share the work safely.
import { functions } from "@/inngest";
import { env } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { startLocalWorker } from "@/lib/jobs/local-worker";

if (!env().DATABASE_URL) throw new Error("npm run worker needs DATABASE_URL (the embedded database serves one process only)");
if (backgroundDriver() !== "local") throw new Error("INNGEST_EVENT_KEY is set: runs go to Inngest, no local worker is needed");
const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 8);
const worker = startLocalWorker(getDb(), functions, { concurrency });
console.log(`Local background worker ${worker.workerId} (${concurrency} slots) ready`);
const stop = () => void worker.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
