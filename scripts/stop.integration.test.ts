import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { descendants, freePort, isPortFree, killTree, startNpmScript, waitForCleanStop, waitUntil, type Started } from "./testing/process-tree";

// Issue 36 item 9: SIGTERM or SIGINT to the npm process of `npm run dev`,
// `npm run worker` and `npm run simulator` stops everything they started
// (Next and its worker loop, the worker, the simulator, the embedded
// PostgreSQL) within 10 s, leaving no process and every port free. `npm start`
// needs the production build: e2e/clean-stop.spec.ts checks it in the e2e phase.

const STOP_BUDGET_MS = 10_000;
let current: Started | null = null;
let tree: number[] = [];
afterEach(() => {
  // Whatever a failed test left: only this test's processes.
  const pid = current?.npm.pid;
  killTree([...tree, ...(pid ? [pid, ...descendants(pid)] : [])]);
  current = null;
  tree = [];
});

/** A fresh DATA_DIR each: every command starts (and must stop) its own embedded PostgreSQL. */
function start(script: string, env: Record<string, string>): Started {
  current = startNpmScript(script, mkdtempSync(path.join(tmpdir(), "fiscal-stop-")), env);
  return current;
}

async function stopAndCheck(started: Started, signal: NodeJS.Signals, ports: number[]) {
  const postmasterPid = path.join(started.dataDir, "postgres", "postmaster.pid");
  tree = [started.npm.pid!, ...descendants(started.npm.pid!)];
  // The embedded server's port while it runs (postmaster.pid, line 4).
  const postgresPort = () => Number(readFileSync(postmasterPid, "utf8").split("\n")[3]);
  expect(existsSync(postmasterPid), started.output()).toBe(true);
  const allPorts = [...ports, postgresPort()];
  for (const port of allPorts) expect(await isPortFree(port), `port ${port} in use while running`).toBe(false);
  process.kill(started.npm.pid!, signal);
  const took = await waitForCleanStop(tree, allPorts, postmasterPid, STOP_BUDGET_MS, started.output);
  expect(took).toBeLessThanOrEqual(STOP_BUDGET_MS);
}

describe("a signal to npm stops everything the command started", () => {
  it("npm run dev: Next, its worker loop and simulator, and the embedded PostgreSQL, on SIGTERM", async () => {
    const [port, simulatorPort] = [await freePort(), await freePort()];
    const started = start("dev", { PORT: String(port), SIMULATOR_PORT: String(simulatorPort), LOCAL_WORKER: "on" });
    await waitUntil(() => started.output().includes("Local background worker") || started.npm.exitCode !== null, 150_000, "the dev server's worker loop");
    await waitUntil(async () => !(await isPortFree(port)), 30_000, `Next on ${port}`);
    await stopAndCheck(started, "SIGTERM", [port, simulatorPort]);
  }, 200_000);

  it("npm run worker: the worker and the embedded PostgreSQL it started, on SIGTERM", async () => {
    const started = start("worker", {});
    await waitUntil(() => /Local background worker .* ready/.test(started.output()) || started.npm.exitCode !== null, 60_000, "the worker");
    await stopAndCheck(started, "SIGTERM", []);
  }, 90_000);

  it("npm run simulator: the simulator and the embedded PostgreSQL it started, on SIGINT", async () => {
    const simulatorPort = await freePort();
    const started = start("simulator", { SIMULATOR_PORT: String(simulatorPort) });
    await waitUntil(() => started.output().includes("Authority simulator listening") || started.npm.exitCode !== null, 60_000, "the simulator");
    await stopAndCheck(started, "SIGINT", [simulatorPort]);
  }, 90_000);
});
