import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The example of each SDK's README (the code block right after `<!-- sdk-example -->`), run as
// an integrator pastes it: TypeScript through tsx with the package name pointing at
// sdk/typescript, Python with `python3` and sdk/python on PYTHONPATH. e2e/sdk-examples.spec.ts
// runs both against the production server; `npx tsx scripts/sdk/readme-examples.ts` runs them
// against FISCAL_BASE_URL / FISCAL_API_KEY by hand.

export type SdkLanguage = "typescript" | "python";

export function readmeExample(language: SdkLanguage, root = process.cwd()): string {
  const fence = language === "typescript" ? "ts" : "python";
  const text = readFileSync(path.join(root, "sdk", language, "README.md"), "utf8");
  const match = new RegExp(`<!-- sdk-example -->\\n\`\`\`${fence}\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (!match) throw new Error(`sdk/${language}/README.md has no <!-- sdk-example --> ${fence} block`);
  return match[1]!;
}

export type ExampleRun = { status: number | null; stdout: string; stderr: string };

export function runReadmeExample(language: SdkLanguage, env: { baseUrl: string; apiKey: string }, root = process.cwd()): ExampleRun {
  const dir = mkdtempSync(path.join(tmpdir(), `sdk-example-${language}-`));
  try {
    // No colours: a test runner's FORCE_COLOR would make console.log colour the numbers it prints.
    const noColour = { FORCE_COLOR: "0", NO_COLOR: "1" };
    const common = { cwd: dir, encoding: "utf8" as const, timeout: 120_000, env: { ...process.env, ...noColour, FISCAL_BASE_URL: env.baseUrl, FISCAL_API_KEY: env.apiKey } };
    let result;
    if (language === "typescript") {
      const file = path.join(dir, "example.mts");
      const entry = path.join(root, "sdk/typescript/src/index.ts");
      writeFileSync(file, readmeExample(language, root).replaceAll('"@fiscal-issuer/sdk"', JSON.stringify(entry)));
      result = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), file], common);
    } else {
      const file = path.join(dir, "example.py");
      writeFileSync(file, readmeExample(language, root));
      result = spawnSync("python3", [file], { ...common, env: { ...common.env, PYTHONPATH: path.join(root, "sdk/python") } });
    }
    return { status: result.status, stdout: result.stdout ?? "", stderr: (result.stderr ?? "") + (result.error ? String(result.error) : "") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.FISCAL_BASE_URL;
  const apiKey = process.env.FISCAL_API_KEY;
  if (!baseUrl || !apiKey) throw new Error("set FISCAL_BASE_URL and FISCAL_API_KEY");
  let failed = 0;
  for (const language of ["typescript", "python"] as const) {
    const run = runReadmeExample(language, { baseUrl, apiKey });
    console.log(`--- ${language}: exit ${run.status}\n${run.stdout}${run.stderr}`);
    if (run.status !== 0) failed += 1;
  }
  process.exit(failed ? 1 : 0);
}
