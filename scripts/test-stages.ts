// `npm test`: every check of the repository, in stages, then how long each stage took.
//
// Two phases. First lint and typecheck side by side: each is one single-threaded process. The
// typecheck generates Next's route types first (`next typegen`, about 1 s of CPU) and then checks
// the whole program with them, which is everything `next build`'s own TypeScript pass checks (and
// the tests, which that pass leaves out); so the build skips that pass (FISCAL_TYPES_CHECKED,
// next.config.ts) instead of type-checking the same program a second time.
// Then two lanes side by side: vitest in one, the production build followed by Playwright in the
// other. Run one after the other they left the two cores idle much of the time (vitest 366 s of
// wall for 498 s of CPU, Playwright 331 s for 210 s: both wait on PostgreSQL, the server and the
// browser far more than they compute), so together they take little more than the longer lane.
// They share nothing: vitest's throwaway databases and in-process simulator, Playwright's own
// database, server port and simulator port (scripts/e2e.ts); `next dev` in a vitest file builds
// into .next/dev, apart from the production build. Any failure stops `npm test` after the phase.
// The closing lines are scripts/test-summary.ts's counts, last, as CI reads them; the stage times
// come just before.
//
// CPU is each stage's own processes' user + system time (bash's `times` after the command: the
// command's whole reaped process tree); PostgreSQL's backends are not among them. .ci/run sets
// CI_STARTED_AT (ms) before `npm install`, so the time until this script started is the install's.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Stage = { name: string; command: string; env?: Record<string, string> };
type Timing = { name: string; wallMs: number; cpuMs: number | null; ok: boolean };
/** Stages that run one after the other, stopping at the first that fails. */
type Lane = Stage[];

const startedAt = Date.now();
const TIMES_FILE = path.join(mkdtempSync(path.join(tmpdir(), "npm-test-")), "times");

/** bash's `times`, second line: the children's user and system time, as "1m2.345s 0m0.678s". */
function childrenCpuMs(timesOutput: string): number | null {
  const line = timesOutput.trim().split("\n")[1];
  const parts = line ? [...line.matchAll(/(\d+)m([\d.]+)s/g)] : [];
  if (parts.length !== 2) return null;
  return Math.round(parts.reduce((sum, part) => sum + (Number(part[1]) * 60 + Number(part[2])) * 1000, 0));
}

/** Runs one command through bash; `buffered` keeps its output until it ends (for stages run side by side). */
function run(stage: Stage, buffered: boolean, index: number): Promise<{ code: number; output: string; cpuMs: number | null }> {
  const timesFile = `${TIMES_FILE}-${index}`;
  // The command's exit code is kept; `times` then reports the CPU of everything it started and waited for.
  const wrapped = `${stage.command}\nstatus=$?\ntimes > '${timesFile}'\nexit $status`;
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", wrapped], { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...stage.env } });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      const cpuMs = existsSync(timesFile) ? childrenCpuMs(readFileSync(timesFile, "utf8")) : null;
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString("utf8"), cpuMs });
    });
  });
}

let runs = 0;

/** Runs lanes side by side (a lone stage prints live; side by side, each stage's output when it ends). */
async function runPhase(lanes: Lane[], timings: Timing[]): Promise<boolean> {
  const buffered = lanes.length > 1;
  const phaseStarted = Date.now();
  const lanesOk = await Promise.all(
    lanes.map(async (lane) => {
      for (const stage of lane) {
        const started = Date.now();
        if (!buffered) console.log(`\n> ${stage.name}: ${stage.command}`);
        const result = await run(stage, buffered, runs++);
        if (buffered) process.stdout.write(`\n> ${stage.name}: ${stage.command}\n${result.output}`);
        timings.push({ name: stage.name, wallMs: Date.now() - started, cpuMs: result.cpuMs, ok: result.code === 0 });
        if (result.code !== 0) return false;
      }
      return true;
    }),
  );
  if (buffered) timings.push({ name: `(${lanes.map((lane) => lane.map((s) => s.name).join(" → ")).join(" ‖ ")})`, wallMs: Date.now() - phaseStarted, cpuMs: null, ok: lanesOk.every(Boolean) });
  return lanesOk.every(Boolean);
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
  console.log(`\nStage times (wall; CPU of the stage's own processes; "‖" lanes ran side by side):\n${lines.join("\n")}`);
}

async function main(): Promise<number> {
  const timings: Timing[] = [];
  const phases: Lane[][] = [
    [[{ name: "lint", command: "npm run lint" }], [{ name: "typecheck", command: "npm run typecheck" }]],
    [
      [{ name: "vitest", command: "npm run test:unit" }],
      [
        { name: "build", command: "npm run build", env: { FISCAL_TYPES_CHECKED: "1" } },
        { name: "playwright", command: "npm run test:e2e" },
      ],
    ],
  ];
  for (const phase of phases) {
    if (await runPhase(phase, timings)) continue;
    printTimings(timings);
    // No counts: the reports on disk may be an earlier run's.
    const failed = timings.filter((timing) => !timing.ok && !timing.name.startsWith("(")).map((timing) => timing.name);
    console.log(`\nnpm test stopped: ${failed.join(" + ")} failed`);
    return 1;
  }
  printTimings(timings);
  // The counts last: CI reads the closing "N passed, N failed" line.
  return (await run({ name: "summary", command: "tsx scripts/test-summary.ts" }, false, runs++)).code;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
