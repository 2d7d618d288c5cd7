// Next's start hook (runs once per server process): the raw request guard,
// the certificate key check (a process that cannot open the stored
// certificates exits, issue 34 problem 10), the built-in authority
// simulator when AUTHORITY_MODE=simulator, the local background worker
// when no Inngest server is configured and LOCAL_WORKER=on, and otherwise
// the relay that sends the events of runs the database queues.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: the socket's address and duplicate Authorization headers (lib/api/raw-request-guard.ts),
  // and /v1's security headers, malformed paths and 405s (openapi/api-request-guard.ts; proxy.ts skips /v1).
  const { installRawRequestGuard } = await import("@/lib/api/raw-request-guard");
  const { guardApiRequest } = await import("@/openapi/api-request-guard");
  // Then, in production, /v1 answered from the route files' own handlers without Next's router
  // (lib/api/route-table-dispatch.ts; V1_ROUTE_TABLE=off leaves /v1 to Next, `next dev` always does).
  const { routeTableDispatcher, routeTableMode } = await import("@/lib/api/route-table-dispatch");
  const mode = routeTableMode();
  if (mode === "off") installRawRequestGuard(guardApiRequest);
  else installRawRequestGuard(guardApiRequest, routeTableDispatcher((await import("@/app/v1/route-table")).v1RouteTable, mode));
  await refuseToStartWithoutCertificateKey();
  // The authority trust store (shipped ICP-Brasil files + AUTHORITY_EXTRA_CA_FILE): unreadable stops the start, naming it.
  const { authorityTrustStore } = await import("@/lib/authority/trust-store");
  authorityTrustStore();
  const { startEmbeddedSimulator } = await import("@/lib/authority/simulator/embedded");
  await startEmbeddedSimulator();
  const { startInngestRunRelay, startLocalBackgroundWorker } = await import("@/lib/jobs/start-background");
  const { functions } = await import("@/inngest");
  const { deliverySlotLane } = await import("@/lib/webhooks/config");
  const { emailSlotLane } = await import("@/lib/email/email-lane");
  const worker = startLocalBackgroundWorker(functions, [deliverySlotLane(), emailSlotLane()]);
  if (worker) console.log(`Local background worker ${worker.workerId} started (${worker.slots})`);
  // Webhook delivery runs are queued by the database's fan-out; with Inngest they need the relay.
  // So do the reconcile runs of document events, queued with each event's intent.
  const { DELIVER_WEBHOOKS_FUNCTION_ID } = await import("@/lib/webhooks/events");
  const { RECONCILE_EVENT_INTENT_FUNCTION_ID } = await import("@/lib/document-events/intent-events");
  // And the watch runs of automatic contingencies, queued with each entry, the e-mail runs
  // queued with a document.authorized or document.cancelled outcome (lib/email), and the
  // distribution runs of received documents, queued by their schedule's tick.
  const { WATCH_CONTINGENCY_FUNCTION_ID } = await import("@/lib/contingency/events");
  const { SEND_DOCUMENT_EMAIL_FUNCTION_ID } = await import("@/lib/email/events");
  const { RECEIVED_SYNC_FUNCTION_ID } = await import("@/lib/received/events");
  const relay = startInngestRunRelay([DELIVER_WEBHOOKS_FUNCTION_ID, RECONCILE_EVENT_INTENT_FUNCTION_ID, WATCH_CONTINGENCY_FUNCTION_ID, SEND_DOCUMENT_EMAIL_FUNCTION_ID, RECEIVED_SYNC_FUNCTION_ID]);
  if (relay) console.log(`Inngest relay ${relay.relayId} started (runs queued by the database)`);
  const { startReceivedSyncSchedule } = await import("@/lib/received/schedule");
  startReceivedSyncSchedule();
  // Exports: expiry after 7 days and the monthly accountant export (Inngest runs them on its cron).
  const { startExportHousekeepingTimer } = await import("@/lib/exports/housekeeping-timer");
  startExportHousekeepingTimer();
  // Certificate expiry alerts (webhooks and the ADMINs' e-mail; Inngest runs them on its cron).
  const { startCertificateExpiryTimer } = await import("@/lib/certificate-alerts/check-timer");
  startCertificateExpiryTimer();
}

async function refuseToStartWithoutCertificateKey(): Promise<void> {
  const { assertKeyOpensCertificates, CertificateKeyError } = await import("@/lib/certificates/assert-key-opens-certificates");
  const { getPool } = await import("@/lib/db/client");
  try {
    await assertKeyOpensCertificates(getPool());
  } catch (error) {
    // A database not reachable yet is not a reason to exit (/health reports it); a wrong key is.
    if (!(error instanceof CertificateKeyError)) return console.warn(`Certificate key not checked against the database: ${(error as Error).message}`);
    console.error(error.message);
    process.exit(1);
  }
}
