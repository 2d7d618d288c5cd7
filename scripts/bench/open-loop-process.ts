// Runs ./open-loop.ts in a process of its own: the bench process holds the
// app's modules from seeding (a heap of 100+ MB), and its collections stalled
// the load's timer by up to 17 ms, lateness that the open loop rightly counts
// as latency but that was the generator's, not the server's. This process
// loads nothing else. Options as JSON in argv[2]; the result as JSON on stdout.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runOpenLoop, type OpenLoopOptions, type OpenLoopResult } from "./open-loop";

const self = fileURLToPath(import.meta.url);

/** Runs the load in a child process; `processCpuMs` is all the CPU that process took, start-up included. */
export function runOpenLoopInChild(options: OpenLoopOptions): Promise<OpenLoopResult & { processCpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", self, JSON.stringify(options)], { stdio: ["ignore", "pipe", "inherit"], cwd: path.resolve(path.dirname(self), "../..") });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`open-loop process exited with ${code}`));
      resolve(JSON.parse(output) as OpenLoopResult & { processCpuMs: number });
    });
  });
}

if (process.argv[1] === self) {
  const result = await runOpenLoop(JSON.parse(process.argv[2]!) as OpenLoopOptions);
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ ...result, processCpuMs: (cpu.user + cpu.system) / 1000 }));
}
