import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { descendants, freePort, killTree, startNpmScript, waitForCleanStop, waitUntil } from "../scripts/testing/process-tree";

// Issue 36 item 9, on the production build: `npm start` on the embedded default
// (its own DATA_DIR, no DATABASE_URL), then SIGTERM to the npm process; 10 s
// later no process it started is left and its ports are free. The same for
// `npm run dev`, `npm run worker` and `npm run simulator`: scripts/stop.integration.test.ts.

test("SIGTERM to `npm start` stops Next, its worker loop and the embedded PostgreSQL within 10 s", async ({ request }) => {
  test.setTimeout(180_000);
  const [port, simulatorPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "fiscal-start-stop-"));
  const started = startNpmScript("start", dataDir, { PORT: String(port), SIMULATOR_PORT: String(simulatorPort), LOCAL_WORKER: "on" });
  let tree: number[] = [];
  try {
    await waitUntil(async () => (await request.get(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok(), () => false)) || started.npm.exitCode !== null, 150_000, "npm start to be ready");
    expect(started.npm.exitCode, started.output()).toBeNull();
    const postmasterPid = path.join(dataDir, "postgres", "postmaster.pid");
    const ports = [port, simulatorPort, Number(readFileSync(postmasterPid, "utf8").split("\n")[3])];
    tree = [started.npm.pid!, ...descendants(started.npm.pid!)];

    process.kill(started.npm.pid!, "SIGTERM");
    const took = await waitForCleanStop(tree, ports, postmasterPid, 10_000, started.output);
    expect(took).toBeLessThanOrEqual(10_000);
  } finally {
    killTree([...tree, started.npm.pid!, ...descendants(started.npm.pid!)]);
  }
});
