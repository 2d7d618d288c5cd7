import path from "node:path";
import { z } from "zod";

// Every environment variable the app reads, parsed once. The README lists them.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgresql:// URL" }).optional(),
  // Pool size for the runtime client; the embedded PGlite server is single-session, so it uses 1.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default(path.join(process.cwd(), "data")),
  // 32 bytes, base64: the AES-256-GCM key for certificates at rest. When absent, a
  // key file is generated under DATA_DIR and reused (embedded default).
  CERTIFICATE_ENCRYPTION_KEY: z.string().optional(),
  NEXTAUTH_SECRET: z.string().optional(),
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
  // Webhooks (lib/webhooks/config.ts parses both): seconds between consecutive attempts, and the
  // hosts, IPs or CIDRs exempt from the public-address rule (and allowed over http://).
  WEBHOOK_RETRY_DELAYS_SECONDS: z.string().optional(),
  WEBHOOK_ALLOWED_HOSTS: z.string().default(""),
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
