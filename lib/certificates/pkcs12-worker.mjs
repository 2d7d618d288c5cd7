// Worker thread of parsePkcs12OffThread (parse-pkcs12.ts): opens one PKCS#12
// away from the event loop; the caller terminates it past its time limit.
import { parentPort, workerData } from "node:worker_threads";
import { openPkcs12Bags, Pkcs12OpenError } from "./pkcs12-bags.mjs";

try {
  parentPort.postMessage({ ok: true, bags: openPkcs12Bags(workerData.pfx, workerData.password) });
} catch (error) {
  const stage = error instanceof Pkcs12OpenError ? error.stage : "open";
  parentPort.postMessage({ ok: false, stage, message: error instanceof Error ? error.message : String(error) });
}
