// Operator command line: `npm run cli -- <resource> <action> [--flags]`.
// Each command prints JSON with --json, and exits non-zero with a clear message on bad input.
import { parseArgs } from "node:util";
import { runCommand } from "@/lib/cli/commands";

const [resource, action, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, strict: false, allowPositionals: true });

runCommand(resource, action, values as Record<string, string | boolean | undefined>)
  .then((output) => {
    console.log(values.json ? JSON.stringify(output, null, 2) : output);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
