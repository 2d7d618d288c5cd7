// The background services a process starts, in one table (issue 53 item 3): instrumentation.ts
// starts the web process's (`startBackgroundServices("web")`), scripts/worker.ts the worker's
// (`npm run worker`), and docs/operations.md shows the table as backgroundServicesMarkdown()
// writes it (inngest/background-services.test.ts keeps the two the same). Each service decides
// itself whether its settings call for it and is idempotent (dev reloads reuse what runs).
// Start-up checks that are not services (the raw request guard, the certificate key check, the
// authority trust store) stay in the entry points, before these.
import { emailSlotLane } from "@/lib/email/email-lane";
import { deliverySlotLane } from "@/lib/webhooks/config";

export type ServiceProcess = "web" | "worker";

/** What a started service leaves: a line for the log, and how to stop it where the process stops it. */
export type StartedService = { name: string; stop?: () => Promise<void> };

export type BackgroundService = {
  name: string;
  /** The processes that start it: the web process (`npm start`, `npm run dev`), `npm run worker`, or both. */
  runsIn: readonly ServiceProcess[];
  /** When it runs, in the words of its settings (docs/operations.md). */
  when: string;
  /** What it does. */
  does: string;
  /** Starts it in the process `where` when its settings call for it; null when they do not. */
  start: (where: ServiceProcess) => Promise<StartedService | null>;
};

/** The functions whose runs the database queues itself (no enqueueRun sends them): the relay forwards them to Inngest. */
async function databaseQueuedFunctionIds(): Promise<string[]> {
  const [{ DELIVER_WEBHOOKS_FUNCTION_ID }, { RECONCILE_EVENT_INTENT_FUNCTION_ID }, { WATCH_CONTINGENCY_FUNCTION_ID }, { SEND_DOCUMENT_EMAIL_FUNCTION_ID }, { RECEIVED_SYNC_FUNCTION_ID }] = await Promise.all([
    import("@/lib/webhooks/events"),
    import("@/lib/document-events/intent-events"),
    import("@/lib/contingency/events"),
    import("@/lib/email/events"),
    import("@/lib/received/events"),
  ]);
  return [DELIVER_WEBHOOKS_FUNCTION_ID, RECONCILE_EVENT_INTENT_FUNCTION_ID, WATCH_CONTINGENCY_FUNCTION_ID, SEND_DOCUMENT_EMAIL_FUNCTION_ID, RECEIVED_SYNC_FUNCTION_ID];
}

export const BACKGROUND_SERVICES: readonly BackgroundService[] = [
  {
    name: "authority simulator",
    runsIn: ["web"],
    when: "`AUTHORITY_MODE=simulator` (the default) and no `SIMULATOR_URL`",
    does: "the built-in SEFAZ and Sefin simulator on `SIMULATOR_PORT`; a port already served (`npm run simulator`, another web process) is left to that one",
    start: async () => {
      const { startEmbeddedSimulator } = await import("@/lib/authority/simulator/embedded");
      const server = await startEmbeddedSimulator();
      return server ? { name: `authority simulator on ${server.url}` } : null;
    },
  },
  {
    name: "local background worker",
    runsIn: ["web", "worker"],
    when: "no `INNGEST_EVENT_KEY`; in the web process also `LOCAL_WORKER=on` (the default)",
    does: "claims and runs due background runs from PostgreSQL (emission, webhook deliveries and e-mail each in slots of their own with a per-company share, events, contingency watch, received documents, exports); the web process's slots follow `DATABASE_POOL_MAX`, a worker's `WORKER_CONCURRENCY` and `WORKER_FUNCTIONS`",
    start: async (where) => {
      const { functions } = await import("@/inngest");
      if (where === "web") {
        const { startLocalBackgroundWorker } = await import("@/lib/jobs/start-background");
        const worker = startLocalBackgroundWorker(functions, [deliverySlotLane(), emailSlotLane()]);
        if (!worker) return null;
        console.log(`Local background worker ${worker.workerId} started (${worker.slots})`);
        return { name: "local background worker", stop: () => worker.stop() };
      }
      const [{ backgroundDriver }, { startLocalWorker }, { selectFunctions }, { getDb }] = await Promise.all([
        import("@/lib/jobs/driver-mode"),
        import("@/lib/jobs/local-worker"),
        import("@/lib/jobs/select-functions"),
        import("@/lib/db/client"),
      ]);
      if (backgroundDriver() !== "local") throw new Error("INNGEST_EVENT_KEY is set: runs go to Inngest, no local worker is needed");
      const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 8);
      // Webhook delivery and e-mail runs take slots of their own (WEBHOOK_DELIVERY_SLOTS, EMAIL_SLOTS) unless they are all this process runs.
      const worker = startLocalWorker(getDb(), selectFunctions(functions, process.env.WORKER_FUNCTIONS), { concurrency, lanes: [deliverySlotLane(), emailSlotLane()] });
      console.log(`Local background worker ${worker.workerId} (${worker.slots}) ready`);
      return { name: "local background worker", stop: () => worker.stop() };
    },
  },
  {
    name: "Inngest run relay",
    runsIn: ["web"],
    when: "`INNGEST_EVENT_KEY` set",
    does: "sends to Inngest the runs the database queues itself: webhook deliveries (the fan-out trigger), document event reconciles, contingency watches, document e-mails, received-documents syncs",
    start: async () => {
      const { startInngestRunRelay } = await import("@/lib/jobs/start-background");
      const relay = startInngestRunRelay(await databaseQueuedFunctionIds());
      if (!relay) return null;
      console.log(`Inngest relay ${relay.relayId} started (runs queued by the database)`);
      return { name: "Inngest run relay" };
    },
  },
  {
    name: "received-documents schedule",
    runsIn: ["web"],
    when: "always (with Inngest the relay forwards what it queues)",
    does: "every 5 minutes (20 s in homologation against the simulator) queues one DF-e distribution run per company with a valid certificate whose cursor allows the next call",
    start: async () => {
      const { startReceivedSyncSchedule } = await import("@/lib/received/schedule");
      startReceivedSyncSchedule();
      return { name: "received-documents schedule" };
    },
  },
  {
    name: "export housekeeping",
    runsIn: ["web"],
    when: "no `INNGEST_EVENT_KEY` (Inngest runs `exports-housekeeping` on its cron instead)",
    does: "a minute after start, then hourly: expires exports after 7 days and queues the monthly accountant export",
    start: async () => {
      const { startExportHousekeepingTimer } = await import("@/lib/exports/housekeeping-timer");
      return startExportHousekeepingTimer() ? { name: "export housekeeping" } : null;
    },
  },
  {
    name: "certificate expiry check",
    runsIn: ["web"],
    when: "no `INNGEST_EVENT_KEY` (Inngest runs `certificate-expiry-check` on its cron instead)",
    does: "two minutes after start, then hourly: announces each active A1 at 30, 15, 7 and 1 days before it expires and once expired (webhooks `company.certificate_expiring` / `company.certificate_expired`, e-mail to the company's ADMINs), each once",
    start: async () => {
      const { startCertificateExpiryTimer } = await import("@/lib/certificate-alerts/check-timer");
      return startCertificateExpiryTimer() ? { name: "certificate expiry check" } : null;
    },
  },
  {
    name: "automatic inutilization",
    runsIn: ["web"],
    when: "no `INNGEST_EVENT_KEY` (Inngest runs `auto-inutilize-gaps` on its cron instead); acts only on series with `autoInutilize` on",
    does: "three minutes after start, then hourly: inutilizes each opted-in series' confirmed gaps older than `AUTO_INUTILIZATION_MARGIN_HOURS` (before the 10th of the following month, Ajuste SINIEF 07/05), and from the 5th warns companies with earlier months' gaps and the setting off (webhook `numbering.gaps_pending`)",
    start: async () => {
      const { startAutoInutilizationTimer } = await import("@/lib/inutilizations/auto-timer");
      return startAutoInutilizationTimer() ? { name: "automatic inutilization" } : null;
    },
  },
  {
    name: "authority status probe",
    runsIn: ["web"],
    when: "`AUTHORITY_STATUS_PROBE=on` (the default)",
    does: "30 seconds after start, then every 5 minutes: asks the status service of each authorizer the companies issue with (NF-e and NFC-e, per environment) through the shared 3-minute status cache, with one company's A1, for the status page and the `authority.outage_started` / `authority.outage_ended` webhooks",
    start: async () => {
      const [{ env }, { startAuthorizerProbe }] = await Promise.all([import("@/lib/config/env"), import("@/lib/status/authorizer-probe")]);
      if (env().AUTHORITY_STATUS_PROBE === "off") return null;
      startAuthorizerProbe();
      return { name: "authority status probe" };
    },
  },
];

/** Starts, in the table's order, every service of the process `where` whose settings call for it. */
export async function startBackgroundServices(where: ServiceProcess): Promise<StartedService[]> {
  const started: StartedService[] = [];
  for (const service of BACKGROUND_SERVICES) {
    if (!service.runsIn.includes(where)) continue;
    const one = await service.start(where);
    if (one) started.push(one);
  }
  return started;
}

const PROCESS_NAMES: Record<ServiceProcess, string> = { web: "web process", worker: "`npm run worker`" };

/** The table as docs/operations.md shows it. */
export function backgroundServicesMarkdown(): string {
  const rows = BACKGROUND_SERVICES.map((service) => `| ${service.name} | ${service.runsIn.length === 2 ? "both" : PROCESS_NAMES[service.runsIn[0]!]} | ${service.when} | ${service.does} |`);
  return ["| Service | Runs in | When | What it does |", "|---|---|---|---|", ...rows].join("\n");
}
