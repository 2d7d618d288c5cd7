// The Node.js side of Next's start hook (instrumentation.ts; runs once per server process): the raw request guard,
// the certificate key check (a process that cannot open the stored
// certificates exits, issue 34 problem 10), the authority trust store, then
// the web process's background services (inngest/background-services.ts).
export async function registerNode(): Promise<void> {
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
  // The background services of the web process, from the one table that `npm run worker` and
  // docs/operations.md read too (inngest/background-services.ts): the simulator, the local worker
  // loop or the Inngest relay, the received-documents schedule, the exports' housekeeping, the certificate expiry check.
  const { startBackgroundServices } = await import("@/inngest/background-services");
  await startBackgroundServices("web");
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
