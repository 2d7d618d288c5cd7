import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";

// Test-only: run one of the package's long-running commands as a person
// would (`npm start`, `npm run worker`…), and check that a signal to the npm
// process leaves nothing behind. Used by scripts/stop.integration.test.ts and
// e2e/clean-stop.spec.ts (where the production build exists).

export type Started = { npm: ChildProcess; dataDir: string; output: () => string };

/** `npm run <script>` on the embedded database under `dataDir` (DATABASE_URL removed), with extra env. */
export function startNpmScript(script: string, dataDir: string, env: Record<string, string>): Started {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  // What a test run sets for itself (test/setup-env.ts, global-setup, simulator fixtures) is not the command's.
  const testOnly = ["DATABASE_URL", "NODE_ENV", "LOCAL_WORKER", "AUTHORITY_MODE", "SIMULATOR_URL", "DATABASE_POOL_MAX", "TEST_DATABASE_NAME", "NEXTAUTH_SECRET"];
  for (const name of Object.keys(childEnv)) if (testOnly.includes(name) || name.startsWith("VITEST")) delete childEnv[name];
  Object.assign(childEnv, env);
  const npm = spawn("npm", ["run", script], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { npm, dataDir, output: () => output };
}

/** Every live process under `pid` (children, grandchildren…), from ps. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** A process that exists and is not a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    return readFileSync(stat, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

/** True when nothing listens on the port (IPv4 and IPv6 wildcard, as Next binds). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "::", ipv6Only: false }, () => probe.close(() => resolve(true)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

/** Test cleanup: SIGKILL whatever of the tree is still alive (only processes this test started). */
export function killTree(pids: number[]): void {
  for (const pid of pids) {
    if (isAlive(pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
  }
}

/**
 * Waits until every process of `tree` has ended, the embedded server's
 * postmaster.pid is gone and every port is free; the time it took, or throws
 * after `budgetMs` naming what is left.
 */
export function waitForCleanStop(tree: number[], ports: number[], postmasterPid: string, budgetMs: number, output: () => string): Promise<number> {
  return waitUntil(
    async () => tree.every((pid) => !isAlive(pid)) && !existsSync(postmasterPid) && (await Promise.all(ports.map(isPortFree))).every(Boolean),
    budgetMs,
    `every process of ${tree.join(", ")} to end and ports ${ports.join(", ")} to be free\n${output()}`,
  );
}
