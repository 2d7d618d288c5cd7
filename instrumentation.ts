// Next's start hook (runs once per server process): the built-in authority
// simulator when AUTHORITY_MODE=simulator, the local background worker
// when no Inngest server is configured and LOCAL_WORKER=on, and otherwise
// the relay that sends the events of runs the database queues.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startEmbeddedSimulator } = await import("@/lib/authority/simulator/embedded");
  await startEmbeddedSimulator();
  const { startInngestRunRelay, startLocalBackgroundWorker } = await import("@/lib/jobs/start-background");
  const { functions } = await import("@/inngest");
  const { deliverySlotLane } = await import("@/lib/webhooks/config");
  const worker = startLocalBackgroundWorker(functions, [deliverySlotLane()]);
  if (worker) console.log(`Local background worker ${worker.workerId} started (${worker.slots})`);
  // Webhook delivery runs are queued by the database's fan-out; with Inngest they need the relay.
  // So do the reconcile runs of document events, queued with each event's intent.
  const { DELIVER_WEBHOOKS_FUNCTION_ID } = await import("@/lib/webhooks/events");
  const { RECONCILE_EVENT_INTENT_FUNCTION_ID } = await import("@/lib/document-events/intent-events");
  const relay = startInngestRunRelay([DELIVER_WEBHOOKS_FUNCTION_ID, RECONCILE_EVENT_INTENT_FUNCTION_ID]);
  if (relay) console.log(`Inngest relay ${relay.relayId} started (runs queued by the database)`);
}
