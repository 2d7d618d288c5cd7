// `npm start` (production build) and `npm run dev`: with DATABASE_URL, use that
// server; without it, the embedded PostgreSQL under DATA_DIR (started here and
// stopped on exit, or joined when another process already runs it). Either way,
// apply migrations, seed a demo on first start, then start Next. SIGTERM or
// SIGINT stops Next (with its background worker loop) and then the embedded
// PostgreSQL this process started (scripts/stop-signals.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { dataDirectory, openProcessDatabase } from "@/lib/db/local-database";
import { formatFirstStartBanner } from "@/lib/seed/first-start-banner";
import { describeListenAddress, listenHost } from "./listen-host";
import { WEB_SERVER_NODE_FLAGS } from "./server-node-flags";
import { stopOnSignals } from "./stop-signals";

// Next is given this long to stop on the signal before it is killed, so the whole stop stays under 10 s.
const NEXT_STOP_GRACE_MS = 6_000;
const signals = stopOnSignals();

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
const dataDir = dataDirectory();
mkdirSync(dataDir, { recursive: true });

function persistentSecret(file: string): string {
  const target = path.join(dataDir, file);
  if (!existsSync(target)) writeFileSync(target, randomBytes(32).toString("base64"), { mode: 0o600 });
  return readFileSync(target, "utf8").trim();
}

async function main(): Promise<void> {
  const database = await openProcessDatabase();
  const stopEarly = async () => {
    await database.stop();
    process.exit(0);
  };
  if (signals.received()) return stopEarly();
  if (database.embedded) {
    const how = database.startedHere ? "started" : "already running, joined";
    console.log(`Embedded PostgreSQL (${how}) at ${path.join(dataDir, "postgres")}, ${new URL(database.url).host}`);
  }
  // The embedded demo prints an administrator's password: it listens on loopback unless HOST opens it.
  // With an external database (a deployment) the server keeps listening on every interface.
  const host = listenHost(database.embedded);
  process.env.NEXTAUTH_SECRET ??= persistentSecret("nextauth-secret");
  process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;

  const applied = await applyMigrations(database.url);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const { closeDb, getPool } = await import("@/lib/db/client");
  const { assertKeyOpensCertificates } = await import("@/lib/certificates/assert-key-opens-certificates");
  // Refuse to start (naming CERTIFICATE_ENCRYPTION_KEY) rather than serve with a key the stored certificates do not open.
  await assertKeyOpensCertificates(getPool()).catch(async (error: unknown) => {
    await closeDb();
    await database.stop();
    throw error;
  });
  const { seedDemoIfEmpty } = await import("@/lib/seed");
  const demo = await seedDemoIfEmpty();
  await closeDb();
  if (demo) console.log(formatFirstStartBanner(demo, `http://localhost:${port}`));
  console.log(describeListenAddress(host, port));
  if (signals.received()) return stopEarly();

  // Production GC tuning only: `next dev` hands node flags to its own child through NODE_OPTIONS,
  // which refuses --initial-old-space-size (the dev server then exits at once).
  const nodeFlags = dev ? [] : WEB_SERVER_NODE_FLAGS;
  // Its own process group, so a stop reaches the server's children too (`next dev` runs the server in one).
  const next = spawn(process.execPath, [...nodeFlags, "node_modules/next/dist/bin/next", dev ? "dev" : "start", "-p", port, "-H", host], {
    stdio: "inherit",
    env: process.env,
    detached: true,
  });
  const signalNext = (signal: NodeJS.Signals) => {
    try {
      process.kill(-next.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  next.on("exit", async (code) => {
    await database.stop();
    process.exit(signals.received() ? 0 : (code ?? 0));
  });
  signals.onStop((signal) => {
    signalNext(signal);
    setTimeout(() => signalNext("SIGKILL"), NEXT_STOP_GRACE_MS).unref();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
