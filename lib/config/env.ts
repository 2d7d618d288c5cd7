import path from "node:path";
import { isIpOrCidr, splitAddressList } from "./ip-or-cidr";
import { z } from "zod";

// Every environment variable the app reads, parsed once. The README lists them.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgresql:// URL" }).optional(),
  // Connections in each process's pool (the embedded server allows 200 in all).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default(path.join(process.cwd(), "data")),
  // 32 bytes, base64: the AES-256-GCM key for certificates at rest. When absent, a
  // key file is generated under DATA_DIR and reused (embedded default).
  CERTIFICATE_ENCRYPTION_KEY: z.string().optional(),
  NEXTAUTH_SECRET: z.string().optional(),
  // Reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For entries are
  // believed when finding a client's address (lib/api/client-address.ts); empty: the socket's peer.
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .refine((value) => splitAddressList(value).every(isIpOrCidr), {
      message: "TRUSTED_PROXIES must list IP addresses or CIDRs, separated by commas",
    }),
  NEXTAUTH_URL: z.string().optional(),
  // Largest accepted JSON body, in bytes (the delivery-receipt route allows more).
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // Background work: with INNGEST_EVENT_KEY (and an Inngest server) runs go to Inngest;
  // without it, the local driver runs the same functions in-process with state in PostgreSQL.
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_BASE_URL: z.string().optional(),
  // "off" disables the local driver's worker loop in this process (tests drive it by hand).
  LOCAL_WORKER: z.enum(["on", "off"]).default("on"),
  // Tax authority: "simulator" (built-in, default) or "sefaz" (real web services; PRODUCTION).
  AUTHORITY_MODE: z.enum(["simulator", "sefaz"]).default("simulator"),
  SIMULATOR_URL: z.string().optional(),
  SIMULATOR_PORT: z.coerce.number().int().default(3999),
  // Interface of `npm run simulator`; it authenticates nobody, so loopback unless told otherwise.
  SIMULATOR_HOST: z.string().default("127.0.0.1"),
  AUTHORITY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  // Received documents (NFeDistribuicaoDFe): the wait after an answer with nothing more (cStat 137,
  // ultNSU = maxNSU) before the next distNSU call, 3600 as NT 2014.002 requires; the simulator
  // refuses a call inside it with 656. Tests and simulator-only installations may set it lower.
  RECEIVED_SYNC_WAIT_SECONDS: z.coerce.number().int().min(1).default(3600),
  // Taxpayer registry lookups (CadConsultaCadastro4, docs/api-notes/lookups.md): how long an answer is
  // reused per state and document, and how many calls to the states' services one company may make a minute.
  TAXPAYER_LOOKUP_TTL_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  TAXPAYER_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(20),
  // PEM bundle an operator adds to the shipped ICP-Brasil trust store (lib/authority/trust) for authority servers.
  AUTHORITY_EXTRA_CA_FILE: z.string().optional(),
  // Requests per API key per window on /v1 (lib/api/api-rate-limit.ts); generous (bench:api raises it out of reach of its 500/s from one key).
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(30_000),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Synchronous authority calls (cancel, correction letter, delivery receipt, inutilization) one company may have in flight.
  AUTHORITY_CALLS_PER_COMPANY: z.coerce.number().int().min(1).default(4),
  // Automatic inutilization of confirmed gaps (lib/inutilizations/auto-inutilize.ts): hours a refused
  // document keeps its number for a re-emission before the job voids it; at most 120 so a gap of the
  // month's last day is still voided by the 6th, before the 10th (docs/api-notes/inutilizations.md).
  AUTO_INUTILIZATION_MARGIN_HOURS: z.coerce.number().int().min(1).max(120).default(24),
  // Rate-limit counters in Redis instead of PostgreSQL (lib/rate-limit).
  REDIS_URL: z.string().url().optional(),
  // How often a process sends the hits it counted for per-request limits (lib/rate-limit/batched.ts) and reads back the others'.
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  // How long a process trusts an API key it has looked up (lib/auth/api-key-cache.ts); a revocation in another process applies after at most this.
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // Webhooks (lib/webhooks/config.ts parses both): seconds between consecutive attempts, and the
  // hosts, IPs or CIDRs exempt from the public-address rule (and allowed over http://).
  WEBHOOK_RETRY_DELAYS_SECONDS: z.string().optional(),
  WEBHOOK_ALLOWED_HOSTS: z.string().default(""),
  // Slots of each local worker that only webhook delivery runs take (lib/jobs/local-worker.ts, lanes); 0 shares the others.
  WEBHOOK_DELIVERY_SLOTS: z.coerce.number().int().min(0).max(64).default(4),
  // Fair sharing (docs/operations.md, Fair sharing): delivery runs one company may have in flight per
  // worker, webhook endpoints per company, and the emission slots one authorizer may hold per worker
  // (0: half the worker's slots, at least 1).
  WEBHOOK_DELIVERY_SLOTS_PER_COMPANY: z.coerce.number().int().min(1).max(64).default(2),
  WEBHOOK_ENDPOINTS_PER_COMPANY: z.coerce.number().int().min(1).max(1_000).default(20),
  EMISSION_SLOTS_PER_AUTHORIZER: z.coerce.number().int().min(0).max(64).default(0),
  // PDF rendering (lib/downloads/pdf-render): worker threads (0 renders in the web process), renders
  // in flight per company, and renders a company may have waiting (429 above).
  PDF_RENDER_WORKERS: z.coerce.number().int().min(0).max(32).default(2),
  PDF_RENDERS_PER_COMPANY: z.coerce.number().int().min(1).max(32).default(2),
  PDF_RENDER_QUEUE_PER_COMPANY: z.coerce.number().int().min(0).max(1_000).default(30),
  // Contingency (docs/api-notes/contingency.md): consecutive communication failures with an authorizer,
  // within a window counted from the first, that enter contingency by themselves; and how often an
  // active automatic contingency asks the status service whether the authorizer is back.
  CONTINGENCY_FAILURE_THRESHOLD: z.coerce.number().int().min(1).max(100).default(3),
  CONTINGENCY_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  CONTINGENCY_STATUS_CHECK_SECONDS: z.coerce.number().int().min(10).max(60).default(60),
  // E-mail of outcomes (lib/email): the installation's SMTP server (smtp:// or smtps://, with
  // credentials; unset: messages are built and kept NOT_CONFIGURED unless a company has its own),
  // the From of its messages, and the seconds between retries after a 4xx reply.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: "SMTP_URL must be an smtp:// or smtps:// URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_FROM: z.string().optional(),
  // Host names, IPs or CIDRs a company's own SMTP server may be although not public (e.g. 127.0.0.1 in development).
  SMTP_ALLOWED_HOSTS: z.string().default(""),
  EMAIL_RETRY_DELAYS_SECONDS: z.string().default("60,300,1800,7200"),
  // The e-mail lane (docs/api-notes/email.md, issue 49): slots of each local worker that only
  // e-mail runs take (0 shares the main slots), the runs one company may have in it at once, and
  // the whole SMTP session's deadline (connect to QUIT), whatever the server's pace.
  EMAIL_SLOTS: z.coerce.number().int().min(0).max(64).default(2),
  EMAIL_SLOTS_PER_COMPANY: z.coerce.number().int().min(1).max(64).default(1),
  SMTP_SESSION_SECONDS: z.coerce.number().int().min(1).max(600).default(90),
  // Recipients (To and Cc) the installation's SMTP server (SMTP_URL) sends per company and per
  // tenant in any 24 hours (lib/email/installation-smtp-limits.ts); a company's own server is not counted.
  EMAIL_DAILY_RECIPIENTS_PER_COMPANY: z.coerce.number().int().min(0).max(1_000_000).default(200),
  EMAIL_DAILY_RECIPIENTS_PER_TENANT: z.coerce.number().int().min(0).max(10_000_000).default(1_000),
  // Addresses other than the document's client's (emailRecipients, a resend's `to`): sent through a
  // company's own SMTP server only (company-smtp), or through the installation's too (allow).
  EMAIL_RECIPIENTS_BEYOND_CLIENT: z.enum(["company-smtp", "allow"]).default("company-smtp"),
  // The status probe of the web process (lib/status/authorizer-probe.ts): off stops it.
  AUTHORITY_STATUS_PROBE: z.enum(["on", "off"]).default("on"),
  // authority.outage_started / _ended webhooks (lib/authority/outage-transitions.ts): off keeps the authorizer
  // states but writes no event (the test setup turns them off: an outage concerns every company of a state,
  // which breaks the tests' isolation by company in their shared database).
  AUTHORITY_OUTAGE_WEBHOOKS: z.enum(["on", "off"]).default("on"),
  // The bearer token of GET /metrics (Prometheus text, lib/status): unset, /metrics answers 404.
  METRICS_TOKEN: z
    .string()
    .min(16, { message: "METRICS_TOKEN must be at least 16 characters" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Directory of the accountant exports' ZIP files (lib/exports); default DATA_DIR/tmp/exports. Shared by every web and worker process.
  EXPORTS_DIR: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment configuration: ${details}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change variables between cases; production reads them once. */
export function resetEnvCache(): void {
  cached = undefined;
}
