import { spawn, type ChildProcess } from "node:child_process";

// Test-only: the child processes of the crash tests (a web process to kill with SIGKILL, a worker)
// on loopback, pointed at the test's simulator; and waiting for what they leave behind.

export function childProcesses(simulatorUrl: () => string) {
  const children: ChildProcess[] = [];
  function startChild(script: string, env: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, SIMULATOR_URL: simulatorUrl(), AUTHORITY_MODE: "simulator", LOCAL_WORKER: "off", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${script} ${child.pid}] ${chunk}`));
    children.push(child);
    return child;
  }
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  return { startChild, killAll };
}

export function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`web process exited (${code}) before listening`)));
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
