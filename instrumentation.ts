// Next's start hook (runs once per server process): the built-in authority
// simulator when AUTHORITY_MODE=simulator, and the local background worker
// when no Inngest server is configured and LOCAL_WORKER=on.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startEmbeddedSimulator } = await import("@/lib/authority/simulator/embedded");
  await startEmbeddedSimulator();
  const { startLocalBackgroundWorker } = await import("@/lib/jobs/start-background");
  const { functions } = await import("@/inngest");
  const worker = startLocalBackgroundWorker(functions);
  if (worker) console.log(`Local background worker ${worker.workerId} started`);
}
