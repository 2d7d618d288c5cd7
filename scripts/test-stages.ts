// `npm test`: every check of the repository, in stages, then how long each stage took.
//
// Lint and typecheck are each one single-threaded process, so on a 2-core machine they run side by
// side (their output is printed when each ends, one block each). The typecheck generates Next's
// route types first (`next typegen`, about 1 s of CPU) and then checks the whole program with them,
// which is everything `next build`'s own TypeScript pass checks (and the tests, which that pass
// leaves out); so the build that follows skips that pass (FISCAL_TYPES_CHECKED, next.config.ts)
// instead of type-checking the same program a second time. Then vitest, the production build and
// Playwright, one after the other, stopping at the first that fails. (Vitest beside the build and
// Playwright was tried on 2026-12-07: vitest took 1,056 s of wall and 748 s of CPU instead of 366 s
// and 498 s, and the whole run 1,126 s instead of about 920 s: the cores were busier than they looked.) The closing lines are
// scripts/test-summary.ts's counts, last, as CI reads them; the stage times come just before.
//
// CPU is the stage's processes' user + system time (this process's reaped children: Linux
// /proc/self/stat cutime + cstime); PostgreSQL's backends are not among them. .ci/run sets
// CI_STARTED_AT (ms) before `npm install`, so the time until this script started is the install's.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

type Stage = { name: string; command: string; env?: Record<string, string> };
type Timing = { name: string; wallMs: number; cpuMs: number | null; ok: boolean };

const TICK_MS = 10;
const startedAt = Date.now();

/** CPU of this process's waited-for children so far, ms (null where /proc is not there). */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    // Fields 16 and 17 of stat(5), cutime and cstime: the 14th and 15th after "(comm) ".
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Runs one command through the shell; `buffered` keeps its output until it ends (for stages run side by side). */
function run(stage: Stage, buffered: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(stage.command, { shell: true, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...stage.env } });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** Runs stages side by side (one alone runs with its output live); the CPU is the group's together. */
async function runGroup(stages: Stage[], timings: Timing[]): Promise<boolean> {
  const cpu0 = childrenCpuMs();
  const buffered = stages.length > 1;
  const results = await Promise.all(
    stages.map(async (stage) => {
      const started = Date.now();
      if (!buffered) console.log(`\n> ${stage.name}: ${stage.command}`);
      const result = await run(stage, buffered);
      if (buffered) process.stdout.write(`\n> ${stage.name}: ${stage.command}\n${result.output}`);
      return { stage, wallMs: Date.now() - started, ok: result.code === 0 };
    }),
  );
  const cpu1 = childrenCpuMs();
  const cpuMs = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
  // Side by side, the CPU is the pair's, on the pair's line.
  for (const result of results) timings.push({ name: result.stage.name, wallMs: result.wallMs, cpuMs: buffered ? null : cpuMs, ok: result.ok });
  if (buffered) timings.push({ name: `(${stages.map((s) => s.name).join(" + ")} side by side)`, wallMs: Math.max(...results.map((r) => r.wallMs)), cpuMs, ok: results.every((r) => r.ok) });
  return results.every((result) => result.ok);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

function printTimings(timings: Timing[]): void {
  const ciStartedAt = Number(process.env.CI_STARTED_AT);
  const lines: string[] = [];
  if (Number.isFinite(ciStartedAt) && ciStartedAt > 0 && ciStartedAt <= startedAt) lines.push(`  install (.ci/run's start to npm test)  ${seconds(startedAt - ciStartedAt)}`);
  for (const timing of timings) {
    const cpu = timing.cpuMs === null ? "" : `, CPU ${seconds(timing.cpuMs)}`;
    lines.push(`  ${timing.name.padEnd(38)} ${seconds(timing.wallMs)}${cpu}${timing.ok ? "" : " (failed)"}`);
  }
  lines.push(`  ${"npm test".padEnd(38)} ${seconds(Date.now() - startedAt)}`);
  console.log(`\nStage times (wall; CPU of the stage's own processes, the side-by-side pair's together):\n${lines.join("\n")}`);
}

async function main(): Promise<number> {
  const timings: Timing[] = [];
  const groups: Stage[][] = [
    [
      { name: "lint", command: "npm run lint" },
      { name: "typecheck", command: "npm run typecheck" },
    ],
    [{ name: "vitest", command: "npm run test:unit" }],
    [{ name: "build", command: "npm run build", env: { FISCAL_TYPES_CHECKED: "1" } }],
    [{ name: "playwright", command: "npm run test:e2e" }],
  ];
  for (const group of groups) {
    if (await runGroup(group, timings)) continue;
    printTimings(timings);
    // No counts: the reports on disk may be an earlier run's.
    console.log(`\nnpm test stopped: ${group.map((stage) => stage.name).join(" + ")} failed`);
    return 1;
  }
  printTimings(timings);
  // The counts last: CI reads the closing "N passed, N failed" line.
  return (await run({ name: "summary", command: "tsx scripts/test-summary.ts" }, false)).code;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
