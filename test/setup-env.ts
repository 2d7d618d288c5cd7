import { resetEnvCache } from "@/lib/config/env";

// Runs before every test file. Files share their worker's modules (vitest.config.ts), so each
// starts from the worker's first environment: variables a previous file set are removed, and the
// app's parsed settings (lib/config/env.ts, read once per process in production) are read again.
const worker = globalThis as { __testBaseEnv?: Record<string, string | undefined> };
if (worker.__testBaseEnv) {
  const base = worker.__testBaseEnv;
  for (const name of Object.keys(process.env)) if (!(name in base)) delete process.env[name];
  Object.assign(process.env, base);
}

// Per-worker defaults: the local worker loop stays off (tests drive background
// runs explicitly), the authority is the built-in simulator, and the throwaway
// database (an external one) gets the certificate key every process of it shares.
process.env.LOCAL_WORKER ??= "off";
process.env.AUTHORITY_MODE ??= "simulator";
process.env.DATABASE_POOL_MAX ??= "5";
// Fixed, so every test worker of a run opens what another encrypted.
process.env.CERTIFICATE_ENCRYPTION_KEY ||= Buffer.alloc(32, "fiscal-test-key").toString("base64");
// An authorizer's outage is announced to every company of its states: off here, so one file's outage
// fault does not reach another file's companies in the shared database (lib/status turns it on for its own).
process.env.AUTHORITY_OUTAGE_WEBHOOKS ??= "off";

worker.__testBaseEnv ??= { ...process.env };
resetEnvCache();
