import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

// Shell examples in docs/*.md that a test runs: each ```sh block right after a
// `<!-- docs-check: TAG -->` line. The blocks of one tag run in order in one bash
// session (variables carry over), stopping at the first failing command.

export function checkedBlocks(file: string, tag: string): string[] {
  const pattern = new RegExp(`<!-- docs-check: ${tag} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``, "g");
  return [...readFileSync(file, "utf8").matchAll(pattern)].map((match) => match[1]!);
}

export type BlockRun = { status: number | null; stdout: string; stderr: string };

export function runBlocks(blocks: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): BlockRun {
  const script = ["set -euo pipefail", ...blocks].join("\n");
  const result = spawnSync("bash", ["-c", script], { ...options, timeout: options.timeoutMs, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
